import Foundation

/// Converts JSON values to one Swift type and back. Built once per property type when a
/// model's metadata is built; shared read-only between threads afterwards.
///
/// Decoding is written once, against the source abstraction (``DecodingSource``): each codec
/// takes its fast path where the source offers it (an integer literal read where it lies, a
/// text compared as bytes) and otherwise judges the value the source gives, so a value reads
/// alike from bytes, a tree or Foundation values, and fails with the same words.
///
/// Every codec also describes itself to the views that ask about values without decoding
/// them: its JSON Schema (``SchemaDescribing``) and the JSON kind a foreign `Decoder` is asked
/// for first (``CodableHinting``). Both are requirements, so a new codec that forgets one does
/// not compile, rather than being described as any value.
protocol ValueCodec<Value>: Sendable, SchemaDescribing, CodableHinting {
    associatedtype Value

    /// The Swift type's name for messages (`Int`, `[User]`, `String?`).
    var typeName: String { get }

    /// Reads the value at `source`'s cursor; throws a ``MappingError`` whose path is relative
    /// to the value. Codecs pre-specialise it for the sources (see `DecodingSource`).
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Value

    /// Converts back to a JSON-compatible value.
    func encode(_ value: Value, _ session: EncodingSession) throws -> Any

    /// Writes the value straight into the JSON writer (the bytes path for encoding).
    func encode(_ value: Value, to writer: inout JSONWriter, _ session: EncodingSession) throws

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
