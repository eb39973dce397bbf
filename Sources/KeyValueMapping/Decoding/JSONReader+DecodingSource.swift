import Foundation

// The bytes path: the reader is a source of its own, and models decode straight from the
// bytes, value by value, with no tree for the values they keep. Its depth limit counts from the
// document's root on every path: every container the walk opens is counted by the reader
// (`openArray`, `openObject`, then `finishElement` at the closing bracket), and a value read or
// skipped whole counts on top of them, so the walk and the tree refuse the same bracket.

extension JSONReader: DecodingSource {
    static var readsUntypedValuesWhole: Bool { true }
    static var looksUpMembers: Bool { false }

    @inline(__always)
    func mark() -> SourceMark { SourceMark(position: position, depth: depth) }

    @inline(__always)
    mutating func decodeProperty(with accessor: MemberAccessor, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws {
        try accessor.decode(reader: &self, into: base, session)
    }

    mutating func skipValue(from mark: SourceMark) throws {
        position = mark.position
        depth = mark.depth
        try syntax { try $0.skipValue() }
    }

    @inline(__always)
    mutating func peekKind() throws -> ValueKind {
        switch try peek() {
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: return .number
        }
    }

    @inline(__always)
    mutating func readNull() throws -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        try syntax { try $0.readLiteral("null") }
        return true
    }

    @inline(__always)
    mutating func readText() throws -> String? {
        guard try peek() == UInt8(ascii: "\"") else { return nil }
        return try syntax { try $0.readString() }
    }

    mutating func readBool() throws -> Bool? {
        switch try peek() {
        case UInt8(ascii: "t"):
            try syntax { try $0.readLiteral("true") }
            return true
        case UInt8(ascii: "f"):
            try syntax { try $0.readLiteral("false") }
            return false
        default:
            return nil
        }
    }

