import Foundation
import GRDB
import GRDBStore
import KeyValueMapping
import Testing

/// The target on its own, inside a `write`: its queries, its keys of every kind, its savepoint.
@Suite struct GRDBImportTargetTests {
    let folder: TemporaryDirectory
    let log = StatementLog()
    let store: RecordStore

    init() throws {
        folder = try TemporaryDirectory()
        store = try RecordStore(path: folder.database(), configuration: log.configuration, migrator: testSchema)
        log.reset()
    }

    /// Counts the target's lookups: the library asks for each batch's records once.
    struct CountingTarget<Base: ImportTarget>: ImportTarget {
        var base: Base
        let lookups: Locked<[Int]>

        init(base: Base, lookups: Locked<[Int]> = Locked([])) {
            self.base = base
            self.lookups = lookups
        }

        func records(forKeys keys: [PrimaryKey]) throws -> [PrimaryKey: Base.Model] {
            lookups.update { $0.append(keys.count) }
            return try base.records(forKeys: keys)
        }
        func allKeys() throws -> [PrimaryKey] { try base.allKeys() }
        mutating func insert(_ records: ImportBatch<Base.Model>) throws { try base.insert(records) }
        mutating func update(_ records: ImportBatch<Base.Model>) throws { try base.update(records) }
        mutating func delete(keys: [PrimaryKey]) throws { try base.delete(keys: keys) }
        mutating func transaction<Result>(_ body: (inout Self) throws -> Result) throws -> Result {
            let lookups = lookups
            return try base.transaction { base in
                var counting = CountingTarget(base: base, lookups: lookups)
                defer { base = counting.base }
                return try body(&counting)
            }
        }
    }

    @Test("records(forKeys:) is called once per batch and runs one query, split only past the variable limit")
    func oneLookupPerBatch() throws {
        let payload = ExamplePayload.users(0 ..< 10_000)
        let lookups = try store.writer.write { db in
            var target = CountingTarget(base: try GRDBImportTarget<User>(db))
            try KeyValueDecoder().importRecords(User.self, fromJSON: payload, into: &target, options: ImportOptions(batchSize: 250))
            return target.lookups.value
        }
        #expect(lookups == Array(repeating: 250, count: 40))
        #expect(log.count(#"WITH "user_import_keys""#) == 40)

        // 250 composite keys fit in 500 arguments: a batch of 1,000 keys takes four statements,
        // and so do the deletes of 1,000 keys.
        log.reset()
        let report = try store.writer.write { db in
            var target = try GRDBImportTarget<User>(db, argumentLimit: 500)
            return try KeyValueDecoder().importRecords(User.self, fromJSON: ExamplePayload.users(0 ..< 9_000),
                                                       into: &target, options: ImportOptions(deleteMissing: true, skipUnchanged: true))
        }
        #expect(report.description == "0 inserted, 0 updated, 9000 unchanged, 1000 deleted")
        #expect(log.count(#"WITH "user_import_keys""#) == 9 * 4)
        #expect(log.count(#"DELETE FROM "user""#) == 4)
        #expect(try store.writer.read(User.fetchCount) == 9_000)
    }

    @Test("prepared statements write what GRDB's persistence methods write")
    func preparedStatements() throws {
        let prepared = try RecordStore(path: folder.database("prepared.sqlite"), migrator: testSchema)
        // 1,000 renamed (one of them losing its email), 500 as stored, 500 new; 500 not named.
        let second = Data.jsonArray(joining: Data(#"[{"org": "org0", "number": 0, "email": null}]"#.utf8),
                                    ExamplePayload.users(1 ..< 1_000, revision: 1, namesOnly: true),
                                    ExamplePayload.users(1_500 ..< 2_500))
        let rooms = [UUID(), UUID()]
        for (store, writeMode) in [(store, GRDBWriteMode.persistenceMethods), (prepared, .preparedStatements)] {
            try store.importRecords(User.self, fromJSON: ExamplePayload.users(0 ..< 2_000), writeMode: writeMode)
            let report = try store.importRecords(User.self, fromJSON: second, options: ImportOptions(deleteMissing: true, skipUnchanged: true),
                                                 writeMode: writeMode)
            #expect(report.description == "500 inserted, 1000 updated, 500 unchanged, 500 deleted")
            try store.importRecords(Booking.self, fromJSON: bookingsJSON(rooms: rooms, days: 3) { "guest \($0)" }, writeMode: writeMode)
            try store.importRecords(Booking.self, fromJSON: bookingsJSON(rooms: rooms, days: 2) { "other \($0)" },
                                    options: ImportOptions(deleteMissing: true), writeMode: writeMode)
        }
        #expect(try allUsers(prepared.writer) == allUsers(store.writer))
        #expect(try prepared.writer.read { db in try User.fetchOne(db, key: ["org": "org0", "number": 0])?.email } == .some(nil))
        let bookings = { (store: RecordStore) in try store.writer.read { db in try Booking.order(Column("guest")).fetchAll(db) } }
        #expect(try bookings(prepared) == bookings(store) && bookings(prepared).count == 8)

        // An update whose row is gone is GRDB's own error, as from `update(db)`.
        #expect(throws: RecordError.self) {
            try prepared.writer.write { db in
                var target = try GRDBImportTarget<User>(db, writeMode: .preparedStatements)
                try target.update(ImportBatch(keys: [userKey(99_999)], records: [ExamplePayload.user(99_999)]))
            }
        }
    }

