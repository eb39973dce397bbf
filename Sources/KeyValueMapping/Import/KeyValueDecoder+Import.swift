import Foundation

extension KeyValueDecoder {
    /// Imports a JSON array of records into `target` by primary key, as MagicalRecord's
    /// `MR_importFromArray:` does for Core Data, for any store that adopts ``ImportTarget``.
    ///
    /// ```swift
    /// struct User: Mappable {
    ///     var org = ""; var number = 0; var name = ""
    ///     static var mappingRules: MappingRules { MappingRules().primaryKey("org", "number") }
    /// }
    /// var users: [PrimaryKey: User] = [:]
    /// let report = try KeyValueDecoder().importRecords(User.self, fromJSON: data, into: &users,
    ///                                                  options: ImportOptions(deleteMissing: true, skipUnchanged: true))
    /// print(report)   // 2 inserted, 1 updated, 0 unchanged, 0 deleted
    /// ```
    ///
    /// The bytes are read once, by the library's strict reader with ``jsonReading``. Elements
    /// are decoded in batches of ``ImportOptions/batchSize``; for each batch the target is asked
    /// once for the stored records the batch's keys match, an element whose key matches one
    /// updates it with ``KeyValueModel/update(from:)`` semantics (the keys the element holds are
    /// decoded, absent keys keep the stored values; a class instance is updated in place), the
    /// others are inserted, and the batch's inserts and updates go to the target in one call
    /// each. Then, for ``ImportOptions/deleteMissing``, the stored records the payload did not
    /// name are deleted. A record's key is the one its element decodes to (with every rule:
    /// renames, key paths, fallbacks, `beforeDecoding`); `didDecode` runs once the record is
    /// known and may not change it.
    ///
    /// The whole import runs in the target's ``ImportTarget/transaction(_:)``: when anything
    /// fails — malformed JSON anywhere in the bytes, an element that does not decode, the
    /// store — the error is rethrown and the store is left as it was (class instances the import
    /// changed in place get their mapped values back).
    ///
    /// - Throws: ``MappingError``. An element's error starts with its index
    ///   (`[1234].number: expected Int, found String "x"`); a missing key property is an error at
    ///   its key, as is `null` unless the key's null rule gives it a value; a repeated key is one
    ///   with ``ImportOptions/RepeatedKeys/reject``, as is an element read as another class than
    ///   the stored record it matches.
    ///   A model without a primary key, with a key property of no key type (see
    ///   ``PrimaryKey/Component``), or an `ImmutableMappable` model is an `invalidDeclaration`.
    ///   With ``invalidElements`` set to `.skip`, elements that fail are dropped and counted in
    ///   ``ImportReport/skipped``.
    @discardableResult
    public func importRecords<Target: ImportTarget>(_ type: Target.Model.Type, fromJSON bytes: some Collection<UInt8>, into target: inout Target,
                                                    options: ImportOptions = ImportOptions()) throws -> ImportReport {
        var run = try ImportRun<Target>(ModelMetadata.of(Target.Model.self), decoder: self, options: options)
        let expected = "a JSON array of \(SwiftTypeName.of(Target.Model.self))"
        try target.transaction { target in
            try JSONBytes.decode(bytes, options: jsonReading, opening: UInt8(ascii: "["), expected: expected) { reader in
                try run.run(&reader, into: &target)
            }
        }
        return run.report
    }

    /// ``importRecords(_:fromJSON:into:options:)`` from an array of dictionaries, such as
    /// `JSONSerialization` returns.
    @discardableResult
    public func importRecords<Target: ImportTarget>(_ type: Target.Model.Type, from payload: [Any], into target: inout Target,
                                                    options: ImportOptions = ImportOptions()) throws -> ImportReport {
        var run = try ImportRun<Target>(ModelMetadata.of(Target.Model.self), decoder: self, options: options)
        try target.transaction { target in
            var source = FoundationSource(payload)
            try run.run(&source, into: &target)
        }
        return run.report
    }
}