    @inline(__always)
    mutating func readInteger() throws -> Int64? {
        let next = try peek()
        guard next == UInt8(ascii: "-") || (next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9")) else { return nil }
        return try syntax { try $0.readInt64() }
    }

    @inline(__always)
    mutating func readDouble() throws -> Double? {
        let next = try peek()
        guard next == UInt8(ascii: "-") || (next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9")) else { return nil }
        return try syntax { try $0.readDoubleFast() }
    }

    mutating func readNumberLiteral() throws -> JSONNumber? {
        let next = try peek()
        guard next == UInt8(ascii: "-") || (next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9")) else { return nil }
        return try syntax { try $0.readNumber() }
    }

    mutating func readPlainText() throws -> ByteInput? {
        guard try peek() == UInt8(ascii: "\""), let range = try syntax({ try $0.scanPlainASCIIString() }) else { return nil }
        return input.slice(range)
    }

    mutating func readScalarValue(_ session: DecodingSession) throws -> Any {
        switch try peek() {
        case UInt8(ascii: "\""):
            return try syntax { try $0.readString() }
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            return try readBool() ?? false
        case UInt8(ascii: "n"):
            try syntax { try $0.readLiteral("null") }
            return NSNull()
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            return ContainerSummary(try session.readValue(&self))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try syntax { try $0.readNumber() }
        case let byte:
            // Nothing a value starts with: the reader's words for it.
            let syntax = error(JSONSyntaxError.unexpected(byte), at: position)
            throw MappingError(.malformedJSON(syntax.description), underlyingError: syntax)
        }
    }

    mutating func readFoundationValue(_ session: DecodingSession) throws -> Any {
        if let text = try readText() { return text }
        return session.foundationValue(of: try session.readValue(&self))
    }

    mutating func readJSONValue(_ session: DecodingSession) throws -> JSONValue {
        try session.readValue(&self)
    }

    mutating func readObjectForRules(_ session: DecodingSession) throws -> (dictionary: [String: Any], order: [String]?)? {
        guard try peek() == UInt8(ascii: "{"), case .object(let object) = try session.readValue(&self) else { return nil }
        return (session.foundationValue(of: .object(object)) as? [String: Any] ?? [:], object.keys)
    }

    @inline(__always)
    mutating func openArray(_ session: DecodingSession) throws -> SourceContainer? {
        guard try peek() == UInt8(ascii: "[") else { return nil }
        try session.enter(&self)
        return SourceContainer(isEmpty: try open(closing: UInt8(ascii: "]")))
    }

    /// Most arrays in payloads are short: one allocation instead of growing 1, 2, 4.
    @inline(__always)
    func capacity(of container: SourceContainer) -> Int { container.isEmpty ? 0 : 4 }

    @inline(__always)
    mutating func nextElement(_ container: inout SourceContainer) throws -> Bool {
        guard container.started else {
            container.started = true
            return !container.isEmpty
        }
        return try !finishElement(closing: UInt8(ascii: "]"))
    }

    @inline(__always)
    mutating func closeArray(_ container: SourceContainer, _ session: DecodingSession) {
        session.leave()
    }

    @inline(__always)
    mutating func openObject(_ session: DecodingSession, sorted: Bool) throws -> SourceContainer? {
        guard try peek() == UInt8(ascii: "{") else { return nil }
        try session.enter(&self)
        let checksRepeatedKeys = options.duplicateKeys != .useLast
        if checksRepeatedKeys { seenKeys.append([]) }
        return SourceContainer(isEmpty: try open(closing: UInt8(ascii: "}")), checksRepeatedKeys: checksRepeatedKeys)
    }

    /// Whether `key` is new in the innermost object whose repeated keys are checked.
    private mutating func isFirstOccurrence(of key: String) -> Bool {
        seenKeys[seenKeys.count - 1].insert(Array(key.utf8)).inserted
    }

    @inline(__always)
    func hasOrder(_ container: SourceContainer) -> Bool { true }

    /// Moves to the next member. `true` at the end of the object.
    @inline(__always)
    private mutating func advance(_ container: inout SourceContainer) throws -> Bool {
        guard container.started else {
            container.started = true
            return container.isEmpty
        }
        return try finishElement(closing: UInt8(ascii: "}"))
    }

    @inline(__always)
    mutating func nextMember(_ container: inout SourceContainer, in table: KeyTable, hint: inout Int, wantsKey: Bool) throws -> MemberKey? {
        guard !container.checksRepeatedKeys else { return try nextDistinctMember(&container, in: table, hint: &hint) }
        if try advance(&container) { return nil }
        _ = try peek()
        let keyBytes = table.decodedKeyBytes
        if container.guessing, hint < keyBytes.count, let bytes = keyBytes[hint], try consumeKey(ifEqualTo: bytes) {
            // The key the declaration order predicts, matched in place.
            hint += 1
            return .property(hint - 1)
        }
        let predicted = hint
        let member = try memberKey(in: table, hint: &hint, wantsKey: wantsKey)
        if case .property(let index) = member { container.guessing = index == predicted } else { container.guessing = false }
        return member
    }

    /// ``nextMember(_:in:hint:wantsKey:)`` when repeated keys follow another policy than "read
    /// again": every key is read as text and checked against the ones before it, as the tree
    /// reader checks them (by exact bytes).
    private mutating func nextDistinctMember(_ container: inout SourceContainer, in table: KeyTable, hint: inout Int) throws -> MemberKey? {
        while true {
            if try advance(&container) { return nil }
            _ = try peek()
            let (key, offset, _) = try syntax { try $0.readKey() }
            guard isFirstOccurrence(of: key) else {
                if options.duplicateKeys == .reject {
                    let duplicate = error("duplicate key \"\(key)\"", at: offset)
                    throw MappingError(.malformedJSON(duplicate.description), underlyingError: duplicate)
                }
                try syntax { try $0.skipValue() }
                continue
            }
            if let index = table.propertyIndex(of: key, hint: &hint) { return .property(index) }
            return .other(key)
        }
    }

    /// Reads the next member's key and says which decoded property it names, if any. A plain
    /// ASCII key is compared as bytes with the declared keys, building no String; any other key
    /// is read as a String and looked up.
    @inline(__always)
    private mutating func memberKey(in table: KeyTable, hint: inout Int, wantsKey: Bool) throws -> MemberKey {
        if let range = try syntax({ try $0.readPlainASCIIKey() }) {
            let fingerprint = input.keyFingerprint(range)
            let slots = table.decodedKeySlots
            var slot = KeyTable.keySlot(fingerprint, shift: table.keySlotShift)
            while slots[slot] != 0 {
                if slots[slot] >> 32 == fingerprint {
                    let index = Int(truncatingIfNeeded: slots[slot] & 0xFFFF_FFFF) - 1
                    if let bytes = table.decodedKeyBytes[index], self.bytes(in: range, equal: bytes) {
                        hint = index + 1
                        return .property(index)
                    }
                }
                slot = (slot + 1) & (slots.count - 1)
            }
            if table.keyBytesAreComplete { return .other(wantsKey ? input.string(range) : nil) }
            let key = input.string(range)
            if let index = table.propertyIndex(of: key, hint: &hint) { return .property(index) }
            return .other(key)
        }
        let key = try syntax { try $0.readKey().key }
        if let index = table.propertyIndex(of: key, hint: &hint) { return .property(index) }
        return .other(key)
    }

    mutating func nextKey(_ container: inout SourceContainer) throws -> String? {
        while true {
            if try advance(&container) { return nil }
            _ = try peek()
            guard container.checksRepeatedKeys else { return try syntax { try $0.readKeyText() } }
            let (key, offset, _) = try syntax { try $0.readKey() }
            if isFirstOccurrence(of: key) { return key }
            if options.duplicateKeys == .reject {
                let duplicate = error("duplicate key \"\(key)\"", at: offset)
                throw MappingError(.malformedJSON(duplicate.description), underlyingError: duplicate)
            }
            try syntax { try $0.skipValue() }
        }
    }

    func lookUp(_ key: ResolvedKey, in container: SourceContainer) throws -> (source: JSONReader, path: [MappingError.PathComponent])? {
        nil
    }

    @inline(__always)
    mutating func closeObject(_ container: SourceContainer, _ session: DecodingSession) {
        if container.checksRepeatedKeys { seenKeys.removeLast() }
        session.leave()
    }

    mutating func peekMember(_ key: MemberName, _ session: DecodingSession) throws -> PeekedMember {
        let start = mark()
        guard var object = try openObject(session, sorted: false) else { return .notObject }
        var found = PeekedMember.absent
        do {
            // Every member is passed over: under the duplicate-key policy `.useLast` (the
            // default) a later member with the same key is the one that counts. Keys are
            // compared as bytes where they lie; only the tag's value is read.
            while true {
                let isKey: Bool
                if object.checksRepeatedKeys {
                    guard let member = try nextKey(&object) else { break }
                    isKey = member == key.text
                } else {
                    if try advance(&object) { break }
                    _ = try peek()
                    if let bytes = key.plainBytes, try consumeKey(ifEqualTo: bytes) {
                        isKey = true
                    } else if try syntax({ try $0.readPlainASCIIKey() }) != nil {
                        isKey = false
                    } else {
                        isKey = try syntax { try $0.readKey().key } == key.text
                    }
                }
                if isKey, let text = try readText() {
                    found = .text(text)
                } else if isKey {
                    found = .other(try readScalarValue(session))
                } else {
                    try skipValue(from: mark())
                }
            }
        } catch {
            closeObject(object, session)
            throw error
        }
        closeObject(object, session)
        position = start.position
        depth = start.depth
        return found
    }
}

extension ContainerSummary {
    /// The summary of a parsed container (any other value is summarised as an empty array:
    /// callers pass containers only).
    init(_ value: JSONValue) {
        switch value {
        case .object(let object): self.init(isArray: false, count: object.count)
        case .array(let elements): self.init(isArray: true, count: elements.count)
        default: self.init(isArray: true, count: 0)
        }
    }
}

extension DecodingSession {
    /// Enters the array or object whose bracket is at the reader's position: first the reader's
    /// depth limit, so a document nested deeper than ``JSONReadingOptions/maximumDepth`` fails at
    /// the bracket and with the words the tree reader uses, then the session's own depth and
    /// stack checks (``NestingSession/enter()``).
    @inline(__always)
    func enter(_ reader: inout JSONReader) throws {
        try reader.syntax { try $0.checkDepth(0) }
        try enter()
    }
}

extension JSONReader {
    /// Runs a reader step, turning its syntax error into a MappingError (the key path is added
    /// as the error unwinds through the models).
    @inline(__always)
    mutating func syntax<T>(_ step: (inout JSONReader) throws -> T) throws -> T {
        do {
            return try step(&self)
        } catch let error as JSONSyntaxError {
            throw MappingError(.malformedJSON(error.description), underlyingError: error)
        }
    }

    /// Consumes `"expected":` when the next key is exactly those bytes, without building a String;
    /// otherwise consumes nothing. `expected` holds no quote, backslash or control character, so
    /// equal bytes are a valid, escape-free JSON string.
    @inline(__always)
    mutating func consumeKey(ifEqualTo expected: [UInt8]) throws -> Bool {
        let start = position + 1
        let end = start + expected.count
        // `position` is at the opening quote (the caller peeked it); every index is checked
        // against `input.count` before it is read.
        guard end < input.count, input[position] == UInt8(ascii: "\""), input[end] == UInt8(ascii: "\""),
              input.matches(expected, at: start) else { return false }
        position = end + 1
        guard try peek() == UInt8(ascii: ":") else {
            let syntax = error(JSONSyntaxError.unexpected(input[position]) + ", expected ':'", at: position)
            throw MappingError(.malformedJSON(syntax.description), underlyingError: syntax)
        }
        position += 1
        return true
    }

    /// Consumes the opening bracket the caller peeked (and entered, `DecodingSession.enter(_:)`);
    /// `true` when the container is empty (its closing bracket is consumed too), else it counts
    /// as open until ``finishElement(closing:)`` closes it.
    @inline(__always)
    mutating func open(closing: UInt8) throws -> Bool {
        position += 1
        guard try peek() == closing else {
            depth += 1
            return false
        }
        position += 1
        return true
    }

    /// After an element or member: consumes `,` (`false`: more follow) or the closing bracket
    /// (`true`); anything else is a syntax error.
    @inline(__always)
    mutating func finishElement(closing: UInt8) throws -> Bool {
        switch try peek() {
        case UInt8(ascii: ","):
            position += 1
            return false
        case closing:
            position += 1
            depth -= 1
            return true
        case let byte:
            let expected = closing == UInt8(ascii: "]") ? "',' or ']'" : "',' or '}'"
            let syntax = error(JSONSyntaxError.unexpected(byte) + ", expected \(expected)", at: position)
            throw MappingError(.malformedJSON(syntax.description), underlyingError: syntax)
        }
    }

    /// The next non-whitespace byte, not consumed.
    @inline(__always)
    mutating func peek() throws -> UInt8 {
        try syntax { try $0.nextStructuralByte() }
    }
}
