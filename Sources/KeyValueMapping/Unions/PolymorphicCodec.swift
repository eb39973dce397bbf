import Foundation

/// A value of an existential type (`any FeedItem`) read from an object whose tag names its
/// concrete model type (``MappingRules/polymorphic(_:tag:_:fallback:)``), and written as its
/// dynamic type's object with the tag first.
struct PolymorphicCodec<Value>: ValueCodec {
    let tag: MemberName
    let quotedTagKey: [UInt8]
    let members: [any PolymorphicMember<Value>]
    let tagIndexes: [String: Int]
    let fallback: (any PolymorphicMember<Value>)?
    let tagList: String

    init(_ types: PolymorphicTypes, builder: MetadataBuilder) throws {
        tag = MemberName(types.tag)
        quotedTagKey = JSONWriter.quoted(types.tag)
        var members: [any PolymorphicMember<Value>] = []
        var indexes: [String: Int] = [:]
        for entry in types.types {
            indexes[entry.tag] = members.count
            members.append(try Self.member(entry.type.type, tag: entry.tag, key: types.tag, builder: builder))
        }
        self.members = members
        tagIndexes = indexes
        fallback = try types.fallback.map { try Self.member($0.type, tag: nil, key: types.tag, builder: builder) }
        tagList = types.types.map(\.tag).joined(separator: ", ")
    }

    private static func member(_ type: any KeyValueModel.Type, tag: String?, key: String, builder: MetadataBuilder) throws -> any PolymorphicMember<Value> {
        func member<Model: KeyValueModel>(_ type: Model.Type) throws -> any PolymorphicMember<Value> {
            let metadata = try builder.metadata(for: Model.self)
            if metadata.declaredKeys.knownKeys.contains(key) {
                throw MappingError(.unsupportedType("the polymorphic tag \"\(key)\" is also a key of \(Model.self): choose another tag key"))
            }
            // A model with a prototype shows whether its values are values of the property's
            // type: the rule is for an existential its types conform to.
            if let prototype = metadata.prototype, !(prototype.make() is Value) {
                throw MappingError(.unsupportedType("a polymorphic rule maps it to \(Model.self), which is not a \(Value.self): "
                                                    + "the property's type must be an existential (`any P`) every listed type conforms to"))
            }
            return PolymorphicModel<Value, Model>(metadata: metadata, tag: tag)
        }
        return try member(type)
    }

    /// Throws the declaration error for a tag that a listed type reads as one of its own keys
    /// under `style` (the declared style is checked when the rule is built).
    private func checkTagKey(style: NamingStyle) throws {
        guard !style.isAsDeclared else { return }
        for member in members + (fallback.map { [$0] } ?? []) where try member.keyTable(for: style).knownKeys.contains(tag.text) {
            throw MappingError(.invalidDeclaration(type: member.typeName, problems: [
                "the polymorphic tag \"\(tag.text)\" is also one of its keys under the naming style in use: choose another tag key",
            ]))
        }
    }

    var typeName: String { String(describing: Value.self) }

    @_specialize(exported: false, kind: partial, where Source == JSONReader)
    @_specialize(exported: false, kind: partial, where Source == FoundationSource)
    @_specialize(exported: false, kind: partial, where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Value {
        try checkTagKey(style: session.keyStyle)
        // With a fallback type, an object without a tag is the fallback's: what the encoder
        // writes for a value of it, which has no tag of its own.
        let text = try InternalTag.read(tag, of: typeName, from: &source, session)
        if text == nil, fallback == nil { throw InternalTag.missing(tag.text, of: typeName, tags: tagList) }
        let member: any PolymorphicMember<Value>
        if let text, let index = tagIndexes[text] {
            member = members[index]
        } else if let fallback, text == nil {
            member = fallback
        } else {
            let error = MappingError(.invalidValue(expected: "a tag of \(typeName) (\(tagList))", found: "tag \(ValueDescription.quoted(text ?? ""))",
                                                   detail: "no type has this tag; a `fallback:` type in the polymorphic rule decodes unknown tags"))
            guard let fallback else { throw error }
            session.relaxed(error)
            member = fallback
        }
        return try InternalTag.decodeAdopting(tag, session) { try member.decode(from: &source, session) }
    }

    /// The member for `value`'s dynamic type, or an encode error naming it.
    private func member(for value: Value) throws -> any PolymorphicMember<Value> {
        let dynamic = ObjectIdentifier(type(of: value as Any))
        for member in members where member.typeIdentifier == dynamic { return member }
        if let fallback, fallback.typeIdentifier == dynamic { return fallback }
        // A subclass of a listed class (a class cluster's `subtype` decodes one): the first
        // listed class it is, whose metadata writes the instance's own properties.
        for member in members where member.holds(value) { return member }
        if let fallback, fallback.holds(value) { return fallback }
        throw MappingError(.invalidValue(expected: "a value of a type the polymorphic rule names (\(tagList))",
                                         found: "a \(SwiftTypeName.qualified(type(of: value as Any)))",
                                         detail: "add its type to the rule's types to encode it"))
    }

    func encode(_ value: Value, _ session: EncodingSession) throws -> Any {
        try checkTagKey(style: session.keyStyle)
        let member = try member(for: value)
        var object = try member.encode(value, session)
        if let tag = member.tagText { object[self.tag.text] = tag }
        return object
    }

    func encode(_ value: Value, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        try checkTagKey(style: session.keyStyle)
        let member = try member(for: value)
        if let tag = member.quotedTag { writer.leadNextObject(key: quotedTagKey, value: tag) }
        defer { writer.clearLeadingMember() }
        try member.encode(value, to: &writer, session)
    }
}

extension PolymorphicCodec: SchemaDescribing, CodableHinting {
    var codableHint: CodableHint { .unknown }

