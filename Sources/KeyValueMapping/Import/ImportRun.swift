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
// The run is generic over the store and compiled unspecialised (the model is the caller's type),
// where every use of a type built from `Model` (a nested type, a tuple, `[Model]`, a dictionary
// of them) looks up its run-time metadata: about 300 instructions each. So its state is kept
// in types that do not depend on `Model` wherever it can be (`ImportKeyState`, `ImportSlot`,
// parallel arrays, an `ImportBatch` over two of them).
struct ImportRun<Target: ImportTarget> {
    typealias Model = Target.Model

    private let metadata: ModelMetadata<Model>
    private let prototype: ModelPrototype<Model>
    private let session: DecodingSession
    private let elements: ElementDecoder<Model>
    /// Reads the records' keys (a related records' run lends it to the records that hold them).
    let keys: PrimaryKeyReader<Model>
    private let options: ImportOptions
    private let batchSize: Int
    /// Whether the report lists keys (else it counts them), and whether the keys named are
    /// kept from one batch to the next (for the list, `deleteMissing` and `.reject`).
    private let listsKeys: Bool
    private let remembersKeys: Bool
    /// The coder whose JSON form decides whether an update changed a record (`skipUnchanged`).
    private let encoding: EncodingSession
    /// Each key the payload named so far (or in this batch, when keys are not remembered): what
    /// the import did to its record, and the last batch that named it.
    private var keyStates: [PrimaryKey: ImportKeyState] = [:]
    private var batchNumber = 0
    /// The batch's elements, in payload order: index (and line, for JSON Lines), model, facts and key.
    private var batchIndexes: [Int] = []
    private var batchLines: [Int] = []
    private var batchModels: [Model] = []
    private var batchFacts: [ElementFacts] = []
    private var batchElementKeys: [PrimaryKey] = []
    /// The batch's keys, each once, in payload order: what the target is asked for.
    private var batchKeys: [PrimaryKey] = []
    /// What the batch does to the store: the records to insert and to update, each with its
    /// key, and those it matched and left equal, with their JSON forms; where each key's record
    /// stands among them.
    private var inserted: [Model] = []
    private var insertKeys: [PrimaryKey] = []
    private var updated: [Model] = []
    private var updateKeys: [PrimaryKey] = []
    private var unchanged: [Model] = []
    private var unchangedForms: [JSONValue] = []
    private var slots: [PrimaryKey: ImportSlot] = [:]
    /// Class instances changed in place, with their mapped values from before (see `merged`).
    private var changedInstances: Set<ObjectIdentifier> = []
    private var snapshots: [(instance: Model, values: Model)] = []
    private(set) var report = ImportReport()
    /// The properties holding related records, their capture in the walk, and the runs that
    /// import them into their own stores (see `RelatedImport.swift`).
    private let related: [RelatedProperty]
    private let capture: RelatedCapture?
    private var batchRelated: [[RelatedEntry]] = []
    private let relatedRuns: RelatedRuns
    /// For a related records' run: its errors end the import (their element is inside another
    /// one), and each batch's records are kept by key for the records that hold them.
    private let isRelatedRun: Bool
    private var batchSuffixes: [[MappingError.PathComponent]] = []
    private(set) var applied: [PrimaryKey: Model] = [:]

    /// A run reading with `session` (a new one when `nil`); `streamed` for a stream's import.
    init(_ metadata: ModelMetadata<Model>, decoder: KeyValueDecoder, options: ImportOptions, session: DecodingSession? = nil, streamed: Bool = false,
         isRelatedRun: Bool = false) throws {
        guard let prototype = metadata.prototype else {
            throw MappingError(.invalidDeclaration(type: metadata.typeName, problems: [
                "importRecords updates stored records in place, which an ImmutableMappable model cannot be: use a Mappable model of vars",
            ]))
        }
        self.metadata = metadata
        self.prototype = prototype
        let session = session ?? DecodingSession(options: decoder)
        self.session = session
        elements = ElementDecoder(metadata: metadata, session: session)
        keys = try PrimaryKeyReader(metadata)
        self.options = options
        batchSize = max(1, options.batchSize)
        listsKeys = options.listsKeys(streamed: streamed)
        remembersKeys = listsKeys || options.deleteMissing || options.repeatedKeys == .reject
        encoding = EncodingSession(options: KeyValueEncoder())
        self.isRelatedRun = isRelatedRun
        related = isRelatedRun ? [] : try metadata.relatedProperties(session)
        relatedRuns = RelatedRuns(decoder: decoder, options: options, session: session, streamed: streamed)
        if related.isEmpty {
            capture = nil
        } else {
            try relatedRuns.check(related, of: metadata, deletesMissing: options.deleteMissing)
            let capture = RelatedCapture(related)
            session.relatedCapture = capture
            session.relatedCaptureParent = ObjectIdentifier(metadata)
            self.capture = capture
        }
    }

