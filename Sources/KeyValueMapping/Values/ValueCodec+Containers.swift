import Foundation

/// `Optional` seen through a protocol, so that ``OptionalCodec`` can be generic over the
/// optional type itself. In unspecialised code a generic parameter's metadata is at hand, while
/// reaching `Wrapped?` from `Wrapped` is a runtime metadata lookup (hashing, atomics) each time
/// a value is unwrapped.
protocol OptionalValue {
    associatedtype Wrapped
    // Decoding runs inside `Optional`, where the wrapped codec's result is built in place as
    // `Self`; wrapping it afterwards (`init(_:)` or a closure) costs a move per value.
    /// `nil` for JSON `null`, else `codec`'s value read from `source`.
    static func decoded<Source: DecodingSource>(from source: inout Source, by codec: any ValueCodec<Wrapped>, _ session: DecodingSession) throws -> Self
    /// Whether this is `nil`.
    var isNone: Bool { get }
    /// Calls `body` with the wrapped value and returns `true`, or returns `false` for `nil`.
    func withWrapped(_ body: (Wrapped) throws -> Void) rethrows -> Bool
}

extension Optional: OptionalValue {
    @_specialize(exported: false, kind: partial, where Source == JSONReader)
    @_specialize(exported: false, kind: partial, where Source == FoundationSource)
    @_specialize(exported: false, kind: partial, where Source == TreeSource)
    static func decoded<Source: DecodingSource>(from source: inout Source, by codec: any ValueCodec<Wrapped>,
                                                _ session: DecodingSession) throws -> Wrapped? {
        if try source.readNull() { return nil }
        return try codec.decode(from: &source, session)
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

    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Value {
        try Value.decoded(from: &source, by: wrapped, session)
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
    /// ``MappingRules/skipInvalidElements(_:)-(String...)`` rule.
    var skipsInvalidElements = false
    /// Whether, in lenient mode, an element that fails (one lenient decoding cannot mend inside
    /// it, such as a number where a model's object should be) is dropped and listed: the top-level
    /// array of `decodeLeniently([Model].self, …)`, which has no prototype to keep. An array
    /// property instead fails as a whole, and its property keeps its prototype value.
    var dropsFailuresLeniently = false

    var typeName: String { "[\(element.typeName)]" }

    /// The one element loop: every array, set and stream of elements reads through it. An
    /// element that fails is dropped (and skipped over) when the invalid-element policy says
    /// so; otherwise its error, with its index, is the array's.
    // Fully specialised for the usual elements as well: an array's element type is only known
    // at run time, and the generic loop looks up `[Element]`'s metadata on every call.
    @_specialize(exported: false, where Element == String, Source == JSONReader)
    @_specialize(exported: false, where Element == String, Source == FoundationSource)
    @_specialize(exported: false, where Element == String, Source == TreeSource)
    @_specialize(exported: false, where Element == Int, Source == JSONReader)
    @_specialize(exported: false, where Element == Int, Source == FoundationSource)
    @_specialize(exported: false, where Element == Int, Source == TreeSource)
    @_specialize(exported: false, where Element == Double, Source == JSONReader)
    @_specialize(exported: false, where Element == Double, Source == FoundationSource)
    @_specialize(exported: false, where Element == Double, Source == TreeSource)
    @_specialize(exported: false, kind: partial, where Source == JSONReader)
    @_specialize(exported: false, kind: partial, where Source == FoundationSource)
    @_specialize(exported: false, kind: partial, where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> [Element] {
        guard var elements = try source.openArray(session) else {
            throw MappingError.typeMismatch(expected: typeName, found: try source.readScalarValue(session))
        }
        var result: [Element] = []
        // One allocation for the usual array instead of growing 1, 2, 4.
        result.reserveCapacity(source.capacity(of: elements))
        var index = 0
        // No `defer` and no closure here: either would be compiled once for every source.
        do {
            while try source.nextElement(&elements) {
                let mark = source.mark()
                let scope = session.enterElement(.index(index), dropsFailures: skipsInvalidElements)
                do {
                    result.append(try element.decode(from: &source, session))
                    session.exit(scope, failed: false)
                } catch {
                    session.exit(scope, failed: true)
                    guard let error = error as? MappingError else { throw error }
                    try session.dropElement(error.prepending(.index(index)), skipping: skipsInvalidElements, dropsLeniently: dropsFailuresLeniently)
                    try source.skipValue(from: mark)
                }
                index += 1
            }
        } catch {
            source.closeArray(elements, session)
            throw error
        }
        source.closeArray(elements, session)
        return result
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

/// `Set<Element>` from a JSON array (duplicates collapse). Written as an array in a fixed
/// order, so equal sets encode to equal bytes (a set's own order changes with its history and
/// the process's hash seed): sorted when the elements are `Comparable`, else by each element's
/// JSON text, each element encoded once.
struct SetCodec<Element: Hashable>: ValueCodec {
    let elements: ArrayCodec<Element>

    var typeName: String { "Set<\(elements.element.typeName)>" }

    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Set<Element> {
        Set(try elements.decode(from: &source, session))
    }

    func encode(_ value: Set<Element>, _ session: EncodingSession) throws -> Any {
        if let sorted = Self.sorted(value) { return try elements.encode(sorted, session) }
        try session.enter()
        defer { session.leave() }
        var written: [(value: Any, text: [UInt8])] = []
        written.reserveCapacity(value.count)
        for element in value {
            let encoded = try elements.element.encode(element, session)
            var writer = JSONWriter()
            try writer.writeValue(encoded, session)
            written.append((encoded, writer.bytes))
        }
        written.sort { $0.text.lexicographicallyPrecedes($1.text) }
        return written.map(\.value)
    }

    /// The elements in ascending order when they are `Comparable`, else `nil`.
    static func sorted(_ value: Set<Element>) -> [Element]? {
        guard let comparable = Element.self as? any Comparable.Type else { return nil }
        func sorted<Ordered: Comparable>(_ type: Ordered.Type) -> [Element]? {
            guard let ordered = Array(value) as? [Ordered] else { return nil }
            return ordered.sorted() as? [Element]
        }
        return sorted(comparable)
    }
}

/// Converts dictionary keys. JSON keys are always text: `String` keys map as they are; integer
/// keys (`[Int: V]`) and `RawRepresentable` keys parse from that text exactly and are written back
/// as text. A key that does not parse is an error at that key.
protocol KeyConverter<Key>: Sendable, KeySchemaDescribing {
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
    /// In lenient mode, whether a member that fails as a whole is dropped and listed: the
    /// top-level object of `decodeLeniently([String: Model].self, …)` (see ``ArrayCodec``'s).
    var dropsFailuresLeniently = false

    var typeName: String { "[\(key.typeName): \(element.typeName)]" }

    /// The members in the source's order; a `[String: Any]` has none of its own, so what is
    /// reported follows key order (UTF-8) there, never the order a hash seed happens to give. In
    /// lenient mode such a dictionary's members are read in that order, so relaxations are listed
    /// in it; otherwise they are read as they come and, once one has failed, the rest are still
    /// read (each once) to find the failure first in key order. In JSON text the first failure
    /// in payload order is the error. Members whose bytes repeat an earlier key follow the
    /// reader's duplicate-key policy (by default the last value wins); two texts that convert to
    /// one key are an error naming every spelling of it in the object.
    @_specialize(exported: false, where Key == String, Element == Int, Source == JSONReader)
    @_specialize(exported: false, where Key == String, Element == Int, Source == FoundationSource)
    @_specialize(exported: false, where Key == String, Element == Int, Source == TreeSource)
    @_specialize(exported: false, where Key == String, Element == String, Source == JSONReader)
    @_specialize(exported: false, where Key == String, Element == String, Source == FoundationSource)
    @_specialize(exported: false, where Key == String, Element == String, Source == TreeSource)
    @_specialize(exported: false, where Key == String, Element == Double, Source == JSONReader)
    @_specialize(exported: false, where Key == String, Element == Double, Source == FoundationSource)
    @_specialize(exported: false, where Key == String, Element == Double, Source == TreeSource)
    @_specialize(exported: false, where Key == String, Element == Any, Source == JSONReader)
    @_specialize(exported: false, where Key == String, Element == Any, Source == FoundationSource)
    @_specialize(exported: false, where Key == String, Element == Any, Source == TreeSource)
    @_specialize(exported: false, kind: partial, where Source == JSONReader)
    @_specialize(exported: false, kind: partial, where Source == FoundationSource)
    @_specialize(exported: false, kind: partial, where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> [Key: Element] {
        guard var members = try source.openObject(session, sorted: session.isLenient) else {
            throw MappingError.typeMismatch(expected: typeName, found: try source.readScalarValue(session))
        }
        do {
            let result = try decodeMembers(from: &source, &members, session)
            source.closeObject(members, session)
            return result
        } catch {
            source.closeObject(members, session)
            throw error
        }
    }

    @inline(__always)
    private func decodeMembers<Source: DecodingSource>(from source: inout Source, _ members: inout SourceContainer,
                                                       _ session: DecodingSession) throws -> [Key: Element] {
        let ordered = source.hasOrder(members)
        // Members go straight into the dictionary (no list of pairs to allocate first); a
        // larger one grows by doubling, which ends at the table size a known count would get.
        var result = [Key: Element](minimumCapacity: Self.initialCapacity)
        var position = 0
        // Each failing member's error, under its text: a key repeated in JSON text replaces
        // its earlier occurrence's failure (or clears it), since the last value wins.
        var failures: [(position: Int, text: String, error: MappingError)] = []
        var collisions: [(position: Int, key: Key)] = []
        // The spellings of the keys two texts gave: for `String` keys, gathered as they come;
        // for other keys, every text (an earlier spelling is found among them).
        var spellings: [String] = []
        // Lenient, in JSON text: what each key's members listed is ranked by the key, so that a
        // key read again replaces what its earlier member listed (only the last one counts).
        let listsByKey = session.isLenient && ordered
        let firstListed = listsByKey ? session.skipped.count : 0
        var keyRanks: [String: Int] = [:]
        while let text = try source.nextKey(&members) {
            position += 1
            let listed: Int
            if listsByKey {
                if let rank = keyRanks[text] { session.removeListed(from: firstListed, rank: rank) }
                listed = session.skipped.count
            } else {
                listed = 0
            }
            if Key.self != String.self { spellings.append(text) }
            if ordered, !collisions.isEmpty {
                // The first collision in payload order is known: the rest only name the spellings.
                if Key.self == String.self, let parsed = key.parse(text), collisions.contains(where: { $0.key == parsed }) { spellings.append(text) }
                try source.skipValue(from: source.mark())
                continue
            }
            let mark = source.mark()
            if !failures.isEmpty { failures.removeAll { ByteInput.sameUTF8($0.text, text) } }
            do {
                if let (parsed, earlier) = try decodeMember(text, from: &source, into: &result, spellings: spellings, session) {
                    collisions.append((position, parsed))
                    if Key.self == String.self { spellings += [earlier, text] }
                }
            } catch let error as MappingError {
                guard error.isRelaxable else { throw error }
                try source.skipValue(from: mark)
                failures.append((position, text, error))
            }
            if listsByKey {
                let rank = keyRanks[text] ?? position
                keyRanks[text] = rank
                session.rank(from: listed, as: rank)
            }
        }
        var errors = collisions.map { ($0.position, collision(at: $0.key, among: spellings)) }
        errors += failures.map { ($0.position, $0.error) }
        if ordered, let first = errors.min(by: { $0.0 < $1.0 }) { throw first.1 }
        if let first = errors.map(\.1).reduce(nil, { $1.earlierInKeyOrder(than: $0) }) { throw first }
        return result
    }

    /// Room made before the first member: most dictionaries in payloads are this small, and
    /// one holding this many takes its smallest table either way.
    static var initialCapacity: Int { 3 }

    /// Converts one member into `result`, or drops it (the invalid-element policy). When `text`
    /// converts to a key another text gave ("07" and "7" into `[Int: V]`, or canonically
    /// equivalent text), keeping either value would lose the other: returns that key and the
    /// earlier text. The same text again is a repeated JSON key: the last value wins.
    @inline(__always)
    private func decodeMember<Source: DecodingSource>(_ text: String, from source: inout Source, into result: inout [Key: Element],
                                                      spellings: [String], _ session: DecodingSession) throws -> (Key, String)? {
        guard let parsed = key.parse(text) else {
            try session.dropElement(MappingError.invalidValue(expected: "\(key.typeName) key", found: text, detail: "the key does not convert").prepending(.key(text)),
                                    skipping: skipsInvalidElements)
            try source.skipValue(from: source.mark())
            return nil
        }
        let count = result.count
        let mark = source.mark()
        let scope = session.enterElement(.key(text), dropsFailures: skipsInvalidElements)
        do {
            result[parsed] = try element.decode(from: &source, session)
            session.exit(scope, failed: false)
        } catch {
            session.exit(scope, failed: true)
            guard let error = error as? MappingError else { throw error }
            try session.dropElement(error.prepending(.key(text)), skipping: skipsInvalidElements, dropsLeniently: dropsFailuresLeniently)
            try source.skipValue(from: mark)
            // A key repeated in JSON text: its last value decides, so a dropped one drops the key.
            result[parsed] = nil
            return nil
        }
        guard result.count == count else { return nil }
        let earlier = Key.self == String.self ? result.index(forKey: parsed).flatMap { result.keys[$0] as? String }
                                              : spellings.dropLast().first { key.parse($0) == parsed }
        if let earlier, ByteInput.sameUTF8(earlier, text) { return nil }
        return (parsed, earlier ?? text)
    }

    /// The error for JSON keys that convert to the same `Key`, named the same way whatever the
    /// members' order (a `[String: Any]` has none): at the second spelling in UTF-8 order,
    /// naming the first.
    private func collision(at parsed: Key, among texts: [String]) -> MappingError {
        var spellings: [String] = []
        for text in texts where key.parse(text) == parsed && !spellings.contains(where: { ByteInput.sameUTF8($0, text) }) { spellings.append(text) }
        spellings.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
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
    /// Whether cases are looked up by the bytes of their text (see ``CaseTexts``): only for
    /// `String` raw values, where the text is the raw value as it stands, and only for trivial
    /// types (enums without payloads), whose copies share nothing.
    let findsCasesByText: Bool
    /// Every case, for a `CaseIterable` enum; otherwise each decode learns the cases it meets.
    let cases: CaseTexts<Value>?
    /// Whether `Value` is ``UnknownCaseRepresentable`` (its case is read only when needed: a
    /// stored `Value` would not be `Sendable`).
    let hasUnknownCase: Bool

    init(raw: any ValueCodec<Value.RawValue>) {
        self.raw = raw
        findsCasesByText = Value.RawValue.self == String.self && _isPOD(Value.self)
        cases = findsCasesByText ? CaseTexts(listing: Value.self) : nil
        hasUnknownCase = Value.self is any UnknownCaseRepresentable.Type
    }

    private static func unknownCase() -> Value? {
        func unknown<Representable: UnknownCaseRepresentable>(_ type: Representable.Type) -> Any { Representable.unknownCase }
        guard let representable = Value.self as? any UnknownCaseRepresentable.Type else { return nil }
        return unknown(representable) as? Value
    }

    var typeName: String { String(describing: Value.self) }

    /// A case spelled in plain ASCII is looked up by its bytes where they lie (see
    /// ``CaseTexts``); any other text, and a text not listed yet, takes the general route, which
    /// converts it or reports it.
    @_specialize(exported: false, kind: partial, where Source == JSONReader)
    @_specialize(exported: false, kind: partial, where Source == FoundationSource)
    @_specialize(exported: false, kind: partial, where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Value {
        guard findsCasesByText, let bytes = try source.readPlainText() else {
            return try convert(try source.readScalarValue(session), session)
        }
        // No `??` and no comparison with `nil` on the optional table: both are generic over
        // it, and would look `Optional<CaseTexts<Value>>`'s metadata up on every call.
        let table: CaseTexts<Value>
        let isListed: Bool
        if let cases {
            table = cases
            isListed = true
        } else {
            table = session.caseTexts(for: Value.self)
            isListed = false
        }
        if let position = table.position(of: bytes) { return table.value(at: position) }
        return try learn(bytes, into: table, isListed: isListed, session)
    }

    /// A text the table does not list: converted, and listed for the rest of the decode. Kept
    /// out of `decode`, whose entry would otherwise look up the metadata of the optionals this
    /// needs (`Value?`, `RawValue?`) on every call, hit or miss.
    @inline(never)
    private func learn(_ bytes: ByteInput, into table: CaseTexts<Value>, isListed: Bool, _ session: DecodingSession) throws -> Value {
        let text = bytes.text
        // A listed table has every case: the text is none of them.
        guard !isListed, let rawValue = text as? Value.RawValue, let value = Value(rawValue: rawValue) else {
            return try convert(text, session)
        }
        table.add(value, bytes: bytes)
        return value
    }

    /// The case for `value` (a number as its literal, which the raw value's codec judges
    /// exactly), or the error naming `value` as it was given.
    func convert(_ value: Any, _ session: DecodingSession) throws -> Value {
        let rawValue: Value.RawValue
        do {
            var scalar = FoundationSource(value)
            rawValue = try raw.decode(from: &scalar, session)
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
