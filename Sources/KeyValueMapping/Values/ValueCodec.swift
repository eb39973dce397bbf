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
}

extension ValueCodec {
    func isNil(_ value: Value) -> Bool { false }
}

/// Options and running state of one decode; created per call, never shared.
final class DecodingSession {
    let options: KeyValueDecoder
    var depth = 0

    init(options: KeyValueDecoder) {
        self.options = options
    }

    var isStrict: Bool { options.coercion == .strict }

    /// Enters one level of nesting, throwing past the configured limit.
    @inline(__always)
    func enter() throws {
        depth += 1
        if depth > options.maximumDepth {
            throw MappingError(.depthLimitExceeded(limit: options.maximumDepth))
        }
    }

    @inline(__always)
    func leave() { depth -= 1 }
}

/// Options and running state of one encode; created per call, never shared.
final class EncodingSession {
    let options: KeyValueEncoder
    var depth = 0
    /// Class instances whose encoding is in progress, to report cycles instead of recursing forever.
    private var activeObjects: [ObjectIdentifier] = []

    init(options: KeyValueEncoder) {
        self.options = options
    }

    var omitsNil: Bool { options.nilEncoding == .omit }

    @inline(__always)
    func enter() throws {
        depth += 1
        if depth > options.maximumDepth {
            throw MappingError(.depthLimitExceeded(limit: options.maximumDepth))
        }
    }

    @inline(__always)
    func leave() { depth -= 1 }

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
