import Foundation

/// A parsed JSON value as a source: what `decode(_:fromJSON:at:)` reads below its path, merge
/// patches apply, `Codable` types read through the library's `Decoder`, and a model whose keys
/// need lookups (key paths, candidates, gathered keys) reads after the reader parsed its object.
/// The cursor is the value itself; the open arrays and objects are kept on a stack.
struct TreeSource: DecodingSource {
    /// The value at the cursor.
    var value: JSONValue
    /// The innermost open container, in fields of the source itself (each step reads them in
    /// place), and the ones around it, saved while it is open.
    private var level = Level()
    private var outerLevels: [Level] = []

    /// An open array or object, and the position reached in it.
    private struct Level {
        var elements: [JSONValue] = []
        var object = JSONObject([])
        var position = -1
    }

    init(_ value: JSONValue) {
        self.value = value
    }

    static var readsUntypedValuesWhole: Bool { false }
    static var looksUpMembers: Bool { true }

    // Every value is read where it is held: nothing to skip back over.
    func mark() -> SourceMark { SourceMark(position: 0, depth: 0) }
    func skipValue(from mark: SourceMark) {}

    @inline(__always)
    mutating func decodeProperty(with accessor: MemberAccessor, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws {
        try accessor.decode(from: &self, into: base, session)
    }

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

    func readNumberLiteral() -> JSONNumber? {
        if case .number(let number) = value { return number }
        return nil
    }
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

    mutating func openArray(_ session: DecodingSession) throws -> SourceContainer? {
        guard case .array(let elements) = value else { return nil }
        try session.enter()
        outerLevels.append(level)
        level = Level(elements: elements)
        return SourceContainer(isEmpty: elements.isEmpty)
    }

    func capacity(of container: SourceContainer) -> Int { level.elements.count }

    mutating func nextElement(_ container: inout SourceContainer) -> Bool {
        level.position += 1
        guard level.position < level.elements.count else { return false }
        value = level.elements[level.position]
        return true
    }

    mutating func closeArray(_ container: SourceContainer, _ session: DecodingSession) {
        level = outerLevels.removeLast()
        session.leave()
    }

    mutating func openObject(_ session: DecodingSession, sorted: Bool) throws -> SourceContainer? {
        guard case .object(let object) = value else { return nil }
        try session.enter()
        outerLevels.append(level)
        level = Level(object: object)
        return SourceContainer(isEmpty: object.isEmpty)
    }

    func hasOrder(_ container: SourceContainer) -> Bool { true }

    /// The next member of the innermost open object, its value now at the cursor.
    private mutating func advance() -> String? {
        level.position += 1
        guard level.position < level.object.count else { return nil }
        let member = level.object[level.position]
        value = member.value
        return member.key
    }

    mutating func nextMember(_ container: inout SourceContainer, in table: KeyTable, hint: inout Int, wantsKey: Bool) -> MemberKey? {
        guard let key = advance() else { return nil }
        if let index = table.propertyIndex(of: key, hint: &hint) { return .property(index) }
        return .other(key)
    }

    mutating func nextKey(_ container: inout SourceContainer) -> String? {
        advance()
    }

    func lookUp(_ key: ResolvedKey, in container: SourceContainer) throws -> (source: TreeSource, path: [MappingError.PathComponent])? {
        try key.lookup(in: level.object).map { (TreeSource($0.value), $0.path) }
    }

    mutating func closeObject(_ container: SourceContainer, _ session: DecodingSession) {
        level = outerLevels.removeLast()
        session.leave()
    }

    func peekMember(_ key: MemberName, _ session: DecodingSession) -> PeekedMember {
        guard case .object(let object) = value else { return .notObject }
        guard let member = object[key.text] else { return .absent }
        if case .string(let text) = member { return .text(text) }
        return .other(TreeSource(member).readScalarValue(session))
    }
}
