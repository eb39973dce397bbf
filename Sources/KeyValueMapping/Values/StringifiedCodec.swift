import Foundation

/// A value carried as JSON text inside a string (``MappingRules/stringified(_:)``): the text is
/// read by the library's reader and decoded as the inner codec's type; encoding writes the inner
/// value's JSON text as a string. An optional property's `null` stays `null`.
struct StringifiedCodec<Value>: ValueCodec {
    let inner: any ValueCodec<Value>

    var typeName: String { "\(inner.typeName) (as JSON text)" }

    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Value {
        if inner.acceptsNull, try source.readNull() {
            var null = TreeSource(.null)
            return try inner.decode(from: &null, session)
        }
        guard let text = try source.readText() else {
            throw MappingError.typeMismatch(expected: "a string holding JSON text for \(inner.typeName)", found: try source.readScalarValue(session))
        }
        do {
            // The text is a document of its own: its reader counts its nesting from its root, and
            // the session goes on counting the whole decode's.
            return try JSONBytes.decode(text.utf8, options: session.options.jsonReading, opening: nil, expected: inner.typeName) { reader in
                try inner.decode(from: &reader, session)
            }
        } catch let error as MappingError {
            guard case .malformedJSON(let detail) = error.reason else { throw error }
            // The text is the property's value: one that is not JSON is an invalid value (a
            // fallback or lenient decoding takes it), not a broken document.
            throw MappingError.invalidValue(expected: "JSON text for \(inner.typeName)", found: text, detail: "the string is not JSON text: \(detail)",
                                            underlying: error)
        }
    }

    func encode(_ value: Value, _ session: EncodingSession) throws -> Any {
        if inner.isNil(value) { return NSNull() }
        return try text(of: value, session)
    }

    func encode(_ value: Value, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        if inner.isNil(value) { return writer.writeNull() }
        writer.writeString(try text(of: value, session))
    }

    private func text(of value: Value, _ session: EncodingSession) throws -> String {
        var writer = JSONWriter()
        try inner.encode(value, to: &writer, session)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    func isNil(_ value: Value) -> Bool { inner.isNil(value) }
    var acceptsNull: Bool { inner.acceptsNull }
}

extension StringifiedCodec: SchemaDescribing, CodableHinting {
    var codableHint: CodableHint { .string }

    func schema(_ builder: SchemaBuilder) throws -> JSONValue {
        let text = Schema.type("string", ("contentMediaType", .string("application/json")), ("contentSchema", try builder.schema(of: inner)))
        return inner.acceptsNull ? Schema.nullable(text) : text
    }
}
