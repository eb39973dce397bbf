import Foundation

/// One `upsert`: the records filed by the key each holds, and the decode state the payload's
/// elements share. A record's identity is the key decoding gives it: each element is decoded
/// once, by the one walk, into a new model (its `beforeDecoding` and `subtype` rules, fallback
/// and null rules applied as in any decode), and the key that model holds finds the record. A
/// new record then gets its `didDecode`; an existing one gets the element's values (only those
/// the element wrote: absent keys keep the record's values, as `update(from:)` keeps them) and
/// then its `didDecode`. A record is filed by the key it holds after `didDecode`.
struct UpsertRun<Model: Mappable, Key: Hashable> {
    private let metadata: ModelMetadata<Model>
    private let session: DecodingSession
    private let keyName: String
    /// Each keyed record's position (a record whose optional key is `nil` is not filed).
    private var positions: [Key: Int] = [:]
    private(set) var summary = UpsertSummary()

    /// Files `records` by key, with room for `expected` more; two with the same key are an error at the second.
    init(_ metadata: ModelMetadata<Model>, keyName: String, filing records: [Model], expecting expected: Int, _ session: DecodingSession) throws {
        self.metadata = metadata
        self.session = session
        self.keyName = keyName
        positions.reserveCapacity(records.count + expected)
        for (position, record) in records.enumerated() {
            guard let identity = try Self.identity(of: record, keyName: keyName) else { continue }
            if let first = positions[identity] {
                throw MappingError(
                    .invalidValue(expected: "a unique primary key", found: ValueDescription.describe(identity),
                                  detail: "the existing records [\(first)] and [\(position)] have the same \(keyName)"),
                    path: [.index(position), .key(keyName)])
            }
            positions[identity] = position
        }
    }

    /// Applies every element of the array at `source`'s cursor, in order; an element that fails
    /// is dropped when the decoder skips invalid elements, else its error (with its index) ends
    /// the import.
    mutating func apply<Source: DecodingSource>(_ source: inout Source, to records: inout [Model]) throws {
        guard var elements = try source.openArray(session) else {
            throw MappingError.typeMismatch(expected: "a JSON array of \(SwiftTypeName.of(Model.self))", found: try source.readScalarValue(session))
        }
        defer { source.closeArray(elements, session) }
        var index = 0
        while try source.nextElement(&elements) {
            let mark = source.mark()
            do {
                try apply(from: &source, to: &records)
            } catch let error as MappingError {
                try session.dropElement(error.prepending(.index(index)), skipping: false)
                try source.skipValue(from: mark)
                summary.skipped += 1
            }
            index += 1
        }
    }

    /// An element, decoded once: the model, the class it was decoded as, and what it wrote.
    private struct Element {
        var model: Model
        let decodedAs: any Mappable.Type
        let members: DecodedMembers
    }

    /// Applies one payload element: it updates the record its key matches, or is appended.
    /// Errors are relative to the element.
    private mutating func apply<Source: DecodingSource>(from source: inout Source, to records: inout [Model]) throws {
        var element = try decode(from: &source)
        let identity = try key(of: element)
        if let position = positions[identity] {
            try update(at: position, filedUnder: identity, with: element, in: &records)
            summary.updated += 1
            return
        }
        try checkRequiredKeys(of: element)
        try validate(&element.model, as: element.decodedAs)
        let decoded = try Self.identity(of: element.model, keyName: keyName)
        if decoded != identity, let decoded, let position = positions[decoded] {
            // `didDecode` turned the key into one a record already holds: the element updates that
            // record with what it holds after `didDecode`, as it would had the payload carried
            // that key, and the new model is dropped.
            try merge(element, into: position, filedUnder: decoded, in: &records, validating: false)
            summary.updated += 1
            return
        }
        if let decoded { positions[decoded] = records.count }
        records.append(element.model)
        summary.inserted += 1
    }

