import Foundation

/// One `.case` of an ``EnumRules``, as declared: its tag and either the value of a case without a
/// payload or the constructor of a case with one.
struct EnumCaseRule<Enum>: Sendable {
    let tag: String
    let kind: Kind

    enum Kind: Sendable {
        case unit(@Sendable () -> Enum)
        case payload(any EnumPayloadDeclaration<Enum>)
    }

    init(tag: String, unit: @escaping @Sendable () -> Enum) {
        self.tag = tag
        kind = .unit(unit)
    }

    init(tag: String, payload: any EnumPayloadDeclaration<Enum>) {
        self.tag = tag
        kind = .payload(payload)
    }
}

/// A case constructor whose payload type is still generic: resolved into a codec when the
/// enum's metadata is built.
protocol EnumPayloadDeclaration<Enum>: Sendable {
    associatedtype Enum
    /// The payload's codec and the constructor, typed.
    func resolve(_ factory: CodecFactory) throws -> any EnumPayloadCoding<Enum>
    /// The payload's Swift type name, for declaration errors.
    var payloadTypeName: String { get }
}

/// A payload case, resolved: decodes its payload and builds the case, and writes a value's
/// payload back.
protocol EnumPayloadCoding<Enum>: Sendable {
    associatedtype Enum
    /// The payload's codec's type name (`Circle`, `[String]`).
    var typeName: String { get }
    /// The payload model's metadata, when the payload is a model (an object): what internal
    /// tagging needs.
    var objectKeys: KeyTable? { get }
    /// Decodes the payload at `source`'s cursor and builds the case.
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Enum
    /// The case built from `payload` (a value's payload read by `Mirror`), or `nil` when it is
    /// not this case's payload type.
    func make(from payload: Any) -> Enum?
    /// A value of this case built from a stand-in payload, to learn which Swift case the
    /// constructor builds; `nil` when no stand-in can be made without user code.
    func sample() -> Enum?
    /// The payload (read by `Mirror`) as a JSON-compatible value.
    func encode(payload: Any, _ session: EncodingSession) throws -> Any
    /// The payload written straight into the writer.
    func encode(payload: Any, to writer: inout JSONWriter, _ session: EncodingSession) throws
    /// The payload's schema.
    func schema(_ builder: SchemaBuilder) throws -> JSONValue
    /// The payload model's object schema, inlined; `nil` when the payload is not a model.
    func objectSchema(_ builder: SchemaBuilder) throws -> JSONValue?
    /// Throws the declaration error for an internal tag `key` that the payload model reads as
    /// one of its own keys under `style` (the declared style is checked when the enum is built).
    func checkTagKey(_ key: String, style: NamingStyle) throws
    /// The JSON kind the payload's codec reads (what an untagged trial checks first).
    var codableHint: CodableHint { get }
    /// The payload's codec, for the views that walk a value's parts (merge patches).
    var payloadCodec: Any { get }
}

/// `.case(tag, Enum.someCase)` for a case whose payload is a `Payload`.
struct PayloadCase<Enum, Payload>: EnumPayloadDeclaration {
    let make: @Sendable (Payload) -> Enum

    var payloadTypeName: String { SwiftTypeName.qualified(Payload.self) }

    func resolve(_ factory: CodecFactory) throws -> any EnumPayloadCoding<Enum> {
        ResolvedPayloadCase(make: make, codec: try factory.codec(for: Payload.self),
                            objectKeys: try factory.objectKeys(of: Payload.self))
    }
}

/// ``PayloadCase`` with its payload's codec.
struct ResolvedPayloadCase<Enum, Payload>: EnumPayloadCoding {
    let make: @Sendable (Payload) -> Enum
    let codec: any ValueCodec<Payload>
    let objectKeys: KeyTable?

    var typeName: String { codec.typeName }

    @_specialize(exported: false, kind: partial, where Source == JSONReader)
    @_specialize(exported: false, kind: partial, where Source == FoundationSource)
    @_specialize(exported: false, kind: partial, where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Enum {
        make(try codec.decode(from: &source, session))
    }

    func make(from payload: Any) -> Enum? {
        (payload as? Payload).map(make)
    }

    func sample() -> Enum? {
        PayloadSample.of(Payload.self).map(make)
    }

    func encode(payload: Any, _ session: EncodingSession) throws -> Any {
        try codec.encode(try typed(payload), session)
    }

    func encode(payload: Any, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        try codec.encode(try typed(payload), to: &writer, session)
    }

    func schema(_ builder: SchemaBuilder) throws -> JSONValue {
        try codec.schema(builder)
    }

    func objectSchema(_ builder: SchemaBuilder) throws -> JSONValue? {
        try (codec as? any ObjectSchemaDescribing)?.objectSchema(builder)
    }

    func checkTagKey(_ key: String, style: NamingStyle) throws {
        guard !style.isAsDeclared, let keyed = codec as? any ObjectSchemaDescribing, try keyed.keyTable(for: style).knownKeys.contains(key) else { return }
        throw MappingError(.invalidDeclaration(type: SwiftTypeName.qualified(Enum.self), problems: [
            "the tag \"\(key)\" is also a key of \(codec.typeName) under the naming style in use: choose another tag key",
        ]))
    }

    var codableHint: CodableHint { codec.codableHint }
    var payloadCodec: Any { codec }

    private func typed(_ payload: Any) throws -> Payload {
        guard let typed = payload as? Payload else {
            throw MappingError(.reflectionMismatch(type: SwiftTypeName.qualified(Enum.self),
                                                   detail: "a payload of \(type(of: payload)) where \(Payload.self) was declared"))
        }
        return typed
    }
}

extension CodecFactory {
    /// The keys of `type`'s object when it is a model (what internal tagging checks a tag
    /// against), else `nil`.
    func objectKeys<T>(of type: T.Type) throws -> KeyTable? {
        guard let model = T.self as? any KeyValueModel.Type else { return nil }
        func keys<M: KeyValueModel>(_ type: M.Type) throws -> KeyTable {
            try builder.metadata(for: M.self).declaredKeys
        }
        return try keys(model)
    }
}
