import Foundation

/// The imports of an import's related records (``MappingRules/relatedByKey(_:_:)``): one run
/// per related type, into the store the target hands out for it, kept from batch to batch.
/// Each batch of elements first imports the related records its elements held — one lookup
/// per related type, the same merge, inserts and updates as any import — and then gives each
/// element the stored record its related record matched (or became).
final class RelatedRuns {
    private let decoder: KeyValueDecoder
    private let options: ImportOptions
    private let session: DecodingSession
    private let streamed: Bool
    /// The runs, by related type, in the order their types were first met.
    private var runs: [ObjectIdentifier: any RelatedRun] = [:]
    private var order: [ObjectIdentifier] = []

    init(decoder: KeyValueDecoder, options: ImportOptions, session: DecodingSession, streamed: Bool) {
        self.decoder = decoder
        // A related record is named by every element that holds it: repeats are the point,
        // and the store keeps the records no element names.
        var options = options
        options.deleteMissing = false
        options.repeatedKeys = .lastWins
        // A batch of holders is one batch of related records: one lookup per type.
        options.batchSize = .max
        self.options = options
        self.session = session
        self.streamed = streamed
    }

    /// Refuses related types an import cannot key or update in place, before anything is read.
    func check<Model: KeyValueModel>(_ related: [RelatedProperty], of metadata: ModelMetadata<Model>, deletesMissing: Bool) throws {
        if metadata.subtypeResolver != nil {
            throw MappingError(.invalidDeclaration(type: metadata.typeName, problems: [
                "relatedByKey is not supported on a class cluster: an import keys related records by the imported type's own properties",
            ]))
        }
        if deletesMissing, let own = related.first(where: { ObjectIdentifier($0.model) == ObjectIdentifier(Model.self) }) {
            throw MappingError(.invalidDeclaration(type: metadata.typeName, problems: [
                "relatedByKey names \"\(own.descriptor.name)\", records of the imported type itself, which deleteMissing would delete "
                + "when no element names them: import without deleteMissing",
            ]))
        }
        for property in related {
            func check<Related: KeyValueModel>(_ type: Related.Type) throws {
                let related = try ModelMetadata<Related>.of(Related.self)
                guard related.prototype != nil else {
                    throw MappingError(.invalidDeclaration(type: metadata.typeName, problems: [
                        "relatedByKey names \"\(property.descriptor.name)\", whose \(related.shortTypeName) is ImmutableMappable: "
                        + "an import updates related records in place, so use a Mappable model of vars",
                    ]))
                }
                do {
                    _ = try PrimaryKeyReader(related)
                } catch let error as MappingError {
                    guard case .invalidDeclaration(_, let problems) = error.reason else { throw error }
                    throw MappingError(.invalidDeclaration(type: metadata.typeName, problems: problems.map {
                        "relatedByKey names \"\(property.descriptor.name)\" of \(related.shortTypeName): \($0)"
                    }))
                }
            }
            try check(property.model)
        }
    }

    /// Imports the related records of a batch (`entries[i]` those of element `indexes[i]`)
    /// into their stores, reached through `target`, and puts the stored records into the
    /// elements' models (`holders`).
    func importRelated<Target: ImportTarget, Model>(_ entries: [[RelatedEntry]], of related: [RelatedProperty], indexes: [Int], lines: [Int],
                                                     into target: inout Target, holders: inout [Model], _ metadata: ModelMetadata<Model>) throws {
        var types: [ObjectIdentifier] = []
        for property in related where !types.contains(ObjectIdentifier(property.model)) { types.append(ObjectIdentifier(property.model)) }
        for type in types {
            guard let relatedType = related.first(where: { ObjectIdentifier($0.model) == type })?.model else { continue }
            var held: [(index: Int, line: Int, entry: RelatedEntry)] = []
            for (position, list) in entries.enumerated() {
                for entry in list where related.contains(where: { $0.index == entry.property && ObjectIdentifier($0.model) == type }) {
                    held.append((indexes[position], lines[position], entry))
                }
            }
            guard !held.isEmpty else { continue }
            var visitor = RelatedVisitor(runs: self, type: relatedType, held: held)
            guard try target.visitRelatedTarget(for: relatedType, with: &visitor) else {
                throw MappingError(.invalidDeclaration(type: metadata.typeName, problems: [
                    "relatedByKey imports \(SwiftTypeName.of(relatedType)) records by key, but \(SwiftTypeName.of(Target.self)) hands out no store for them: "
                    + "implement its visitRelatedTarget(for:with:)",
                ]))
            }
            guard let records = visitor.records else {
                throw MappingError(.invalidDeclaration(type: metadata.typeName, problems: [
                    "\(SwiftTypeName.of(Target.self)).visitRelatedTarget(for:with:) returned true for \(SwiftTypeName.of(relatedType)) without visiting a store",
                ]))
            }
            for position in holders.indices where !entries[position].isEmpty {
                // Only the properties whose value the element held: another keeps its own.
                for property in related where ObjectIdentifier(property.model) == type && entries[position].contains(where: { $0.property == property.index }) {
                    let value = metadata.value(of: property.descriptor, in: &holders[position])
                    if let replaced = try records.replace(value, shape: property.shape) {
                        metadata.store(replaced, in: property.descriptor, of: &holders[position])
                    }
                }
            }
        }
    }