    /// Decodes the element at `source`'s cursor into a new model of the class its rules name,
    /// without `didDecode` (which runs once the element's record is known).
    private func decode<Source: DecodingSource>(from source: inout Source) throws -> Element {
        guard metadata.readsRulesDictionary else {
            var model = Model()
            let members = try metadata.decodeMembers(from: &source, into: &model, session, missingKeys: .rejectedWithFailure)
            return Element(model: model, decodedAs: Model.self, members: members)
        }
        let object = try metadata.rulesDictionary(from: &source, session)
        if metadata.subtypeResolver != nil {
            let concrete = try ModelMetadata<Model>.resolveSubtype(for: object.dictionary)
            if concrete != Model.self {
                func decode<Concrete: Mappable>(as type: Concrete.Type) throws -> Element {
                    var model = Concrete()
                    let members = try ModelMetadata<Concrete>.of(Concrete.self).decode(rulesDictionary: object, into: &model, session,
                                                                                       missingKeys: .rejectedWithFailure)
                    guard let record = model as? Model else {
                        throw MappingError(.invalidDeclaration(type: SwiftTypeName.qualified(Model.self), problems: [
                            "the subtype rule returned \(SwiftTypeName.qualified(Concrete.self)), which is not a subtype of \(SwiftTypeName.qualified(Model.self))",
                        ]))
                    }
                    return Element(model: record, decodedAs: Concrete.self, members: members)
                }
                return try decode(as: concrete)
            }
        }
        var model = Model()
        let members = try metadata.decode(rulesDictionary: object, into: &model, session, missingKeys: .rejectedWithFailure)
        return Element(model: model, decodedAs: Model.self, members: members)
    }

    /// The key the element's decode gave, before `didDecode`; a missing or `nil` key is an
    /// error: such an element could match no record.
    private func key(of element: Element) throws -> Key {
        func key<Decoded: Mappable>(as type: Decoded.Type) throws -> Key {
            let metadata = try ModelMetadata<Decoded>.of(Decoded.self)
            let index = try Self.keyIndex(in: metadata, keyName: keyName)
            let property = metadata.decodedProperties[index]
            let path = try session.keyTable(for: metadata).decodeKeys[index].errorPath
            guard element.members.found.contains(index) else {
                throw MappingError(.missingKey(expected: property.accessor.typeName), path: path)
            }
            guard let identity = try Self.identity(of: element.model, keyName: keyName) else {
                throw MappingError(.invalidValue(expected: property.accessor.typeName, found: "null", detail: "a primary key cannot be null"),
                                   path: path, foundValue: "null")
            }
            return identity
        }
        return try key(as: element.decodedAs)
    }

    /// A new record's required keys (the key itself was checked first).
    private func checkRequiredKeys(of element: Element) throws {
        func check<Decoded: Mappable>(as type: Decoded.Type) throws {
            let metadata = try ModelMetadata<Decoded>.of(Decoded.self)
            let keys = try session.keyTable(for: metadata).decodeKeys
            for (index, property) in metadata.decodedProperties.enumerated()
            where !element.members.found.contains(index) && property.isRequired(in: session) {
                throw MappingError(.missingKey(expected: property.accessor.typeName), path: keys[index].errorPath)
            }
        }
        try check(as: element.decodedAs)
    }

    /// Updates the record at `position`, filed under `identity`, with the element's values and
    /// files it again if its key changed. A value is updated as a copy, stored only when the
    /// whole element applied; a class instance is updated in place.
    private mutating func update(at position: Int, filedUnder identity: Key, with element: Element, in records: inout [Model]) throws {
        try merge(element, into: position, filedUnder: identity, in: &records, validating: true)
    }

