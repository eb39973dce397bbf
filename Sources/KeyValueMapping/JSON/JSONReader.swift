/// A strict RFC 8259 reader over a buffer of UTF-8 bytes.
///
/// The reader is iterative: open arrays and objects live on an explicit heap-allocated stack,
/// so nesting depth costs no call-stack space and a hostile input can only hit
/// ``JSONReadingOptions/maximumDepth`` (at most ``JSONReadingOptions/depthCeiling``), never a
/// stack overflow, even on a small-stack thread.
///
/// All reads go through `input[position]` after an explicit `position < input.count` check;
/// the buffer is borrowed for the duration of `read` only and never escapes.
struct JSONReader {
    /// The whole text. Valid for the reader's lifetime, which ends before `read` returns.
    let input: ByteInput
    /// The offset of the next byte to read.
    var position = 0
    let options: JSONReadingOptions
    /// Arrays and objects the streaming path has opened around `position` and not yet closed
    /// (``readValue()`` and ``skipValue()`` count their own on top): the reader's depth limit
    /// counts from the document's root on every path. Always 0 when reading a whole document.
    var depth = 0
    /// Reused buffer for strings with escapes, so each such string allocates only its result.
    var scratch: [UInt8] = []
    /// Recently read object keys by the hash of their bytes: documents repeat the same keys in
    /// every object, and reusing the String skips building and validating it again.
    private var recentKeys: [(hash: UInt64, key: String)] = []
    /// The walks' open objects whose repeated keys are not simply read again (the duplicate-key
    /// policies `.useFirst` and `.reject`): the keys read so far in each, by their exact bytes.
    /// Kept here, not in the walk's container, so that containers stay plain values.
    var seenKeys: [Set<[UInt8]>] = []

    /// An array or object that has been opened and not yet closed.
    ///
    /// A struct rather than an enum with payloads: elements are appended in place through
    /// `open[last]`, whereas taking an enum payload out and putting it back would leave two
    /// references to the array for a moment and copy it on every append (quadratic time).
    private struct OpenContainer {
        let isObject: Bool
        var elements: [JSONValue] = []
        var members = JSONObjectBuilder()
        /// For objects: the member awaiting its value, and the offset of its opening quote.
        var key = ""
        var keyOffset = 0
        var keyHash: UInt64 = 0

        // Containers that get this far are not empty; starting with room for a few values
        // saves the 1 → 2 → 4 → 8 reallocations (and copies) of growing from nothing.
        init(isObject: Bool, key: String = "", keyOffset: Int = 0, keyHash: UInt64 = 0) {
            self.isObject = isObject
            self.key = key
            self.keyOffset = keyOffset
            self.keyHash = keyHash
            if isObject {
                members.reserveCapacity(Self.initialCapacity)
            } else {
                elements.reserveCapacity(Self.initialCapacity)
            }
        }

        static var initialCapacity: Int { 8 }
    }

