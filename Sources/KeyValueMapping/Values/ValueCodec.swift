import Foundation

/// Converts JSON values (as `Any`) to one Swift type and back. Built once per property type
/// when a model's metadata is built; shared read-only between threads afterwards.
protocol ValueCodec<Value>: Sendable {
    associatedtype Value

    /// The Swift type's name for messages (`Int`, `[User]`, `String?`).
    var typeName: String { get }

    /// Converts one JSON value; throws a ``MappingError`` whose path is relative to the value.
    func decode(_ value: Any, _ session: DecodingSession) throws -> Value

    /// Converts back to a JSON-compatible value.
    func encode(_ value: Value, _ session: EncodingSession) throws -> Any

    /// `true` when `value` is an absent optional, which a property may omit when encoding.
    func isNil(_ value: Value) -> Bool

    /// `true` when `values` is already JSON-compatible exactly as it is, so an array (or a
    /// dictionary) of them can be emitted without converting element by element.
    func passesThrough(_ values: [Value]) -> Bool

    /// `true` when every value of this type is JSON-compatible as it is (Int, String, Bool).
    var alwaysPassesThrough: Bool { get }

    /// ``passesThrough(_:)`` for every inner array: one call per nesting level instead of one
    /// existential call per inner array (canada.json has 55,000 two-element arrays).
    func passesThroughNested(_ values: [[Value]]) -> Bool

    /// Decodes every element of a JSON array; an element's error carries its index.
    func decodeArray(_ array: [Any], _ session: DecodingSession) throws -> [Value]

    /// Converts one value of a parsed JSON document (the bytes path).
    func decode(json: JSONValue, _ session: DecodingSession) throws -> Value

    /// ``decodeArray(_:_:)`` for the elements of a parsed JSON array.
    func decodeArray(json array: [JSONValue], _ session: DecodingSession) throws -> [Value]

    /// Reads one value straight from the JSON reader (the streaming bytes path).
    func decode(reader: inout JSONReader, _ session: DecodingSession) throws -> Value

    /// Writes the value straight into the JSON writer (the bytes path for encoding).
    func encode(_ value: Value, to writer: inout JSONWriter, _ session: EncodingSession) throws
}

extension ValueCodec {
    func isNil(_ value: Value) -> Bool { false }
    func passesThrough(_ values: [Value]) -> Bool { alwaysPassesThrough }
    var alwaysPassesThrough: Bool { false }

    func passesThroughNested(_ values: [[Value]]) -> Bool {
        for index in 0..<values.count where !passesThrough(values[index]) { return false }
        return true
    }

    // A requirement with a default in the same module is specialised for each concrete codec,
    // so arrays of scalars decode in a tight loop without generic metadata lookups.
    func decodeArray(_ array: [Any], _ session: DecodingSession) throws -> [Value] {
        var result: [Value] = []
        result.reserveCapacity(array.count)
        for index in array.indices {
            do {
                result.append(try session.withPath(.index(index)) { try decode(array[index], session) })
            } catch let error as MappingError {
                throw error.prepending(.index(index))
            }
        }
        return result
    }

    // Scalars convert through the plain Swift value (cheap for a scalar), which also keeps
    // every message identical to the dictionary path's; containers and models override this.
    func decode(json: JSONValue, _ session: DecodingSession) throws -> Value {
        try decode(json.foundationValue(), session)
    }

    func decodeArray(json array: [JSONValue], _ session: DecodingSession) throws -> [Value] {
        var result: [Value] = []
        result.reserveCapacity(array.count)
        for index in array.indices {
            do {
                result.append(try session.withPath(.index(index)) { try decode(json: array[index], session) })
            } catch let error as MappingError {
                throw error.prepending(.index(index))
            }
        }
        return result
    }
}

/// Counts nesting against a limit; shared by the decoding and encoding sessions.
protocol NestingSession: AnyObject {
    var depth: Int { get set }
    var maximumDepth: Int { get }
    /// Objects being walked further up the path (class models being encoded, Foundation
    /// containers), to report a cycle instead of recursing forever.
    var activeObjects: [ObjectIdentifier] { get set }
}

