import Foundation

extension KeyValueDecoder {
    /// Decodes a model from JSON bytes (UTF-8: `Data`, `[UInt8]` or any collection of bytes),
    /// applying every decoder option. The bytes are parsed by the library's strict reader and
    /// mapped straight into the model; no `[String: Any]` is built unless the model's rules
    /// declare a dictionary hook.
    public func decode<Model: Mappable>(_ type: Model.Type, fromJSON bytes: some Collection<UInt8>) throws -> Model {
        let codec = ModelCodec(metadata: try ModelMetadata.of(Model.self))
        let expected = Self.expectedObject(Model.self)
        return try ByteInput.withBytes(of: bytes) { input in Result { try decodeModel(codec, from: input, expected: expected) } }.get()
    }

    /// What a model's bytes must hold, for the error when they hold something else.
    static func expectedObject<Model>(_ type: Model.Type) -> String {
        "a JSON object for \(Model.self)"
    }

    /// The bytes path for one model over lent bytes; also decodes each element of a stream,
    /// so that every rule and message is the same there. A stream passes the one `session` its
    /// elements share, as the elements of an array do, and `isElement`: its elements are values
    /// inside a larger text, whose encoding is not guessed again from each one's first bytes.
    func decodeModel<Model: Mappable>(_ codec: ModelCodec<Model>, from input: ByteInput, expected: String, session: DecodingSession? = nil,
                                      isElement: Bool = false) throws -> Model {
        try JSONBytes.decode(input, options: jsonReading, opening: UInt8(ascii: "{"), expected: expected, sniffsEncoding: !isElement, stream: { reader in
            try codec.decode(reader: &reader, session ?? DecodingSession(options: self))
        }, tree: { value in
            try codec.decode(json: value, session ?? DecodingSession(options: self))
        })
    }

    /// Decodes a top-level JSON object whose values are models (`{"ada": {...}, "bob": {...}}`);
    /// an element's error carries its key, and ``invalidElements`` applies to it.
    public func decode<Model: Mappable>(_ type: [String: Model].Type, fromJSON bytes: some Collection<UInt8>) throws -> [String: Model] {
        let codec = DictionaryCodec(key: StringKeys(), element: ModelCodec(metadata: try ModelMetadata.of(Model.self)))
        return try JSONBytes.decode(bytes, options: jsonReading, opening: UInt8(ascii: "{"), expected: "a JSON object of \(Model.self)", stream: { reader in
            try codec.decode(reader: &reader, DecodingSession(options: self))
        }, tree: { value in
            try codec.decode(json: value, DecodingSession(options: self))
        })
    }

    /// Decodes the model at `path` inside JSON bytes (`decoder.decode(User.self, fromJSON: data,
    /// at: "data.user")`), as ``decode(_:from:at:)`` does for a dictionary; errors carry the full
    /// path. The document is read whole (strictly) and the model decoded from its parsed tree.
    public func decode<Model: Mappable>(_ type: Model.Type, fromJSON bytes: some Collection<UInt8>, at path: MappingKey) throws -> Model {
        try path.checkWellFormed(for: Model.self)
        let codec = ModelCodec(metadata: try ModelMetadata.of(Model.self))
        return try JSONBytes.decodeTree(bytes, options: jsonReading, opening: UInt8(ascii: "{"), expected: "a JSON object containing \(path)") { value in
            guard case .object(let root) = value,
                  let (found, components) = try ResolvedKey.path(path.components).lookup(in: root) else {
                throw MappingError(.missingKey(expected: String(describing: Model.self)), path: path.components)
            }
            do {
                return try codec.decode(json: found, DecodingSession(options: self))
            } catch let error as MappingError {
                throw error.prepending(components)
            }
        }
    }

