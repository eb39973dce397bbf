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
        /// ISO 8601 text (with a time zone, a fraction of any length, or a date alone as
        /// midnight UTC), or a number of seconds since 1970. The default.
        case iso8601OrSecondsSince1970
        /// ISO 8601 text only. Up to nine fraction digits are read as
        /// `Date(timeIntervalSince1970:)` reads that number of seconds; more name the Date
        /// nearest the instant (the encoder writes those for Dates no Double since 1970 reaches).
        case iso8601
        /// A number of seconds since 1970-01-01T00:00:00Z, read as `Date(timeIntervalSince1970:)`.
        case secondsSince1970
        /// A number of milliseconds since 1970-01-01T00:00:00Z, whole or fractional, read as
        /// `Date(timeIntervalSince1970: milliseconds / 1000)`.
        case millisecondsSince1970
        /// Your own conversion; a thrown error is reported at the property's key path.
        case custom(@Sendable (Any) throws -> Date)
    }

    /// What `null` means for a property that is not optional.
    public enum NullDecodingStrategy: Sendable, Equatable {
        /// `null` into a non-optional property is an error: `expected Int, found null`. The default.
        case reject
        /// `null` keeps the prototype's value, as a missing key does. An optional property still
        /// becomes `nil`, and a `null` element of a collection is still an invalid element.
        case useDefault
    }

    /// What a key that is absent from the payload means.
    public enum MissingKeyStrategy: Sendable, Equatable {
        /// The property keeps the prototype's value. The default.
        case useDefault
        /// A missing key of a non-optional property is an error (as if every such property were
        /// declared with ``MappingRules/require(_:)-(String...)``); optional properties may still be absent.
        /// ``KeyValueDecoder/update(_:from:)`` never applies it.
        case reject
    }

    /// What a payload key that no property reads means.
    public enum UnknownKeyStrategy: Sendable, Equatable {
        /// It is ignored. The default.
        case ignore
        /// It is an error naming the key (`user.emial: unknown key (User has no property reading
        /// it)`), unless the type exempts it with ``MappingRules/allowUnknownKeys(_:)``.
        case reject
    }

    /// What an element of an array, set or dictionary that cannot be decoded means.
    public enum InvalidElementStrategy: Sendable, Equatable {
        /// The whole collection fails with the element's error. The default.
        case reject
        /// The element is dropped (and listed in `decodeLeniently`'s `skipped`); a stream leaves
        /// it out and goes on.
        case skip
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
    /// `null` for non-optional properties. Default: ``NullDecodingStrategy/reject``;
    /// ``MappingRules/useDefaultForNull(_:)-(String...)`` relaxes it per property.
    public var nullDecoding: NullDecodingStrategy = .reject
    /// Missing keys. Default: ``MissingKeyStrategy/useDefault``.
    public var missingKeys: MissingKeyStrategy = .useDefault
    /// Payload keys that no property reads. Default: ``UnknownKeyStrategy/ignore``.
    public var unknownKeys: UnknownKeyStrategy = .ignore
    /// Elements of arrays, sets and dictionaries that cannot be decoded, and elements of the
    /// streams (`models(of:…)`, `decode(_:fromJSONLines:)`). Default:
    /// ``InvalidElementStrategy/reject``; ``MappingRules/skipInvalidElements(_:)-(String...)`` relaxes it
    /// per property.
    public var invalidElements: InvalidElementStrategy = .reject

    /// How JSON bytes are read by the `fromJSON:` entry points: depth limit (default 512,
    /// counted from the document's root however the model is decoded, and applied to the whole
    /// document before ``maximumDepth``), duplicate keys (default: the last wins), byte order
    /// mark (default: rejected).
    public var jsonReading = JSONReadingOptions()

    /// A decoder with the default options.
    public init() {}

    /// Decodes a model from a JSON dictionary.
    public func decode<Model: KeyValueModel>(_ type: Model.Type, from dictionary: [String: Any]) throws -> Model {
        var source = FoundationSource(dictionary)
        return try ModelMetadata.of(Model.self).makeModel(from: &source, DecodingSession(options: self))
    }

    /// Decodes an array of models from a JSON array; an element's error carries its index.
    public func decode<Model: KeyValueModel>(_ type: [Model].Type, from array: [Any]) throws -> [Model] {
        var source = FoundationSource(array)
        return try ArrayCodec(element: ModelCodec(metadata: try ModelMetadata.of(Model.self))).decode(from: &source, DecodingSession(options: self))
    }

    /// Decodes a dictionary whose values are models (`["ada": [...], "bob": [...]]`); an element's
    /// error carries its key, and ``invalidElements`` applies to it.
    public func decode<Model: KeyValueModel>(_ type: [String: Model].Type, from dictionary: [String: Any]) throws -> [String: Model] {
        var source = FoundationSource(dictionary)
        let codec = DictionaryCodec(key: StringKeys(), element: ModelCodec(metadata: try ModelMetadata.of(Model.self)))
        return try codec.decode(from: &source, DecodingSession(options: self))
    }

    /// Decodes a model from the value at `path` inside `dictionary`
    /// (`decoder.decode(User.self, from: response, at: "data.user")`); errors carry the full path.
    /// A path that does not parse is an ``MappingError/Reason/invalidArgument(_:)``; an absent
    /// one is a missing key at it.
    public func decode<Model: KeyValueModel>(_ type: Model.Type, from dictionary: [String: Any], at path: MappingKey) throws -> Model {
        let metadata = try ModelMetadata.of(Model.self)
        return try decode(at: path, in: dictionary, expected: String(describing: Model.self)) { source, session in
            try metadata.makeModel(from: &source, session)
        }
    }

    /// Decodes the array of models at `path` inside `dictionary` (`at: "data.users"`).
    public func decode<Model: KeyValueModel>(_ type: [Model].Type, from dictionary: [String: Any], at path: MappingKey) throws -> [Model] {
        let codec = ArrayCodec(element: ModelCodec(metadata: try ModelMetadata.of(Model.self)))
        return try decode(at: path, in: dictionary, expected: codec.typeName) { source, session in
            try codec.decode(from: &source, session)
        }
    }

    /// Decodes the dictionary of models at `path` inside `dictionary` (`at: "plugins"`).
    public func decode<Model: KeyValueModel>(_ type: [String: Model].Type, from dictionary: [String: Any], at path: MappingKey) throws -> [String: Model] {
        let codec = DictionaryCodec(key: StringKeys(), element: ModelCodec(metadata: try ModelMetadata.of(Model.self)))
        return try decode(at: path, in: dictionary, expected: codec.typeName) { source, session in
            try codec.decode(from: &source, session)
        }
    }

    /// Finds the value at `path` and decodes it with `body`, the path in front of its errors.
    private func decode<Value>(at path: MappingKey, in dictionary: [String: Any], expected: String,
                               _ body: (inout FoundationSource, DecodingSession) throws -> Value) throws -> Value {
        try path.checkArgument()
        guard let value = try ResolvedKey.lookup(path.components, in: dictionary) else {
            throw MappingError(.missingKey(expected: expected), path: path.components)
        }
        do {
            var source = FoundationSource(value)
            return try body(&source, DecodingSession(options: self))
        } catch let error as MappingError {
            throw error.prepending(path.components)
        }
    }

    /// Decodes leniently: a property that fails keeps its prototype value and its error is
    /// collected instead of thrown, along with every relaxation that changed a value the model
    /// holds. An error a fallback or an element drop takes in a plain decode is taken by it here
    /// too, so the model is the one `decode(_:from:)` gives whenever that succeeds. Only an
    /// unusable root (not a dictionary, a broken declaration, a failing `didDecode` of the root)
    /// still throws.
    public func decodeLeniently<Model: KeyValueModel>(_ type: Model.Type, from dictionary: [String: Any]) throws -> (model: Model, skipped: [MappingError]) {
        let session = DecodingSession(options: self, lenient: true)
        var source = FoundationSource(dictionary)
        let model = try ModelMetadata.of(Model.self).makeModel(from: &source, session)
        return (model, session.skipped)
    }

    /// Decodes an array of models leniently from a JSON array, as
    /// `decodeLeniently(_:fromJSON:)` does from bytes: a failing
    /// property keeps its prototype value, an element that fails as a whole is dropped, and
    /// everything skipped is listed with the element's index first.
    public func decodeLeniently<Model: KeyValueModel>(_ type: [Model].Type, from array: [Any]) throws -> (models: [Model], skipped: [MappingError]) {
        var codec = ArrayCodec(element: ModelCodec(metadata: try ModelMetadata.of(Model.self)))
        codec.dropsFailuresLeniently = true
        let session = DecodingSession(options: self, lenient: true)
        var source = FoundationSource(array)
        let models = try codec.decode(from: &source, session)
        return (models, session.skipped)
    }

    /// Decodes a dictionary of models leniently, as `decodeLeniently([Model].self, from:)` decodes
    /// an array: a member that fails as a whole is dropped, and everything skipped is listed with
    /// the member's key first, in UTF-8 key order (a dictionary has no order of its own).
    public func decodeLeniently<Model: KeyValueModel>(_ type: [String: Model].Type, from dictionary: [String: Any]) throws -> (models: [String: Model], skipped: [MappingError]) {
        var codec = DictionaryCodec(key: StringKeys(), element: ModelCodec(metadata: try ModelMetadata.of(Model.self)))
        codec.dropsFailuresLeniently = true
        let session = DecodingSession(options: self, lenient: true)
        var source = FoundationSource(dictionary)
        let models = try codec.decode(from: &source, session)
        return (models, session.skipped)
    }

    /// Merges `dictionary` into `model`: present keys are decoded, absent keys keep their values
    /// (`.require` does not apply: nothing is missing from a model that exists). A class instance
    /// is updated as its dynamic type: a `Circle` held as a `Shape` gets its radius.
    public func update<Model: KeyValueModel>(_ model: inout Model, from dictionary: [String: Any]) throws {
        var source = FoundationSource(dictionary)
        try ModelMetadata.of(Model.self).update(&model, from: &source, DecodingSession(options: self))
    }

    /// A copy of `model` with `dictionary` merged in, as ``update(_:from:)`` merges it; `model`
    /// is left as it is (a class instance is copied first, as its dynamic class).
    public func updating<Model: KeyValueModel>(_ model: Model, from dictionary: [String: Any]) throws -> Model {
        var copy = try ModelMetadata.of(Model.self).copy(of: model)
        try update(&copy, from: dictionary)
        return copy
    }
}
