import Foundation

/// The primary key rule: checked with the rest of the declaration, and used by `upsert` to
/// find a payload element's record.
extension ModelMetadata {
    /// Reports a primary key that names an unmapped, never-decoded or non-`Hashable` property
    /// (a name that is no stored property at all is reported by the rules' name check).
    /// Runs while the metadata is built, after the mapped properties are known.
    func checkPrimaryKey(_ resolver: inout RulesResolver, storedNames: [String]) {
        guard let name = resolver.rules.primaryKey, storedNames.contains(name) else { return }
        guard resolver.isMapped(name) else {
            let why = resolver.isIgnored(name) ? "ignored" : "not in the allow list"
            resolver.report("the primary key \"\(name)\" is \(why), so it is never decoded")
            return
        }
        guard let property = properties.first(where: { $0.name == name }) else {
            resolver.report("the primary key \"\(name)\" is never mapped")
            return
        }
        if !property.isDecoded {
            resolver.report("the primary key \"\(name)\" is a let, which decoding never writes")
        }
        if let type = property.facts?.valueType, !(type is any Hashable.Type) {
            resolver.report("the primary key \"\(name)\" has type \(SwiftTypeName.of(type)), which is not Hashable")
        }
    }

    /// The primary key's property and the key `decoder` reads it from, or an
    /// `invalidDeclaration` error when the type declares no primary key.
    func primaryKey(decoder: KeyValueDecoder) throws -> (property: PropertyDescriptor, key: ResolvedKey) {
        guard let name = resolver?.rules.primaryKey,
              let index = properties.firstIndex(where: { $0.name == name && $0.isDecoded }) else {
            throw MappingError(.invalidDeclaration(type: typeName, problems: [
                "upsert needs a primary key: declare one in the type's rules, such as MappingRules().primaryKey(\"id\")",
            ]))
        }
        return (properties[index], try keyTable(for: decoder.keyNamingStyle).encodeKeys[index])
    }

    /// Merges `payload` into `records` by primary key: an element whose key matches a record
    /// updates it through the decoder's `update` (the same path as `update(from:)`), any other
    /// element is decoded and appended. One dictionary lookup per element.
    func upsert(_ payload: [Any], into records: inout [Model], decoder: KeyValueDecoder) throws -> UpsertSummary {
        let (property, key) = try primaryKey(decoder: decoder)
        guard let facts = property.facts else {
            throw MappingError(.other("the primary key \"\(property.name)\" of \(typeName) cannot be read"))
        }
        var positions: [AnyHashable: Int] = [:]
        positions.reserveCapacity(records.count + payload.count)
        for position in records.indices {
            guard let value = value(of: property, in: records[position]), let identity = Self.identity(value) else { continue }
            if let first = positions[identity] {
                throw MappingError(
                    .invalidValue(expected: "a unique primary key", found: ValueDescription.describe(value),
                                  detail: "the existing records [\(first)] and [\(position)] have the same \(property.name)"),
                    path: [.index(position), .key(property.name)])
            }
            positions[identity] = position
        }
        var summary = UpsertSummary()
        for index in payload.indices {
            do {
                guard case .dictionary(let dictionary) = JSONScalar(payload[index]) else {
                    throw MappingError.typeMismatch(expected: SwiftTypeName.of(Model.self), found: payload[index])
                }
                let identity = try self.identity(of: dictionary, key: key, property: property, facts: facts, decoder: decoder)
                if let position = positions[identity] {
                    if isClass {
                        try decoder.update(&records[position], from: dictionary)
                    } else {
                        // `update` writes property by property: a value is updated as a copy and
                        // stored only when the whole element decoded.
                        var record = records[position]
                        try decoder.update(&record, from: dictionary)
                        records[position] = record
                    }
                    summary.updated += 1
                } else {
                    let record = try decoder.decode(Model.self, from: dictionary)
                    positions[identity] = records.count
                    records.append(record)
                    summary.inserted += 1
                }
            } catch let error as MappingError {
                throw error.prepending(.index(index))
            }
        }
        return summary
    }

    /// The primary key of one payload element, converted by the property's own codec (so a
    /// transformer or a lossless coercion applies, as it will when the element is decoded).
    private func identity(of dictionary: [String: Any], key: ResolvedKey, property: PropertyDescriptor,
                          facts: any AccessorFacts, decoder: KeyValueDecoder) throws -> AnyHashable {
        guard let (raw, path) = try key.lookup(in: dictionary) else {
            throw MappingError(.missingKey(expected: property.accessor.typeName), path: key.encodedPaths.first ?? [.key(property.name)])
        }
        let value: Any
        do {
            value = try facts.decodeBoxed(raw, DecodingSession(options: decoder))
        } catch let error as MappingError {
            throw error.prepending(path)
        }
        guard let identity = Self.identity(value) else {
            throw MappingError(.invalidValue(expected: property.accessor.typeName, found: "null", detail: "a primary key cannot be null"),
                               path: path, foundValue: "null")
        }
        return identity
    }

    /// A decoded key value as a dictionary key; `nil` for an optional key that is `nil`.
    private static func identity(_ value: Any) -> AnyHashable? {
        if let optional = value as? any OptionalValue, optional.isNone { return nil }
        return value as? AnyHashable
    }
}
