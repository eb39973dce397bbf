import Foundation

/// `Optional` seen through a protocol, so that ``OptionalCodec`` can be generic over the
/// optional type itself. In unspecialised code a generic parameter's metadata is at hand, while
/// reaching `Wrapped?` from `Wrapped` is a runtime metadata lookup (hashing, atomics) each time
/// a value is unwrapped.
protocol OptionalValue {
    associatedtype Wrapped
    // Decoding runs inside `Optional`, where the wrapped codec's result is built in place as
    // `Self`; wrapping it afterwards (`init(_:)` or a closure) costs a move per value.
    /// `nil` for JSON `null`, else `codec`'s value for `value`.
    static func decoded(_ value: Any, by codec: any ValueCodec<Wrapped>, _ session: DecodingSession) throws -> Self
    /// `nil` for JSON `null`, else `codec`'s value for `json`.
    static func decoded(json: JSONValue, by codec: any ValueCodec<Wrapped>, _ session: DecodingSession) throws -> Self
    /// `nil` for JSON `null`, else `codec`'s value read from `reader`.
    static func decoded(reader: inout JSONReader, by codec: any ValueCodec<Wrapped>, _ session: DecodingSession) throws -> Self
    /// Whether this is `nil`.
    var isNone: Bool { get }
    /// Calls `body` with the wrapped value and returns `true`, or returns `false` for `nil`.
    func withWrapped(_ body: (Wrapped) throws -> Void) rethrows -> Bool
}

extension Optional: OptionalValue {
    static func decoded(_ value: Any, by codec: any ValueCodec<Wrapped>, _ session: DecodingSession) throws -> Wrapped? {
        if JSONScalar.isNull(value) { return nil }
        return try codec.decode(value, session)
    }

    static func decoded(json: JSONValue, by codec: any ValueCodec<Wrapped>, _ session: DecodingSession) throws -> Wrapped? {
        if json.isNull { return nil }
        return try codec.decode(json: json, session)
    }

    var isNone: Bool { self == nil }

    func withWrapped(_ body: (Wrapped) throws -> Void) rethrows -> Bool {
        guard let value = self else { return false }
        try body(value)
        return true
    }
}

/// `Optional<Wrapped>`: `null` becomes `nil`; anything else goes to the wrapped codec.
/// Nested optionals (`Int??`) collapse: `null` is the outer `nil`.
struct OptionalCodec<Value: OptionalValue>: ValueCodec {
    let wrapped: any ValueCodec<Value.Wrapped>

    var typeName: String { "\(wrapped.typeName)?" }

    func decode(_ value: Any, _ session: DecodingSession) throws -> Value {
        try Value.decoded(value, by: wrapped, session)
    }

    func decode(json: JSONValue, _ session: DecodingSession) throws -> Value {
        try Value.decoded(json: json, by: wrapped, session)
    }

    func encode(_ value: Value, _ session: EncodingSession) throws -> Any {
        // A placeholder the wrapped value overwrites, one that needs no allocation (starting
        // from `Any?` cost an optional existential copy per value).
        var result: Any = false
        guard try value.withWrapped({ result = try wrapped.encode($0, session) }) else { return NSNull() }
        return result
    }

    func isNil(_ value: Value) -> Bool { value.isNone }
    var acceptsNull: Bool { true }
}

/// `Array<Element>` from a JSON array; an element's error carries its index.
struct ArrayCodec<Element>: ValueCodec {
    let element: any ValueCodec<Element>
    /// Whether elements that fail are dropped whatever the decoder says: the property's own
    /// ``MappingRules/skipInvalidElements(_:)`` rule.
    var skipsInvalidElements = false

    var typeName: String { "[\(element.typeName)]" }

    func decode(_ value: Any, _ session: DecodingSession) throws -> [Element] {
        // The common case, a Swift `[Any]`, is taken as it is; anything else (an NSArray, a
        // Swift array of another element type) through the classifier, one level deep.
        if let array = JSONScalar.swiftArray(value) {
            return try decodeElements(array, session)
        }
        guard case .array(let array) = JSONScalar(value) else {
            throw MappingError.typeMismatch(expected: typeName, found: value)
        }
        let container = try session.enterContainer(value)
        defer { session.leaveContainer(container) }
        return try element.decodeArray(array, session, skipping: skipsInvalidElements)
    }

    func decodeElements(_ array: [Any], _ session: DecodingSession) throws -> [Element] {
        try session.enter()
        defer { session.leave() }
        return try element.decodeArray(array, session, skipping: skipsInvalidElements)
    }

    func decode(json: JSONValue, _ session: DecodingSession) throws -> [Element] {
        guard case .array(let array) = json else { return try decode(session.foundationValue(of: json), session) }
        try session.enter()
        defer { session.leave() }
        return try element.decodeArray(json: array, session, skipping: skipsInvalidElements)
    }

    func passesThrough(_ values: [[Element]]) -> Bool {
        element.passesThroughNested(values)
    }

