import Foundation

/// A parsed JSON value as a source: what `decode(_:fromJSON:at:)` reads below its path, merge
/// patches apply, `Codable` types read through the library's `Decoder`, and a model whose keys
/// need lookups (key paths, candidates, gathered keys) reads after the reader parsed its object.
/// The cursor is the value itself; an open container's state holds the rest.
struct TreeSource: DecodingSource {
    /// The value at the cursor.
    var value: JSONValue

    init(_ value: JSONValue) {
        self.value = value
    }

    struct Elements {
        let elements: [JSONValue]
        var index = -1
    }

    struct Members {
        let object: JSONObject
        var index = -1
    }

    static var readsUntypedValuesWhole: Bool { false }
    static var looksUpMembers: Bool { true }

    // Every value is read where it is held: nothing to skip back over.
    func mark() {}
    func skipValue(from mark: Void) {}

    func peekKind() -> ValueKind {
        switch value {
        case .null: return .null
        case .bool: return .bool
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    func readNull() -> Bool { value.isNull }

    func readText() -> String? {
        if case .string(let text) = value { return text }
        return nil
    }

    func readBool() -> Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    func readInteger() -> Int64? {
        if case .number(let number) = value { return number.int64Value }
        return nil
    }

    func readDouble() -> Double? { nil }
    func readPlainText() -> ByteInput? { nil }

    func readScalarValue(_ session: DecodingSession) -> Any {
        switch value {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .number(let number): return number
        case .string(let text): return text
        case .array, .object: return ContainerSummary(value)
        }
    }

    func readFoundationValue(_ session: DecodingSession) -> Any {
        session.foundationValue(of: value)
    }

    func readJSONValue(_ session: DecodingSession) -> JSONValue { value }

    func readObjectForRules(_ session: DecodingSession) -> (dictionary: [String: Any], order: [String]?)? {
        guard case .object(let object) = value else { return nil }
        return (session.foundationValue(of: value) as? [String: Any] ?? [:], object.keys)
    }

    func openArray(_ session: DecodingSession) throws -> Elements? {
        guard case .array(let elements) = value else { return nil }
        try session.enter()
        return Elements(elements: elements)
    }

    func capacity(of elements: Elements) -> Int { elements.elements.count }

    @inline(__always)
    mutating func nextElement(_ elements: inout Elements) -> Bool {
        elements.index += 1
        guard elements.index < elements.elements.count else { return false }
        value = elements.elements[elements.index]
        return true
    }

    func closeArray(_ elements: Elements, _ session: DecodingSession) {
        session.leave()
    }

    func openObject(_ session: DecodingSession, sorted: Bool) throws -> Members? {
        guard case .object(let object) = value else { return nil }
        try session.enter()
        return Members(object: object)
    }

    func hasOrder(_ members: Members) -> Bool { true }

    mutating func nextMember(_ members: inout Members, in table: KeyTable, hint: inout Int, wantsKey: Bool) -> MemberKey? {
        members.index += 1
        guard members.index < members.object.count else { return nil }
        let member = members.object[members.index]
        value = member.value
        if let index = table.propertyIndex(of: member.key, hint: &hint) { return .property(index) }
        return .other(member.key)
    }

    mutating func nextKey(_ members: inout Members) -> String? {
        members.index += 1
        guard members.index < members.object.count else { return nil }
        let member = members.object[members.index]
        value = member.value
        return member.key
    }

    func lookUp(_ key: ResolvedKey, in members: Members) throws -> (source: TreeSource, path: [MappingError.PathComponent])? {
        try key.lookup(in: members.object).map { (TreeSource($0.value), $0.path) }
    }

    func closeObject(_ members: Members, _ session: DecodingSession) {
        session.leave()
    }
}

extension JSONValue {
    /// Whether this value is JSON `null`.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
