import Foundation

/// How ``KeyValueDecoder/importRecords(_:fromJSON:into:options:)`` treats the records a payload
/// names and those it does not.
public struct ImportOptions: Sendable, Equatable {
    /// What a key that appears more than once in one payload does.
    public enum RepeatedKeys: Sendable, Equatable {
        /// The elements apply in payload order, so the last one wins: a later element updates
        /// the record an earlier one inserted or updated (its absent keys keep the values the
        /// earlier one gave), and ``ImportReport/repeated`` lists the key. The default.
        case lastWins
        /// The second element with a key is an error at its index; nothing is imported.
        case reject
    }

    /// Whether the report lists the keys of the records the import touched, or only counts them.
    public enum KeyReporting: Sendable, Equatable {
        /// Keys for a payload already in memory (bytes, dictionaries), counts for a streamed
        /// import, whose memory stays bounded by its batch however long the input. The default.
        case automatic
        /// ``ImportReport`` lists every key, as well as counting them: memory grows with the
        /// number of records (a few dozen bytes each).
        case keys
        /// ``ImportReport`` only counts. Unless ``ImportOptions/deleteMissing`` or
        /// ``RepeatedKeys/reject`` needs them, the import then remembers no keys from one batch
        /// to the next: an element whose key an earlier batch wrote is matched against the record
        /// that batch stored, as against any stored record, and counted again (as updated or
        /// unchanged), and ``ImportReport/repeatedCount`` counts the repeats found within a batch.
        case counts
    }

    /// Whether stored records whose keys the payload does not name are deleted, making the
    /// store hold exactly the payload's records (a sync). Only a complete payload deletes:
    /// an import that fails deletes nothing. Default `false`.
    public var deleteMissing: Bool
    /// Whether a stored record that the payload's element leaves equal, over its mapped
    /// properties (as the encoder writes them), is left untouched: no update is sent to the
    /// store, and ``ImportReport/unchanged`` lists its key. Default `false`: every matched
    /// record is updated.
    public var skipUnchanged: Bool
    /// How many payload elements are decoded before the store is asked, in one call, for the
    /// records their keys match; each batch's inserts and updates are then sent in one call
    /// each. At least 1; default 1,000.
    public var batchSize: Int {
        didSet { batchSize = max(1, batchSize) }
    }
    /// What a key repeated inside one payload does. Default ``RepeatedKeys/lastWins``.
    public var repeatedKeys: RepeatedKeys
    /// Whether the report lists keys or only counts. Default ``KeyReporting/automatic``.
    public var keyReporting: KeyReporting

    /// Options with the given values (the defaults as documented on each property).
    public init(deleteMissing: Bool = false, skipUnchanged: Bool = false, batchSize: Int = 1_000, repeatedKeys: RepeatedKeys = .lastWins,
                keyReporting: KeyReporting = .automatic) {
        self.deleteMissing = deleteMissing
        self.skipUnchanged = skipUnchanged
        self.batchSize = max(1, batchSize)
        self.repeatedKeys = repeatedKeys
        self.keyReporting = keyReporting
    }

    /// Whether the report lists keys, for a payload in memory or a stream.
    func listsKeys(streamed: Bool) -> Bool {
        switch keyReporting {
        case .automatic: return !streamed
        case .keys: return true
        case .counts: return false
        }
    }
}

/// What an import did: how many records it inserted, updated, left unchanged and deleted, and
/// (unless ``ImportOptions/keyReporting`` says counts only) their keys, each list in payload
/// order (deleted keys in the store's order).
public struct ImportReport: Sendable, Equatable, CustomStringConvertible {
    /// Records the payload added.
    public var inserted: [PrimaryKey] = []
    /// Stored records the payload changed.
    public var updated: [PrimaryKey] = []
    /// Stored records the payload matched and left equal (with ``ImportOptions/skipUnchanged``).
    public var unchanged: [PrimaryKey] = []
    /// Stored records the payload did not name (with ``ImportOptions/deleteMissing``).
    public var deleted: [PrimaryKey] = []
    /// Keys that more than one element carried (each once, in the order their second element
    /// came); the last element won (``ImportOptions/RepeatedKeys/lastWins``).
    public var repeated: [PrimaryKey] = []
    /// How many records the payload added (``inserted``'s count when keys are listed).
    public var insertedCount = 0
    /// How many stored records the payload changed.
    public var updatedCount = 0
    /// How many stored records the payload matched and left equal.
    public var unchangedCount = 0
    /// How many stored records were deleted.
    public var deletedCount = 0
    /// How many keys more than one element carried.
    public var repeatedCount = 0
    /// What the import did to the related records its elements held
    /// (``MappingRules/relatedByKey(_:_:)``), by the records' type name: each related record
    /// an element held counts as one element (a record named by several elements is repeated).
    public var related: [String: ImportReport] = [:]
    /// Elements dropped because they failed to decode, with the decoder's
    /// ``KeyValueDecoder/invalidElements`` set to `.skip` (otherwise the first one is an error).
    public var skipped = 0

    /// An empty report.
    public init() {}

    /// `2 inserted, 1 updated, 0 unchanged, 0 deleted` (and the repeated and skipped counts when not zero).
    public var description: String {
        // A report built by hand may fill the lists only.
        var text = "\(max(insertedCount, inserted.count)) inserted, \(max(updatedCount, updated.count)) updated, "
            + "\(max(unchangedCount, unchanged.count)) unchanged, \(max(deletedCount, deleted.count)) deleted"
        let repeatedCount = max(self.repeatedCount, repeated.count)
        if repeatedCount > 0 { text += ", \(repeatedCount) repeated" }
        if skipped > 0 { text += ", \(skipped) skipped" }
        return text
    }
}