    @Test("composite keys: the same number in two organizations is two users")
    func compositeKey() throws {
        let first = Data(#"[{"org": "acme", "number": 1, "name": "Ada"}, {"org": "beta", "number": 1, "name": "Brian"}]"#.utf8)
        #expect(try store.importRecords(User.self, fromJSON: first).inserted.count == 2)
        let second = Data(#"[{"org": "beta", "number": 1, "role": "owner"}, {"org": "beta", "number": 2, "name": "Barbara"}]"#.utf8)
        let report = try store.importRecords(User.self, fromJSON: second)
        #expect(report.updated == [PrimaryKey(.string("beta"), .integer(1))] && report.inserted == [PrimaryKey(.string("beta"), .integer(2))])
        let users = try allUsers(store.writer)
        #expect(users == [User(org: "acme", number: 1, name: "Ada"), User(org: "beta", number: 1, name: "Brian", role: .owner),
                          User(org: "beta", number: 2, name: "Barbara")])
    }

    @Test("one key column: WHERE id IN (…)")
    func singleColumnKey() throws {
        let json = Data(#"[{"id": 1, "name": "Acme"}, {"id": 2, "name": "Beta", "plan": "pro"}]"#.utf8)
        try store.importRecords(Organization.self, fromJSON: json)
        let report = try store.importRecords(Organization.self, fromJSON: Data(#"[{"id": 2, "plan": "team"}, {"id": 3, "name": "Gamma"}]"#.utf8),
                                             options: ImportOptions(deleteMissing: true))
        #expect(report.description == "1 inserted, 1 updated, 0 unchanged, 1 deleted")
        #expect(log.count(#"SELECT * FROM "organization" WHERE "id" IN (?,?)"#) == 2)
        let organizations = try store.writer.read { db in try Organization.order(Column("id")).fetchAll(db) }
        #expect(organizations == [Organization(id: 2, name: "Beta", plan: "team"), Organization(id: 3, name: "Gamma")])
    }

    @Test("UUID, date and Bool keys are bound and read back as GRDB stores them")
    func typedKeys() throws {
        let rooms = [UUID(), UUID()]
        let first = try store.importRecords(Booking.self, fromJSON: bookingsJSON(rooms: rooms, days: 30) { "guest \($0)" })
        #expect(first.inserted.count == 120)
        // The same bookings for 20 days, a third of them for other guests: the lookups find them
        // by their blob, text and integer columns, and allKeys reads the 40 missing ones back.
        let second = bookingsJSON(rooms: rooms, days: 20) { $0 % 3 == 0 ? "other \($0)" : "guest \($0 / 40 * 60 + $0 % 40)" }
        let report = try store.importRecords(Booking.self, fromJSON: second, options: ImportOptions(deleteMissing: true, skipUnchanged: true))
        #expect(report.description == "0 inserted, 27 updated, 53 unchanged, 40 deleted")
        let stored = try store.writer.read { db in try Booking.fetchAll(db) }
        #expect(stored.count == 80 && Set(stored.map(\.room)) == Set(rooms))
        #expect(try store.writer.read { db in try Booking.filter(Column("guest").like("other %")).fetchCount(db) } == 27)
    }

    @Test("key columns that are not the model's key are an error, not wrong updates")
    func mismatchedKeyColumns() throws {
        try store.importRecords(Pair.self, fromJSON: Data(#"[{"a": 2, "b": 1, "label": "two-one"}]"#.utf8))
        let swapped = Data(#"[{"a": 1, "b": 2, "label": "one-two"}]"#.utf8)
        #expect(throws: GRDBImportError.self) { try store.importRecords(Pair.self, fromJSON: swapped, keyColumns: ["b", "a"]) }
        #expect(throws: GRDBImportError.self) { try store.importRecords(Pair.self, fromJSON: swapped, keyColumns: ["a"]) }
        #expect(try store.writer.read { db in try Pair.fetchAll(db) } == [Pair(a: 2, b: 1, label: "two-one")])
        try store.importRecords(Pair.self, fromJSON: swapped)
        #expect(try store.writer.read(Pair.fetchCount) == 2)

        // Without a rowid, a composite key's rows are deleted by one prepared DELETE per key.
        log.reset()
        let report = try store.importRecords(Pair.self, fromJSON: Data(#"[{"a": 3, "b": 3}]"#.utf8), options: ImportOptions(deleteMissing: true))
        #expect(report.description == "1 inserted, 0 updated, 0 unchanged, 2 deleted")
        #expect(log.count(#"DELETE FROM "pair" WHERE "a" = ? AND "b" = ?"#) == 2)
        #expect(try store.writer.read { db in try Pair.fetchAll(db) } == [Pair(a: 3, b: 3, label: "")])
    }

    @Test("an error from the store rolls the savepoint back and is rethrown")
    func storeErrorRollsBack() throws {
        try store.importRecords(User.self, fromJSON: ExamplePayload.users(0 ..< 10))
        let before = try allUsers(store.writer)
        try store.writer.write { db in
            try db.execute(sql: """
                CREATE TRIGGER refuse BEFORE INSERT ON user WHEN NEW.number = 2 AND NEW.org = 'org0'
                BEGIN SELECT RAISE(ABORT, 'refused'); END
                """)
        }
        log.reset()
        // Batches of five: 5 ..< 10 updated, 10 ..< 15 inserted, 15 inserted, then the insert of 16
        // (org0, 2) fails.
        let error = #expect(throws: DatabaseError.self) {
            try store.importRecords(User.self, fromJSON: ExamplePayload.users(5 ..< 20, revision: 1), options: ImportOptions(batchSize: 5))
        }
        #expect(error?.message == "refused")
        #expect(log.count(#"UPDATE "user""#) == 5 && log.count(#"INSERT INTO "user""#) == 7)
        #expect(log.count("ROLLBACK TRANSACTION TO SAVEPOINT") == 1)
        #expect(try allUsers(store.writer) == before)
    }
}
