import Foundation
import GRDB
import KeyValueMapping

/// An ``ImportTarget`` over a GRDB table: `KeyValueDecoder.importRecords` imports JSON into the
/// table of `Record` through the connection it wraps, inside the caller's `write`.
///
/// ```swift
/// try dbPool.write { db in
///     var users = try GRDBImportTarget<User>(db)
///     return try KeyValueDecoder().importRecords(User.self, fromJSON: data, into: &users,
///                                                options: ImportOptions(deleteMissing: true))
/// }
/// ```
///
/// What each step costs in SQL:
/// - a batch's lookup is one `SELECT` (`WHERE "id" IN (?, …)`, or a join with the list of keys
///   for a composite key), split only when the batch's keys would pass SQLite's variable limit;
/// - each new record is `record.insert(db)` and each changed one `record.update(db)`, so GRDB's
///   persistence callbacks, conflict policy and column encoding apply, and GRDB reuses the
///   prepared statement from one record to the next; or, with ``GRDBWriteMode/preparedStatements``,
///   one `INSERT` and one `UPDATE` prepared per import and executed for each record;
/// - the deletes of an import with `deleteMissing` are one `DELETE … WHERE <keys>` per
///   variable-limit's worth of keys, after one `SELECT` of the key columns;
/// - the import is one `SAVEPOINT`, released when it returns and rolled back when it throws.
///
/// The key columns are, by default, the table's own primary key, read from its schema: they must
/// be the columns of the model's `mappingRules` primary key, in the same order (the library does
/// not publish the rules' key names, so the target cannot read them from the model). Pass
/// `keyColumns` when the table is keyed otherwise. A lookup whose rows hold keys it did not ask
/// for throws ``GRDBImportError/keyMismatch(table:columns:key:)``: the columns are not the model's
/// key.
public struct GRDBImportTarget<Record: KeyValueModel & FetchableRecord & PersistableRecord>: ImportTarget {
    /// The connection, valid inside the `write` (or `read`) closure that handed it out.
    public let db: Database
    /// How inserts and updates are written.
    public let writeMode: GRDBWriteMode
    private let keys: KeyColumns

    /// A target over `Record.databaseTableName` through `db`.
    ///
    /// - Parameters:
    ///   - keyColumns: the columns holding the model's primary key, in the order its
    ///     `mappingRules` declares its key properties; `nil` (the default) reads the table's
    ///     primary key from the schema.
    ///   - writeMode: how inserts and updates are written: through the records' own persistence
    ///     methods (the default), or through prepared statements (faster; no callbacks).
    ///   - argumentLimit: the most arguments one statement binds; `nil` (the default) is the
    ///     connection's own limit (`db.maximumStatementArgumentCount`).
    /// - Throws: a GRDB `DatabaseError` when the table does not exist.
    public init(_ db: Database, keyColumns: [String]? = nil, writeMode: GRDBWriteMode = .persistenceMethods, argumentLimit: Int? = nil) throws {
        self.db = db
        self.writeMode = writeMode
        let table = Record.databaseTableName
        let names = try keyColumns ?? db.primaryKey(table).columns
        keys = KeyColumns(table: table, names: names, hasRowID: try Self.hasRowID(table, db),
                          argumentLimit: argumentLimit ?? db.maximumStatementArgumentCount)
    }

