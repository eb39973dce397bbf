import Foundation

/// One `importRecords`: the payload's elements decoded once each, in batches; per batch one
/// lookup of the stored records their keys match, then one call each for the batch's inserts
/// and updates; after a complete payload, the deletes. The caller runs it inside the target's
/// transaction.
///
/// An element's key is the one its decode gives (before `didDecode`, which runs once its record
/// is known, as in `upsert`); `didDecode` may not change it. A matched record gets the
/// element's values (only those the element wrote: absent keys keep the stored values, as
/// `update(from:)` keeps them), then its `didDecode`.
struct ImportRun<Target: ImportTarget> {
    typealias Model = Target.Model

    private let metadata: ModelMetadata<Model>
    private let prototype: ModelPrototype<Model>
    private let session: DecodingSession
    private let elements: ElementDecoder<Model>
    private let keys: PrimaryKeyReader<Model>
    private let options: ImportOptions
    /// The coder whose JSON form decides whether an update changed a record (`skipUnchanged`).
    private let encoding: EncodingSession
    private var batch: [Element] = []
    /// The batch's keys, each once, in payload order: what the target is asked for.
    private var batchKeys: [PrimaryKey] = []
    private var batchKeySet: Set<PrimaryKey> = []
    /// Each key the payload named so far, with what the import did to its record.
    private var outcomes: [PrimaryKey: Outcome] = [:]
    private var repeatedKeys: Set<PrimaryKey> = []
    private(set) var report = ImportReport()

    private struct Element {
        let index: Int
        let model: Model
        let facts: ElementFacts
        let key: PrimaryKey
    }

    private enum Outcome {
        case inserted, updated, unchanged
    }

    /// Where a key's record stands within the batch being applied.
    private enum Slot {
        case insert(Int)
        case update(Int)
        /// The record as stored, and its JSON form, which later elements are compared with.
        case unchanged(stored: Model, form: JSONValue)
    }

    init(_ metadata: ModelMetadata<Model>, decoder: KeyValueDecoder, options: ImportOptions) throws {
        guard let prototype = metadata.prototype else {
            throw MappingError(.invalidDeclaration(type: metadata.typeName, problems: [
                "importRecords updates stored records in place, which an ImmutableMappable model cannot be: use a Mappable model of vars",
            ]))
        }
        self.metadata = metadata
        self.prototype = prototype
        session = DecodingSession(options: decoder)
        elements = ElementDecoder(metadata: metadata, session: session)
        keys = try PrimaryKeyReader(metadata)
        self.options = options
        encoding = EncodingSession(options: KeyValueEncoder())
    }

    /// Imports every element of the array at `source`'s cursor into `target`, then deletes the
    /// missing records when asked.
    mutating func run<Source: DecodingSource>(_ source: inout Source, into target: inout Target) throws {
        guard var array = try source.openArray(session) else {
            throw MappingError.typeMismatch(expected: "a JSON array of \(SwiftTypeName.of(Model.self))", found: try source.readScalarValue(session))
        }
        var index = 0
        while try source.nextElement(&array) {
            let mark = source.mark()
            do {
                try read(from: &source, index: index)
            } catch let error as MappingError {
                try session.dropElement(error.prepending(.index(index)), skipping: false)
                try source.skipValue(from: mark)
                report.skipped += 1
            }
            index += 1
            if batch.count == options.batchSize { try flush(into: &target) }
        }
        source.closeArray(array, session)
        try flush(into: &target)
        if options.deleteMissing {
            let missing = try target.allKeys().filter { outcomes[$0] == nil }
            if !missing.isEmpty { try target.delete(keys: missing) }
            report.deleted = missing
        }
    }

    /// Decodes one element and files it in the batch; errors are relative to the element.
    private mutating func read<Source: DecodingSource>(from source: inout Source, index: Int) throws {
        var facts = ElementFacts(decodedAs: Model.self)
        let model = try elements.decode(from: &source, prototype: prototype, facts: &facts)
        let key = try key(of: model, facts)
        let isNew = batchKeySet.insert(key).inserted
        if isNew { batchKeys.append(key) }
        if outcomes[key] != nil || !isNew {
            if options.repeatedKeys == .reject {
                throw MappingError(.invalidValue(expected: "a primary key no other element has", found: key.description,
                                                 detail: "the payload names this record twice (ImportOptions.repeatedKeys is .reject)"))
            }
            if repeatedKeys.insert(key).inserted { report.repeated.append(key) }
        }
        batch.append(Element(index: index, model: model, facts: facts, key: key))
    }

