extension KeyValueModel {
    /// A JSON Schema (draft 2020-12) of this model's JSON: what the encoder writes and the
    /// decoder reads.
    ///
    /// ```swift
    /// struct Pet: Mappable {
    ///     var name = ""
    ///     var age: UInt8 = 0
    ///     var tag: String?
    ///     static var mappingRules: MappingRules { MappingRules().require("name") }
    /// }
    /// print(try Pet.jsonSchema().jsonString(options: [.sortedKeys]))
    /// // {"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"age":{"maximum":255,
    /// //  "minimum":0,"type":"integer"},"name":{"type":"string"},"tag":{"type":["string","null"]}},
    /// //  "required":["name"],"type":"object"}
    /// ```
    ///
    /// The schema is derived from the cached metadata and the rules: keys as renamed and styled,
    /// key paths as nested objects (arrays with `prefixItems` for indexes), every candidate key
    /// described with the first one written, gathered keys, ignored properties absent, `let`s
    /// marked `readOnly` (and, for a decoder that rejects unknown keys, `const` or `false` as the
    /// decoder takes them), nested models in `$defs` referenced with `$ref` (the root is `#`, so
    /// recursive models terminate). It promises no more than it can keep: every document the
    /// encoder writes is valid, and every valid document has the shape the decoder reads.
    /// What it cannot know is left open: a custom transformer's value and a `Codable` property
    /// are `{}`, a model with a `beforeDecoding` or `afterEncoding` hook is any object, and
    /// `didDecode()` validation is not expressed.
    /// - Throws: ``MappingError`` when a type reached cannot be mapped.
    public static func jsonSchema() throws -> JSONValue {
        try jsonSchema(decoder: KeyValueDecoder(), encoder: KeyValueEncoder())
    }

    /// The JSON Schema of this model's JSON as `encoder` writes it (naming style, dates) and
    /// `decoder` requires it (required keys).
    public static func jsonSchema(decoder: KeyValueDecoder, encoder: KeyValueEncoder) throws -> JSONValue {
        let metadata = try ModelMetadata.of(Self.self)
        let builder = SchemaBuilder(root: Self.self, decoder: decoder, encoder: encoder)
        guard case .object(let body) = try metadata.objectSchema(builder) else { return .object([:]) }
        var members: [(String, JSONValue)] = [("$schema", .string("https://json-schema.org/draft/2020-12/schema"))]
        members += Array(body).map { ($0.key, $0.value) }
        let definitions = builder.definitionsObject
        if !definitions.isEmpty { members.append(("$defs", .object(definitions))) }
        return .object(JSONObject(members))
    }
}
