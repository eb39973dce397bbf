/// The schema of what a built-in transformer writes and reads. A transformer that does not
/// adopt this (`.custom`, your own types) is described as `{}`: the schema cannot know.
protocol TransformerSchemaDescribing {
    func schema(_ builder: SchemaBuilder) -> JSONValue
}

extension DateTransformer: TransformerSchemaDescribing {
    func schema(_ builder: SchemaBuilder) -> JSONValue {
        switch format {
        case .iso8601: return Schema.type("string", ("format", .string("date-time")))
        case .secondsSince1970, .millisecondsSince1970: return Schema.type("number")
        case .pattern: return Schema.type("string")
        }
    }
}

extension StrictURLTransformer: TransformerSchemaDescribing {
    func schema(_ builder: SchemaBuilder) -> JSONValue { Schema.type("string", ("format", .string("uri"))) }
}

extension UUIDTransformer: TransformerSchemaDescribing {
    func schema(_ builder: SchemaBuilder) -> JSONValue { Schema.type("string", ("format", .string("uuid"))) }
}

extension DecimalTransformer: TransformerSchemaDescribing {
    // Written as the decimal's plain text (`-12.5`), which is what the pattern allows.
    func schema(_ builder: SchemaBuilder) -> JSONValue {
        Schema.type("string", ("pattern", .string("^-?[0-9]+(?:\\.[0-9]+)?$")))
    }
}

extension Base64Transformer: TransformerSchemaDescribing {
    func schema(_ builder: SchemaBuilder) -> JSONValue { Schema.type("string", ("contentEncoding", .string("base64"))) }
}

extension ValueTableTransformer: TransformerSchemaDescribing {
    // The table's texts (and the default text written for values outside it); a default value
    // for unknown texts makes the decoder accept more, which the schema does not promise.
    func schema(_ builder: SchemaBuilder) -> JSONValue {
        var texts = table.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        if let defaultKey, !texts.contains(defaultKey) { texts.append(defaultKey) }
        return Schema.type("string", ("enum", .array(texts.map(JSONValue.string))))
    }
}

extension ElementwiseTransformer: TransformerSchemaDescribing {
    func schema(_ builder: SchemaBuilder) -> JSONValue {
        Schema.type("array", ("items", (element as? any TransformerSchemaDescribing)?.schema(builder) ?? .object([:])))
    }
}
