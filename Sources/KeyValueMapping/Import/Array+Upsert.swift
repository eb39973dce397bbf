import Foundation

/// What an `upsert(from:decoder:)` did: how many records it appended, how many existing
/// records it updated, and how many elements it dropped.
public struct UpsertSummary: Sendable, Equatable, CustomStringConvertible {
    /// Payload elements whose primary key matched no record: decoded and appended.
    public var inserted: Int
    /// Payload elements whose primary key matched a record: merged into it.
    public var updated: Int
    /// Payload elements that failed to decode and were dropped, with the decoder's
    /// ``KeyValueDecoder/invalidElements`` set to `.skip` (otherwise the first one is an error).
    public var skipped: Int

    /// A summary with the given counts.
    public init(inserted: Int = 0, updated: Int = 0, skipped: Int = 0) {
        self.inserted = inserted
        self.updated = updated
        self.skipped = skipped
    }

    /// `2 inserted, 1 updated` (and `, 1 skipped` when elements were dropped).
    public var description: String {
        skipped == 0 ? "\(inserted) inserted, \(updated) updated" : "\(inserted) inserted, \(updated) updated, \(skipped) skipped"
    }
}

extension Array where Element: KeyValueModel {
    /// Imports records by primary key, as MagicalRecord's import does for Core Data: each payload
    /// element whose primary key (``MappingRules/primaryKey(_:)-(String)``) matches an existing record
    /// updates that record with ``KeyValueModel/update(from:)`` semantics (present keys are decoded,
    /// absent keys keep their values; a class instance is updated in place, so its identity is
    /// kept); any other element is decoded and appended. Existing records keep their order.
    ///
    /// ```swift
    /// struct Person: Mappable {
    ///     var id = 0
    ///     var name = ""
    ///     var email: String?
    ///     static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
    /// }
    /// var people = [Person]()
    /// try people.upsert(from: [["id": 1, "name": "Ada"], ["id": 2, "name": "Grace"]])
    /// let summary = try people.upsert(from: [["id": 2, "email": "grace@example.com"], ["id": 3, "name": "Alan"]])
    /// print(summary)                       // 1 inserted, 1 updated
    /// print(people.map(\.name))            // ["Ada", "Grace", "Alan"]
    /// ```
    ///
    /// A record's key is the one decoding gives it: an element's key is read after the type's
    /// `beforeDecoding` rule, with the key's ``MappingRules/fallback(_:to:)-(String,_)`` and null rules, and
    /// a record is filed under the key it holds once decoded or updated, so a key `didDecode`
    /// normalises matches the record holding the normalised key.
    ///
    /// Elements are applied in order (a key that appears twice in the payload updates the
    /// record the first occurrence inserted), with one dictionary lookup each: linear time.
    ///
    /// - Throws: ``MappingError``. An element's error starts with its index (`[3].id: required
    ///   key is missing (expected Int)`); the elements before it have been applied, the rest not.
    ///   A value-type record the failing element matched is left as it was; a class instance may
    ///   be partly updated, as ``KeyValueModel/update(from:)`` leaves a model it fails on.
    ///   A type without a primary key, or with one that is not a mapped `Hashable` `var`, is an
    ///   `invalidDeclaration`; two existing records with the same key are an error before any
    ///   element is applied; an update that changes a record's key to another record's is an
    ///   error at the element (a class instance keeps its key).
    @discardableResult
    public mutating func upsert(from payload: [Any], decoder: KeyValueDecoder = KeyValueDecoder()) throws -> UpsertSummary {
        var source = FoundationSource(payload)
        return try ModelMetadata.of(Element.self).upsert(&source, into: &self, decoder: decoder)
    }

    /// ``upsert(from:decoder:)`` from JSON bytes holding a top-level array, read once by the
    /// library's strict reader with `decoder.jsonReading`, as `decode(_:fromJSON:)` reads them:
    /// every number is judged from its literal.
    @discardableResult
    public mutating func upsert(fromJSON bytes: some Collection<UInt8>, decoder: KeyValueDecoder = KeyValueDecoder()) throws -> UpsertSummary {
        let metadata = try ModelMetadata.of(Element.self)
        return try JSONBytes.decode(bytes, options: decoder.jsonReading, opening: UInt8(ascii: "["),
                                    expected: "a JSON array of \(SwiftTypeName.of(Element.self))") { reader in
            try metadata.upsert(&reader, into: &self, decoder: decoder)
        }
    }
}
