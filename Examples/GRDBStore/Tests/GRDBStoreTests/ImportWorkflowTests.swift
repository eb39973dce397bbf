import Foundation
import GRDB
import GRDBStore
import KeyValueMapping
import Testing

/// MagicalRecord's workflow on a real SQLite file: a first import of 40,000 users, a second
/// payload that syncs the table, GRDB's own finders reading the result, and a failing import
/// that leaves the table as it was.
@Suite struct ImportWorkflowTests {
    static let userCount = 40_000
    let folder: TemporaryDirectory
    let log = StatementLog()
    let store: RecordStore

    init() throws {
        folder = try TemporaryDirectory()
        store = try RecordStore(path: folder.database(), configuration: log.configuration)
        log.reset()
    }

    @Test("40,000 users in one transaction, then a second payload that updates half, skips the unchanged and deletes the missing")
    func importThenSync() throws {
        let report = try store.importRecords(User.self, fromJSON: ExamplePayload.users(0 ..< Self.userCount))
        #expect(report.inserted.count == Self.userCount)
        #expect(report.updated.isEmpty && report.unchanged.isEmpty && report.deleted.isEmpty && report.skipped == 0)
        #expect(report.inserted.prefix(2) == [userKey(0), userKey(1)])

        // One transaction, one savepoint (the target's), 40 lookups of 1,000 keys, an INSERT
        // per record.
        #expect(log.count("BEGIN") == 1 && log.count("COMMIT") == 1 && log.count("ROLLBACK") == 0)
        #expect(log.count("SAVEPOINT") == 1 && log.count("RELEASE SAVEPOINT") == 1)
        #expect(log.count(#"WITH "user_import_keys"("k0", "k1") AS (VALUES (?,?),(?,?)"#) == 40)
        #expect(log.count(#"INSERT INTO "user""#) == Self.userCount)
        try readBackWithGRDBFinders()

        // 20,000 renamed (partial elements: key and name), 10,000 as stored, 5,000 new; the
        // last 10,000 stored users are not named.
        log.reset()
        let payload = Data.jsonArray(joining: ExamplePayload.users(0 ..< 20_000, revision: 1, namesOnly: true),
                                     ExamplePayload.users(20_000 ..< 30_000),
                                     ExamplePayload.users(40_000 ..< 45_000))
        let sync = try store.importRecords(User.self, fromJSON: payload, options: ImportOptions(deleteMissing: true, skipUnchanged: true))
        #expect(sync.description == "5000 inserted, 20000 updated, 10000 unchanged, 10000 deleted")
        #expect(sync.updated == (0 ..< 20_000).map(userKey))
        #expect(sync.unchanged == (20_000 ..< 30_000).map(userKey))
        #expect(sync.inserted == (40_000 ..< 45_000).map(userKey))
        #expect(Set(sync.deleted) == Set((30_000 ..< 40_000).map(userKey)))

        // Unchanged records cost no write; the deletes are one statement (20,000 arguments).
        #expect(log.count(#"UPDATE "user""#) == 20_000 && log.count(#"INSERT INTO "user""#) == 5_000)
        #expect(log.count(#"DELETE FROM "user""#) == 1)
        #expect(log.count(#"SELECT "org", "number" FROM "user""#) == 1)
        #expect(log.count(#"WITH "user_import_keys""#) == 35)

        try store.writer.read { db throws in
            #expect(try User.fetchCount(db) == 35_000)
            // A partial element updates the name and keeps what it did not name.
            var renamed = ExamplePayload.user(7)
            renamed.name = "User 7 (revision 1)"
            #expect(try User.fetchOne(db, key: ["org": "org7", "number": 0]) == renamed)
            #expect(try User.fetchOne(db, key: ["org": "org0", "number": 30_000 / 8]) == nil)
            #expect(try User.filter(Column("name").like("% (revision 1)")).fetchCount(db) == 20_000)
            #expect(try User.filter(Column("number") >= 40_000 / 8).fetchCount(db) == 5_000)
        }
    }

    /// The first import's users, through GRDB's own finders: counts, keys, filters, sorts.
    private func readBackWithGRDBFinders() throws {
        let expected = (0 ..< Self.userCount).map { ExamplePayload.user($0) }
        try store.writer.read { db throws in
            #expect(try User.fetchCount(db) == Self.userCount)
            #expect(try User.fetchOne(db, key: ["org": "org3", "number": 1234]) == expected[1234 * 8 + 3])
            let org5 = try User.filter(Column("org") == "org5").order(Column("number")).fetchAll(db)
            #expect(org5.count == Self.userCount / 8 && org5.first == expected[5] && org5.last?.number == Self.userCount / 8 - 1)
            let admins = try User.filter(Column("role") == Role.admin.rawValue).fetchCount(db)
            #expect(admins == expected.count(where: { $0.role == .admin }))
            let top = try User.order(Column("score").desc, Column("org"), Column("number")).limit(3).fetchAll(db)
            #expect(top == Array(expected.sorted { ($0.score, $1.org, $1.number) > ($1.score, $0.org, $0.number) }.prefix(3)))
        }
    }

