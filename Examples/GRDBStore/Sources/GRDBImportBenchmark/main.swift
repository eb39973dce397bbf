import Foundation
import GRDB
import GRDBStore
import KeyValueMapping

// The library's import of 40,000 users into SQLite, against the floor: the same payload decoded
// into the same rows and written with plain batched INSERTs, no lookups and no uniquing. Run it
// as `swift run -c release GRDBImportBenchmark [--rounds N] [--count N]`.
//
// Every case starts from a fresh database file in the same state (empty, or half of the rows
// stored with other names), prepared outside the timing; the rounds interleave the cases, so a
// slower moment of the machine hits them all, and each figure is the median of its rounds.

let arguments = CommandLine.arguments
func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let number = Int(arguments[index + 1]) else { return value }
    return number
}
let count = option("--count", default: 40_000)
let rounds = option("--rounds", default: 5)
let payload = ExamplePayload.users(0 ..< count)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("GRDBImportBenchmark-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let decoder = KeyValueDecoder()

/// The rows of `users` written with multi-row INSERTs of 1,000 rows each (6,000 arguments, under
/// SQLite's variable limit), the values read straight from the properties: the least work GRDB
/// can do to store them.
func batchInsert(_ users: [User], into db: Database, verb: String = "INSERT") throws {
    for start in stride(from: 0, to: users.count, by: 1_000) {
        let rows = users[start ..< min(start + 1_000, users.count)]
        let statement = try db.cachedStatement(sql: "\(verb) INTO \"user\" (org, number, name, email, role, score) VALUES "
                                                    + repeatElement("(?,?,?,?,?,?)", count: rows.count).joined(separator: ","))
        var values: [(any DatabaseValueConvertible)?] = []
        values.reserveCapacity(rows.count * 6)
        for user in rows { values += [user.org, user.number, user.name, user.email, user.role.rawValue, user.score] }
        try statement.execute(arguments: StatementArguments(values))
    }
}

/// A new store at `path` holding nothing, or, when `halfStored`, every other user of the payload
/// under an older name, so that an import updates half the payload and inserts the other half.
func freshStore(at path: String, halfStored: Bool) throws -> RecordStore {
    let store = try RecordStore(path: path)
    if halfStored {
        let stored = stride(from: 0, to: count, by: 2).map { ExamplePayload.user($0, revision: 1) }
        try store.writer.write { db in try batchInsert(stored, into: db) }
    }
    return store
}

/// The time `body` takes on a store prepared by `freshStore(at:halfStored:)` outside the timing.
func time(halfStored: Bool, _ body: (RecordStore) throws -> Void) throws -> Duration {
    let path = folder.appendingPathComponent("\(UUID().uuidString).sqlite").path
    // Each case's file is removed once measured, so a run holds one database at a time.
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    let store = try freshStore(at: path, halfStored: halfStored)
    let elapsed = try ContinuousClock().measure { try body(store) }
    // A figure is only worth printing if its case stored the whole payload.
    let stored = try store.writer.read(User.fetchCount)
    guard stored == count else { fatalError("a case left \(stored) users, not \(count)") }
    return elapsed
}

/// The import being measured; its report must show every element applied.
func importAll(into store: RecordStore, _ writeMode: GRDBWriteMode) throws {
    let stored = try store.writer.read(User.fetchCount)
    let report = try store.importRecords(User.self, fromJSON: payload, writeMode: writeMode)
    guard report.inserted.count == count - stored, report.updated.count == stored else { fatalError("unexpected report: \(report)") }
}

struct Case {
    let name: String
    let run: () throws -> Duration
}

let cases = [
    Case(name: "decode only: JSON → [User], no database") {
        try ContinuousClock().measure { _ = try decoder.decode([User].self, fromJSON: payload) }
    },
    Case(name: "importRecords into a [PrimaryKey: User], no database") {
        try ContinuousClock().measure {
            var users: [PrimaryKey: User] = [:]
            try decoder.importRecords(User.self, fromJSON: payload, into: &users)
        }
    },
    Case(name: "floor, empty table: decode + batched INSERT") {
        try time(halfStored: false) { store in
            let users = try decoder.decode([User].self, fromJSON: payload)
            try store.writer.write { db in try batchInsert(users, into: db) }
        }
    },
    Case(name: "importRecords, empty table, persistence methods") {
        try time(halfStored: false) { store in try importAll(into: store, .persistenceMethods) }
    },
    Case(name: "importRecords, empty table, prepared statements") {
        try time(halfStored: false) { store in try importAll(into: store, .preparedStatements) }
    },
    Case(name: "floor, half-stored table: decode + batched INSERT OR REPLACE") {
        try time(halfStored: true) { store in
            let users = try decoder.decode([User].self, fromJSON: payload)
            try store.writer.write { db in try batchInsert(users, into: db, verb: "INSERT OR REPLACE") }
        }
    },
    Case(name: "importRecords, half-stored table, persistence methods") {
        try time(halfStored: true) { store in try importAll(into: store, .persistenceMethods) }
    },
    Case(name: "importRecords, half-stored table, prepared statements") {
        try time(halfStored: true) { store in try importAll(into: store, .preparedStatements) }
    },
]

print("GRDBImportBenchmark: \(count) users (\(payload.count / 1_024) KiB of JSON), \(rounds) rounds, median of each")
var samples = Array(repeating: [Duration](), count: cases.count)
for round in 1 ... rounds {
    for (index, benchmarkCase) in cases.enumerated() { samples[index].append(try benchmarkCase.run()) }
    print("round \(round) of \(rounds) done")
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
}
func ratio(_ value: Double, _ floor: Double) -> String { String(format: "%.2f×", value / floor) }
let medians = samples.map { milliseconds($0.sorted()[$0.count / 2]) }
for (benchmarkCase, median) in zip(cases, medians) {
    print(benchmarkCase.name.padding(toLength: 62, withPad: " ", startingAt: 0), String(format: "%8.1f ms", median))
}
print("the library alone: importRecords into a dictionary / decode only = \(ratio(medians[1], medians[0]))")
for (mode, offset) in [("persistence methods", 0), ("prepared statements", 1)] {
    print("importRecords / floor, \(mode): empty table \(ratio(medians[3 + offset], medians[2])), "
          + "half-stored table \(ratio(medians[6 + offset], medians[5])) (\(ratio(medians[6 + offset], medians[2])) of the empty-table floor)")
}
