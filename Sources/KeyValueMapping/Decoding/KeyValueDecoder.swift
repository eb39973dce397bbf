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
    /// The deepest nesting of models and containers accepted before a `depthLimitExceeded`
    /// error. Default: 512.
    public var maximumDepth = 512

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

    /// Merges `dictionary` into `model`: present keys are decoded, absent keys keep their values.
    public func update<Model: Mappable>(_ model: inout Model, from dictionary: [String: Any]) throws {
        let metadata = try ModelMetadata.of(Model.self)
        let session = DecodingSession(options: self)
        try session.enter()
        try metadata.decode(dictionary, into: &model, session)
    }
}