    /// How a stream's elements are read for this run: its own element step.
    var elementDecoding: ImportElementDecoding<Model> {
        ImportElementDecoding(elements: elements, prototype: prototype, capture: capture)
    }

    /// Imports every element of the array at `source`'s cursor into `target`, then deletes the
    /// missing records when asked.
    mutating func run<Source: DecodingSource>(_ source: inout Source, into target: inout Target) throws {
        guard var array = try source.openArray(session) else {
            throw MappingError.typeMismatch(expected: "a JSON array of \(SwiftTypeName.of(Model.self))", found: try source.readScalarValue(session))
        }
        do {
            var index = 0
            while try source.nextElement(&array) {
                let mark = source.mark()
                var facts = ElementFacts(decodedAs: Model.self)
                let model: Model
                capture?.open(session)
                do {
                    model = try elements.decode(from: &source, prototype: prototype, facts: &facts)
                } catch let error as MappingError {
                    _ = capture?.take(session)
                    try session.dropElement(error.prepending(.index(index)), skipping: false)
                    try source.skipValue(from: mark)
                    report.skipped += 1
                    index += 1
                    continue
                }
                try accept(model, facts, related: capture?.take(session) ?? [], index: index, into: &target)
                index += 1
            }
            source.closeArray(array, session)
            try finish(into: &target)
        } catch {
            restoreChangedInstances()
            throw error
        }
    }

    /// Files a decoded element (the element at `index`, on `line` of JSON Lines or 0) in the
    /// batch, and applies the batch once it is full. An element whose key cannot be read is
    /// dropped under `.skip`; any other error ends the import, and the caller then calls
    /// ``restoreChangedInstances()``.
    // The element's parts are passed apart: a struct generic over the model would have its
    // metadata looked up at run time on each use in this unspecialised code.
    mutating func accept(_ model: consuming Model, _ facts: ElementFacts, related: consuming [RelatedEntry], index: Int, line: Int = 0, suffix: [MappingError.PathComponent] = [],
                         into target: inout Target) throws {
        do {
            try file(model, facts, related: related, index: index, line: line, suffix: suffix)
        } catch let rejection as RepeatedKeyRejection {
            // Not an invalid element: `.skip` does not drop it.
            throw Self.placed(rejection.error, index: index, line: line, suffix: suffix)
        } catch let error as MappingError {
            try drop(Self.placed(error, index: index, line: line, suffix: suffix))
        }
        if batchModels.count >= batchSize { try flush(into: &target) }
    }

    /// After the last element: applies the last batch, then deletes the missing records when
    /// asked (a failed import never gets here, so it deletes nothing).
    mutating func finish(into target: inout Target) throws {
        try flush(into: &target)
        guard options.deleteMissing else { return }
        let missing = try target.allKeys().filter { keyStates[$0] == nil }
        if !missing.isEmpty { try target.delete(keys: missing) }
        if listsKeys { report.deleted = missing }
        report.deletedCount = missing.count
    }

    /// Forgets the records kept by key (a related records' run, before a batch of its holders).
    mutating func clearApplied() {
        applied.removeAll(keepingCapacity: true)
    }

    /// The report, with the related records' reports by type.
    var fullReport: ImportReport {
        var full = report
        full.related = relatedRuns.reports
        return full
    }

    /// Drops an invalid element under `.skip` (counted), or throws its error; a related
    /// record's error always ends the import.
    private mutating func drop(_ error: MappingError) throws {
        if isRelatedRun { throw error }
        try session.dropElement(error, skipping: false)
        report.skipped += 1
    }