    /// Whether `table` has a rowid: every table but those created `WITHOUT ROWID`, which the
    /// statement that created it says (GRDB keeps its own answer internal).
    private static func hasRowID(_ table: String, _ db: Database) throws -> Bool {
        let creation = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ? COLLATE NOCASE",
                                           arguments: [table])
        return creation?.uppercased().contains("WITHOUT ROWID") != true
    }

    /// The stored records holding these keys: one `SELECT` (one per variable limit's worth of
    /// keys), each row decoded by GRDB and filed under the key the library reads from it.
    public func records(forKeys keys: [PrimaryKey]) throws -> [PrimaryKey: Record] {
        var found: [PrimaryKey: Record] = [:]
        found.reserveCapacity(keys.count)
        for group in self.keys.statementGroups(keys) {
            // Cached by its SQL: every full batch has the same number of keys, so the statement is
            // prepared once per import, not once per batch.
            let statement = try db.cachedStatement(sql: self.keys.selectSQL(matching: group.count))
            let arguments = try self.keys.arguments(binding: group)
            let wanted = Set(group)
            let rows = try Record.fetchCursor(statement, arguments: arguments)
            while let record = try rows.next() {
                // Filed under the key the model holds, not the one asked for: a row that holds a
                // key nobody asked for means the columns are not the model's key, which would
                // otherwise pass unnoticed as wrong updates or failed inserts.
                let key = try PrimaryKey(of: record)
                guard wanted.contains(key) else {
                    throw GRDBImportError.keyMismatch(table: self.keys.table, columns: self.keys.names, key: key)
                }
                found[key] = record
            }
        }
        return found
    }

    /// Every stored key, from a `SELECT` of the key columns alone. A column's value is read as the
    /// same kind of component as a stored record's key, taken from one sample row, because a value
    /// alone does not tell a Bool from an integer, a UUID from a blob or a date from text.
    public func allKeys() throws -> [PrimaryKey] {
        guard let sample = try Record.fetchOne(db, sql: "SELECT * FROM \(keys.table) LIMIT 1") else { return [] }
        let kinds = try PrimaryKey(of: sample).components
        guard kinds.count == keys.names.count else {
            throw GRDBImportError.keyColumnCount(table: keys.table, columns: keys.names, key: try PrimaryKey(of: sample))
        }
        var all: [PrimaryKey] = []
        let rows = try Row.fetchCursor(db, sql: "SELECT \(keys.selection) FROM \(keys.table)")
        while let row = try rows.next() {
            var components: [PrimaryKey.Component] = []
            components.reserveCapacity(kinds.count)
            for (column, kind) in kinds.enumerated() {
                components.append(try keys.component(row[column], column: column, like: kind))
            }
            all.append(PrimaryKey(components))
        }
        return all
    }

    /// Inserts the records, in payload order, as ``writeMode`` says: GRDB's `insert(db)` each,
    /// or one prepared `INSERT` executed for each.
    public mutating func insert(_ records: ImportBatch<Record>) throws {
        switch writeMode {
        case .persistenceMethods: for (_, record) in records { try record.insert(db) }
        case .preparedStatements: try PreparedWrites<Record>(db: db, keys: keys).insert(records)
        }
    }

    /// Updates the records, writing every column of the row that holds each one's key, as
    /// ``writeMode`` says: GRDB's `update(db)` each, or one prepared `UPDATE` executed for each.
    public mutating func update(_ records: ImportBatch<Record>) throws {
        switch writeMode {
        case .persistenceMethods: for (_, record) in records { try record.update(db) }
        case .preparedStatements: try PreparedWrites<Record>(db: db, keys: keys).update(records)
        }
    }

    /// Deletes the rows holding these keys: one `DELETE` per variable limit's worth of keys (for
    /// a composite key of a `WITHOUT ROWID` table, one prepared `DELETE` run once per key).
    public mutating func delete(keys: [PrimaryKey]) throws {
        for group in self.keys.statementGroups(keys) {
            if let sql = self.keys.deleteSQL(matching: group.count) {
                try db.execute(sql: sql, arguments: try self.keys.arguments(binding: group))
            } else {
                let statement = try db.cachedStatement(sql: self.keys.deleteOneSQL)
                for key in group { try statement.execute(arguments: try self.keys.arguments(binding: [key])) }
            }
        }
    }

    /// Hands the import the table of a related record type (`relatedByKey`), in the same
    /// database and so the same savepoint: any record type the database stores, keyed by its
    /// table's primary key and written as this import writes.
    public mutating func visitRelatedTarget<Visitor: RelatedTargetVisitor>(for type: any KeyValueModel.Type, with visitor: inout Visitor) throws -> Bool {
        guard let recordType = type as? any (KeyValueModel & FetchableRecord & PersistableRecord).Type else { return false }
        func visit<Related: KeyValueModel & FetchableRecord & PersistableRecord>(_ type: Related.Type) throws {
            var related = try GRDBImportTarget<Related>(db, writeMode: writeMode)
            try visitor.visit(&related)
        }
        try visit(recordType)
        return true
    }

    /// Runs the import in a savepoint (a transaction when none is open): released when `body`
    /// returns, rolled back when it throws, and the error rethrown.
    public mutating func transaction<Result>(_ body: (inout Self) throws -> Result) throws -> Result {
        var result: Result?
        try db.inSavepoint {
            result = try body(&self)
            return .commit
        }
        guard let result else { throw GRDBImportError.savepointNotRun }
        return result
    }
}

/// What a ``GRDBImportTarget`` throws besides GRDB's and the library's own errors.
public enum GRDBImportError: Error, Sendable, CustomStringConvertible {
    /// A lookup returned a row whose record holds a key that was not asked for: the key columns
    /// are not the model's primary key (another column, or another order).
    case keyMismatch(table: String, columns: [String], key: PrimaryKey)
    /// A key has not one component per key column.
    case keyColumnCount(table: String, columns: [String], key: PrimaryKey)
    /// A key component no SQLite value holds (an unsigned integer above `Int64.max`).
    case unstorableKey(PrimaryKey.Component)
    /// A stored key column holds a value that is not of the model's key type.
    case unreadableKey(column: String, value: DatabaseValue)
    /// A record's `encode(to:)` leaves out a key column, so its row cannot be found to update.
    case keyColumnNotEncoded(table: String, column: String)
    /// GRDB returned from a savepoint without running it (it always runs it).
    case savepointNotRun

    /// What went wrong, naming the table and columns.
    public var description: String {
        switch self {
        case .keyMismatch(let table, let columns, let key):
            return "a lookup of \(table) by (\(columns.joined(separator: ", "))) found the record \(key), which was not asked for: "
                + "the key columns are not the model's primary key, in its order"
        case .keyColumnCount(let table, let columns, let key):
            return "the key \(key) does not fit the \(columns.count) key column(s) of \(table) (\(columns.joined(separator: ", ")))"
        case .unstorableKey(let component):
            return "the key component \(component) is above Int64.max, which no SQLite integer holds"
        case .unreadableKey(let column, let value):
            return "the key column \(column) holds \(value), which is not of the model's key type"
        case .keyColumnNotEncoded(let table, let column):
            return "the record of \(table) does not encode its key column \(column)"
        case .savepointNotRun:
            return "the import's savepoint did not run"
        }
    }
}
