import Foundation

extension KeyValueDecoder {
    /// Decodes a tagged union (``MappableEnum``) from JSON bytes, read once:
    /// `decoder.decode(Shape.self, fromJSON: data)`. An unknown tag is an error naming the known
    /// tags, unless the rules declare a fallback.
    public func decode<Enum: MappableEnum>(_ type: Enum.Type, fromJSON bytes: some Collection<UInt8>) throws -> Enum {
        let codec = EnumCodec(metadata: try EnumMetadata.of(Enum.self))
        let session = DecodingSession(options: self)
        return try JSONBytes.decode(bytes, options: jsonReading, opening: nil, expected: "a JSON value for \(Enum.self)") { reader in
            try codec.decode(from: &reader, session)
        }
    }

    /// Decodes a JSON array of tagged unions from JSON bytes; an element's error carries its
    /// index, and ``invalidElements`` applies to it.
    public func decode<Enum: MappableEnum>(_ type: [Enum].Type, fromJSON bytes: some Collection<UInt8>) throws -> [Enum] {
        let codec = ArrayCodec(element: EnumCodec(metadata: try EnumMetadata.of(Enum.self)))
        let session = DecodingSession(options: self)
        return try JSONBytes.decode(bytes, options: jsonReading, opening: UInt8(ascii: "["), expected: "a JSON array of \(Enum.self)") { reader in
            try codec.decode(from: &reader, session)
        }
    }

    /// Decodes a tagged union from a Foundation value (a `[String: Any]` from `JSONSerialization`,
    /// or the bare tag of a case without a payload).
    public func decode<Enum: MappableEnum>(_ type: Enum.Type, from value: Any) throws -> Enum {
        var source = FoundationSource(value)
        return try EnumCodec(metadata: try EnumMetadata.of(Enum.self)).decode(from: &source, DecodingSession(options: self))
    }

    /// Decodes an array of tagged unions from a JSON array; an element's error carries its index.
    public func decode<Enum: MappableEnum>(_ type: [Enum].Type, from array: [Any]) throws -> [Enum] {
        var source = FoundationSource(array)
        return try ArrayCodec(element: EnumCodec(metadata: try EnumMetadata.of(Enum.self))).decode(from: &source, DecodingSession(options: self))
    }
}

extension KeyValueEncoder {
    /// Encodes a tagged union as a JSON-compatible value: the object its representation
    /// describes (`["type": "circle", "radius": 1.5]`), or the bare tag (`"unknown"`) or `NSNull`
    /// for a case without a payload where the representation writes one.
    public func encode<Enum: MappableEnum>(_ value: Enum) throws -> Any {
        try EnumCodec(metadata: try EnumMetadata.of(Enum.self)).encode(value, EncodingSession(options: self))
    }

    /// Encodes a tagged union as JSON bytes (UTF-8), written straight from the value.
    public func encodeJSON<Enum: MappableEnum>(_ value: Enum, options: JSONWritingOptions = []) throws -> Data {
        let codec = EnumCodec(metadata: try EnumMetadata.of(Enum.self))
        var writer = JSONWriter(prettyPrinted: options.contains(.prettyPrinted))
        try codec.encode(value, to: &writer, EncodingSession(options: self, sortedKeys: options.contains(.sortedKeys)))
        return Data(writer.bytes)
    }

    /// Encodes an array of tagged unions as a JSON array.
    public func encodeJSON<Enum: MappableEnum>(_ values: [Enum], options: JSONWritingOptions = []) throws -> Data {
        let codec = ArrayCodec(element: EnumCodec(metadata: try EnumMetadata.of(Enum.self)))
        var writer = JSONWriter(prettyPrinted: options.contains(.prettyPrinted))
        try codec.encode(values, to: &writer, EncodingSession(options: self, sortedKeys: options.contains(.sortedKeys)))
        return Data(writer.bytes)
    }
}
