import Foundation
import GRDB
import KeyValueMapping

/// How a ``GRDBImportTarget`` writes the records an import inserts and updates.
public enum GRDBWriteMode: Sendable, Equatable {
    /// Each record through GRDB's own `record.insert(db)` and `record.update(db)`: the record's
    /// persistence callbacks (`willInsert`, `aroundSave`, `didInsert`, …) run and its
    /// `persistenceConflictPolicy` applies, as for any other write of the app. GRDB reuses its
    /// prepared statement from one record to the next, but builds a persistence container, an
    /// SQL query and a statement lookup for each. The default.
    case persistenceMethods
    /// Each batch through one prepared `INSERT` and one prepared `UPDATE`, reused for every
    /// record that has the same columns, bound to the values the record's `encode(to:)` gives.
    /// An import takes an eighth less time into an empty table and a fifth less into a
    /// half-stored one (see README.md), but the record's persistence callbacks do not run: for
    /// records that have none, as the example's `Codable` models.
    case preparedStatements
}

/// The inserts and updates of ``GRDBWriteMode/preparedStatements``: each record's values, by
/// column, from its `databaseDictionary` (the public face of `encode(to:)`), bound to a statement
/// prepared once per set of columns.
struct PreparedWrites<Record: KeyValueModel & FetchableRecord & PersistableRecord> {
    let db: Database
    let keys: KeyColumns

    /// One prepared statement and the columns it binds, in order: reused while the records
    /// have the same columns (an encoder may leave out the column of a `nil` optional).
    private struct Prepared {
        let columns: [String]
        let statement: Statement

        /// Whether `values` has exactly the statement's columns.
        func fits(_ values: [String: DatabaseValue]) -> Bool {
            values.count == columns.count && columns.allSatisfy { values[$0] != nil }
        }

        /// Runs the statement with `values`, which ``fits(_:)``.
        func execute(_ values: [String: DatabaseValue]) throws {
            // The existential overload of StatementArguments: the generic one maps through a key
            // path, which costs more than SQLite's own work here.
            try statement.execute(arguments: StatementArguments(columns.map { column -> (any DatabaseValueConvertible)? in values[column] }))
        }
    }

    /// `INSERT INTO "user" ("email", "name", …) VALUES (?, …)`, one execution per record.
    func insert(_ records: ImportBatch<Record>) throws {
        var prepared: Prepared?
        for (_, record) in records {
            let values = try record.databaseDictionary
            let current = try prepared.flatMap { $0.fits(values) ? $0 : nil } ?? prepareInsert(values)
            try current.execute(values)
            prepared = current
        }
    }

    /// `UPDATE "user" SET "email" = ?, … WHERE "org" = ? AND "number" = ?`: every column the
    /// record encodes, the row found by the key columns' encoded values, as `update(db)` does.
    ///
    /// - Throws: GRDB's `RecordError.recordNotFound` when no row holds the record's key, as
    ///   `update(db)` throws it.
    func update(_ records: ImportBatch<Record>) throws {
        var prepared: Prepared?
        for (_, record) in records {
            let values = try record.databaseDictionary
            let current = try prepared.flatMap { $0.fits(values) ? $0 : nil } ?? prepareUpdate(values)
            try current.execute(values)
            prepared = current
            if db.changesCount == 0 {
                let key = current.columns.suffix(keys.names.count).map { ($0, values[$0] ?? .null) }
                throw RecordError.recordNotFound(databaseTableName: Record.databaseTableName, key: Dictionary(uniqueKeysWithValues: key))
            }
        }
    }

    private func prepareInsert(_ values: [String: DatabaseValue]) throws -> Prepared {
        let columns = values.keys.sorted()
        let sql = "INSERT INTO \(keys.table) (\(columns.map(\.quotedDatabaseIdentifier).joined(separator: ", "))) "
            + "VALUES (\(databaseQuestionMarks(count: columns.count)))"
        return Prepared(columns: columns, statement: try db.cachedStatement(sql: sql))
    }

    /// The statement's columns are the assigned ones, then the key's, in the key's order.
    private func prepareUpdate(_ values: [String: DatabaseValue]) throws -> Prepared {
        // SQLite's column names are case-insensitive, and so is a record's container.
        let keyNames = Set(keys.names.map { $0.lowercased() })
        let assigned = values.keys.filter { !keyNames.contains($0.lowercased()) }.sorted()
        let matched = try keys.names.map { name in
            guard let column = values.keys.first(where: { $0.lowercased() == name.lowercased() }) else {
                throw GRDBImportError.keyColumnNotEncoded(table: keys.table, column: name)
            }
            return column
        }
        // A table of key columns only has nothing to assign: the row is matched all the same.
        let assignments = assigned.isEmpty ? ["\(matched[0].quotedDatabaseIdentifier) = \(matched[0].quotedDatabaseIdentifier)"]
                                           : assigned.map { "\($0.quotedDatabaseIdentifier) = ?" }
        let sql = "UPDATE \(keys.table) SET " + assignments.joined(separator: ", ")
            + " WHERE " + matched.map { "\($0.quotedDatabaseIdentifier) = ?" }.joined(separator: " AND ")
        return Prepared(columns: assigned + matched, statement: try db.cachedStatement(sql: sql))
    }
}
