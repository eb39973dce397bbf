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

    /// The innermost open array and object, in fields of the source itself (each step reads
    /// them in place), and the ones around them, saved while they are open. Arrays and objects
    /// nest strictly within their own kind too, so each kind keeps a stack of its own, and a
    /// level holds only what its kind needs.
    private var array = ArrayLevel(elements: [], container: nil)
    private var outerArrays: [ArrayLevel] = []
    private var object = ObjectLevel(dictionary: [:], keys: nil, container: nil)
    private var outerObjects: [ObjectLevel] = []

    /// An open array: its elements, the position reached, and the Foundation container entered
    /// for it, if it is one (see `enterContainer`).
    // No default values on the fields: each would be built, then overwritten, per container.
    private struct ArrayLevel {
        var elements: [Any]
        var position: Int
        var container: ObjectIdentifier?

        init(elements: [Any], container: ObjectIdentifier?) {
            self.elements = elements
            position = -1
            self.container = container
        }
    }

    /// An open object: its members, where the walk is in them, and the container entered.
    private struct ObjectLevel {
        var dictionary: [String: Any]
        /// The keys in the order to read them (payload order kept beside a dictionary a rule
        /// read, or UTF-8 order for a sorted walk); `nil` reads the dictionary in its own order.
        var keys: [String]?
        var position: Int
        var index: Dictionary<String, Any>.Index?
        /// A model's walk: whether its properties are all looked up, and the keys no property
        /// reads are being gone through.
        var readsOtherKeys: Bool
        var container: ObjectIdentifier?

        init(dictionary: [String: Any], keys: [String]?, container: ObjectIdentifier?) {
            self.dictionary = dictionary
            self.keys = keys
            position = -1
            // Found when the keys are first gone through (see `advance`): finding a native
            // dictionary's first member scans its buckets, and most objects are only looked up.
            index = nil
            readsOtherKeys = false
            self.container = container
        }
    }

    // Opening and closing move the levels (a swap), never copy them: a copy would retain and
    // release every array and dictionary a level holds, once per container read.
    @inline(__always)
    private mutating func push(_ elements: [Any], container: ObjectIdentifier?) {
        var opened = ArrayLevel(elements: elements, container: container)
        swap(&array, &opened)
        outerArrays.append(opened)
    }

    @inline(__always)
    private mutating func popArray() -> ObjectIdentifier? {
        let container = array.container
        array = outerArrays.removeLast()
        return container
    }

    @inline(__always)
    private mutating func push(_ dictionary: [String: Any], keys: [String]?, container: ObjectIdentifier?) {
        var opened = ObjectLevel(dictionary: dictionary, keys: keys, container: container)
        swap(&object, &opened)
        outerObjects.append(opened)
    }

    @inline(__always)
    private mutating func popObject() -> ObjectIdentifier? {
        let container = object.container
        object = outerObjects.removeLast()
        return container
    }

    static var readsUntypedValuesWhole: Bool { false }
    static var looksUpMembers: Bool { true }

    // Every value is read where it is held: nothing to skip back over.
    func mark() -> SourceMark { SourceMark(position: 0, depth: 0) }
    func skipValue(from mark: SourceMark) {}

    @inline(__always)
    mutating func decodeProperty(with accessor: MemberAccessor, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws {
        try accessor.decode(foundation: &self, into: base, session)
    }

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
        // The common cases: a native Int (a Swift literal), or an NSNumber holding an integer
        // (JSONSerialization's numbers on Linux), told apart by its exact class as the
        // classifier tells it.
        let type = ObjectIdentifier(Swift.type(of: value))
        if type == ObjectIdentifier(Int.self), let number = value as? Int { return Int64(number) }
        if type == JSONScalar.numberClass, let number = value as? NSNumber, case .int(let integer) = JSONScalar.classify(number) {
            return integer
        }
        return nil
    }

    @inline(__always)
    func readDouble() -> Double? {
        let type = ObjectIdentifier(Swift.type(of: value))
        if type == ObjectIdentifier(Double.self), let number = value as? Double, number.isFinite { return number }
        if type == JSONScalar.numberClass, let number = value as? NSNumber, case .double(let double) = JSONScalar.classify(number), double.isFinite {
            return double
        }
        // JSONSerialization's number with more digits than a Double keeps (most of a GeoJSON
        // file's coordinates): its nearest Double, found here without a second dispatch.
        if type == JSONScalar.decimalNumberClass, let number = value as? NSDecimalNumber,
           let double = number.decimalValue.nearestDouble, double.isFinite {
            return double
        }
        return nil
    }

    func readPlainText() -> ByteInput? { nil }

    // Foundation numbers are judged as the values they are (`readDouble`, the classifier).
    func readNumberLiteral() -> JSONNumber? { nil }

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
    mutating func openArray(_ session: DecodingSession) throws -> SourceContainer? {
        // The common case, a Swift `[Any]`, is taken as it is; anything else (an NSArray, a
        // Swift array of another element type) through the classifier, one level deep.
        let elements: [Any]
        let container: ObjectIdentifier?
        if let array = JSONScalar.swiftArray(value) {
            try session.enter()
            elements = array
            container = nil
        } else {
            guard case .array(let array) = JSONScalar(value) else { return nil }
            elements = array
            container = try session.enterContainer(value)
        }
        let isEmpty = elements.isEmpty
        push(elements, container: container)
        return SourceContainer(isEmpty: isEmpty)
    }

    func capacity(of container: SourceContainer) -> Int { array.elements.count }

    @inline(__always)
    mutating func nextElement(_ container: inout SourceContainer) -> Bool {
        array.position += 1
        guard array.position < array.elements.count else { return false }
        value = array.elements[array.position]
        return true
    }

    @inline(__always)
    mutating func closeArray(_ container: SourceContainer, _ session: DecodingSession) {
        session.leaveContainer(popArray())
    }

    @inline(__always)
    mutating func openObject(_ session: DecodingSession, sorted: Bool) throws -> SourceContainer? {
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
        let isEmpty = dictionary.isEmpty
        push(dictionary, keys: keys, container: container)
        return SourceContainer(isEmpty: isEmpty)
    }

    func hasOrder(_ container: SourceContainer) -> Bool { object.keys != nil }

    /// The next member of the innermost open object, its value now at the cursor.
    @inline(__always)
    private mutating func advance() -> String? {
        if let keys = object.keys {
            object.position += 1
            guard object.position < keys.count else { return nil }
            let key = keys[object.position]
            value = object.dictionary[key] ?? NSNull()
            return key
        }
        let index = object.index ?? object.dictionary.startIndex
        guard index != object.dictionary.endIndex else { return nil }
        let member = object.dictionary[index]
        object.index = object.dictionary.index(after: index)
        value = member.value
        return member.key
    }

    /// A dictionary has no order to follow: its members are found by the model's keys, property
    /// by property in declaration order (one lookup each, nothing for a key the payload lacks),
    /// and only when the walk wants them (`wantsKey`), the keys no property reads after them.
    /// A dictionary a rule read keeps the payload's order instead, and is read in it.
    @inline(__always)
    mutating func nextMember(_ container: inout SourceContainer, in table: KeyTable, hint: inout Int, wantsKey: Bool) -> MemberKey? {
        if object.keys != nil {
            guard let key = advance() else { return nil }
            if let index = table.decodedKeyIndex[key] { return .property(index) }
            return .other(key)
        }
        if !object.readsOtherKeys {
            let keys = table.decodedSingleKeys
            while hint < keys.count {
                let index = hint
                hint += 1
                if let key = keys[index], let found = object.dictionary[key] {
                    value = found
                    return .property(index)
                }
            }
            guard wantsKey else { return nil }
            object.readsOtherKeys = true
        }
        while let key = advance() {
            if table.decodedKeyIndex[key] == nil { return .other(key) }
        }
        return nil
    }

    mutating func nextKey(_ container: inout SourceContainer) -> String? {
        advance()
    }

    func lookUp(_ key: ResolvedKey, in container: SourceContainer) throws -> (source: FoundationSource, path: [MappingError.PathComponent])? {
        try key.lookup(in: object.dictionary).map { (FoundationSource($0.value), $0.path) }
    }

    @inline(__always)
    mutating func closeObject(_ container: SourceContainer, _ session: DecodingSession) {
        session.leaveContainer(popObject())
    }

    func peekMember(_ key: MemberName, _ session: DecodingSession) -> PeekedMember {
        let members: [String: Any]
        if let swift = JSONScalar.swiftDictionary(value) {
            members = swift
        } else if case .dictionary(let dictionary) = JSONScalar(value) {
            members = dictionary
        } else {
            return .notObject
        }
        guard let member = members[key.text] else { return .absent }
        let source = FoundationSource(member)
        if let text = source.readText() { return .text(text) }
        return .other(source.readScalarValue(session))
    }
}