    /// The key the element decoded; a key property it left out or set to `null` is an error at its key.
    private func key(of model: Model, _ facts: ElementFacts) throws -> PrimaryKey {
        for (property, index) in keys.properties where facts.decodedAs == Model.self && !facts.members.found.contains(index) {
            throw MappingError(.missingKey(expected: property.accessor.typeName), path: try session.keyTable(for: metadata).decodeKeys[index].errorPath)
        }
        do {
            return try keys.key(of: model)
        } catch let error as MappingError {
            guard case .key(let name)? = error.path.first, let (_, index) = keys.properties.first(where: { $0.descriptor.name == name }) else { throw error }
            throw MappingError(error.reason, path: try session.keyTable(for: metadata).decodeKeys[index].errorPath, foundValue: "null")
        }
    }

    /// Applies the batch: one lookup of its keys, then its inserts and its updates in one call each.
    private mutating func flush(into target: inout Target) throws {
        guard !batch.isEmpty else { return }
        let stored = try target.records(forKeys: batchKeys)
        var inserts: [(key: PrimaryKey, record: Model)] = []
        var updates: [(key: PrimaryKey, record: Model)] = []
        var slots: [PrimaryKey: Slot] = [:]
        for element in batch {
            do {
                try apply(element, stored: stored, slots: &slots, inserts: &inserts, updates: &updates)
            } catch let error as MappingError {
                try session.dropElement(error.prepending(.index(element.index)), skipping: false)
                report.skipped += 1
            }
        }
        batch.removeAll(keepingCapacity: true)
        batchKeys.removeAll(keepingCapacity: true)
        batchKeySet.removeAll(keepingCapacity: true)
        if !inserts.isEmpty { try target.insert(inserts) }
        if !updates.isEmpty { try target.update(updates) }
    }

    private mutating func apply(_ element: Element, stored: [PrimaryKey: Model], slots: inout [PrimaryKey: Slot],
                                inserts: inout [(key: PrimaryKey, record: Model)], updates: inout [(key: PrimaryKey, record: Model)]) throws {
        let key = element.key
        switch slots[key] {
        case .insert(let position)?:
            inserts[position].record = try merged(element, into: inserts[position].record)
        case .update(let position)?:
            updates[position].record = try merged(element, into: updates[position].record)
        case .unchanged(let original, let form)?:
            let record = try merged(element, into: original)
            if try !isSame(record, form) {
                slots[key] = .update(updates.count)
                updates.append((key, record))
                settle(key, as: .updated)
            }
        case nil:
            if let original = stored[key] {
                // Taken before the merge: a class instance is updated in place.
                let form = options.skipUnchanged ? try jsonForm(of: original) : JSONValue?.none
                let record = try merged(element, into: original)
                if let form, try isSame(record, form) {
                    slots[key] = .unchanged(stored: original, form: form)
                    settle(key, as: .unchanged)
                } else {
                    slots[key] = .update(updates.count)
                    updates.append((key, record))
                    settle(key, as: .updated)
                }
            } else {
                try elements.checkRequiredKeys(of: element.facts)
                var record = element.model
                try elements.validate(&record, as: element.facts.decodedAs)
                try checkKeyKept(record, key)
                slots[key] = .insert(inserts.count)
                inserts.append((key, record))
                settle(key, as: .inserted)
            }
        }
    }

    /// `record` with the element's values and then its `didDecode`; its key must stay. A class
    /// instance is updated in place (its identity kept, as `update(from:)` keeps it).
    private func merged(_ element: Element, into record: Model) throws -> Model {
        var record = record
        try elements.copy(element.model, element.facts, into: &record)
        try elements.validate(&record, as: element.facts.decodedAs)
        try checkKeyKept(record, element.key)
        return record
    }

    private func checkKeyKept(_ record: Model, _ key: PrimaryKey) throws {
        let kept = try keys.key(of: record)
        guard kept != key else { return }
        throw MappingError(.invalidValue(expected: "the primary key \(key)", found: kept.description,
                                         detail: "didDecode changed the record's primary key, which an import matches records by"))
    }

    /// Files what the import did to `key`'s record; a repeated key keeps its first place in
    /// the report, moving only from unchanged to updated.
    private mutating func settle(_ key: PrimaryKey, as outcome: Outcome) {
        switch (outcomes[key], outcome) {
        case (nil, .inserted): report.inserted.append(key)
        case (nil, .updated): report.updated.append(key)
        case (nil, .unchanged): report.unchanged.append(key)
        case (.unchanged?, .updated):
            report.unchanged.removeAll { $0 == key }
            report.updated.append(key)
        default: return
        }
        outcomes[key] = outcome
    }

    /// A record's mapped properties as the encoder writes them: two records are equal over
    /// their mapped properties when these are.
    private func jsonForm(of record: Model) throws -> JSONValue {
        try JSONValue(foundationValue: try metadata.encode(record, encoding))
    }

    private func isSame(_ record: Model, _ form: JSONValue) throws -> Bool {
        MergePatch.firstDifference(try jsonForm(of: record), form) == nil
    }
}
