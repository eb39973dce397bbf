import Foundation

/// Describes a value's JSON form as a JSON Schema (draft 2020-12). Every codec adopts it (a
/// ``ValueCodec`` requirement), in this folder, each describing its own family of types; a type
/// the schema cannot know (one mapped through its own `Codable`) says so by describing itself
/// as `{}`, any value.
protocol SchemaDescribing {
    /// The schema of the values this codec writes and reads.
    func schema(_ builder: SchemaBuilder) throws -> JSONValue
    /// For a dictionary codec, the schema of one value, which a gathered key holds; `nil` for
    /// any other codec.
    func gatheredValueSchema(_ builder: SchemaBuilder) throws -> JSONValue?
}

extension SchemaDescribing {
    func gatheredValueSchema(_ builder: SchemaBuilder) throws -> JSONValue? { nil }
}

/// One schema being built: the options it describes, and the `$defs` collected on the way.
///
/// Each model type other than the root is described once, under a name derived from its short
/// type name, and referenced with `$ref`; the root is `#`. A model is registered before its
/// properties are described, so recursive models end in a reference instead of recursing.
final class SchemaBuilder {
    let decoder: KeyValueDecoder
    let encoder: KeyValueEncoder
    /// Encodes raw values of enum cases, exactly as the encoder writes them.
    let session: EncodingSession
    private let root: ObjectIdentifier
    private var names: [ObjectIdentifier: String] = [:]
    private var taken: Set<String> = []
    private var definitions: [(name: String, schema: JSONValue)] = []

    init(root: Any.Type, decoder: KeyValueDecoder, encoder: KeyValueEncoder) {
        self.root = ObjectIdentifier(root)
        self.decoder = decoder
        self.encoder = encoder
        session = EncodingSession(options: encoder)
    }

    /// `$defs`, in the order the models were first reached.
    var definitionsObject: JSONObject {
        JSONObject(definitions.map { ($0.name, $0.schema) })
    }

    /// The schema of a codec (an accessor's codec, a container's element codec).
    func schema(of codec: any SchemaDescribing) throws -> JSONValue {
        try codec.schema(self)
    }

    /// The schema of one value of a gathered dictionary, `{}` when the codec is not a dictionary's.
    func gatheredValueSchema(of codec: any SchemaDescribing) throws -> JSONValue {
        try codec.gatheredValueSchema(self) ?? .object([:])
    }

    /// A reference to the schema of `metadata`'s model, described now if it is new.
    func reference<Model: KeyValueModel>(to metadata: ModelMetadata<Model>) throws -> JSONValue {
        try reference(to: Model.self) { try metadata.objectSchema(self) }
    }

    /// A reference to the schema of `type` (a model, a union), which `describe` gives the first
    /// time: the type is registered first, so a recursive type ends in a reference.
    func reference(to type: Any.Type, describe: () throws -> JSONValue) throws -> JSONValue {
        let identifier = ObjectIdentifier(type)
        if identifier == root { return .object(["$ref": .string("#")]) }
        if let name = names[identifier] { return Self.reference(name) }
        let name = uniqueName(for: SwiftTypeName.of(type))
        names[identifier] = name
        let slot = definitions.count
        definitions.append((name, .object([:])))
        definitions[slot].schema = try describe()
        return Self.reference(name)
    }

    private static func reference(_ name: String) -> JSONValue {
        .object(["$ref": .string("#/$defs/\(name)")])
    }

    /// The type name reduced to characters a JSON pointer inside a URI fragment may hold
    /// unescaped (`Page<User>` → `Page_User_`), numbered when two types share a name.
    private func uniqueName(for typeName: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")
        var base = String(typeName.map { allowed.contains($0) ? $0 : "_" })
        if base.isEmpty { base = "Model" }
        var name = base
        var number = 2
        while taken.contains(name) {
            name = "\(base)_\(number)"
            number += 1
        }
        taken.insert(name)
        return name
    }
}

/// Small constructors for schema objects.
enum Schema {
    /// `{"type": type}` plus `members`.
    static func type(_ type: String, _ members: (String, JSONValue)...) -> JSONValue {
        .object(JSONObject([("type", .string(type))] + members))
    }

    /// A number for a keyword such as `minimum`.
    static func number<I: FixedWidthInteger>(_ value: I) -> JSONValue {
        if let signed = Int64(exactly: value) { return .number(JSONNumber(signed)) }
        return .number(JSONNumber(UInt64(truncatingIfNeeded: value)))
    }

    /// The keywords that constrain one JSON type only, so `null` passes them whatever they say.
    private static let typeScoped: Set<String> = [
        "type", "minimum", "maximum", "minLength", "maxLength", "pattern", "format", "contentEncoding",
        "items", "prefixItems", "uniqueItems", "minItems", "properties", "required",
        "additionalProperties", "propertyNames", "readOnly",
    ]

    /// `schema` or `null`: `null` joins the schema's `type` (and `enum`) when every other
    /// keyword constrains a single type, otherwise the two are alternatives of an `anyOf`.
    static func nullable(_ schema: JSONValue) -> JSONValue {
        guard case .object(var object) = schema, !object.isEmpty else { return schema }
        if object.keys.allSatisfy({ typeScoped.contains($0) || $0 == "enum" }), object["type"] != nil || object["enum"] != nil {
            var members = Array(object)
            for index in members.indices {
                switch (members[index].key, members[index].value) {
                case ("type", .string(let type)):
                    members[index].value = .array([.string(type), .string("null")])
                case ("type", .array(let types)) where !types.contains(.string("null")):
                    members[index].value = .array(types + [.string("null")])
                case ("enum", .array(let values)) where !values.contains(.null):
                    members[index].value = .array(values + [.null])
                default:
                    break
                }
            }
            object = JSONObject(members.map { ($0.key, $0.value) })
            return .object(object)
        }
        return .object(["anyOf": .array([schema, type("null")])])
    }

    /// `schema` with the extra members appended (an existing key is replaced).
    static func adding(_ members: [(String, JSONValue)], to schema: JSONValue) -> JSONValue {
        guard case .object(let object) = schema else { return schema }
        return .object(JSONObject(Array(object).map { ($0.key, $0.value) } + members))
    }

    /// An object schema with the member `key` added first and required: a tag written inside
    /// the object it describes, so a closed object (`additionalProperties: false`) admits it.
    static func addingRequiredMember(_ key: String, _ value: JSONValue, to schema: JSONValue) -> JSONValue {
        addingMember(key, value, required: true, to: schema)
    }

    /// An object schema with the member `key` added first, `required` or not.
    static func addingMember(_ key: String, _ value: JSONValue, required isRequired: Bool = false, to schema: JSONValue) -> JSONValue {
        guard case .object(let object) = schema else { return schema }
        var members = Array(object).map { ($0.key, $0.value) }
        var properties: [(String, JSONValue)] = [(key, value)]
        var required: [JSONValue] = isRequired ? [.string(key)] : []
        if let index = members.firstIndex(where: { $0.0 == "properties" }) {
            if case .object(let existing) = members[index].1 { properties += Array(existing).map { ($0.key, $0.value) } }
            members.remove(at: index)
        }
        if let index = members.firstIndex(where: { $0.0 == "required" }) {
            if case .array(let existing) = members[index].1 { required += existing }
            members.remove(at: index)
        }
        members.append(("properties", .object(JSONObject(properties))))
        if !required.isEmpty { members.append(("required", .array(required))) }
        return .object(JSONObject(members))
    }
}
