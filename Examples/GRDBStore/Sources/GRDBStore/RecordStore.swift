import Foundation
import GRDB
import KeyValueMapping

/// The app's SQLite store, set up in one line as MagicalRecord's `setupCoreDataStack` sets up
/// Core Data's: the database opened (or created) and its tables migrated.
///
/// ```swift
/// let store = try RecordStore(path: fileURL.path)      // a DatabasePool on a file
/// let scratch = try RecordStore.inMemory()             // a DatabaseQueue in memory
/// try store.importRecords(User.self, fromJSON: data)   // see RecordStore+Import.swift
/// let admins = try store.writer.read { db in
///     try User.filter(Column("role") == "admin").order(Column("name")).fetchAll(db)
/// }
/// ```
///
/// A file store is a `DatabasePool`: SQLite's write-ahead log lets its readers run while an
/// import writes, and see the tables as they were before the import's transaction until it
/// commits, never half of it. An in-memory store is a `DatabaseQueue`, one connection, since a
/// pool needs a file.
public struct RecordStore: Sendable {
    /// The connection pool (or queue) that writes and reads the store.
    public let writer: any DatabaseWriter

    /// Opens the store at `path`, creating the file if needed, and applies `migrator`'s
    /// migrations that have not run yet.
    ///
    /// - Parameters:
    ///   - configuration: GRDB's connection settings, for instance a `prepareDatabase` that traces
    ///     every statement.
    ///   - migrator: the schema, by default ``schema`` (the example's users, organizations and projects).
    /// - Throws: a GRDB `DatabaseError` when the file cannot be opened or a migration fails.
    public init(path: String, configuration: Configuration = Configuration(), migrator: DatabaseMigrator = RecordStore.schema) throws {
        try self.init(writer: DatabasePool(path: path, configuration: configuration), migrator: migrator)
    }

    /// A store in memory, gone when the last copy of it is: for previews and scratch imports.
    ///
    /// - Throws: a GRDB `DatabaseError` when a migration fails.
    public static func inMemory(configuration: Configuration = Configuration(), migrator: DatabaseMigrator = RecordStore.schema) throws -> RecordStore {
        try RecordStore(writer: DatabaseQueue(configuration: configuration), migrator: migrator)
    }

    private init(writer: any DatabaseWriter, migrator: DatabaseMigrator) throws {
        try migrator.migrate(writer)
        self.writer = writer
    }

    /// The example's schema: the `organization` table (keyed by `id`), the `user` table (keyed
    /// by `org` and `number`) and the `project` table (each owned by an organization), in the
    /// columns and key order of ``Organization``, ``User`` and ``Project``. An app registers its
    /// own migrations the same way.
    public static var schema: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("organizations and users") { db in
            try db.create(table: Organization.databaseTableName) { table in
                table.primaryKey("id", .integer)
                table.column("name", .text).notNull()
                table.column("plan", .text).notNull()
            }
            // The key's column order is the model's `primaryKey("org", "number")` order, which
            // GRDBImportTarget reads the key columns from.
            try db.create(table: User.databaseTableName) { table in
                table.column("org", .text).notNull()
                table.column("number", .integer).notNull()
                table.primaryKey(["org", "number"])
                table.column("name", .text).notNull()
                table.column("email", .text)
                table.column("role", .text).notNull()
                table.column("score", .integer).notNull().indexed()
            }
        }
        migrator.registerMigration("projects") { db in
            try db.create(table: Project.databaseTableName) { table in
                table.primaryKey("id", .integer)
                table.column("name", .text).notNull()
                table.column("ownerID", .integer).notNull().references(Organization.databaseTableName)
            }
        }
        return migrator
    }
}