    /// Reads exactly one JSON text that must fill `input`, optionally after a BOM.
    static func read(_ input: ByteInput, options: JSONReadingOptions) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(input: input, options: options)
        return try reader.readDocument()
    }

    init(input: ByteInput, options: JSONReadingOptions) {
        self.input = input
        self.options = options
    }

    private mutating func readDocument() throws(JSONSyntaxError) -> JSONValue {
        try beginDocument()
        let value = try readValue()
        try endDocument()
        return value
    }

    /// Skips an allowed byte order mark at the start, or rejects one.
    mutating func beginDocument() throws(JSONSyntaxError) {
        if startsWithByteOrderMark {
            guard options.allowsByteOrderMark else {
                throw error("byte order mark is not allowed (set allowsByteOrderMark to skip it)", at: 0)
            }
            position = 3
        }
    }

    /// Checks that only whitespace follows the top-level value.
    mutating func endDocument() throws(JSONSyntaxError) {
        skipWhitespace()
        if position < input.count {
            throw error(JSONSyntaxError.unexpected(input[position]) + " after the JSON value", at: position)
        }
    }

    /// Reads one value, however deeply nested, without recursion.
    mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
        var levels = 0
        return try readValue(levels: &levels)
    }

    /// ``readValue()``, also giving how many non-empty arrays and objects the value nests at its
    /// deepest (`[[1]]` has 2, `[[]]` has 1): a deep value read mid-stream is one the caller must
    /// not let Swift release recursively deep in the stack.
    mutating func readValue(levels: inout Int) throws(JSONSyntaxError) -> JSONValue {
        var open: [OpenContainer] = []
        nextValue: while true {
            skipWhitespace()
            guard position < input.count else { throw endOfInput() }
            var value: JSONValue
            switch input[position] {
            case UInt8(ascii: "["):
                if try enterContainer(closing: UInt8(ascii: "]"), openCount: open.count) {
                    value = .array([])
                } else {
                    open.append(OpenContainer(isObject: false))
                    levels = max(levels, open.count)
                    continue nextValue
                }
            case UInt8(ascii: "{"):
                if try enterContainer(closing: UInt8(ascii: "}"), openCount: open.count) {
                    value = .object(JSONObject(JSONObjectBuilder()))
                } else {
                    let (key, keyOffset, keyHash) = try readKey()
                    open.append(OpenContainer(isObject: true, key: key, keyOffset: keyOffset, keyHash: keyHash))
                    levels = max(levels, open.count)
                    continue nextValue
                }
            default:
                value = try readScalar()
            }

            // Hand the finished value to the innermost open container; when that closes too,
            // it becomes the finished value for the next one out.
            while !open.isEmpty {
                let last = open.count - 1
                if open[last].isObject {
                    let key = open[last].key
                    let outcome = open[last].members.insert(key: key, hash: open[last].keyHash, value: value, policy: options.duplicateKeys)
                    if outcome == .duplicate && options.duplicateKeys == .reject {
                        throw error("duplicate key \"\(key)\"", at: open[last].keyOffset)
                    }
                    switch try nextStructuralByte() {
                    case UInt8(ascii: ","):
                        position += 1
                        skipWhitespace()
                        (open[last].key, open[last].keyOffset, open[last].keyHash) = try readKey()
                        continue nextValue
                    case UInt8(ascii: "}"):
                        position += 1
                        value = .object(JSONObject(open.removeLast().members))
                    case let byte:
                        throw error(JSONSyntaxError.unexpected(byte) + ", expected ',' or '}'", at: position)
                    }
                } else {
                    open[last].elements.append(value)
                    switch try nextStructuralByte() {
                    case UInt8(ascii: ","):
                        position += 1
                        continue nextValue
                    case UInt8(ascii: "]"):
                        position += 1
                        value = .array(open.removeLast().elements)
                    case let byte:
                        throw error(JSONSyntaxError.unexpected(byte) + ", expected ',' or ']'", at: position)
                    }
                }
            }
            return value
        }
    }

    /// Reads a string, number or literal starting at `position`.
    private mutating func readScalar() throws(JSONSyntaxError) -> JSONValue {
        // Caller checked `position < input.count`.
        switch input[position] {
        case UInt8(ascii: "\""):
            return .string(try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try readNumber())
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return .null
        case let byte:
            throw error(JSONSyntaxError.unexpected(byte), at: position)
        }
    }

    /// Reads `"key"` then `:`, leaving `position` at the member's value. Also returns the offset
    /// of the key's opening quote and the hash of its bytes (``JSONObjectKey/hash(_:)``).
    mutating func readKey() throws(JSONSyntaxError) -> (key: String, offset: Int, hash: UInt64) {
        try checkKeyStart()
        let offset = position
        let key: String
        let hash: UInt64
        if let range = try scanPlainASCIIString() {
            let bytes = input.slice(range)
            hash = JSONObjectKey.hash(bytes)
            key = keyText(range, hash: hash)
        } else {
            key = try readString()
            hash = JSONObjectKey.hash(key)
        }
        try consumeColon()
        return (key, offset, hash)
    }

    /// Reads `"key"` then `:` when only the key's text is wanted (a dictionary's keys).
    mutating func readKeyText() throws(JSONSyntaxError) -> String {
        try checkKeyStart()
        let key: String
        if let range = try scanPlainASCIIString() {
            key = keyText(range, hash: nil)
        } else {
            key = try readString()
        }
        try consumeColon()
        return key
    }

    /// The String for the plain ASCII key whose bytes are `range` (`hash` is their hash, when
    /// the caller has it). Up to 15 bytes a String is stored inline: building one costs less
    /// than the hash that would find a recent copy, and allocates nothing either way.
    private mutating func keyText(_ range: Range<Int>, hash: UInt64?) -> String {
        guard range.count > Self.inlineStringBytes else { return input.string(range) }
        return recentKey(range, hash: hash ?? JSONObjectKey.hash(input.slice(range)))
    }

    /// The most UTF-8 bytes a `String` stores inline, without an allocation (on 64-bit
    /// platforms).
    private static var inlineStringBytes: Int { 15 }

    /// Checks that a key's opening quote is at `position`.
    @inline(__always)
    func checkKeyStart() throws(JSONSyntaxError) {
        guard position < input.count else { throw endOfInput() }
        guard input[position] == UInt8(ascii: "\"") else {
            throw error(JSONSyntaxError.unexpected(input[position]) + ", expected a string key", at: position)
        }
    }

    /// Consumes the `:` after a key (whitespace may come before it).
    @inline(__always)
    mutating func consumeColon() throws(JSONSyntaxError) {
        guard try nextStructuralByte() == UInt8(ascii: ":") else {
            throw error(JSONSyntaxError.unexpected(input[position]) + ", expected ':'", at: position)
        }
        position += 1
    }

    /// The key whose bytes are `range`, reused from a recent one with the same bytes if any.
    private mutating func recentKey(_ range: Range<Int>, hash: UInt64) -> String {
        if recentKeys.isEmpty {
            recentKeys = Array(repeating: (0, ""), count: Self.recentKeySlots)
        }
        let slot = Int(truncatingIfNeeded: hash) & (Self.recentKeySlots - 1)
        if recentKeys[slot].hash == hash, input.slice(range).equals(recentKeys[slot].key) {
            return recentKeys[slot].key
        }
        let key = input.string(range)
        recentKeys[slot] = (hash, key)
        return key
    }

    /// A power of two; enough for the keys of a few kinds of object.
    private static var recentKeySlots: Int { 64 }

    /// Reads `"key"` then `:` when the key is plain ASCII without escapes, returning the range
    /// of its bytes; otherwise consumes nothing and returns `nil` (use `readKey`).
    mutating func readPlainASCIIKey() throws(JSONSyntaxError) -> Range<Int>? {
        try checkKeyStart()
        guard let range = try scanPlainASCIIString() else { return nil }
        try consumeColon()
        return range
    }

    mutating func readLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let expected = ByteInput.literal(literal)
        for offset in 0..<expected.count {
            let index = position + offset
            guard index < input.count else { throw endOfInput() }
            guard input[index] == expected[offset] else {
                throw error(JSONSyntaxError.unexpected(input[index]), at: index)
            }
        }
        position += expected.count
    }

    /// Skips whitespace and returns the byte there, which the caller then consumes.
    @inline(__always)
    mutating func nextStructuralByte() throws(JSONSyntaxError) -> UInt8 {
        skipWhitespace()
        guard position < input.count else { throw endOfInput() }
        return input[position]
    }

    /// Skips the four bytes RFC 8259 calls whitespace; nothing else (no NBSP, no comments).
    @inline(__always)
    mutating func skipWhitespace() {
        while position < input.count {
            let byte = input[position]
            // Most calls find a value or a bracket at once (compact JSON): one comparison.
            if byte > 0x20 { return }
            switch byte {
            case 0x0A:
                // The indentation of pretty-printed JSON follows a line feed: its spaces are
                // passed eight at a time.
                position = input.endOfSpaces(from: position + 1, to: input.count)
            case 0x20, 0x09, 0x0D: position += 1
            default: return
            }
        }
    }

    /// Enters the array or object whose bracket is at `position`, with `openCount` containers
    /// already open inside the value being read (the depth limit is checked first); `true` when
    /// it is empty, in which case its closing bracket is consumed too.
    @inline(__always)
    mutating func enterContainer(closing: UInt8, openCount: Int) throws(JSONSyntaxError) -> Bool {
        try checkDepth(openCount)
        position += 1
        skipWhitespace()
        guard position < input.count && input[position] == closing else { return false }
        position += 1
        return true
    }

    /// Throws when the container whose bracket is at `position` would be nested deeper than the
    /// limit, with `openCount` containers open inside the value being read and ``depth`` around it.
    @inline(__always)
    func checkDepth(_ openCount: Int) throws(JSONSyntaxError) {
        guard depth + openCount < options.effectiveMaximumDepth else { throw depthError() }
    }

    private func depthError() -> JSONSyntaxError {
        let ceiling = options.maximumDepth > JSONReadingOptions.depthCeiling ? " (the reader's ceiling)" : ""
        return error("nesting exceeds the maximum depth of \(options.effectiveMaximumDepth)\(ceiling)", at: position)
    }

    func error(_ message: String, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(message, offset: offset, in: input)
    }

    func endOfInput() -> JSONSyntaxError {
        error("unexpected end of input", at: input.count)
    }
}