    /// Decodes leniently from JSON bytes, as ``decodeLeniently(_:from:)`` does from a dictionary:
    /// a property that fails keeps its prototype value, and every error skipped and every
    /// relaxation used is listed in `skipped` with its key path; the model is the one
    /// `decode(_:fromJSON:)` gives whenever that succeeds. Malformed JSON, a top-level value
    /// that is not an object, a broken declaration or a failing `didDecode` of the root still
    /// throw. The document is read whole (strictly) and the model decoded from its parsed tree.
    public func decodeLeniently<Model: Mappable>(_ type: Model.Type, fromJSON bytes: some Collection<UInt8>) throws -> (model: Model, skipped: [MappingError]) {
        let codec = ModelCodec(metadata: try ModelMetadata.of(Model.self))
        let session = DecodingSession(options: self, lenient: true)
        let model = try JSONBytes.decodeTree(bytes, options: jsonReading, opening: UInt8(ascii: "{"), expected: "a JSON object for \(Model.self)") { value in
            try codec.decode(json: value, session)
        }
        return (model, session.skipped)
    }

    /// Decodes an array of models from JSON bytes holding a top-level array.
    public func decode<Model: Mappable>(_ type: [Model].Type, fromJSON bytes: some Collection<UInt8>) throws -> [Model] {
        let codec = ArrayCodec(element: ModelCodec(metadata: try ModelMetadata.of(Model.self)))
        return try JSONBytes.decode(bytes, options: jsonReading, opening: UInt8(ascii: "["), expected: "a JSON array of \(Model.self)", stream: { reader in
            try codec.decode(reader: &reader, DecodingSession(options: self))
        }, tree: { value in
            try codec.decode(json: value, DecodingSession(options: self))
        })
    }
}

extension KeyValueEncoder {
    /// Encodes a model as JSON bytes (UTF-8), written straight from the model's storage with no
    /// dictionary in between. Compact by default; `.prettyPrinted` and `.sortedKeys` available.
    /// Model properties are written in declaration order; dictionary properties in key order.
    public func encodeJSON<Model: Mappable>(_ value: Model, options: JSONWritingOptions = []) throws -> Data {
        try write(options) { writer, session in
            try ModelCodec(metadata: try ModelMetadata.of(Model.self)).encode(value, to: &writer, session)
        }
    }

    /// Encodes an array of models as a JSON array.
    public func encodeJSON<Model: Mappable>(_ values: [Model], options: JSONWritingOptions = []) throws -> Data {
        try write(options) { writer, session in
            try ArrayCodec(element: ModelCodec(metadata: try ModelMetadata.of(Model.self))).encode(values, to: &writer, session)
        }
    }

    private func write(_ options: JSONWritingOptions, _ body: (inout JSONWriter, EncodingSession) throws -> Void) throws -> Data {
        var writer = JSONWriter(prettyPrinted: options.contains(.prettyPrinted))
        try body(&writer, EncodingSession(options: self, sortedKeys: options.contains(.sortedKeys)))
        return Data(writer.bytes)
    }
}

extension Mappable {
    /// Decodes a model from JSON bytes (UTF-8) with the default ``KeyValueDecoder``.
    public init(jsonData: some Collection<UInt8>) throws {
        self = try KeyValueDecoder().decode(Self.self, fromJSON: jsonData)
    }

    /// Decodes a model from JSON text with the default ``KeyValueDecoder``.
    public init(jsonString: String) throws {
        self = try KeyValueDecoder().decode(Self.self, fromJSON: Data(jsonString.utf8))
    }

    /// Encodes this model as JSON bytes with the default ``KeyValueEncoder``.
    public func jsonData(options: JSONWritingOptions = []) throws -> Data {
        try KeyValueEncoder().encodeJSON(self, options: options)
    }

    /// Encodes this model as JSON text with the default ``KeyValueEncoder``.
    public func jsonString(options: JSONWritingOptions = []) throws -> String {
        String(decoding: try jsonData(options: options), as: UTF8.self)
    }
}

extension Array where Element: Mappable {
    /// Decodes an array of models from JSON bytes holding a top-level array.
    public init(jsonData: some Collection<UInt8>) throws {
        self = try KeyValueDecoder().decode([Element].self, fromJSON: jsonData)
    }

