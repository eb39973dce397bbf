import Foundation

/// Foundation values as a source (the dictionary path): what `JSONSerialization` gives, Swift
/// literals, and the dictionary a `beforeDecoding` or `subtype` rule has read. Values are told
/// apart by their exact class (``JSONScalar``), and an `NSArray` or `NSDictionary` is read one
/// level at a time and entered by identity, so one that contains itself is a cycle error.
struct FoundationSource: DecodingSource {
    /// The value at the cursor.
    var value: Any
    /// The order in which to read the members of the object at the cursor, when it is the
    /// dictionary a rule read: the payload's keys first (see ``init(_:order:)``).
    private var order: [String]?

    init(_ value: Any) {
        self.value = value
    }

    /// A source on `dictionary`, a payload object a rule has read (and may have rewritten), whose
    /// members are read in `order`, the payload's, then the keys the rule added, in UTF-8 order:
    /// the unknown-key check reports them in that order, as it does for the object in the bytes.
    init(_ dictionary: [String: Any], order: [String]?) {
        value = dictionary
        if let order {
            let payloadKeys = Set(order)
            self.order = order.filter { dictionary[$0] != nil } + JSONWriter.orderedKeys(dictionary.keys.filter { !payloadKeys.contains($0) })
        }
    }

    struct Elements {
        let elements: [Any]
        var index = -1
        /// The Foundation container entered, if it is one (see `enterContainer`).
        let container: ObjectIdentifier?
    }

    struct Members {
        let dictionary: [String: Any]
        /// The keys in the order to read them (payload order kept beside a dictionary a rule
        /// read, or UTF-8 order for a sorted walk); `nil` reads the dictionary in its own order.
        let keys: [String]?
        var position = -1
        var index: Dictionary<String, Any>.Index
        let container: ObjectIdentifier?
    }

    static var readsUntypedValuesWhole: Bool { false }
    static var looksUpMembers: Bool { true }

    // Every value is read where it is held: nothing to skip back over.
    func mark() {}
    func skipValue(from mark: Void) {}

    func peekKind() -> ValueKind {
        switch JSONScalar(value) {
        case .null: return .null
        case .bool: return .bool
        case .int, .uint, .double, .decimal, .literal: return .number
        case .string: return .string
        case .array: return .array
        case .dictionary: return .object
        case .other: return .string
        }
    }

    @inline(__always)
    func readNull() -> Bool { JSONScalar.isNull(value) }

    @inline(__always)
    func readText() -> String? {
        value as? String
    }

    func readBool() -> Bool? {
        if case .bool(let flag) = JSONScalar(value) { return flag }
        return nil
    }

    @inline(__always)
    func readInteger() -> Int64? {
        // The overwhelmingly common case: a native Int from a literal or JSONSerialization's bridge.
        if type(of: value) == Int.self, let number = value as? Int { return Int64(number) }
        return nil
    }

    @inline(__always)
    func readDouble() -> Double? {
        if type(of: value) == Double.self, let number = value as? Double, number.isFinite { return number }
        return nil
    }

    func readPlainText() -> ByteInput? { nil }

    func readScalarValue(_ session: DecodingSession) -> Any { value }

    func readFoundationValue(_ session: DecodingSession) -> Any { value }

    func readJSONValue(_ session: DecodingSession) throws -> JSONValue {
        try JSONValue(libraryValue: value, session, encoding: false)
    }

    func readObjectForRules(_ session: DecodingSession) -> (dictionary: [String: Any], order: [String]?)? {
        if let dictionary = JSONScalar.swiftDictionary(value) { return (dictionary, nil) }
        guard case .dictionary(let dictionary) = JSONScalar(value) else { return nil }
        return (dictionary, nil)
    }

    @inline(__always)
    func openArray(_ session: DecodingSession) throws -> Elements? {
        // The common case, a Swift `[Any]`, is taken as it is; anything else (an NSArray, a
        // Swift array of another element type) through the classifier, one level deep.
        if let array = JSONScalar.swiftArray(value) {
            try session.enter()
            return Elements(elements: array, container: nil)
        }
        guard case .array(let array) = JSONScalar(value) else { return nil }
        return Elements(elements: array, container: try session.enterContainer(value))
    }

    @inline(__always)
    func capacity(of elements: Elements) -> Int { elements.elements.count }

    @inline(__always)
    mutating func nextElement(_ elements: inout Elements) -> Bool {
        elements.index += 1
        guard elements.index < elements.elements.count else { return false }
        value = elements.elements[elements.index]
        return true
    }

    @inline(__always)
    func closeArray(_ elements: Elements, _ session: DecodingSession) {
        session.leaveContainer(elements.container)
    }

    @inline(__always)
    mutating func openObject(_ session: DecodingSession, sorted: Bool) throws -> Members? {
        // A Swift `[String: Any]` as it is; an NSDictionary (which a bridging cast would convert
        // all the way down) through the classifier, one level deep, entered by identity.
        let dictionary: [String: Any]
        let container: ObjectIdentifier?
        if let swift = JSONScalar.swiftDictionary(value) {
            try session.enter()
            dictionary = swift
            container = nil
        } else {
            guard case .dictionary(let members) = JSONScalar(value) else { return nil }
            dictionary = members
            container = try session.enterContainer(value)
        }
        let keys = order ?? (sorted ? JSONWriter.orderedKeys(dictionary.keys) : nil)
        order = nil
        return Members(dictionary: dictionary, keys: keys, index: dictionary.startIndex, container: container)
    }

    func hasOrder(_ members: Members) -> Bool { members.keys != nil }

    @inline(__always)
    private mutating func advance(_ members: inout Members) -> String? {
        if let keys = members.keys {
            members.position += 1
            guard members.position < keys.count else { return nil }
            let key = keys[members.position]
            value = members.dictionary[key] ?? NSNull()
            return key
        }
        if members.position >= 0 { members.dictionary.formIndex(after: &members.index) }
        members.position += 1
        guard members.index != members.dictionary.endIndex else { return nil }
        let member = members.dictionary[members.index]
        value = member.value
        return member.key
    }

    @inline(__always)
    mutating func nextMember(_ members: inout Members, in table: KeyTable, hint: inout Int, wantsKey: Bool) -> MemberKey? {
        guard let key = advance(&members) else { return nil }
        // A dictionary has no order to guess from: straight to the index.
        if let index = table.decodedKeyIndex[key] { return .property(index) }
        return .other(key)
    }

    mutating func nextKey(_ members: inout Members) -> String? {
        advance(&members)
    }

    func lookUp(_ key: ResolvedKey, in members: Members) throws -> (source: FoundationSource, path: [MappingError.PathComponent])? {
        try key.lookup(in: members.dictionary).map { (FoundationSource($0.value), $0.path) }
    }

    @inline(__always)
    func closeObject(_ members: Members, _ session: DecodingSession) {
        session.leaveContainer(members.container)
    }
}