    /// `error`, relative to the element at `index` (on `line` of JSON Lines, or 0), as an error
    /// of the whole payload.
    private static func placed(_ error: MappingError, index: Int, line: Int, suffix: [MappingError.PathComponent] = []) -> MappingError {
        var placed = error.prepending([.index(index)] + suffix)
        if line > 0 { placed.line = line }
        return placed
    }

    /// Files one decoded element in the batch; errors are relative to the element.
    private mutating func file(_ model: consuming Model, _ facts: ElementFacts, related: consuming [RelatedEntry], index: Int, line: Int,
                               suffix: [MappingError.PathComponent]) throws {
        let key = try key(of: model, facts)
        // One hash of the key: the state is read and written in place.
        let (isRepeated, isNewInBatch, isFirstRepeat) = Self.name(&keyStates[key, default: ImportKeyState()], in: batchNumber,
                                                                   rejecting: options.repeatedKeys == .reject)
        if isRepeated, options.repeatedKeys == .reject {
            throw RepeatedKeyRejection(error: MappingError(.invalidValue(
                expected: "a primary key no other element has", found: key.description,
                detail: "the payload names this record twice (ImportOptions.repeatedKeys is .reject)")))
        }
        if isFirstRepeat {
            report.repeatedCount += 1
            if listsKeys { report.repeated.append(key) }
        }
        if isNewInBatch { batchKeys.append(key) }
        batchIndexes.append(index)
        batchLines.append(line)
        batchModels.append(model)
        batchFacts.append(facts)
        batchElementKeys.append(key)
        if capture != nil { batchRelated.append(related) }
        if isRelatedRun { batchSuffixes.append(suffix) }
    }

    /// Records that batch `batch` names the key whose state is `state` (a state never named
    /// before is new): whether it was named before, first in this batch, and first repeated now.
    /// A rejected repeat changes nothing, since the import ends.
    private static func name(_ state: inout ImportKeyState, in batch: Int, rejecting: Bool) -> (Bool, Bool, Bool) {
        let isRepeated = state.batch >= 0
        if isRepeated && rejecting { return (true, false, false) }
        let isNewInBatch = state.batch != batch
        let isFirstRepeat = isRepeated && !state.isReported
        if isFirstRepeat { state.isReported = true }
        state.batch = batch
        return (isRepeated, isNewInBatch, isFirstRepeat)
    }

    /// The key the element decoded; a key property it left out, or that is `nil` once decoded, is
    /// an error at its key.
    private func key(of model: Model, _ facts: ElementFacts) throws -> PrimaryKey {
        if facts.decodedAs != Model.self { try Self.refuseRelatedRules(of: facts.decodedAs) }
        return try keys.key(ofElement: model, facts, elements)
    }

    /// An element read as a subclass whose rules import related records by key: the run keys
    /// related records by the imported type's properties only.
    private static func refuseRelatedRules(of type: any KeyValueModel.Type) throws {
        func check<Decoded: KeyValueModel>(_ type: Decoded.Type) throws {
            let metadata = try ModelMetadata<Decoded>.of(Decoded.self)
            guard !(metadata.resolver?.rules.relatedByKey ?? []).isEmpty else { return }
            throw MappingError(.invalidDeclaration(type: metadata.typeName, problems: [
                "relatedByKey is not supported on a class cluster: an import keys related records by the imported type's own properties",
            ]))
        }
        try check(type)
    }

