import Foundation

/// What a ``MappableEnum`` says to the views: its JSON Schema (a `oneOf` of its cases, each
/// told apart by a `const` tag) and, to the Codable bridge, that it reads any JSON kind (a
/// bare tag is text, a tagged payload an object, an untagged one anything).
extension EnumCodec: SchemaDescribing, CodableHinting {
    var codableHint: CodableHint { .unknown }

    func schema(_ builder: SchemaBuilder) throws -> JSONValue {
        var alternatives: [JSONValue] = []
        for entry in metadata.cases {
            alternatives.append(try schema(of: entry, builder))
        }
        return .object(["oneOf": .array(alternatives)])
    }

    private func schema(of entry: EnumMetadata<Enum>.Case, _ builder: SchemaBuilder) throws -> JSONValue {
        let tag = JSONValue.object(["const": .string(entry.tag)])
        switch metadata.representation {
        case .externallyTagged:
            guard let payload = entry.payload else { return tag }
            return Self.closedObject([(entry.tag, try payload.schema(builder))], required: [entry.tag])
        case .internallyTagged(let key):
            guard let payload = entry.payload else { return Self.closedObject([(key, tag)], required: [key], closed: false) }
            return Self.addingMember(key, tag, to: try payload.objectSchema(builder) ?? Schema.type("object"))
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

    /// A payload model's object schema with the tag member added (required), so a closed
    /// object (`additionalProperties: false`) still admits its tag.
    private static func addingMember(_ key: String, _ value: JSONValue, to schema: JSONValue) -> JSONValue {
        guard case .object(let object) = schema else { return schema }
        var members = Array(object).map { ($0.key, $0.value) }
        var properties: [(String, JSONValue)] = [(key, value)]
        var required: [JSONValue] = [.string(key)]
        if let index = members.firstIndex(where: { $0.0 == "properties" }) {
            if case .object(let existing) = members[index].1 { properties += Array(existing).map { ($0.key, $0.value) } }
            members.remove(at: index)
        }
        if let index = members.firstIndex(where: { $0.0 == "required" }) {
            if case .array(let existing) = members[index].1 { required += existing }
            members.remove(at: index)
        }
        members.append(("properties", .object(JSONObject(properties))))
        members.append(("required", .array(required)))
        return .object(JSONObject(members))
    }
}

/// A codec whose values are objects described by a model's object schema (inlined rather than
/// referenced where a union adds its tag to it).
protocol ObjectSchemaDescribing {
    func objectSchema(_ builder: SchemaBuilder) throws -> JSONValue
}

extension ModelCodec: ObjectSchemaDescribing {
    func objectSchema(_ builder: SchemaBuilder) throws -> JSONValue {
        try metadata.objectSchema(builder)
    }
}
