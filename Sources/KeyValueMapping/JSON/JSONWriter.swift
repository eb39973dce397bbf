/// Appends JSON text to a byte array, one token at a time.
///
/// The writer inserts commas, colons, line breaks and indentation itself, so callers only say
/// what comes next: `beginObject()`, `writeKey("a")`, `writeInteger(1)`, `endObject()` gives
/// `{"a":1}`. It does not check that calls nest correctly; that is the caller's job.
///
/// Strings are escaped minimally: `"`, `\` and the C0 controls (as `\b \f \n \r \t` or
/// `\u00XX` with lowercase hex). Everything else, including `/`, DEL and U+2028/U+2029, is
/// written raw; those are valid in JSON strings and escaping them only matters when JSON is
/// pasted into JavaScript source, which this library does not produce.
struct JSONWriter {
    /// Thrown by ``writeDouble(_:)`` for NaN and infinities, which JSON cannot express.
    struct NonFiniteNumber: Error, CustomStringConvertible {
        let value: Double
        var description: String { "\(value) cannot be written as a JSON number" }
    }

    /// The text written so far, UTF-8.
    private(set) var bytes: [UInt8] = []
    private let prettyPrinted: Bool
    /// Open containers; sets the indentation.
    private var depth = 0
    /// Whether the current container already holds an element, so the next needs a comma.
    /// It is `false` right after `begin…`, which also tells `end…` whether the container is empty.
    private var hasElement = false
    /// Whether a key was just written, so the next value follows its colon directly.
    private var afterKey = false
    /// A member the next object opened starts with (see ``leadNextObject(key:value:)``).
    private var leadingMember: (key: [UInt8], value: [UInt8])?

    /// Creates an empty writer; `prettyPrinted` selects the two-space layout.
    init(prettyPrinted: Bool = false) {
        self.prettyPrinted = prettyPrinted
        bytes.reserveCapacity(256)
    }

    mutating func writeNull() {
        beginValue()
        bytes.append(contentsOf: [UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")])
        hasElement = true
    }

    mutating func writeBool(_ value: Bool) {
        beginValue()
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
        hasElement = true
    }

    mutating func writeString(_ value: String) {
        beginValue()
        appendQuoted(value)
        hasElement = true
    }

    mutating func writeInteger(_ value: Int64) {
        beginValue()
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        ByteOutput.appendDecimal(value.magnitude, to: &bytes)
        hasElement = true
    }

    mutating func writeUnsigned(_ value: UInt64) {
        beginValue()
        ByteOutput.appendDecimal(value, to: &bytes)
        hasElement = true
    }

    mutating func writeNumber(_ number: JSONNumber) {
        beginValue()
        bytes.append(contentsOf: number.text.utf8)
        hasElement = true
    }

    /// Writes Swift's shortest round-tripping text for `value` (`1.0`, `1e-05`, `-0.0`: the text
    /// `description` and `JSONNumber.init(_: Double)` give, always a valid JSON number).
    mutating func writeDouble(_ value: Double) throws(NonFiniteNumber) {
        guard value.isFinite else { throw NonFiniteNumber(value: value) }
        beginValue()
        ByteOutput.appendShortest(value, to: &bytes)
        hasElement = true
    }

    mutating func beginObject() {
        open(UInt8(ascii: "{"))
        if let member = leadingMember {
            leadingMember = nil
            writeKey(quoted: member.key)
            beginValue()
            bytes.append(contentsOf: member.value)
            hasElement = true
        }
    }

    /// Makes the next object opened start with the member `key` (quoted) whose value is the JSON
    /// text `value`: an internally tagged enum's tag, written inside its payload model's object,
    /// whichever way that object is written. ``clearLeadingMember()`` drops it when no object came.
    mutating func leadNextObject(key: [UInt8], value: [UInt8]) {
        leadingMember = (key, value)
    }

    /// Drops a member ``leadNextObject(key:value:)`` set that no object has taken.
    mutating func clearLeadingMember() {
        leadingMember = nil
    }

    mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    mutating func beginArray() {
        open(UInt8(ascii: "["))
    }

    mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    /// Writes a member's key and its colon; the next write is the member's value.
    mutating func writeKey(_ key: String) {
        beginValue()
        appendQuoted(key)
        endKey()
    }

    /// ``writeKey(_:)`` for a key already quoted and escaped by ``quoted(_:)`` (a model's keys
    /// are escaped once per type rather than once per value).
    mutating func writeKey(quoted: [UInt8]) {
        beginValue()
        bytes.append(contentsOf: quoted)
        endKey()
    }

    /// A writer for one element of the array open here, laid out as it will stand in it (its
    /// indentation), without the separator before it: the element's text, to be placed with
    /// ``writeElement(text:)`` once the elements are put in order.
    func detachedElementWriter() -> JSONWriter {
        var writer = JSONWriter(prettyPrinted: prettyPrinted)
        writer.depth = depth
        // As after a key: the first value is written without a separator.
        writer.afterKey = true
        return writer
    }

    /// Places an element written by a ``detachedElementWriter()``.
    mutating func writeElement(text: [UInt8]) {
        beginValue()
        bytes.append(contentsOf: text)
        hasElement = true
    }

    /// The colon (and, pretty-printed, a space) after a key; its value comes next.
    private mutating func endKey() {
        bytes.append(UInt8(ascii: ":"))
        if prettyPrinted {
            bytes.append(UInt8(ascii: " "))
        }
        afterKey = true
    }

    /// `text` as a JSON string literal: quoted and escaped as ``writeString(_:)`` writes it.
    static func quoted(_ text: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.writeString(text)
        return writer.bytes
    }

    // MARK: - Layout

    /// Emits what separates the next token from the previous one: nothing after a key,
    /// otherwise a comma if needed and, when pretty, a line break and indentation.
    private mutating func beginValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        if hasElement {
            bytes.append(UInt8(ascii: ","))
        }
        if prettyPrinted {
            newline()
        }
    }

    private mutating func open(_ bracket: UInt8) {
        beginValue()
        bytes.append(bracket)
        depth += 1
        hasElement = false
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if prettyPrinted && hasElement {
            newline()
        }
        bytes.append(bracket)
        hasElement = true
    }

    private mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    // MARK: - Scalars

    private mutating func appendQuoted(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        ByteInput.withUTF8(of: string) { utf8 in
            // Copy unescaped runs in bulk, found eight bytes at a time as the reader finds them;
            // only the rare byte that needs escaping is handled alone. `runStart <= position <=
            // utf8.count` throughout, so every range is in bounds.
            var runStart = 0
            while true {
                let position = utf8.endOfPlainRun(from: runStart, to: utf8.count, stopAtNonASCII: false)
                utf8.append(runStart..<position, to: &bytes)
                guard position < utf8.count else { break }
                appendEscape(utf8[position])
                runStart = position + 1
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                      hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
        }
    }
}
