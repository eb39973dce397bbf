import Foundation
import GRDB
import KeyValueMapping

/// The columns that hold a table's primary key, and the SQL that finds or deletes the rows
/// holding a list of ``PrimaryKey``s, each key bound as arguments, never spliced into the SQL.
///
/// One column is `"id" IN (?, ?, …)`, which SQLite answers from the key's index. A composite key
/// is a join with the list of keys, `WITH "user_import_keys"("k0", "k1") AS (VALUES (?,?), …)
/// SELECT "user".* FROM "user_import_keys" CROSS JOIN "user" ON …`: the row-value form
/// `("org", "number") IN (VALUES …)` reads the same, but SQLite (3.40 here) plans it as a scan of
/// the whole table per statement, 40 scans of 40,000 rows for one import, where the join (`CROSS`
/// keeps the key list as the outer loop) makes one index search per key.
struct KeyColumns: Sendable {
    /// The table, quoted for SQL.
    let table: String
    /// The key's columns, in the order of the model's ``PrimaryKey/components``.
    let names: [String]
    /// Whether the table has a rowid, through which a composite key's rows are deleted in one
    /// statement (see ``deleteSQL(matching:)``).
    let hasRowID: Bool
    /// The most keys one statement may bind: SQLite refuses a statement with more arguments than
    /// its variable limit (32,766 by default since SQLite 3.32, 999 before), so a larger list is
    /// split into several statements.
    let keysPerStatement: Int
    /// The name of the key list in a composite key's statements: the table's name and a suffix,
    /// so that it never hides the table itself.
    private let keyList: String

    init(table: String, names: [String], hasRowID: Bool, argumentLimit: Int) {
        self.table = table.quotedDatabaseIdentifier
        self.names = names
        self.hasRowID = hasRowID
        keysPerStatement = max(1, argumentLimit / max(1, names.count))
        keyList = (table + "_import_keys").quotedDatabaseIdentifier
    }

    /// `"org", "number"`: the key columns, for a select list.
    var selection: String {
        names.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
    }

    /// The statement that selects the rows holding `count` keys, their values bound in order.
    func selectSQL(matching count: Int) -> String {
        if names.count == 1 {
            return "SELECT * FROM \(table) WHERE \(selection) IN (\(databaseQuestionMarks(count: count)))"
        }
        return "WITH \(keyListDefinition(count)) SELECT \(table).* FROM \(keyJoin)"
    }

    /// The statement that deletes the rows holding `count` keys, or `nil` for a composite key of
    /// a `WITHOUT ROWID` table, whose rows are deleted one key at a time (``deleteOneSQL``): a
    /// join cannot name the rows to delete without a rowid, and the row-value `IN` would scan
    /// the table once per statement.
    func deleteSQL(matching count: Int) -> String? {
        if names.count == 1 {
            return "DELETE FROM \(table) WHERE \(selection) IN (\(databaseQuestionMarks(count: count)))"
        }
        guard hasRowID else { return nil }
        return "DELETE FROM \(table) WHERE rowid IN (WITH \(keyListDefinition(count)) SELECT \(table).rowid FROM \(keyJoin))"
    }

    /// The statement that deletes the row holding one key.
    var deleteOneSQL: String {
        "DELETE FROM \(table) WHERE " + names.map { "\($0.quotedDatabaseIdentifier) = ?" }.joined(separator: " AND ")
    }

    /// `"user_import_keys"("k0", "k1") AS (VALUES (?,?), …)`, `count` rows.
    private func keyListDefinition(_ count: Int) -> String {
        let columns = names.indices.map { "\"k\($0)\"" }.joined(separator: ", ")
        let row = "(" + databaseQuestionMarks(count: names.count) + ")"
        return "\(keyList)(\(columns)) AS (VALUES " + repeatElement(row, count: count).joined(separator: ",") + ")"
    }

    /// The key list joined with the table on every key column, the list first.
    private var keyJoin: String {
        let matches = names.indices.map { "\(table).\(names[$0].quotedDatabaseIdentifier) = \(keyList).\"k\($0)\"" }
        return "\(keyList) CROSS JOIN \(table) ON " + matches.joined(separator: " AND ")
    }

    /// `keys` in groups small enough for one statement each: one group unless the variable limit
    /// would be exceeded.
    func statementGroups(_ keys: [PrimaryKey]) -> [ArraySlice<PrimaryKey>] {
        stride(from: 0, to: keys.count, by: keysPerStatement).map { keys[$0 ..< min($0 + keysPerStatement, keys.count)] }
    }

    /// The arguments binding `keys`, component by component.
    ///
    /// - Throws: ``GRDBImportError/keyColumnCount(table:columns:key:)`` when a key does not have
    ///   one component per column, and what ``databaseValue(of:)`` throws.
    func arguments(binding keys: ArraySlice<PrimaryKey>) throws -> StatementArguments {
        // Existentials, for StatementArguments' existential initializer: its generic one maps
        // through a key path, which costs more than SQLite's search here.
        var values: [(any DatabaseValueConvertible)?] = []
        values.reserveCapacity(keys.count * names.count)
        for key in keys {
            guard key.components.count == names.count else {
                throw GRDBImportError.keyColumnCount(table: table, columns: names, key: key)
            }
            for component in key.components { values.append(try Self.databaseValue(of: component)) }
        }
        return StatementArguments(values)
    }

    /// The value a record's key property is stored as, as GRDB stores it by default (in a
    /// `Codable` record, and in `DatabaseValueConvertible`): integers, text, a UUID as 16 bytes,
    /// a Bool as 0 or 1, a date as `yyyy-MM-dd HH:mm:ss.SSS` text in UTC. A record that changes
    /// `databaseUUIDEncodingStrategy` or `databaseDateEncodingStrategy` stores its keys another
    /// way, and its lookups would find nothing (its inserts then fail on the table's unique key).
    ///
    /// - Throws: ``GRDBImportError/unstorableKey(_:)`` for an unsigned integer above `Int64.max`,
    ///   which no SQLite integer holds.
    static func databaseValue(of component: PrimaryKey.Component) throws -> DatabaseValue {
        switch component {
        case .integer(let value): return value.databaseValue
        case .unsigned: throw GRDBImportError.unstorableKey(component)
        case .string(let value): return value.databaseValue
        case .uuid(let value): return value.databaseValue
        case .bool(let value): return value.databaseValue
        case .double(let value): return value.databaseValue
        case .date(let value): return value.databaseValue
        }
    }

    /// The component a stored key column holds, read as the same kind as `sample` (a component of
    /// a stored record's key): a column value alone cannot tell a Bool from an integer, a UUID from
    /// a blob or a date from text.
    ///
    /// - Throws: ``GRDBImportError/unreadableKey(column:value:)`` when the value is not of that kind.
    func component(_ value: DatabaseValue, column: Int, like sample: PrimaryKey.Component) throws -> PrimaryKey.Component {
        let component: PrimaryKey.Component? = switch sample {
        case .integer, .unsigned: Int64.fromDatabaseValue(value).map { .integer($0) }
        case .string: String.fromDatabaseValue(value).map { .string($0) }
        case .uuid: UUID.fromDatabaseValue(value).map { .uuid($0) }
        case .bool: Bool.fromDatabaseValue(value).map { .bool($0) }
        case .double: Double.fromDatabaseValue(value).map { .double($0) }
        case .date: Date.fromDatabaseValue(value).map { .date($0) }
        }
        guard let component else { throw GRDBImportError.unreadableKey(column: names[column], value: value) }
        return component
    }
}