    private mutating func merge(_ element: Element, into position: Int, filedUnder identity: Key, in records: inout [Model], validating: Bool) throws {
        var record = records[position]
        let recordType: Any.Type = metadata.isClass ? type(of: record as AnyObject) : Model.self
        guard ObjectIdentifier(recordType) == ObjectIdentifier(element.decodedAs) else {
            throw MappingError(.invalidValue(expected: SwiftTypeName.of(recordType), found: SwiftTypeName.of(element.decodedAs),
                                             detail: "the element is read as \(SwiftTypeName.of(element.decodedAs)), but the record [\(position)] it updates is a \(SwiftTypeName.of(recordType)); an import does not change a record's class"))
        }
        let before = metadata.isClass ? try Self.identity(of: record, keyName: keyName) : nil
        try copy(element, into: &record)
        if validating { try validate(&record, as: element.decodedAs) }
        let updated = try Self.identity(of: record, keyName: keyName)
        if updated != identity {
            if let updated, let other = positions[updated] {
                // A class instance is already changed: it gets its key back, so no two records share one.
                if metadata.isClass, let before { try Self.store(before, keyName: keyName, in: &record) }
                throw MappingError(
                    .invalidValue(expected: "a unique primary key", found: ValueDescription.describe(updated),
                                  detail: "the element changed the \(keyName) of the record [\(position)] to that of the record [\(other)]"),
                    path: try session.keyTable(for: metadata).decodeKeys[Self.keyIndex(in: metadata, keyName: keyName)].errorPath)
            }
            positions[identity] = nil
            if let updated { positions[updated] = position }
        }
        records[position] = record
    }

    /// Copies the values the element wrote into `record`, of the same class.
    private func copy(_ element: Element, into record: inout Model) throws {
        func copy<Decoded: Mappable>(as type: Decoded.Type) throws {
            let metadata = try ModelMetadata<Decoded>.of(Decoded.self)
            var target = try DynamicModel.cast(record, to: Decoded.self)
            let source = try DynamicModel.cast(element.model, to: Decoded.self)
            let written = metadata.decodedProperties.indices.filter { element.members.written.contains($0) }.map { metadata.decodedProperties[$0] }
            metadata.copy(written, from: source, to: &target)
            record = try DynamicModel.cast(target, to: Model.self)
        }
        try copy(as: element.decodedAs)
    }

    /// Runs `didDecode` of the class the model was decoded as.
    private func validate(_ model: inout Model, as type: any Mappable.Type) throws {
        func validate<Decoded: Mappable>(as type: Decoded.Type) throws {
            var typed = try DynamicModel.cast(model, to: Decoded.self)
            try ModelMetadata<Decoded>.validate(&typed)
            model = try DynamicModel.cast(typed, to: Model.self)
        }
        try validate(as: type)
    }

    /// The position of the primary key among `metadata`'s decoded properties.
    private static func keyIndex<Decoded: Mappable>(in metadata: ModelMetadata<Decoded>, keyName: String) throws -> Int {
        guard let index = metadata.decodedProperties.firstIndex(where: { $0.name == keyName }) else {
            throw MappingError(.invalidDeclaration(type: metadata.typeName, problems: [
                "the primary key \"\(keyName)\" of its superclass is never decoded into \(metadata.shortTypeName)",
            ]))
        }
        return index
    }

    /// The key `model` holds (read through its own class's metadata); `nil` when it is `nil` (or
    /// an uncomputed `lazy var`). Every key of one import is read here, so the payload's and the
    /// records' compare alike.
    private static func identity(of model: Model, keyName: String) throws -> Key? {
        let metadata = try ModelMetadata<Model>.of(Model.self)
        guard let property = metadata.property(named: keyName), let key = metadata.value(of: property, in: model) as? Key else { return nil }
        if let optional = key as? any OptionalValue, optional.isNone { return nil }
        return key
    }

    /// Writes `key` back into `model`'s key property.
    private static func store(_ key: Key, keyName: String, in model: inout Model) throws {
        let metadata = try ModelMetadata<Model>.of(Model.self)
        guard let property = metadata.property(named: keyName) else { return }
        metadata.store(key, in: property, of: &model)
    }
}
