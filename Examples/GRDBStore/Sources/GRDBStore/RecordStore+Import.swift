import Foundation
import GRDB
import KeyValueMapping

/// An import in one line, as MagicalRecord's `MR_importFromArray:` is: the whole payload in one
/// write transaction, through a ``GRDBImportTarget``.
extension RecordStore {
    /// Imports a JSON array of `Record`s into its table by primary key, in one write: new
    /// records are inserted, stored ones updated (absent keys keep their stored values), and,
    /// with the options' `deleteMissing`, the records the payload does not name deleted.
    ///
    /// ```swift
    /// let report = try store.importRecords(User.self, fromJSON: data,
    ///                                      options: ImportOptions(deleteMissing: true, skipUnchanged: true))
    /// print(report)   // 5000 inserted, 20000 updated, 10000 unchanged, 10000 deleted
    /// ```
    ///
    /// The writer is held for the whole import, decoding included, since the import is one
    /// transaction; a file store's readers keep reading meanwhile (see ``RecordStore``).
    ///
    /// - Parameters:
    ///   - keyColumns: the table's columns holding the model's key (see ``GRDBImportTarget``);
    ///     `nil` reads the table's primary key.
    ///   - writeMode: how inserts and updates are written (see ``GRDBWriteMode``).
    /// - Throws: the library's `MappingError` for a payload that does not decode (nothing is
    ///   written), GRDB's `DatabaseError`, or a ``GRDBImportError``.
    @discardableResult
    public func importRecords<Record: KeyValueModel & FetchableRecord & PersistableRecord>(
        _ type: Record.Type, fromJSON data: Data, options: ImportOptions = ImportOptions(),
        decoder: KeyValueDecoder = KeyValueDecoder(), keyColumns: [String]? = nil, writeMode: GRDBWriteMode = .persistenceMethods
    ) throws -> ImportReport {
        try writer.write { db in
            try Self.importRecords(Record.self, fromJSON: data, into: db, options: options, decoder: decoder, keyColumns: keyColumns, writeMode: writeMode)
        }
    }

    /// The synchronous `importRecords(_:fromJSON:options:decoder:keyColumns:writeMode:)` without blocking
    /// the caller: the import runs on the writer's own queue, for a background import while the app
    /// keeps reading (a file store's readers see the tables as before the import until it
    /// commits, then as after it, never in between).
    ///
    /// ```swift
    /// async let report = store.importRecords(User.self, fromJSON: data)
    /// let count = try await store.writer.read { db in try User.fetchCount(db) }   // not blocked
    /// ```
    @discardableResult
    public func importRecords<Record: KeyValueModel & FetchableRecord & PersistableRecord>(
        _ type: Record.Type, fromJSON data: Data, options: ImportOptions = ImportOptions(),
        decoder: KeyValueDecoder = KeyValueDecoder(), keyColumns: [String]? = nil, writeMode: GRDBWriteMode = .persistenceMethods
    ) async throws -> ImportReport {
        try await writer.write { db in
            try Self.importRecords(Record.self, fromJSON: data, into: db, options: options, decoder: decoder, keyColumns: keyColumns, writeMode: writeMode)
        }
    }

    /// Imports a JSON array or JSON Lines file of `Record`s into its table, reading the file a
    /// piece at a time (memory holds one read, the largest record and one batch, however large
    /// the file), in one write transaction on the writer's queue: MagicalRecord's background
    /// import for files too large to hold.
    ///
    /// ```swift
    /// let report = try await store.importRecords(User.self, fromJSONAt: fileURL) { progress in
    ///     print(progress.fractionCompleted ?? 0)
    /// }
    /// print(report)   // counts: a streamed import lists no keys unless its options ask
    /// ```
    ///
    /// Cancelling the task ends the import at its next read and rolls the transaction back.
    @discardableResult
    public func importRecords<Record: KeyValueModel & FetchableRecord & PersistableRecord>(
        _ type: Record.Type, fromJSONAt url: URL, options: ImportOptions = ImportOptions(),
        decoder: KeyValueDecoder = KeyValueDecoder(), keyColumns: [String]? = nil, writeMode: GRDBWriteMode = .persistenceMethods,
        progress: (@Sendable (ImportProgress) -> Void)? = nil
    ) async throws -> ImportReport {
        try await writer.write { db in
            // GRDB's transaction is bound to this thread, so the library reads the file here,
            // without suspending (its synchronous overload).
            var target = try GRDBImportTarget<Record>(db, keyColumns: keyColumns, writeMode: writeMode)
            return try decoder.importRecords(Record.self, fromJSONAt: url, into: &target, options: options, progress: progress)
        }
    }

    /// The import itself, inside a write that the caller opened.
    private static func importRecords<Record: KeyValueModel & FetchableRecord & PersistableRecord>(
        _ type: Record.Type, fromJSON data: Data, into db: Database, options: ImportOptions,
        decoder: KeyValueDecoder, keyColumns: [String]?, writeMode: GRDBWriteMode
    ) throws -> ImportReport {
        var target = try GRDBImportTarget<Record>(db, keyColumns: keyColumns, writeMode: writeMode)
        return try decoder.importRecords(Record.self, fromJSON: data, into: &target, options: options)
    }
}
