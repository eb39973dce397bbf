import Foundation

extension KeyValueDecoder {
    /// Decodes a model from JSON bytes (UTF-8: `Data`, `[UInt8]` or any collection of bytes),
    /// applying every decoder option. The bytes are read once by the library's strict reader
    /// and mapped straight into the model; no `[String: Any]` is built unless the model's rules
    /// declare a dictionary hook.
    public func decode<Model: KeyValueModel>(_ type: Model.Type, fromJSON bytes: some Collection<UInt8>) throws -> Model {
        let codec = ModelCodec(metadata: try ModelMetadata.of(Model.self))
        let session = DecodingSession(options: self)
        return try JSONBytes.decode(bytes, options: jsonReading, opening: UInt8(ascii: "{"), expected: Self.expectedObject(Model.self)) { reader in
            try codec.decode(from: &reader, session)
        }
    }

    /// What a model's bytes must hold, for the error when they hold something else.
    static func expectedObject<Model>(_ type: Model.Type) -> String {
        "a JSON object for \(Model.self)"
    }

    /// Decodes a top-level JSON object whose values are models (`{"ada": {...}, "bob": {...}}`);
    /// an element's error carries its key, and ``invalidElements`` applies to it.
    public func decode<Model: KeyValueModel>(_ type: [String: Model].Type, fromJSON bytes: some Collection<UInt8>) throws -> [String: Model] {
        let codec = DictionaryCodec(key: StringKeys(), element: ModelCodec(metadata: try ModelMetadata.of(Model.self)))
        let session = DecodingSession(options: self)
        return try JSONBytes.decode(bytes, options: jsonReading, opening: UInt8(ascii: "{"), expected: "a JSON object of \(Model.self)") { reader in
            try codec.decode(from: &reader, session)
        }
    }

    /// Decodes the model at `path` inside JSON bytes (`decoder.decode(User.self, fromJSON: data,
    /// at: "data.user")`, `at: "[0].actor"`), as ``decode(_:from:at:)->Model`` does for a dictionary;
    /// errors carry the full path. The document is read whole (strictly) and the model decoded
    /// from its parsed tree. A path that does not parse is an
    /// ``MappingError/Reason/invalidArgument(_:)``; an absent one is a missing key at it.
    public func decode<Model: KeyValueModel>(_ type: Model.Type, fromJSON bytes: some Collection<UInt8>, at path: MappingKey) throws -> Model {
        let metadata = try ModelMetadata.of(Model.self)
        return try decodeTree(bytes, at: path, expected: String(describing: Model.self)) { source, session in
            try metadata.makeModel(from: &source, session)
        }
    }

    /// Decodes the array of models at `path` inside JSON bytes (`at: "data.users"`); an
    /// element's error carries the full path and its index.
    public func decode<Model: KeyValueModel>(_ type: [Model].Type, fromJSON bytes: some Collection<UInt8>, at path: MappingKey) throws -> [Model] {
        let codec = ArrayCodec(element: ModelCodec(metadata: try ModelMetadata.of(Model.self)))
        return try decodeTree(bytes, at: path, expected: codec.typeName) { source, session in
            try codec.decode(from: &source, session)
        }
    }

    /// Decodes the JSON object of models at `path` inside JSON bytes (`at: "plugins"`); an
    /// element's error carries the full path and its key.
    public func decode<Model: KeyValueModel>(_ type: [String: Model].Type, fromJSON bytes: some Collection<UInt8>, at path: MappingKey) throws -> [String: Model] {
        let codec = DictionaryCodec(key: StringKeys(), element: ModelCodec(metadata: try ModelMetadata.of(Model.self)))
        return try decodeTree(bytes, at: path, expected: codec.typeName) { source, session in
            try codec.decode(from: &source, session)
        }
    }

    /// Reads the document whole, finds the value at `path` (whose first step says whether the
    /// top level is an object or an array) and decodes it with `body`, the path in front of its
    /// errors.
    private func decodeTree<Value>(_ bytes: some Collection<UInt8>, at path: MappingKey, expected: String,
                                   _ body: (inout TreeSource, DecodingSession) throws -> Value) throws -> Value {
        try path.checkArgument()
        let startsWithIndex = if case .index? = path.components.first { true } else { false }
        let container = startsWithIndex ? "array" : "object"
        return try JSONBytes.decodeTree(bytes, options: jsonReading, opening: UInt8(ascii: startsWithIndex ? "[" : "{"),
                                        expected: "a JSON \(container) containing \(path)") { value in
            guard let found = try ResolvedKey.lookup(path.components, in: value) else {
                throw MappingError(.missingKey(expected: expected), path: path.components)
            }
            do {
                var source = TreeSource(found)
                return try body(&source, DecodingSession(options: self))
            } catch let error as MappingError {
                throw error.prepending(path.components)
            }
        }
    }

