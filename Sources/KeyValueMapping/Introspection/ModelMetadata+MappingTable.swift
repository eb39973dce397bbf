extension KeyValueModel {
    /// What maps to what: one row per stored property with its key paths, Swift type,
    /// transformer, whether it is required, optional or ignored, and whether it is decoded and
    /// encoded.
    ///
    /// ```swift
    /// struct Repo: Mappable {
    ///     var id = 0
    ///     var fullName = ""
    ///     var cache: [String] = []
    ///     static var mappingRules: MappingRules {
    ///         MappingRules().naming(.snakeCase).map("id", to: "repo_id").ignore("cache").require("id")
    ///     }
    /// }
    /// print(try Repo.mappingTable())
    /// // property  key        type      transformer  presence  direction
    /// // id        repo_id    Int       –            required  decoded, encoded
    /// // fullName  full_name  String    –            default   decoded, encoded
    /// // cache     –          [String]  –            ignored   –
    /// ```
    ///
    /// Rows come from the type's cached metadata, the same the decoder and encoder use.
    /// - Throws: ``MappingError`` when the type cannot be mapped (an invalid declaration).
    public static func mappingTable() throws -> MappingTable {
        try mappingTable(decoder: KeyValueDecoder(), encoder: KeyValueEncoder())
    }

    /// The mapping table with the keys `decoder` reads and `encoder` writes (their naming styles
    /// apply to properties whose type declares neither a key nor a style), and "required" as
    /// `decoder` decides it.
    public static func mappingTable(decoder: KeyValueDecoder, encoder: KeyValueEncoder) throws -> MappingTable {
        try ModelMetadata.of(Self.self).mappingTable(decoder: decoder, encoder: encoder)
    }
}

extension ModelMetadata {
    func mappingTable(decoder: KeyValueDecoder, encoder: KeyValueEncoder) throws -> MappingTable {
        // A table's encode keys are every mapped property's key under its style.
        let readKeys = try keyTable(for: decoder.keyNamingStyle).encodeKeys
        let writtenKeys = try keyTable(for: encoder.keyNamingStyle).encodeKeys
        var indexByName: [String: Int] = [:]
        for index in properties.indices { indexByName[properties[index].name] = index }
        let owners = ownerShortNames()
        let transformers = resolver?.rules.transformers ?? [:]
        let rows = storedProperties.map { stored -> MappingTable.Row in
            let owner = owners[stored.ownerName] ?? stored.ownerName
            guard let index = indexByName[stored.name] else {
                return MappingTable.Row(
                    property: stored.name, owner: owner, keys: [], encodedKeys: [], keyKind: .unmapped,
                    type: SwiftTypeName.of(stored.declaredType), transformer: nil, presence: .ignored,
                    isDecoded: false, isEncoded: false, cases: [])
            }
            let property = properties[index]
            return MappingTable.Row(
                property: property.name, owner: owner,
                keys: property.isDecoded ? readKeys[index].texts : [],
                encodedKeys: writtenKeys[index].encodedTexts,
                keyKind: Self.kind(of: property.key),
                type: SwiftTypeName.of(property.accessor.valueType),
                transformer: transformers[property.name].map(TransformerText.of),
                presence: presence(of: property, decoder: decoder),
                isDecoded: property.isDecoded, isEncoded: true,
                cases: (property.accessor.describedCodec as? any CaseListing)?.caseList ?? [])
        }
        return MappingTable(typeName: SwiftTypeName.of(Model.self), rows: rows)
    }

    private func presence(of property: PropertyDescriptor, decoder: KeyValueDecoder) -> MappingTable.Row.Presence {
        if !property.isDecoded { return .notDecoded }
        if requiresKey(of: property, decoder: decoder) { return .required }
        return property.isOptional ? .optional : .defaulted
    }

    private static func kind(of key: ResolvedKey) -> MappingTable.Row.KeyKind {
        switch key {
        case .key: return .key
        case .path: return .path
        case .candidates: return .candidates
        case .gather: return .gathered
        }
    }

    /// The short name of every type in the model's class chain, by the full name the metadata
    /// records as a property's owner. (The chain is the model's static type information; no
    /// property is reflected again.)
    func ownerShortNames() -> [String: String] {
        var names = [String(reflecting: Model.self): SwiftTypeName.of(Model.self)]
        var next: AnyClass? = (Model.self as? AnyClass).flatMap(_getSuperclass)
        while let superclass = next {
            names[String(reflecting: superclass)] = SwiftTypeName.of(superclass)
            next = _getSuperclass(superclass)
        }
        return names
    }
}

/// Keys written as the rules spell them, for the mapping table.
extension ResolvedKey {
    /// Every key path this property reads, as text, in the rules' order: one for a key or a
    /// path, the candidates in order, the gathered keys.
    var texts: [String] {
        switch self {
        case .key(let key): return [Self.text(of: [.key(key)])]
        case .path(let components): return [Self.text(of: components)]
        case .candidates(let paths): return paths.map(Self.text(of:))
        case .gather(_, let keys): return keys.map { Self.text(of: $0.path) }
        }
    }

    /// A path as ``MappingKey`` parses it back: dotted keys, `[i]` indexes, and a backslash
    /// before a dot, a bracket or a backslash that belongs to a key (`version\.major`).
    static func text(of components: [MappingError.PathComponent]) -> String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                for character in key {
                    if character == "." || character == "[" || character == "\\" { text.append("\\") }
                    text.append(character)
                }
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// The key paths encoding writes, as text (the first candidate only).
    var encodedTexts: [String] {
        encodedPaths.map(Self.text(of:))
    }
}

/// A codec whose values a tag chooses among cases (a union, a polymorphic property), seen
/// through optionals and collections: what the mapping table lists.
protocol CaseListing {
    /// `tag: Payload` per case, in declaration order.
    var caseList: [String] { get }
}

extension EnumCodec: CaseListing {
    var caseList: [String] {
        metadata.cases.map { entry in entry.payload.map { "\(entry.tag): \($0.typeName)" } ?? entry.tag }
    }
}

extension PolymorphicCodec: CaseListing {
    var caseList: [String] {
        members.map { "\($0.tagText ?? "?"): \($0.typeName)" } + (fallback.map { ["other tags: \($0.typeName)"] } ?? [])
    }
}

extension OptionalCodec: CaseListing {
    var caseList: [String] { (wrapped as? any CaseListing)?.caseList ?? [] }
}

extension ArrayCodec: CaseListing {
    var caseList: [String] { (element as? any CaseListing)?.caseList ?? [] }
}

extension SetCodec: CaseListing {
    var caseList: [String] { elements.caseList }
}

extension DictionaryCodec: CaseListing {
    var caseList: [String] { (element as? any CaseListing)?.caseList ?? [] }
}
