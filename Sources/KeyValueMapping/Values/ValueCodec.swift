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

    /// `true` for optionals: JSON `null` is a value of the type (`nil`), not an error.
    var acceptsNull: Bool { get }

    /// `true` when `values` is already JSON-compatible exactly as it is, so an array (or a
    /// dictionary) of them can be emitted without converting element by element.
    func passesThrough(_ values: [Value]) -> Bool

    /// `true` when every value of this type is JSON-compatible as it is (Int, String, Bool).
    var alwaysPassesThrough: Bool { get }

    /// ``passesThrough(_:)`` for every inner array: one call per nesting level instead of one
    /// existential call per inner array (canada.json has 55,000 two-element arrays).
    func passesThroughNested(_ values: [[Value]]) -> Bool

    /// Decodes every element of a JSON array; an element's error carries its index. When
    /// `skipping`, an element that fails (with an error about its value) is dropped instead.
    func decodeArray(_ array: [Any], _ session: DecodingSession, skipping: Bool) throws -> [Value]

    /// Converts one value of a parsed JSON document (the bytes path).
    func decode(json: JSONValue, _ session: DecodingSession) throws -> Value

    /// ``decodeArray(_:_:skipping:)`` for the elements of a parsed JSON array.
    func decodeArray(json array: [JSONValue], _ session: DecodingSession, skipping: Bool) throws -> [Value]

    /// Reads one value straight from the JSON reader (the streaming bytes path).
    func decode(reader: inout JSONReader, _ session: DecodingSession) throws -> Value

    /// Writes the value straight into the JSON writer (the bytes path for encoding).
    func encode(_ value: Value, to writer: inout JSONWriter, _ session: EncodingSession) throws
}

extension ValueCodec {
    func isNil(_ value: Value) -> Bool { false }
    var acceptsNull: Bool { false }
    func passesThrough(_ values: [Value]) -> Bool { alwaysPassesThrough }
    var alwaysPassesThrough: Bool { false }

    func passesThroughNested(_ values: [[Value]]) -> Bool {
        for index in 0..<values.count where !passesThrough(values[index]) { return false }
        return true
    }

    // A requirement with a default in the same module is specialised for each concrete codec,
    // so arrays of scalars decode in a tight loop without generic metadata lookups.
    func decodeArray(_ array: [Any], _ session: DecodingSession, skipping: Bool) throws -> [Value] {
        var result: [Value] = []
        result.reserveCapacity(array.count)
        for index in array.indices {
            do {
                result.append(try session.withElementPath(.index(index), dropsFailures: skipping) { try decode(array[index], session) })
            } catch let error as MappingError {
                try session.dropElement(error.prepending(.index(index)), skipping: skipping)
            }
        }
        return result
    }

    // Scalars convert through the plain Swift value (cheap for a scalar), which also keeps
    // every message identical to the dictionary path's; containers and models override this.
    func decode(json: JSONValue, _ session: DecodingSession) throws -> Value {
        try decode(session.foundationValue(of: json), session)
    }

    func decodeArray(json array: [JSONValue], _ session: DecodingSession, skipping: Bool) throws -> [Value] {
        var result: [Value] = []
        result.reserveCapacity(array.count)
        for index in array.indices {
            do {
                result.append(try session.withElementPath(.index(index), dropsFailures: skipping) { try decode(json: array[index], session) })
            } catch let error as MappingError {
                try session.dropElement(error.prepending(.index(index)), skipping: skipping)
            }
        }
        return result
    }
}

/// Counts nesting against a limit and watches the thread's stack; shared by the decoding and
/// encoding sessions.
protocol NestingSession: AnyObject {
    var depth: Int { get set }
    var maximumDepth: Int { get }
    /// The calling thread's stack limit (``StackBounds/currentLimit()``), taken when the session
    /// was made: a session never leaves the thread of its call.
    var stackLimit: UInt { get }
    /// Objects being walked further up the path (class models being encoded, Foundation
    /// containers), to report a cycle instead of recursing forever.
    var activeObjects: [ObjectIdentifier] { get set }
}

extension NestingSession {
    /// Enters one level of nesting, throwing past the configured depth or when the thread's
    /// stack could not hold another level. Every recursive step of every direction (models,
    /// arrays, sets, dictionaries, `Any` containers) comes through here, so no input and no
    /// `maximumDepth` can overflow the stack.
    @inline(__always)
    func enter() throws {
        // Checked before counting: a level that is refused is not entered, so a caller that
        // carries on after the error (lenient decoding) keeps the right depth.
        if depth >= maximumDepth {
            throw MappingError(.depthLimitExceeded(limit: maximumDepth))
        }
        try checkStack()
        depth += 1
    }

    @inline(__always)
    func leave() { depth -= 1 }

    /// Throws `stackExhausted` when the thread's stack could not hold another level: for
    /// recursive walks that do not count depth (writing an already encoded value).
    @inline(__always)
    func checkStack() throws {
        if StackBounds.isExhausted(below: stackLimit) {
            throw MappingError(.stackExhausted(depth: depth + 1))
        }
    }

    /// Throws `stackExhausted` unless `bytes` more than the usual reserve are left: for a level
    /// whose leaf work grows with the depth.
    @inline(__always)
    func checkStack(reserving bytes: Int) throws {
        if stackLimit != 0, StackBounds.isExhausted(below: stackLimit + UInt(bytes)) {
            throw MappingError(.stackExhausted(depth: depth + 1))
        }
    }
}
