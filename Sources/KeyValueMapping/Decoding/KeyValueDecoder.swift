import Foundation

/// Decodes `Mappable` models from JSON dictionaries, with options in the style of
/// Foundation's `JSONDecoder`. A decode takes an immutable snapshot of the options.
///
/// ```swift
/// var decoder = KeyValueDecoder()
/// decoder.coercion = .strict
/// let user = try decoder.decode(User.self, from: ["id": 1, "name": "Ada"])
/// ```
public struct KeyValueDecoder: Sendable {
    /// How values whose JSON type differs from the property's type are treated.
    public enum CoercionStrategy: Sendable, Equatable {
        /// Convert when nothing is lost: `"12"`→`12`, `12`→`"12"`, `1.0`→`1`, `"true"`/`"yes"`/`1`→`true`.
        /// Never `1.5`→`1`, never an out-of-range number. The default.
        case lossless
        /// Exact JSON types only: numbers for numbers (still exact), text for text, booleans for `Bool`.
        case strict
    }

    /// How a `Date` property reads its JSON value.
    public enum DateDecodingStrategy: Sendable {
        /// ISO 8601 text (with a time zone, optional fraction, or a date alone as midnight UTC),
        /// or a number of seconds since 1970. The default.
        case iso8601OrSecondsSince1970
        /// ISO 8601 text only.
        case iso8601
        /// A number of seconds since 1970-01-01T00:00:00Z.
        case secondsSince1970
        /// A number of milliseconds since 1970-01-01T00:00:00Z.
        case millisecondsSince1970
        /// Your own conversion; a thrown error is reported at the property's key path.
        case custom(@Sendable (Any) throws -> Date)
    }

    /// Coercion between JSON types. Default: ``CoercionStrategy/lossless``.
    public var coercion: CoercionStrategy = .lossless
    /// Dates. Default: ``DateDecodingStrategy/iso8601OrSecondsSince1970``.
    public var dateDecoding: DateDecodingStrategy = .iso8601OrSecondsSince1970
    /// How property names become keys for types that declare no naming style of their own.
    /// Default: ``NamingStyle/asDeclared``.
    public var keyNamingStyle: NamingStyle = .asDeclared
    /// The deepest nesting of models and containers accepted before a `depthLimitExceeded`
    /// error. Default: 512.
    public var maximumDepth = 512

    /// How JSON bytes are read by the `fromJSON:` entry points: depth limit (default 512),
    /// duplicate keys (default: the last wins), byte order mark (default: rejected).
    public var jsonReading = JSONReadingOptions()

    /// What a decode does with an element of a collection that fails to decode.
    public enum InvalidElementStrategy: Sendable, Equatable {
        /// The decode fails with the element's error. The default.
        case reject
        /// The element is left out and the decode goes on.
        case skip
    }

    /// Elements that fail to decode: the streams (`models(of:…)`, `decode(_:fromJSONLines:)`)
    /// leave them out with `.skip`. Default: ``InvalidElementStrategy/reject``.
    public var invalidElements: InvalidElementStrategy = .reject

    /// A decoder with the default options.
    public init() {}

    /// Decodes a model from a JSON dictionary.
    public func decode<Model: Mappable>(_ type: Model.Type, from dictionary: [String: Any]) throws -> Model {
        let metadata = try ModelMetadata.of(Model.self)
        let session = DecodingSession(options: self)
        try session.enter()
        return try metadata.makeModel(from: dictionary, session)
    }

    /// Decodes an array of models from a JSON array; an element's error carries its index.
    public func decode<Model: Mappable>(_ type: [Model].Type, from array: [Any]) throws -> [Model] {
        let codec = ArrayCodec(element: ModelCodec(metadata: try ModelMetadata.of(Model.self)))
        return try codec.decodeElements(array, DecodingSession(options: self))
    }

    /// Decodes a model from the value at `path` inside `dictionary`
    /// (`decoder.decode(User.self, from: response, at: "data.user")`); errors carry the full path.
    public func decode<Model: Mappable>(_ type: Model.Type, from dictionary: [String: Any], at path: MappingKey) throws -> Model {
        let metadata = try ModelMetadata.of(Model.self)
        let session = DecodingSession(options: self)
        guard let (value, components) = try ResolvedKey.path(path.components).lookup(in: dictionary) else {
            throw MappingError(.missingKey(expected: String(describing: Model.self)), path: path.components)
        }
        do {
            return try ModelCodec(metadata: metadata).decode(value, session)
        } catch let error as MappingError {
            throw error.prepending(components)
        }
    }

    /// Decodes leniently: a property that fails keeps its prototype value and its error is
    /// collected instead of thrown. Only an unusable root (not a dictionary, a broken
    /// declaration, a failing `didDecode` of the root) still throws.
    public func decodeLeniently<Model: Mappable>(_ type: Model.Type, from dictionary: [String: Any]) throws -> (model: Model, skipped: [MappingError]) {
        let metadata = try ModelMetadata.of(Model.self)
        let session = DecodingSession(options: self, lenient: true)
        try session.enter()
        let model = try metadata.makeModel(from: dictionary, session)
        return (model, session.skipped)
    }

    /// Merges `dictionary` into `model`: present keys are decoded, absent keys keep their values.
    public func update<Model: Mappable>(_ model: inout Model, from dictionary: [String: Any]) throws {
        let metadata = try ModelMetadata.of(Model.self)
        let session = DecodingSession(options: self)
        try session.enter()
        try metadata.decode(dictionary, into: &model, session)
    }
}
