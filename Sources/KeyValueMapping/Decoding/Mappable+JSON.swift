import Foundation

extension KeyValueDecoder {
    /// Decodes a model from JSON bytes (UTF-8: `Data`, `[UInt8]` or any collection of bytes),
    /// applying every decoder option. The bytes are parsed by the library's strict reader and
    /// mapped straight into the model; no `[String: Any]` is built unless the model's rules
    /// declare a dictionary hook.
    public func decode<Model: Mappable>(_ type: Model.Type, fromJSON bytes: some Collection<UInt8>) throws -> Model {
        let codec = ModelCodec(metadata: try ModelMetadata.of(Model.self))
        return try JSONBytes.read(bytes, options: jsonReading) { reader in
            guard try reader.peek() == UInt8(ascii: "{") else {
                throw MappingError(.typeMismatch(expected: "a JSON object for \(Model.self)", found: "another JSON value"))
            }
            return try codec.decode(reader: &reader, DecodingSession(options: self))
        }
    }

    /// Decodes an array of models from JSON bytes holding a top-level array.
    public func decode<Model: Mappable>(_ type: [Model].Type, fromJSON bytes: some Collection<UInt8>) throws -> [Model] {
        let codec = ArrayCodec(element: ModelCodec(metadata: try ModelMetadata.of(Model.self)))
        return try JSONBytes.read(bytes, options: jsonReading) { reader in
            guard try reader.peek() == UInt8(ascii: "[") else {
                throw MappingError(.typeMismatch(expected: "a JSON array of \(Model.self)", found: "another JSON value"))
            }
            return try codec.decode(reader: &reader, DecodingSession(options: self))
        }
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
    /// Runs `body` with a reader over `bytes` (in place when they are contiguous), checking the
    /// byte order mark before and that nothing but whitespace follows after.
    static func read<T>(_ bytes: some Collection<UInt8>, options: JSONReadingOptions, _ body: (inout JSONReader) throws -> T) throws -> T {
        func run(_ buffer: UnsafeBufferPointer<UInt8>) throws -> T {
            // The buffer is valid for this call only; the reader does not outlive it.
            var reader = JSONReader(input: buffer, options: options)
            try reader.syntax { try $0.beginDocument() }
            let result = try body(&reader)
            try reader.syntax { try $0.endDocument() }
            return result
        }
        if let result = try bytes.withContiguousStorageIfAvailable(run) { return result }
        return try Array(bytes).withUnsafeBufferPointer(run)
    }
}