extension NestingSession {
    /// Enters one level of nesting, throwing past the configured limit.
    @inline(__always)
    func enter() throws {
        depth += 1
        if depth > maximumDepth {
            throw MappingError(.depthLimitExceeded(limit: maximumDepth))
        }
    }

    @inline(__always)
    func leave() { depth -= 1 }
}

/// Options and running state of one decode; created per call, never shared.
// A session never leaves the thread of its decode call, so the dynamic exclusivity checks Swift
// would run on every access to its counters are switched off.
final class DecodingSession: NestingSession {
    let options: KeyValueDecoder
    let isStrict: Bool
    let keyStyle: NamingStyle
    @exclusivity(unchecked) var depth = 0
    @exclusivity(unchecked) var activeObjects: [ObjectIdentifier] = []
    /// Lenient mode only: the errors skipped so far, and the path to the value being decoded
    /// (lenient errors are recorded where they happen, so the full path must be known there).
    let isLenient: Bool
    @exclusivity(unchecked) private(set) var skipped: [MappingError] = []
    @exclusivity(unchecked) private var path: [MappingError.PathComponent] = []
    @exclusivity(unchecked) private var keyTables: [ObjectIdentifier: [ResolvedKey]] = [:]
    /// URLs parsed so far in this decode (see ``TextMemo``).
    @exclusivity(unchecked) var urls = TextMemo<URL>(limit: 1024)

    init(options: KeyValueDecoder, lenient: Bool = false) {
        self.options = options
        isStrict = options.coercion == .strict
        keyStyle = options.keyNamingStyle
        isLenient = lenient
    }

    /// Runs `body` with `component` appended to the lenient-mode path.
    @inline(__always)
    func withPath<R>(_ component: MappingError.PathComponent, _ body: () throws -> R) rethrows -> R {
        guard isLenient else { return try body() }
        path.append(component)
        defer { path.removeLast() }
        return try body()
    }

    /// Runs `body` with `components` appended to the lenient-mode path.
    @inline(__always)
    func withPath<R>(_ components: [MappingError.PathComponent], _ body: () throws -> R) rethrows -> R {
        guard isLenient else { return try body() }
        path.append(contentsOf: components)
        defer { path.removeLast(components.count) }
        return try body()
    }

    /// Records an error (whose path is relative to the current position) and carries on.
    func skip(_ error: MappingError) {
        skipped.append(error.prepending(path))
    }

    /// The decode keys of `metadata` under this decoder's naming style, computed once per decode.
    func keys<Model>(for metadata: ModelMetadata<Model>) -> [ResolvedKey] {
        let identifier = ObjectIdentifier(metadata)
        if let table = keyTables[identifier] { return table }
        let table = metadata.keys(of: metadata.decodedProperties, style: keyStyle)
        keyTables[identifier] = table
        return table
    }

    var maximumDepth: Int { options.maximumDepth }
}

/// Options and running state of one encode; created per call, never shared.
final class EncodingSession: NestingSession {
    let options: KeyValueEncoder
    let keyStyle: NamingStyle
    @exclusivity(unchecked) var depth = 0
    /// Class instances whose encoding is in progress, to report cycles instead of recursing forever.
    @exclusivity(unchecked) var activeObjects: [ObjectIdentifier] = []

    init(options: KeyValueEncoder, sortedKeys: Bool = false) {
        self.options = options
        self.sortedKeys = sortedKeys
        keyStyle = options.keyNamingStyle
        omitsNil = options.nilEncoding == .omit
    }

    let omitsNil: Bool
    /// The bytes path only: write object keys in UTF-8 order.
    let sortedKeys: Bool

    var maximumDepth: Int { options.maximumDepth }

    /// Marks `object` as being encoded; throws if it already is (a cycle).
    func beginObject(_ object: AnyObject) throws {
        let identifier = ObjectIdentifier(object)
        if activeObjects.contains(identifier) {
            throw MappingError(.cycle(type: String(reflecting: type(of: object))))
        }
        activeObjects.append(identifier)
    }

    func endObject() {
        activeObjects.removeLast()
    }
}