    /// Encodes the models as a JSON array.
    public func jsonData(options: JSONWritingOptions = []) throws -> Data {
        try KeyValueEncoder().encodeJSON(self, options: options)
    }
}

// Runs the library's own strict JSON reader over bytes, reporting its errors as MappingErrors.
enum JSONBytes {
    /// Decodes by streaming from a reader over `bytes`. A value error, an unknown key, or a depth
    /// or stack error there is decoded again from the parsed tree, whose error is the one
    /// reported: the tree checks each object's own keys before its properties' values, as the
    /// dictionary path does, where the stream meets them in payload order, depth first; a
    /// relaxation may take a value the stream could only reject; and the tree reader refuses a
    /// document nested deeper than its limit anywhere before any model is decoded. Syntax errors
    /// (the reader's depth limit among them) are reported from the stream, with the model key path.
    static func decode<T>(_ bytes: some Collection<UInt8>, options: JSONReadingOptions, opening: UInt8, expected: String,
                          stream: (inout JSONReader) throws -> T, tree: (JSONValue) throws -> T) throws -> T {
        try ByteInput.withBytes(of: bytes) { input in
            Result { try decode(input, options: options, opening: opening, expected: expected, stream: stream, tree: tree) }
        }.get()
    }

    /// ``decode(_:options:opening:expected:stream:tree:)`` over bytes already lent; without
    /// `sniffsEncoding`, an error never says the bytes are UTF-16 or UTF-32 text.
    static func decode<T>(_ input: ByteInput, options: JSONReadingOptions, opening: UInt8, expected: String, sniffsEncoding: Bool = true,
                          stream: (inout JSONReader) throws -> T, tree: (JSONValue) throws -> T) throws -> T {
        // The bytes are lent for this call only; neither reader nor tree outlives it.
        var reader = JSONReader(input: input, options: options)
        do {
            try reader.syntax { try $0.beginDocument() }
            // `try?`: blank input is diagnosed with the rest, not reported as a syntax error.
            guard (try? reader.peek()) == opening else {
                throw topLevelError(input, options: options, expected: expected, sniffsEncoding: sniffsEncoding)
            }
            let result = try stream(&reader)
            try reader.syntax { try $0.endDocument() }
            return result
        } catch let error as MappingError {
            if case .malformedJSON = error.reason {
                guard sniffsEncoding, let foreign = encodingError(input, expected: expected) else { throw error }
                throw foreign
            }
            if case .typeMismatch(let wanted, _) = error.reason, wanted == expected, error.path.isEmpty { throw error }
            let parsed: JSONValue
            do {
                parsed = try JSONReader.read(input, options: options)
            } catch {
                throw MappingError(.malformedJSON(error.description), underlyingError: error)
            }
            return try tree(parsed)
        }
    }

    /// Reads the whole document into a tree, checks that its top level opens with `opening`,
    /// and hands the tree to `body` (for entry points that need every value at hand).
    static func decodeTree<T>(_ bytes: some Collection<UInt8>, options: JSONReadingOptions, opening: UInt8, expected: String,
                              _ body: (JSONValue) throws -> T) throws -> T {
        let parsed = try ByteInput.withBytes(of: bytes) { input in
            Result { () throws -> JSONValue in
                var reader = JSONReader(input: input, options: options)
                do {
                    try reader.syntax { try $0.beginDocument() }
                } catch let error as MappingError {
                    throw encodingError(input, expected: expected) ?? error
                }
                // `try?`: blank input is diagnosed with the rest, not reported as a syntax error.
                guard (try? reader.peek()) == opening else {
                    throw topLevelError(input, options: options, expected: expected)
                }
                do {
                    return try JSONReader.read(input, options: options)
                } catch let error as JSONSyntaxError {
                    throw encodingError(input, expected: expected) ?? MappingError(.malformedJSON(error.description), underlyingError: error)
                }
            }
        }.get()
        return try body(parsed)
    }
}