    func encode(_ value: [Element], _ session: EncodingSession) throws -> Any {
        if element.passesThrough(value) { return value }
        try session.enter()
        defer { session.leave() }
        var result: [Any] = []
        result.reserveCapacity(value.count)
        // `0..<count`, not `enumerated()` or `indices`: in generic code each tuple, and the
        // `Range<Array<Element>.Index>` behind `indices`, costs a runtime metadata lookup.
        for index in 0..<value.count {
            do {
                result.append(try element.encode(value[index], session))
            } catch let error as MappingError {
                throw error.prepending(.index(index))
            }
        }
        return result
    }
}

/// `Set<Element>` from a JSON array (duplicates collapse); written as an array in the set's order.
struct SetCodec<Element: Hashable>: ValueCodec {
    let elements: ArrayCodec<Element>

    var typeName: String { "Set<\(elements.element.typeName)>" }

    func decode(_ value: Any, _ session: DecodingSession) throws -> Set<Element> {
        Set(try elements.decode(value, session))
    }

    func decode(json: JSONValue, _ session: DecodingSession) throws -> Set<Element> {
        Set(try elements.decode(json: json, session))
    }

    func encode(_ value: Set<Element>, _ session: EncodingSession) throws -> Any {
        try elements.encode(Array(value), session)
    }
}

/// Converts dictionary keys. JSON keys are always text: `String` keys map as they are; integer
/// keys (`[Int: V]`) and `RawRepresentable` keys parse from that text exactly and are written back
/// as text. A key that does not parse is an error at that key.
protocol KeyConverter<Key>: Sendable {
    associatedtype Key: Hashable
    var typeName: String { get }
    func parse(_ text: String) -> Key?
    func print(_ key: Key) -> String
}

struct StringKeys: KeyConverter {
    var typeName: String { "String" }
    func parse(_ text: String) -> String? { text }
    func print(_ key: String) -> String { key }
}

struct IntegerKeys<Key: FixedWidthInteger>: KeyConverter {
    var typeName: String { String(describing: Key.self) }
    func parse(_ text: String) -> Key? { Key(text, radix: 10) }
    func print(_ key: Key) -> String { String(key) }
}

struct RawValueKeys<Key: RawRepresentable & Hashable, Raw: Hashable>: KeyConverter {
    let raw: any KeyConverter<Raw>
    var typeName: String { String(describing: Key.self) }
    func parse(_ text: String) -> Key? { (raw.parse(text) as? Key.RawValue).flatMap(Key.init(rawValue:)) }
    func print(_ key: Key) -> String { (key.rawValue as? Raw).map(raw.print) ?? "\(key.rawValue)" }
}

/// `Dictionary<Key, Value>` from a JSON object.
struct DictionaryCodec<Key: Hashable, Element>: ValueCodec {
    let key: any KeyConverter<Key>
    let element: any ValueCodec<Element>
    /// Whether members that fail are dropped whatever the decoder says (the property's rule).
    var skipsInvalidElements = false

    var typeName: String { "[\(key.typeName): \(element.typeName)]" }

    func decode(_ value: Any, _ session: DecodingSession) throws -> [Key: Element] {
        if let dictionary = JSONScalar.swiftDictionary(value) {
            try session.enter()
            defer { session.leave() }
            return try decodeUnorderedMembers(dictionary, session)
        }
        guard case .dictionary(let dictionary) = JSONScalar(value) else {
            throw MappingError.typeMismatch(expected: typeName, found: value)
        }
        let container = try session.enterContainer(value)
        defer { session.leaveContainer(container) }
        return try decodeUnorderedMembers(dictionary, session)
    }

    func decode(json: JSONValue, _ session: DecodingSession) throws -> [Key: Element] {
        guard case .object(let object) = json else { return try decode(session.foundationValue(of: json), session) }
        try session.enter()
        defer { session.leave() }
        var result: [Key: Element] = [:]
        result.reserveCapacity(object.count)
        // A JSON object has an order: the first member that fails, in payload order, is reported.
        for member in object {
            try decodeMember(member.key, among: object.keys, into: &result, session) { try element.decode(json: member.value, session) }
        }
        return result
    }

