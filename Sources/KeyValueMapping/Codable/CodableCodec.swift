import Foundation

/// Any `Codable` type no other codec maps (`struct Money: Codable`), converted through its own
/// `init(from:)` and `encode(to:)` over the library's JSON values — never through text.
///
/// Every source gives the value as a ``JSONValue`` (the reader reads it, Foundation values
/// are converted). Errors are ``MappingError``s at the key path inside the value.
struct CodableCodec<Value: Codable>: ValueCodec {
    var typeName: String { String(describing: Value.self) }

    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Value {
        try CodableValueDecoder.decode(Value.self, from: try source.readJSONValue(session), session)
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
