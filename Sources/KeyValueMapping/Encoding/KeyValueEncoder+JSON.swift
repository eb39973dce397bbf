import Foundation

extension KeyValueEncoder {
    /// Encodes a model as JSON bytes (UTF-8), written straight from the model's storage with no
    /// dictionary in between. Compact by default; `.prettyPrinted` and `.sortedKeys` available.
    /// Model properties are written in declaration order; dictionary properties in key order.
    public func encodeJSON<Model: KeyValueModel>(_ value: Model, options: JSONWritingOptions = []) throws -> Data {
        try write(options) { writer, session in
            try ModelCodec(metadata: try ModelMetadata.of(Model.self)).encode(value, to: &writer, session)
        }
    }

    /// Encodes an array of models as a JSON array.
    public func encodeJSON<Model: KeyValueModel>(_ values: [Model], options: JSONWritingOptions = []) throws -> Data {
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

extension KeyValueModel {
    /// Encodes this model as JSON bytes with the default ``KeyValueEncoder``.
    public func jsonData(options: JSONWritingOptions = []) throws -> Data {
        try KeyValueEncoder().encodeJSON(self, options: options)
    }

    /// Encodes this model as JSON text with the default ``KeyValueEncoder``.
    public func jsonString(options: JSONWritingOptions = []) throws -> String {
        String(decoding: try jsonData(options: options), as: UTF8.self)
    }
}

extension Array where Element: KeyValueModel {
    /// Encodes the models as a JSON array.
    public func jsonData(options: JSONWritingOptions = []) throws -> Data {
        try KeyValueEncoder().encodeJSON(self, options: options)
    }
}
