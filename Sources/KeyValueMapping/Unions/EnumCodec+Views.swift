import Foundation

/// What a ``MappableEnum`` says to the views: its JSON Schema (a `oneOf` of its cases, each
/// told apart by a `const` tag) and, to the Codable bridge, that it reads any JSON kind (a
/// bare tag is text, a tagged payload an object, an untagged one anything).
extension EnumCodec: SchemaDescribing, CodableHinting {
    var codableHint: CodableHint { .unknown }

    // Described once, under `$defs`: a recursive union ends in a reference.
    func schema(_ builder: SchemaBuilder) throws -> JSONValue {
        try builder.reference(to: Enum.self) {
            var alternatives: [JSONValue] = []
            for entry in metadata.cases {
                alternatives.append(try schema(of: entry, builder))
            }
            return .object(["oneOf": .array(alternatives)])
        }
    }

    private func schema(of entry: EnumMetadata<Enum>.Case, _ builder: SchemaBuilder) throws -> JSONValue {
        let tag = JSONValue.object(["const": .string(entry.tag)])
        switch metadata.representation {
        case .externallyTagged:
            guard let payload = entry.payload else { return tag }
            return Self.closedObject([(entry.tag, try payload.schema(builder))], required: [entry.tag])
        case .internallyTagged(let key):
            guard let payload = entry.payload else { return Self.closedObject([(key, tag)], required: [key], closed: false) }
            return Schema.addingRequiredMember(key, tag, to: try payload.objectSchema(builder) ?? Schema.type("object"))
        case .adjacentlyTagged(let key, let content):
            guard let payload = entry.payload else { return Self.closedObject([(key, tag)], required: [key]) }
            return Self.closedObject([(key, tag), (content, try payload.schema(builder))], required: [key, content])
        case .untagged:
            guard let payload = entry.payload else { return Schema.type("null") }
            return try payload.schema(builder)
        }
    }

    /// An object schema with exactly these members (or, not `closed`, at least these).
    private static func closedObject(_ members: [(String, JSONValue)], required: [String], closed: Bool = true) -> JSONValue {
        var object: [(String, JSONValue)] = [("type", .string("object")), ("properties", .object(JSONObject(members))),
                                              ("required", .array(required.map(JSONValue.string)))]
        if closed { object.append(("additionalProperties", .bool(false))) }
        return .object(JSONObject(object))
    }
}

/// A codec whose values are objects described by a model's object schema (inlined rather than
/// referenced where a union adds its tag to it).
protocol ObjectSchemaDescribing {
    func objectSchema(_ builder: SchemaBuilder) throws -> JSONValue
    /// The model's keys under `style`.
    func keyTable(for style: NamingStyle) throws -> KeyTable
}

extension ModelCodec: ObjectSchemaDescribing {
    func objectSchema(_ builder: SchemaBuilder) throws -> JSONValue {
        try metadata.objectSchema(builder)
    }

    func keyTable(for style: NamingStyle) throws -> KeyTable {
        try metadata.keyTable(for: style)
    }
}
