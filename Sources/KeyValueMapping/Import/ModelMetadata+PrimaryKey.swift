import Foundation

/// The primary key rule: checked with the rest of the declaration, and used by `upsert` to
/// find a payload element's record.
extension ModelMetadata {
    /// Reports a primary key that names an unmapped, never-decoded or non-`Hashable` property
    /// (a name that is no stored property at all is reported by the rules' name check).
    /// Runs while the metadata is built, after the mapped properties are known.
    func checkPrimaryKey(_ resolver: inout RulesResolver, storedNames: [String]) {
        let names = resolver.rules.primaryKey
        for name in Set(names.filter { name in names.filter { $0 == name }.count > 1 }).sorted() {
            resolver.report("the primary key names \"\(name)\" twice")
        }
        for name in names where storedNames.contains(name) {
            guard resolver.isMapped(name) else {
                let why = resolver.isIgnored(name) ? "ignored" : "not in the allow list"
                resolver.report("the primary key \"\(name)\" is \(why), so it is never decoded")
                continue
            }
            guard let property = properties.first(where: { $0.name == name }) else {
                resolver.report("the primary key \"\(name)\" is never mapped")
                continue
            }
            if !property.isDecoded {
                resolver.report("the primary key \"\(name)\" is a let, which decoding never writes")
            }
            if !(property.accessor.valueType is any Hashable.Type) {
                resolver.report("the primary key \"\(name)\" has type \(SwiftTypeName.of(property.accessor.valueType)), which is not Hashable")
            } else if names.count > 1, !PrimaryKey.Component.isKeyType(property.accessor.valueType) {
                resolver.report("the primary key \"\(name)\" has type \(SwiftTypeName.of(property.accessor.valueType)), "
                                + "which a composite key cannot hold: \(PrimaryKey.Component.keyTypes)")
            }
        }
    }

    /// The name of the primary key's property, or an `invalidDeclaration` error when the type
    /// declares none, or a composite one (`upsert` files records by one property).
    func primaryKeyName() throws -> String {
        let names = resolver?.rules.primaryKey ?? []
        guard let name = names.first, decodedProperties.contains(where: { $0.name == name }) else {
            throw MappingError(.invalidDeclaration(type: typeName, problems: [
                "upsert needs a primary key: declare one in the type's rules, such as MappingRules().primaryKey(\"id\")",
            ]))
        }
        guard names.count == 1 else {
            throw MappingError(.invalidDeclaration(type: typeName, problems: [
                "upsert files records by a primary key of one property, and \(shortTypeName)'s is composite (\(names.joined(separator: ", "))): "
                + "import with KeyValueDecoder.importRecords, which takes composite keys",
            ]))
        }
        return name
    }

    /// Merges the array at `source`'s cursor into `records` by primary key (see ``UpsertRun``),
    /// one decode session for the whole payload.
    func upsert<Source: DecodingSource>(_ source: inout Source, into records: inout [Model], decoder: KeyValueDecoder) throws -> UpsertSummary {
        let keyName = try primaryKeyName()
        // The declaration check made sure the key's type is Hashable.
        guard let keyType = property(named: keyName)?.accessor.valueType as? any Hashable.Type else {
            throw MappingError(.other("the primary key \"\(keyName)\" of \(typeName) cannot be read"))
        }
        return try upsert(&source, into: &records, keyName: keyName, keyType, DecodingSession(options: decoder))
    }

    // Records are filed by the key's own type: hashing it costs less than hashing `AnyHashable`.
    private func upsert<Key: Hashable, Source: DecodingSource>(_ source: inout Source, into records: inout [Model], keyName: String, _ keyType: Key.Type,
                                                              _ session: DecodingSession) throws -> UpsertSummary {
        var run = try UpsertRun<Model, Key>(self, keyName: keyName, filing: records, expecting: 0, session)
        try run.apply(&source, to: &records)
        return run.summary
    }
}
