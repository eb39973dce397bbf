import Foundation

/// One `upsert`: the records filed by the key each holds, and the decode state the payload's
/// elements share. A record's identity is the key decoding gives it: each element is decoded
/// once, by the one walk, into a new model (its `beforeDecoding` and `subtype` rules, fallback
/// and null rules applied as in any decode), and the key that model holds finds the record. A
/// new record then gets its `didDecode`; an existing one gets the element's values (only those
/// the element wrote: absent keys keep the record's values, as `update(from:)` keeps them) and
/// then its `didDecode`. A record is filed by the key it holds after `didDecode`.
struct UpsertRun<Model: KeyValueModel, Key: Hashable> {
    private let metadata: ModelMetadata<Model>
    private let session: DecodingSession
    private let elements: ElementDecoder<Model>
    private let keyName: String
    /// The key property as the model's own metadata has it, found once: every record's and
    /// every element's key is read through it.
    private let keyProperty: PropertyDescriptor?
    /// Whether the key property is optional: only then can a key be `nil` (asked without a
    /// conformance lookup per record).
    private let keyIsOptional: Bool
    /// The key property's position among the model's own decoded properties (`nil`: it is not
    /// decoded, a declaration error when an element needs it), found once.
    private let keyIndex: Int?
    /// Each keyed record's position (a record whose optional key is `nil` is not filed).
    private var positions: [Key: Int] = [:]
    private(set) var summary = UpsertSummary()

