import Foundation

extension KeyValueDecoder {
    /// Decodes a model from JSON bytes (UTF-8), applying every decoder option.
    public func decode<Model: Mappable>(_ type: Model.Type, fromJSON data: Data) throws -> Model {
        guard let dictionary = try JSONBytes.parse(data, options: jsonReading) as? [String: Any] else {
            throw MappingError(.typeMismatch(expected: "a JSON object for \(Model.self)", found: "another JSON value"))
        }
        return try decode(Model.self, from: dictionary)
    }

    /// Decodes an array of models from JSON bytes holding a top-level array.
    public func decode<Model: Mappable>(_ type: [Model].Type, fromJSON data: Data) throws -> [Model] {
        guard let array = try JSONBytes.parse(data, options: jsonReading) as? [Any] else {
            throw MappingError(.typeMismatch(expected: "a JSON array of \(Model.self)", found: "another JSON value"))
        }
        return try decode([Model].self, from: array)
    }
}

extension KeyValueEncoder {
    /// Encodes a model as compact JSON bytes (UTF-8).
    public func encodeJSON<Model: Mappable>(_ value: Model, options: JSONWritingOptions = []) throws -> Data {
        try JSONBytes.write(try encode(value), options: options)
    }

    /// Encodes an array of models as a JSON array.
    public func encodeJSON<Model: Mappable>(_ values: [Model], options: JSONWritingOptions = []) throws -> Data {
        try JSONBytes.write(try encode(values), options: options)
    }
}

extension Mappable {
    /// Decodes a model from JSON bytes with the default ``KeyValueDecoder``.
    public init(jsonData: Data) throws {
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
    public init(jsonData: Data) throws {
        self = try KeyValueDecoder().decode([Element].self, fromJSON: jsonData)
    }

    /// Encodes the models as a JSON array.
    public func jsonData(options: JSONWritingOptions = []) throws -> Data {
        try KeyValueEncoder().encodeJSON(self, options: options)
    }
}

// Bridges the library's own JSON reader and writer (strict RFC 8259, exact numbers) into
// MappingError.
enum JSONBytes {
    static func parse(_ data: Data, options: JSONReadingOptions = JSONReadingOptions()) throws -> Any {
        do {
            return try JSONValue(jsonData: data, options: options).foundationValue()
        } catch {
            throw MappingError(.malformedJSON(error.description), underlyingError: error)
        }
    }

    static func write(_ object: Any, options: JSONWritingOptions) throws -> Data {
        do {
            return try JSONValue(foundationValue: object).jsonData(options: options)
        } catch {
            throw MappingError(.other("the encoded value is not JSON-compatible: \(error.description)"), underlyingError: error)
        }
    }
}
