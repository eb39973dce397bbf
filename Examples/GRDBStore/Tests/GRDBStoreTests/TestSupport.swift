import Foundation
import GRDB
import GRDBStore
import KeyValueMapping
import Synchronization

/// A folder of its own under the system's temporary directory, removed with the value: each
/// test's SQLite files live there, so tests never share a database.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("GRDBStoreTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of a database file in the folder.
    func database(_ name: String = "store.sqlite") -> String {
        url.appendingPathComponent(name).path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The SQL statements that a store's connections run, as SQLite's trace reports them: how the
/// tests count an import's lookups, writes and transactions.
final class StatementLog: Sendable {
    private let statements = Locked<[String]>([])

    /// A configuration whose every connection (the writer and each reader) reports here.
    var configuration: Configuration {
        var configuration = Configuration()
        configuration.prepareDatabase { [self] db in
            db.trace { event in
                if case .statement(let statement) = event { self.statements.update { $0.append(statement.sql) } }
            }
        }
        return configuration
    }

    /// Forgets what was logged so far (the migrations, a first import).
    func reset() { statements.update { $0.removeAll() } }

    /// The statements logged so far.
    var all: [String] { statements.value }

    /// How many logged statements start with `prefix`.
    func count(_ prefix: String) -> Int { all.count(where: { $0.hasPrefix(prefix) }) }
}

/// A value behind a lock, shared between a test and the connections' queues.
final class Locked<Value>: @unchecked Sendable {
    // Every access to `stored` goes through `lock`: that is what makes the class Sendable.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value { lock.withLock { stored } }

    func update<Result>(_ change: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try change(&stored) }
    }
}

extension Data {
    /// The elements of several JSON arrays, in one array: the way a test builds a payload of
    /// parts (updates, unchanged records, new ones).
    static func jsonArray(joining arrays: Data...) -> Data {
        let bodies = arrays.map { $0.dropFirst().dropLast() }.filter { !$0.isEmpty }
        return Data("[".utf8) + Data(bodies.joined(separator: Data(",".utf8))) + Data("]".utf8)
    }
}

/// The key of the example's user at payload index `index`.
func userKey(_ index: Int) -> PrimaryKey {
    let user = ExamplePayload.user(index)
    return PrimaryKey(.string(user.org), .integer(Int64(user.number)))
}

/// Every user in the store, in key order: what a test compares before and after an import.
func allUsers(_ reader: any DatabaseReader) throws -> [User] {
    try reader.read { db in try User.order(Column("org"), Column("number")).fetchAll(db) }
}

/// A count raised from any task.
final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