    /// Files `records` by key, with room for `expected` more; two with the same key are an error at the second.
    init(_ metadata: ModelMetadata<Model>, keyName: String, filing records: [Model], expecting expected: Int, _ session: DecodingSession) throws {
        self.metadata = metadata
        self.session = session
        elements = ElementDecoder(metadata: metadata, session: session)
        self.keyName = keyName
        keyProperty = metadata.property(named: keyName)
        keyIsOptional = keyProperty?.accessor.acceptsNull ?? false
        keyIndex = metadata.decodedProperties.firstIndex { $0.name == keyName }
        positions.reserveCapacity(records.count + expected)
        for (position, record) in records.enumerated() {
            guard let identity = keyValue(of: record) else { continue }
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

    /// Applies one payload element: it updates the record its key matches, or is appended.
    /// Errors are relative to the element.
    private mutating func apply<Source: DecodingSource>(from source: inout Source, to records: inout [Model]) throws {
        var facts = ElementFacts(decodedAs: Model.self)
        var model: Model
        if let prototype = metadata.prototype {
            model = try elements.decode(from: &source, prototype: prototype, facts: &facts)
        } else {
            model = try build(from: &source, facts: &facts, records: records)
        }
        let identity = try key(of: model, facts)
        if let position = positions[identity] {
            try update(at: position, filedUnder: identity, with: model, facts, in: &records)
            summary.updated += 1
            return
        }
        try elements.checkRequiredKeys(of: facts)
        try elements.validate(&model, as: facts.decodedAs)
        let decoded = keyValue(of: model)
        if decoded != identity, let decoded, let position = positions[decoded] {
            // `didDecode` turned the key into one a record already holds: the element updates that
            // record with what it holds after `didDecode`, as it would had the payload carried
            // that key, and the new model is dropped.
            try merge(model, facts, into: position, filedUnder: decoded, in: &records, validating: false)
            summary.updated += 1
            return
        }
        if let decoded { positions[decoded] = records.count }
        records.append(model)
        summary.inserted += 1
    }

    /// ``ElementDecoder/decode(from:prototype:facts:)`` for an immutable model, built in fresh storage: the fields
    /// the element leaves out are the stored record's when the key it wrote files one (the
    /// model is then that record updated), else `nil`, or a missing key's error.
    private func build<Source: DecodingSource>(from source: inout Source, facts: inout ElementFacts, records: [Model]) throws -> Model {
        var members = DecodedMembers(found: PropertySet(count: 0), written: PropertySet(count: 0))
        let keeping: (DecodedMembers, UnsafeRawPointer) throws -> Model? = { decoded, fields in
            members = decoded
            guard let keyProperty, let index = keyIndex, decoded.written.contains(index),
                  let identity = keyValue(of: keyProperty.accessor.value(in: fields)), let position = positions[identity] else { return nil }
            return records[position]
        }
        let model: Model
        if metadata.readsRulesDictionary {
            var rules = try metadata.rulesSource(try metadata.rulesDictionary(from: &source, session))
            model = try metadata.buildModel(from: &rules, session, missingKeys: .rejectedWithFailure, keeping: keeping)
        } else {
            model = try metadata.buildModel(from: &source, session, missingKeys: .rejectedWithFailure, keeping: keeping)
        }
        facts = ElementFacts(decodedAs: Model.self, members: members)
        return model
    }

    /// The key the element's decode gave, before `didDecode`; a missing or `nil` key is an
    /// error: such an element could match no record.
    private func key(of model: Model, _ facts: ElementFacts) throws -> Key {
        // The model's own class (the usual case) is read through the run's metadata: no cast to
        // a generic class and no lookup in the metadata cache per element.
        if facts.decodedAs == Model.self {
            return try key(of: model, facts, in: metadata, at: keyIndex ?? Self.keyIndex(in: metadata, keyName: keyName))
        }
        func subclassKey<Decoded: KeyValueModel>(as type: Decoded.Type) throws -> Key {
            let metadata = try ModelMetadata<Decoded>.of(Decoded.self)
            return try key(of: model, facts, in: metadata, at: Self.keyIndex(in: metadata, keyName: keyName))
        }
        return try subclassKey(as: facts.decodedAs)
    }

    /// ``key(of:_:)`` for an element decoded as `Decoded`, whose key property is its decoded property `index`.
    private func key<Decoded: KeyValueModel>(of model: Model, _ facts: ElementFacts, in metadata: ModelMetadata<Decoded>, at index: Int) throws -> Key {
        guard facts.members.found.contains(index) else {
            throw MappingError(.missingKey(expected: metadata.decodedProperties[index].accessor.typeName),
                               path: try session.keyTable(for: metadata).decodeKeys[index].errorPath)
        }
        guard let identity = keyValue(of: model) else {
            throw MappingError(.invalidValue(expected: metadata.decodedProperties[index].accessor.typeName, found: "null",
                                             detail: "a primary key cannot be null"),
                               path: try session.keyTable(for: metadata).decodeKeys[index].errorPath, foundValue: "null")
        }
        return identity
    }

    /// Updates the record at `position`, filed under `identity`, with the element's values and
    /// files it again if its key changed. A value is updated as a copy, stored only when the
    /// whole element applied; a class instance is updated in place.
    private mutating func update(at position: Int, filedUnder identity: Key, with model: Model, _ facts: ElementFacts, in records: inout [Model]) throws {
        try merge(model, facts, into: position, filedUnder: identity, in: &records, validating: true)
    }

    private mutating func merge(_ model: Model, _ facts: ElementFacts, into position: Int, filedUnder identity: Key, in records: inout [Model], validating: Bool) throws {
        var record = records[position]
        try elements.checkSameClass(record, as: facts, position: position)
        let before = metadata.isClass ? keyValue(of: record) : nil
        try elements.copy(model, facts, into: &record)
        if validating { try elements.validate(&record, as: facts.decodedAs) }
        let updated = keyValue(of: record)
        if updated != identity {
            if let updated, let other = positions[updated] {
                // A class instance is already changed: it gets its key back, so no two records share one.
                if metadata.isClass, let before, let keyProperty { metadata.store(before, in: keyProperty, of: &record) }
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

    /// The position of the primary key among `metadata`'s decoded properties.
    private static func keyIndex<Decoded: KeyValueModel>(in metadata: ModelMetadata<Decoded>, keyName: String) throws -> Int {
        guard let index = metadata.decodedProperties.firstIndex(where: { $0.name == keyName }) else {
            throw MappingError(.invalidDeclaration(type: metadata.typeName, problems: [
                "the primary key \"\(keyName)\" of its superclass is never decoded into \(metadata.shortTypeName)",
            ]))
        }
        return index
    }

    /// The key `model` holds; `nil` when it is `nil` (or an uncomputed `lazy var`). Every key
    /// of one import is read here, so the payload's and the records' compare alike.
    private func keyValue(of model: Model) -> Key? {
        guard let keyProperty else { return nil }
        return keyValue(of: metadata.value(of: keyProperty, in: model))
    }

    /// A key property's value, boxed, as a key.
    private func keyValue(of value: Any?) -> Key? {
        guard let key = value as? Key else { return nil }
        if keyIsOptional, let optional = key as? any OptionalValue, optional.isNone { return nil }
        return key
    }
}