    /// The run for `Target`'s records, made when first needed.
    fileprivate func run<Target: ImportTarget>(for type: Target.Type) throws -> RelatedRunBox<Target> {
        let id = ObjectIdentifier(Target.Model.self)
        if let existing = runs[id] {
            guard let box = existing as? RelatedRunBox<Target> else {
                throw MappingError(.other("visitRelatedTarget(for:with:) handed out a \(SwiftTypeName.of(Target.self)) for \(SwiftTypeName.of(Target.Model.self)), "
                                          + "where an earlier batch had another store type"))
            }
            return box
        }
        let box = RelatedRunBox(try ImportRun<Target>(ModelMetadata.of(Target.Model.self), decoder: decoder, options: options, session: session,
                                                      streamed: streamed, isRelatedRun: true))
        runs[id] = box
        order.append(id)
        return box
    }

    /// The related runs' reports, by record type.
    var reports: [String: ImportReport] {
        var reports: [String: ImportReport] = [:]
        for id in order {
            guard let run = runs[id] else { continue }
            // Two types of one name (in two namespaces) are told apart by their full names.
            let name = reports[run.typeName] == nil ? run.typeName : run.fullTypeName
            reports[name] = run.report
        }
        return reports
    }

    /// Gives the related class instances changed in place their values back.
    func restoreChangedInstances() {
        for run in runs.values { run.restoreChangedInstances() }
    }
}

/// A related records' run, whatever its store.
protocol RelatedRun: AnyObject {
    var typeName: String { get }
    var fullTypeName: String { get }
    var report: ImportReport { get }
    func restoreChangedInstances()
}

/// A related records' run kept between batches.
final class RelatedRunBox<Target: ImportTarget>: RelatedRun {
    var run: ImportRun<Target>

    init(_ run: ImportRun<Target>) {
        self.run = run
    }

    var typeName: String { SwiftTypeName.of(Target.Model.self) }
    var fullTypeName: String { String(reflecting: Target.Model.self) }
    var report: ImportReport { run.report }
    func restoreChangedInstances() { run.restoreChangedInstances() }
}

/// Imports one batch's related records of one type into the store the target hands out.
private struct RelatedVisitor: RelatedTargetVisitor {
    let runs: RelatedRuns
    let type: any KeyValueModel.Type
    let held: [(index: Int, line: Int, entry: RelatedEntry)]
    /// The stored records the batch's related records matched or became, once visited.
    var records: (any RelatedRecordsReplacing)?

    mutating func visit<Target: ImportTarget>(_ target: inout Target) throws {
        guard ObjectIdentifier(Target.Model.self) == ObjectIdentifier(type) else {
            throw MappingError(.other("visitRelatedTarget(for:with:) handed out a store of \(SwiftTypeName.of(Target.Model.self)) "
                                      + "for \(SwiftTypeName.of(type)) records"))
        }
        let box = try runs.run(for: Target.self)
        box.run.clearApplied()
        for (index, line, entry) in held {
            guard let model = entry.model as? Target.Model else { continue }
            try box.run.accept(model, entry.facts, related: [], index: index, line: line, suffix: entry.path, into: &target)
        }
        try box.run.flush(into: &target)
        records = RelatedRecords(applied: box.run.applied, keys: box.run.keys)
    }
}

/// Puts stored records in place of the related records an element's model holds.
protocol RelatedRecordsReplacing {
    /// `value`, a related property's value, with each record replaced by the stored record
    /// holding its key; `nil` when nothing is to change.
    func replace(_ value: Any?, shape: RelatedShape) throws -> Any?
}

private struct RelatedRecords<Related: KeyValueModel>: RelatedRecordsReplacing {
    let applied: [PrimaryKey: Related]
    let keys: PrimaryKeyReader<Related>

    func replace(_ value: Any?, shape: RelatedShape) throws -> Any? {
        switch shape {
        case .one, .optional:
            guard let record = value as? Related else { return nil }
            return applied[try keys.key(of: record)]
        case .array, .optionalArray:
            guard let records = value as? [Related] else { return nil }
            return try records.map { applied[try keys.key(of: $0)] ?? $0 }
        }
    }
}