    /// Applies the batch: one lookup of its keys, then its inserts and its updates in one call each.
    mutating func flush(into target: inout Target) throws {
        guard !batchModels.isEmpty else { return }
        let stored = try target.records(forKeys: batchKeys)
        var dropped = Set<Int>()
        if !related.isEmpty {
            dropped = try precheck(stored)
            try relatedRuns.importRelated(batchRelated, of: related, indexes: batchIndexes, lines: batchLines, into: &target, holders: &batchModels, metadata)
            batchRelated.removeAll(keepingCapacity: true)
        }
        for position in batchModels.indices where !dropped.contains(position) {
            do {
                try apply(position, stored: stored)
            } catch let error as MappingError {
                try drop(Self.placed(error, index: batchIndexes[position], line: batchLines[position],
                                     suffix: isRelatedRun ? batchSuffixes[position] : []))
            }
        }
        if isRelatedRun {
            for (key, slot) in slots {
                switch slot {
                case .insert(let index): applied[key] = inserted[index]
                case .update(let index): applied[key] = updated[index]
                case .unchanged(let index): applied[key] = unchanged[index]
                }
            }
            batchSuffixes.removeAll(keepingCapacity: true)
        }
        batchIndexes.removeAll(keepingCapacity: true)
        batchLines.removeAll(keepingCapacity: true)
        batchModels.removeAll(keepingCapacity: true)
        batchFacts.removeAll(keepingCapacity: true)
        batchElementKeys.removeAll(keepingCapacity: true)
        batchKeys.removeAll(keepingCapacity: true)
        batchNumber += 1
        if !remembersKeys { keyStates.removeAll(keepingCapacity: true) }
        defer {
            inserted.removeAll(keepingCapacity: true)
            insertKeys.removeAll(keepingCapacity: true)
            updated.removeAll(keepingCapacity: true)
            updateKeys.removeAll(keepingCapacity: true)
            unchanged.removeAll(keepingCapacity: true)
            unchangedForms.removeAll(keepingCapacity: true)
            slots.removeAll(keepingCapacity: true)
        }
        if !inserted.isEmpty { try target.insert(ImportBatch(keys: insertKeys, records: inserted)) }
        if !updated.isEmpty { try target.update(ImportBatch(keys: updateKeys, records: updated)) }
    }

    /// Before a batch's related records are imported: the elements that applying would drop
    /// for what can be known already (a new record's required keys, a stored record of another
    /// class) are dropped now, under `.skip`, with their related records, so that these are not
    /// written for an element that is not. The positions dropped.
    private mutating func precheck(_ stored: [PrimaryKey: Model]) throws -> Set<Int> {
        var dropped = Set<Int>()
        var seen = Set<PrimaryKey>()
        for position in batchModels.indices {
            let key = batchElementKeys[position]
            guard seen.insert(key).inserted else { continue }
            do {
                if let record = stored[key] {
                    try elements.checkSameClass(record, as: batchFacts[position])
                } else {
                    try elements.checkRequiredKeys(of: batchFacts[position])
                }
            } catch let error as MappingError {
                try drop(Self.placed(error, index: batchIndexes[position], line: batchLines[position]))
                dropped.insert(position)
                batchRelated[position] = []
            }
        }
        return dropped
    }

    /// Applies the batch's element at `position`: it updates the record its key matches (in the
    /// store, or written by this batch), or becomes a new record.
    private mutating func apply(_ position: Int, stored: [PrimaryKey: Model]) throws {
        let key = batchElementKeys[position]
        switch slots[key] {
        case .insert(let slot)?:
            inserted[slot] = try merged(position, into: inserted[slot])
        case .update(let slot)?:
            updated[slot] = try merged(position, into: updated[slot])
        case .unchanged(let slot)?:
            let record = try merged(position, into: unchanged[slot])
            if !isSame(record, unchangedForms[slot]) {
                slots[key] = .update(updated.count)
                updated.append(record)
                updateKeys.append(key)
                settle(key, as: .updated)
            }
        case nil:
            if let original = stored[key] {
                // Taken before the merge: a class instance is updated in place.
                // A record the encoder cannot write (a NaN) is not compared: it is updated.
                let form = options.skipUnchanged ? try? jsonForm(of: original) : JSONValue?.none
                let record = try merged(position, into: original)
                if let form, isSame(record, form) {
                    slots[key] = .unchanged(unchanged.count)
                    unchanged.append(original)
                    unchangedForms.append(form)
                    settle(key, as: .unchanged)
                } else {
                    slots[key] = .update(updated.count)
                    updated.append(record)
                    updateKeys.append(key)
                    settle(key, as: .updated)
                }
            } else {
                try elements.checkRequiredKeys(of: batchFacts[position])
                var record = batchModels[position]
                try elements.validate(&record, as: batchFacts[position].decodedAs)
                try checkKeyKept(record, key)
                slots[key] = .insert(inserted.count)
                inserted.append(record)
                insertKeys.append(key)
                settle(key, as: .inserted)
            }
        }
    }

