import Foundation

/// One `upsert`: the records filed by the key each holds, and the decode state the payload's
/// elements share. A record's identity is the key decoding gives it, so an element is matched
/// by the key its decode would give (``PrimaryKeyReader``), and a record is filed by the key it
/// holds once decoded or updated (its `didDecode` may have changed it).
struct UpsertRun<Model: Mappable, Key: Hashable> {
    private let metadata: ModelMetadata<Model>
    private let session: DecodingSession
    /// The key as the array's element type reads it; a class cluster's subclasses get their own.
    private var reader: PrimaryKeyReader<Model, Key>
    /// Each keyed record's position (a record whose optional key is `nil` is not filed).
    private var positions: [Key: Int] = [:]
    private(set) var summary = UpsertSummary()

    /// Files `records` by key, with room for `expected` more; two with the same key are an error at the second.
    init(_ metadata: ModelMetadata<Model>, keyName: String, filing records: [Model], expecting expected: Int, _ session: DecodingSession) throws {
        self.metadata = metadata
        self.session = session
        reader = try PrimaryKeyReader(metadata, keyName: keyName, session)
        let property = reader.property
        positions.reserveCapacity(records.count + expected)
        for (position, var record) in records.enumerated() {
            guard let identity = reader.identity(of: &record) else { continue }
            if let first = positions[identity] {
                throw MappingError(
                    .invalidValue(expected: "a unique primary key", found: ValueDescription.describe(identity),
                                  detail: "the existing records [\(first)] and [\(position)] have the same \(property.name)"),
                    path: [.index(position), .key(property.name)])
            }
            positions[identity] = position
        }
    }

    /// A payload element on its way in: the element as given, as the rewriting rule of the class
    /// it decodes as left it, that class, and the key its decode gives.
    private struct Element {
        let given: [String: Any]
        let hooked: [String: Any]
        let decodedAs: any Mappable.Type
        let identity: Key
    }

    /// Applies one payload element: it updates the record its key matches, or is decoded and
    /// appended. Errors are relative to the element.
    mutating func apply(_ value: Any, to records: inout [Model]) throws {
        guard case .dictionary(let given) = JSONScalar(value) else {
            throw MappingError.typeMismatch(expected: SwiftTypeName.of(Model.self), found: value)
        }
        let element = try prepare(given)
        if let position = positions[element.identity] {
            try update(at: position, filedUnder: element.identity, with: element, in: &records)
            summary.updated += 1
            return
        }
        var record = try makeRecord(element)
        let identity = reader.identity(of: &record)
        if identity != element.identity, let identity, let position = positions[identity] {
            // `didDecode` turned the key into one a record already holds: the element updates that
            // record, as it would had the payload carried that key, and the new model is dropped.
            try update(at: position, filedUnder: identity, with: element, in: &records)
            summary.updated += 1
            return
        }
        if let identity { positions[identity] = records.count }
        records.append(record)
        summary.inserted += 1
    }

    private mutating func prepare(_ given: [String: Any]) throws -> Element {
        if metadata.subtypeResolver != nil {
            let concrete = try ModelMetadata<Model>.resolveSubtype(for: given)
            if concrete != Model.self { return try Self.prepare(given, as: concrete, keyName: reader.property.name, session) }
        }
        let (hooked, identity) = try reader.read(given)
        return Element(given: given, hooked: hooked, decodedAs: Model.self, identity: identity)
    }

    /// A class cluster's element, read as the subclass its payload names (as `makeModel` decodes it).
    private static func prepare<Concrete: Mappable>(_ given: [String: Any], as type: Concrete.Type, keyName: String,
                                                    _ session: DecodingSession) throws -> Element {
        var reader = try PrimaryKeyReader<Concrete, Key>(ModelMetadata<Concrete>.of(Concrete.self), keyName: keyName, session)
        let (hooked, identity) = try reader.read(given)
        return Element(given: given, hooked: hooked, decodedAs: Concrete.self, identity: identity)
    }

    private func makeRecord(_ element: Element) throws -> Model {
        guard element.decodedAs == Model.self else { return try Self.makeRecord(element, as: element.decodedAs, session) }
        var record = Model()
        try metadata.decode(hooked: element.hooked, into: &record, session, requiresKeys: true)
        return record
    }

    private static func makeRecord<Concrete: Mappable>(_ element: Element, as type: Concrete.Type, _ session: DecodingSession) throws -> Model {
        var concrete = Concrete()
        try ModelMetadata<Concrete>.of(Concrete.self).decode(hooked: element.hooked, into: &concrete, session, requiresKeys: true)
        guard let record = concrete as? Model else {
            throw MappingError(.invalidDeclaration(type: String(reflecting: Model.self), problems: [
                "the subtype rule returned \(String(reflecting: Concrete.self)), which is not a subtype of \(String(reflecting: Model.self))",
            ]))
        }
        return record
    }

    /// Updates the record at `position`, filed under `identity`, with `update(from:)` semantics,
    /// and files it again if its key changed. A value is updated as a copy, stored only when the
    /// whole element applied; a class instance is updated in place.
    private mutating func update(at position: Int, filedUnder identity: Key, with element: Element, in records: inout [Model]) throws {
        var record = records[position]
        try update(&record, with: element)
        let updated = reader.identity(of: &record)
        if updated != identity {
            if let updated, let other = positions[updated] {
                // A class instance is already changed: it gets its key back, so no two records share one.
                if metadata.isClass { metadata.store(identity, in: reader.property, of: &record) }
                throw MappingError(
                    .invalidValue(expected: "a unique primary key", found: ValueDescription.describe(updated),
                                  detail: "the element changed the \(reader.property.name) of the record [\(position)] to that of the record [\(other)]"),
                    path: reader.key.errorPath)
            }
            positions[identity] = nil
            if let updated { positions[updated] = position }
        }
        records[position] = record
    }

    /// `update(from:)` without running the rewriting rule again when the element was rewritten
    /// for the class the record is; otherwise the record's own class rewrites the element given.
    private func update(_ record: inout Model, with element: Element) throws {
        let recordType: Any.Type = metadata.isClass ? type(of: record as AnyObject) : Model.self
        guard ObjectIdentifier(recordType) == ObjectIdentifier(element.decodedAs) else {
            return try metadata.update(&record, from: element.given, session)
        }
        guard element.decodedAs == Model.self else { return try Self.update(record, as: element.decodedAs, with: element, session) }
        try metadata.decode(hooked: element.hooked, into: &record, session, requiresKeys: false)
    }

    private static func update<Concrete: Mappable>(_ record: Model, as type: Concrete.Type, with element: Element, _ session: DecodingSession) throws {
        guard var object = record as? Concrete else {
            throw MappingError(.other("cannot view \(String(reflecting: Swift.type(of: record))) as \(String(reflecting: Concrete.self))"))
        }
        // A class reference: decoding into this copy of the reference updates the one instance.
        try ModelMetadata<Concrete>.of(Concrete.self).decode(hooked: element.hooked, into: &object, session, requiresKeys: false)
    }
}
