import Foundation

/// Any `Codable` type no other codec maps (`struct Money: Codable`), converted through its own
/// `init(from:)` and `encode(to:)` over the library's JSON values — never through text.
///
/// The dictionary path first turns the JSON value into a ``JSONValue``; the bytes path reads
/// one from the reader. Errors are ``MappingError``s at the key path inside the value.
struct CodableCodec<Value: Codable>: ValueCodec {
    var typeName: String { String(describing: Value.self) }

    func decode(_ value: Any, _ session: DecodingSession) throws -> Value {
        try decode(json: try JSONValue(libraryValue: value, session, encoding: false), session)
    }

    func decode(json: JSONValue, _ session: DecodingSession) throws -> Value {
        try CodableValueDecoder.decode(Value.self, from: json, session)
    }

    func decode(reader: inout JSONReader, _ session: DecodingSession) throws -> Value {
        try decode(json: try session.readValue(&reader), session)
    }

    func encode(_ value: Value, _ session: EncodingSession) throws -> Any {
        try CodableValueEncoder.encode(value, session).foundationValue()
    }

    func encode(_ value: Value, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        writer.write(try CodableValueEncoder.encode(value, session), sortedKeys: session.sortedKeys)
    }
}

extension CodecFactory {
    /// The Codable codec for `C`.
    func codableCodec<C: Codable>(_ type: C.Type) -> Any {
        CodableCodec<C>()
    }

    /// This factory, with the Codable fallback off.
    var withoutCodable: CodecFactory {
        var factory = self
        factory.allowsCodable = false
        return factory
    }
}