    /// `record` with the element's values and then its `didDecode`; its key must stay. A class
    /// instance is updated in place (its identity kept, as `update(from:)` keeps it).
    private mutating func merged(_ position: Int, into record: Model) throws -> Model {
        var record = record
        try elements.checkSameClass(record, as: batchFacts[position])
        guard metadata.isClass else {
            try mergeElement(position, into: &record)
            return record
        }
        // A class instance is changed in place: its mapped values are kept first, so that a
        // skipped element gives back those it had before it (and, once per import, so that a
        // failed import gives back those it had before the import).
        let before = metadata.mappedCopy(of: record)
        if changedInstances.insert(ObjectIdentifier(record as AnyObject)).inserted {
            snapshots.append((record, before))
        }
        do {
            try mergeElement(position, into: &record)
        } catch {
            var instance = record
            metadata.copy(metadata.properties, from: before, to: &instance)
            throw error
        }
        return record
    }

    /// Copies what the element at `position` wrote into `record`, then runs its `didDecode`;
    /// its key must stay.
    private func mergeElement(_ position: Int, into record: inout Model) throws {
        try elements.copy(batchModels[position], batchFacts[position], into: &record)
        try elements.validate(&record, as: batchFacts[position].decodedAs)
        try checkKeyKept(record, batchElementKeys[position])
    }

    /// Gives every class instance this import changed its mapped values back: the store's
    /// transaction rolls back what it holds, these are the caller's objects.
    func restoreChangedInstances() {
        relatedRuns.restoreChangedInstances()
        for (instance, values) in snapshots {
            var instance = instance
            metadata.copy(metadata.properties, from: values, to: &instance)
        }
    }

    private func checkKeyKept(_ record: Model, _ key: PrimaryKey) throws {
        let kept = try keys.key(of: record)
        guard kept != key else { return }
        throw MappingError(.invalidValue(expected: "the primary key \(key)", found: kept.description,
                                         detail: "didDecode changed the record's primary key, which an import matches records by"))
    }

    /// Files what the import did to `key`'s record; a repeated key keeps its first place in
    /// the report, moving only from unchanged to updated.
    private mutating func settle(_ key: PrimaryKey, as outcome: ImportOutcome) {
        let previous = Self.settle(&keyStates[key, default: ImportKeyState()], as: outcome)
        switch (previous, outcome) {
        case (nil, .inserted):
            report.insertedCount += 1
            if listsKeys { report.inserted.append(key) }
        case (nil, .updated):
            report.updatedCount += 1
            if listsKeys { report.updated.append(key) }
        case (nil, .unchanged):
            report.unchangedCount += 1
            if listsKeys { report.unchanged.append(key) }
        case (.unchanged?, .updated):
            report.unchangedCount -= 1
            report.updatedCount += 1
            if listsKeys {
                report.unchanged.removeAll { $0 == key }
                report.updated.append(key)
            }
        default: return
        }
    }

    /// Files `outcome` in `state` (an insert or update stays, an unchanged record may become
    /// updated) and gives what it was.
    private static func settle(_ state: inout ImportKeyState, as outcome: ImportOutcome) -> ImportOutcome? {
        let previous = state.outcome
        switch (previous, outcome) {
        case (nil, _), (.unchanged?, .updated): state.outcome = outcome
        default: break
        }
        return previous
    }

    /// A record's mapped properties as the encoder writes them: two records are equal over
    /// their mapped properties when these are.
    private func jsonForm(of record: Model) throws -> JSONValue {
        try JSONValue(foundationValue: try metadata.encode(record, encoding))
    }

    private func isSame(_ record: Model, _ form: JSONValue) -> Bool {
        guard let recordForm = try? jsonForm(of: record) else { return false }
        return MergePatch.firstDifference(recordForm, form) == nil
    }
}

/// What an import did to a key's record.
enum ImportOutcome {
    case inserted, updated, unchanged
}

/// What an import knows of a key the payload named.
struct ImportKeyState {
    var outcome: ImportOutcome?
    /// The last batch that named it.
    var batch = -1
    /// Whether ``ImportReport/repeated`` lists it.
    var isReported = false
}

/// Where a key's record stands within the batch being applied: the position of its record
/// among the batch's inserts, updates or unchanged records.
enum ImportSlot {
    case insert(Int)
    case update(Int)
    case unchanged(Int)
}

/// A repeated key under ``ImportOptions/RepeatedKeys/reject``: it ends the import whatever
/// the decoder does with invalid elements.
struct RepeatedKeyRejection: Error {
    let error: MappingError
}