    // One alternative per type: its object schema with its tag required.
    func schema(_ builder: SchemaBuilder) throws -> JSONValue {
        var alternatives: [JSONValue] = []
        for member in members {
            let tagSchema = JSONValue.object(["const": .string(member.tagText ?? "")])
            alternatives.append(Schema.addingRequiredMember(tag.text, tagSchema, to: try member.schema(builder)))
        }
        if let fallback {
            // Any other tag, or none (a value of the fallback type is written without one).
            let otherTag = JSONValue.object(["not": .object(["enum": .array(members.compactMap { $0.tagText.map(JSONValue.string) })])])
            alternatives.append(Schema.addingMember(tag.text, otherTag, to: try fallback.schema(builder)))
        }
        return .object(["oneOf": .array(alternatives)])
    }
}

/// One concrete model type of a polymorphic property.
protocol PolymorphicMember<Value>: Sendable {
    associatedtype Value
    var typeIdentifier: ObjectIdentifier { get }
    /// The model type's short name.
    var typeName: String { get }
    /// Whether `value` is a value of this model type (or a subclass of it).
    func holds(_ value: Value) -> Bool
    /// The model's keys under `style`.
    func keyTable(for style: NamingStyle) throws -> KeyTable
    /// The tag the type is written with (text, and quoted for the writer); `nil` for a fallback
    /// type the rule gives no tag of its own.
    var tagText: String? { get }
    var quotedTag: [UInt8]? { get }
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Value
    /// The model type's metadata, as the views that walk a value's parts use it.
    var modelCodec: Any { get }
    func encode(_ value: Value, _ session: EncodingSession) throws -> [String: Any]
    func encode(_ value: Value, to writer: inout JSONWriter, _ session: EncodingSession) throws
    func schema(_ builder: SchemaBuilder) throws -> JSONValue
}

struct PolymorphicModel<Value, Model: KeyValueModel>: PolymorphicMember {
    let metadata: ModelMetadata<Model>
    let tagText: String?
    let quotedTag: [UInt8]?

    init(metadata: ModelMetadata<Model>, tag: String?) {
        self.metadata = metadata
        tagText = tag
        quotedTag = tag.map(JSONWriter.quoted)
    }

    var typeIdentifier: ObjectIdentifier { ObjectIdentifier(Model.self) }
    var typeName: String { metadata.shortTypeName }

    func holds(_ value: Value) -> Bool { value is Model }

    var modelCodec: Any { ModelCodec(metadata: metadata) }

    func keyTable(for style: NamingStyle) throws -> KeyTable { try metadata.keyTable(for: style) }

    @_specialize(exported: false, kind: partial, where Source == JSONReader)
    @_specialize(exported: false, kind: partial, where Source == FoundationSource)
    @_specialize(exported: false, kind: partial, where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Value {
        let model = try metadata.makeModel(from: &source, session)
        guard let value = model as? Value else { throw mismatch() }
        return value
    }

    func encode(_ value: Value, _ session: EncodingSession) throws -> [String: Any] {
        guard let model = value as? Model else { throw mismatch() }
        return try metadata.encode(model, session)
    }

    func encode(_ value: Value, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        guard let model = value as? Model else { throw mismatch() }
        try metadata.encode(model, to: &writer, session)
    }

    func schema(_ builder: SchemaBuilder) throws -> JSONValue {
        try metadata.objectSchema(builder)
    }

    private func mismatch() -> MappingError {
        MappingError(.invalidDeclaration(type: SwiftTypeName.qualified(Model.self), problems: [
            "a polymorphic rule maps it as \(Value.self), which it does not conform to",
        ]))
    }
}