    /// Decodes leniently from JSON bytes, as `decodeLeniently(_:from:)` does from a dictionary:
    /// a property that fails keeps its prototype value, and every error skipped and every
    /// relaxation used is listed in `skipped` with its key path; the model is the one
    /// `decode(_:fromJSON:)` gives whenever that succeeds. Malformed JSON, a top-level value
    /// that is not an object, a broken declaration or a failing `didDecode` of the root still
    /// throw. The bytes are read once, as `decode(_:fromJSON:)` reads them: a failing value is
    /// skipped where it lies, and nothing else is kept.
    public func decodeLeniently<Model: KeyValueModel>(_ type: Model.Type, fromJSON bytes: some Collection<UInt8>) throws -> (model: Model, skipped: [MappingError]) {
        let codec = ModelCodec(metadata: try ModelMetadata.of(Model.self))
        let session = DecodingSession(options: self, lenient: true)
        let model = try JSONBytes.decode(bytes, options: jsonReading, opening: UInt8(ascii: "{"), expected: Self.expectedObject(Model.self)) { reader in
            try codec.decode(from: &reader, session)
        }
        return (model, session.skipped)
    }

    /// Decodes an array of models leniently from JSON bytes holding a top-level array: within
    /// each element, as `decodeLeniently(_:fromJSON:)` decodes one model (a failing property
    /// keeps its prototype value); an element that fails as a whole (not an object, a failing
    /// `didDecode`) is dropped. Everything skipped is listed with the element's index first
    /// (`[3].retweet_count: …`). Malformed JSON and a top level that is not an array still throw.
    public func decodeLeniently<Model: KeyValueModel>(_ type: [Model].Type, fromJSON bytes: some Collection<UInt8>) throws -> (models: [Model], skipped: [MappingError]) {
        var codec = ArrayCodec(element: ModelCodec(metadata: try ModelMetadata.of(Model.self)))
        codec.dropsFailuresLeniently = true
        let session = DecodingSession(options: self, lenient: true)
        let models = try JSONBytes.decode(bytes, options: jsonReading, opening: UInt8(ascii: "["), expected: "a JSON array of \(Model.self)") { reader in
            try codec.decode(from: &reader, session)
        }
        return (models, session.skipped)
    }

    /// Decodes a JSON object of models leniently from JSON bytes, as
    /// `decodeLeniently([Model].self, fromJSON:)` decodes an array: a member that fails as a whole
    /// is dropped, and everything skipped is listed with the member's key first
    /// (`ada.age: …`), in payload order.
    public func decodeLeniently<Model: KeyValueModel>(_ type: [String: Model].Type, fromJSON bytes: some Collection<UInt8>) throws -> (models: [String: Model], skipped: [MappingError]) {
        var codec = DictionaryCodec(key: StringKeys(), element: ModelCodec(metadata: try ModelMetadata.of(Model.self)))
        codec.dropsFailuresLeniently = true
        let session = DecodingSession(options: self, lenient: true)
        let models = try JSONBytes.decode(bytes, options: jsonReading, opening: UInt8(ascii: "{"), expected: "a JSON object of \(Model.self)") { reader in
            try codec.decode(from: &reader, session)
        }
        return (models, session.skipped)
    }

    /// Decodes a model from JSON bytes, as `decode(_:fromJSON:)` does: `Data` always means
    /// JSON text (Foundation's decoders take it the same way).
    public func decode<Model: KeyValueModel>(_ type: Model.Type, from data: Data) throws -> Model {
        try decode(type, fromJSON: data)
    }

    /// Decodes an array of models from JSON bytes, as `decode(_:fromJSON:)` does.
    public func decode<Model: KeyValueModel>(_ type: [Model].Type, from data: Data) throws -> [Model] {
        try decode(type, fromJSON: data)
    }

    /// Decodes a JSON object of models from JSON bytes, as `decode(_:fromJSON:)` does.
    public func decode<Model: KeyValueModel>(_ type: [String: Model].Type, from data: Data) throws -> [String: Model] {
        try decode(type, fromJSON: data)
    }

    /// Decodes an array of models from JSON bytes holding a top-level array.
    public func decode<Model: KeyValueModel>(_ type: [Model].Type, fromJSON bytes: some Collection<UInt8>) throws -> [Model] {
        let codec = ArrayCodec(element: ModelCodec(metadata: try ModelMetadata.of(Model.self)))
        let session = DecodingSession(options: self)
        return try JSONBytes.decode(bytes, options: jsonReading, opening: UInt8(ascii: "["), expected: "a JSON array of \(Model.self)") { reader in
            try codec.decode(from: &reader, session)
        }
    }
}

extension KeyValueModel {
    /// Decodes a model from JSON bytes (UTF-8) with the default ``KeyValueDecoder``.
    public init(jsonData: some Collection<UInt8>) throws {
        self = try KeyValueDecoder().decode(Self.self, fromJSON: jsonData)
    }

    /// Decodes a model from JSON text with the default ``KeyValueDecoder``.
    public init(jsonString: String) throws {
        self = try KeyValueDecoder().decode(Self.self, fromJSON: Data(jsonString.utf8))
    }
}

extension Array where Element: KeyValueModel {
    /// Decodes an array of models from JSON bytes holding a top-level array.
    public init(jsonData: some Collection<UInt8>) throws {
        self = try KeyValueDecoder().decode([Element].self, fromJSON: jsonData)
    }
}