    @Test("a bad element near the end rolls the whole import back")
    func failingImport() throws {
        try store.importRecords(User.self, fromJSON: ExamplePayload.users(0 ..< 10_000))
        let before = try allUsers(store.writer)
        log.reset()
        var payload = String(decoding: ExamplePayload.users(0 ..< 10_000, revision: 1), as: UTF8.self)
        let bad = #""number": \#(9_990 / 8), "name": "User 9990 (revision 1)""#
        payload = payload.replacingOccurrences(of: bad, with: #""number": \#(9_990 / 8), "name": ["not", "a", "name"]"#)

        let error = #expect(throws: MappingError.self) {
            try store.importRecords(User.self, fromJSON: Data(payload.utf8), options: ImportOptions(deleteMissing: true))
        }
        #expect(error?.description == #"[9990].name: expected String, found Array (3 elements)"#)
        // Nine batches were written before the bad element's batch failed: all undone.
        #expect(log.count(#"UPDATE "user""#) == 9_000)
        #expect(log.count("ROLLBACK TRANSACTION TO SAVEPOINT") == 1 && log.count("COMMIT") == 0)
        #expect(try allUsers(store.writer) == before)
    }

    @Test("a JSON Lines file of 40,000 users streams into the table in one transaction; a cancelled one keeps nothing")
    func streamedFileImport() async throws {
        // The example's array, one user per line.
        let lines = String(decoding: ExamplePayload.users(0 ..< Self.userCount), as: UTF8.self)
            .dropFirst().dropLast().replacingOccurrences(of: ",\n", with: "\n")
        let url = folder.url.appendingPathComponent("users.jsonl")
        try Data(lines.utf8).write(to: url)
        let steps = Counter()
        let report = try await store.importRecords(User.self, fromJSONAt: url, options: ImportOptions(batchSize: 2_000)) { _ in steps.increment() }
        #expect(report.description == "40000 inserted, 0 updated, 0 unchanged, 0 deleted" && report.inserted.isEmpty)
        #expect(steps.value > 10 && log.count("BEGIN") == 1 && log.count("COMMIT") == 1)
        #expect(log.count(#"WITH "user_import_keys""#) == 20)
        try readBackWithGRDBFinders()

        // Cancelled after its first read: the transaction rolls back.
        let renamed = String(decoding: ExamplePayload.users(0 ..< Self.userCount, revision: 3), as: UTF8.self)
            .dropFirst().dropLast().replacingOccurrences(of: ",\n", with: "\n")
        try Data(renamed.utf8).write(to: url)
        let store = self.store
        let task = Task {
            try await store.importRecords(User.self, fromJSONAt: url) { _ in withUnsafeCurrentTask { $0?.cancel() } }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        try await store.writer.read { db throws in
            #expect(try User.filter(Column("name").like("% (revision 3)")).fetchCount(db) == 0)
            #expect(try User.fetchCount(db) == Self.userCount)
        }
    }

    @Test("a project's nested owner is matched to the stored organization by its key, not copied")
    func relatedRecords() throws {
        try store.importRecords(Organization.self, fromJSON: Data(#"[{"id": 5, "name": "Acme", "plan": "pro"}]"#.utf8))
        log.reset()
        let report = try store.importRecords(Project.self, fromJSON: Data(#"""
            [{"id": 1, "name": "Rocket", "owner": {"id": 5, "name": "Acme Corp"}},
             {"id": 2, "name": "Sled", "owner": {"id": 5}},
             {"id": 3, "name": "Kite", "owner": {"id": 6, "name": "Beta"}}]
            """#.utf8))
        #expect(report.description == "3 inserted, 0 updated, 0 unchanged, 0 deleted")
        #expect(report.related["Organization"]?.description == "1 inserted, 1 updated, 0 unchanged, 0 deleted, 1 repeated")
        // One lookup of the organizations for the batch, then the projects' own.
        #expect(log.count(#"SELECT * FROM "organization" WHERE "id" IN"#) == 1)
        try store.writer.read { db throws in
            // Acme kept its plan (absent from the nested owner) and took the new name; Beta is new.
            #expect(try Organization.fetchAll(db).map { "\($0.id) \($0.name) \($0.plan)" } == ["5 Acme Corp pro", "6 Beta free"])
            #expect(try Project.order(Column("id")).fetchAll(db).map { "\($0.name) \($0.owner.id)" } == ["Rocket 5", "Sled 5", "Kite 6"])
        }
        // A project whose owner has no key: nothing of the import is kept.
        #expect(throws: MappingError.self) {
            try store.importRecords(Project.self, fromJSON: Data(#"[{"id": 4, "name": "Glider", "owner": {"id": 7}}, {"id": 5, "name": "X", "owner": {"name": "?"}}]"#.utf8))
        }
        try store.writer.read { db throws in
            #expect(try Project.fetchCount(db) == 3 && Organization.fetchCount(db) == 2)
        }
    }

    @Test("an in-memory store imports the same way")
    func inMemory() throws {
        let scratch = try RecordStore.inMemory()
        try scratch.importRecords(User.self, fromJSON: ExamplePayload.users(0 ..< 100))
        let report = try scratch.importRecords(User.self, fromJSON: ExamplePayload.users(50 ..< 150, revision: 2),
                                               options: ImportOptions(deleteMissing: true))
        #expect(report.description == "50 inserted, 50 updated, 0 unchanged, 50 deleted")
        #expect(try scratch.writer.read(User.fetchCount) == 100)
        #expect(scratch.writer is DatabaseQueue && store.writer is DatabasePool)
    }
}