    /// The members of a `[String: Any]`, which has no order of its own: what is reported follows
    /// key order (UTF-8), never the order a hash seed happens to give. In lenient mode the members
    /// are read in that order, so relaxations are listed in it; otherwise they are read as they
    /// come and, once one has failed, the rest are still read (each once) to find the failure
    /// first in key order.
    private func decodeUnorderedMembers(_ dictionary: [String: Any], _ session: DecodingSession) throws -> [Key: Element] {
        var result: [Key: Element] = [:]
        result.reserveCapacity(dictionary.count)
        if session.isLenient {
            for member in dictionary.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                try decodeMember(member.key, among: Array(dictionary.keys), into: &result, session) { try element.decode(member.value, session) }
            }
            return result
        }
        var failure: MappingError?
        for member in dictionary {
            do {
                try decodeMember(member.key, among: Array(dictionary.keys), into: &result, session) { try element.decode(member.value, session) }
            } catch let error as MappingError {
                failure = error.earlierInKeyOrder(than: failure)
            }
        }
        if let failure { throw failure }
        return result
    }

    /// Converts one member into `result`, or drops it (the invalid-element policy).
    @inline(__always)
    private func decodeMember(_ text: String, among texts: @autoclosure () -> [String], into result: inout [Key: Element],
                              _ session: DecodingSession, _ decodeValue: () throws -> Element) throws {
        guard let parsed = key.parse(text) else {
            try session.dropElement(MappingError.invalidValue(expected: "\(key.typeName) key", found: text, detail: "the key does not convert").prepending(.key(text)),
                                    skipping: skipsInvalidElements)
            return
        }
        let count = result.count
        do {
            result[parsed] = try session.withElementPath(.key(text), dropsFailures: skipsInvalidElements, decodeValue)
        } catch let error as MappingError {
            try session.dropElement(error.prepending(.key(text)), skipping: skipsInvalidElements)
            return
        }
        // Member keys are distinct texts here, so a key already present came from another
        // spelling ("07" and "7" into `[Int: V]`): keeping either value would lose the other.
        if result.count == count { throw collision(at: parsed, among: texts()) }
    }

    /// The error for JSON keys that convert to the same `Key`, named the same way whatever the
    /// members' order (a `[String: Any]` has none): at the second spelling in UTF-8 order,
    /// naming the first.
    private func collision(at parsed: Key, among texts: [String]) -> MappingError {
        let spellings = texts.filter { key.parse($0) == parsed }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let text = spellings.dropFirst().first ?? spellings.first ?? ""
        let detail = "\"\(spellings.first ?? "")\" converts to the same key"
        return MappingError.invalidValue(expected: "\(key.typeName) key", found: text, detail: detail).prepending(.key(text))
    }

    func encode(_ value: [Key: Element], _ session: EncodingSession) throws -> Any {
        if Key.self == String.self, element.alwaysPassesThrough { return value }
        try session.enter()
        defer { session.leave() }
        var result: [String: Any] = [:]
        result.reserveCapacity(value.count)
        // A dictionary has no order: once a member has failed the rest are still encoded, and
        // the failure first in key order is reported.
        var failure: MappingError?
        for index in value.indices {
            let text = key.print(value.keys[index])
            do {
                result[text] = try element.encode(value.values[index], session)
            } catch let error as MappingError {
                failure = error.prepending(.key(text)).earlierInKeyOrder(than: failure)
            }
        }
        if let failure { throw failure }
        return result
    }
}

/// `RawRepresentable` types (typically `enum Role: String`) map through their raw value;
/// a raw value that is not a case is an invalid value, or, for an
/// ``UnknownCaseRepresentable`` type, its `unknownCase` (a relaxation lenient mode lists).
struct RawValueCodec<Value: RawRepresentable>: ValueCodec {
    let raw: any ValueCodec<Value.RawValue>
    /// The bytes path's memo of converted texts (see ``SharedTextMemo``): only for `String` raw
    /// values, where the text is the raw value as it stands, and only for trivial types (enums
    /// without payloads), whose copies share nothing.
    let texts: SharedTextMemo<Value>?
    /// Whether `Value` is ``UnknownCaseRepresentable`` (its case is read only when needed: a
    /// stored `Value` would not be `Sendable`).
    let hasUnknownCase: Bool

    init(raw: any ValueCodec<Value.RawValue>) {
        self.raw = raw
        texts = Value.RawValue.self == String.self && _isPOD(Value.self) ? SharedTextMemo() : nil
        hasUnknownCase = Value.self is any UnknownCaseRepresentable.Type
    }

    private static func unknownCase() -> Value? {
        func unknown<Representable: UnknownCaseRepresentable>(_ type: Representable.Type) -> Any { Representable.unknownCase }
        guard let representable = Value.self as? any UnknownCaseRepresentable.Type else { return nil }
        return unknown(representable) as? Value
    }

    var typeName: String { String(describing: Value.self) }

    // A number reaches the raw value's codec as its literal, which judges it exactly.
    func decode(json: JSONValue, _ session: DecodingSession) throws -> Value {
        try decodeKeepingLiteral(json: json, session)
    }

    func decode(_ value: Any, _ session: DecodingSession) throws -> Value {
        let rawValue: Value.RawValue
        do {
            rawValue = try raw.decode(value, session)
        } catch let error as MappingError {
            switch error.reason {
            case .typeMismatch:
                throw MappingError.typeMismatch(expected: "\(typeName) (\(raw.typeName) raw value)", found: value)
            case .nullForNonOptional:
                // Name the property's type, not its raw value's.
                throw MappingError(.nullForNonOptional(expected: typeName), path: error.path)
            default:
                throw error
            }
        }
        guard let result = Value(rawValue: rawValue) else {
            let error = MappingError.invalidValue(expected: typeName, found: value, detail: "not a raw value of \(typeName)")
            guard hasUnknownCase, let unknownCase = Self.unknownCase() else { throw error }
            session.relaxed(error)
            return unknownCase
        }
        return result
    }

    func encode(_ value: Value, _ session: EncodingSession) throws -> Any {
        try raw.encode(value.rawValue, session)
    }
}
