import Foundation
import GRDB
import GRDBStore
import KeyValueMapping
import Testing

/// A background import on a file store while another task keeps reading: SQLite's write-ahead
/// log lets the reads run during the import, and each sees the table before the import or after
/// it, never half of it.
@Suite struct ConcurrentImportTests {
    /// Where the import's write stands, as the writer connection's statements tell it.
    enum Phase: Equatable, Sendable {
        case notWriting, writing, committing
    }

    /// One read: the phase the writer was in when it started and when it ended, and what it saw.
    struct Read: Sendable {
        let startedIn: Phase
        let endedIn: Phase
        let users: Int
        let renamed: Int
    }

    @Test("reads during a background import see the table before or after it, never in between")
    func backgroundImport() async throws {
        let folder = try TemporaryDirectory()
        try await RecordStore(path: folder.database()).importRecords(User.self, fromJSON: ExamplePayload.users(0 ..< 10_000))

        // The same file, opened again with a writer that reports its first write and its commit
        // (the readers commit their own read transactions, so they are not traced).
        let phase = Locked(Phase.notWriting)
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            guard !db.configuration.readonly else { return }
            db.trace { event in
                guard case .statement(let statement) = event else { return }
                if statement.sql.hasPrefix("INSERT") || statement.sql.hasPrefix("UPDATE") {
                    phase.update { if $0 == .notWriting { $0 = .writing } }
                } else if statement.sql.hasPrefix("COMMIT") {
                    phase.update { if $0 == .writing { $0 = .committing } }
                }
            }
        }
        let store = try RecordStore(path: folder.database(), configuration: configuration)
        // 5,000 renamed, 2,500 as stored, 1,000 new; 2,500 stored users not named.
        let payload = Data.jsonArray(joining: ExamplePayload.users(0 ..< 5_000, revision: 1, namesOnly: true),
                                     ExamplePayload.users(5_000 ..< 7_500),
                                     ExamplePayload.users(10_000 ..< 11_000))
        let before = (users: 10_000, renamed: 0), after = (users: 8_500, renamed: 5_000)

        // The reads run on a thread of their own, started before the import: the tests beside
        // this one can keep the cooperative pool's threads busy, and a reading task (or a task
        // that would start the thread) could wait there until the import is over.
        let imported = Locked(false)
        let readLog = Locked<[Read]>([])
        let readError = Locked<(any Error)?>(nil)
        let (readsDone, finishReads) = AsyncStream<Never>.makeStream()
        Thread {
            while !imported.value {
                let startedIn = phase.value
                do {
                    let (users, renamed) = try store.writer.read { db in
                        (try User.fetchCount(db), try User.filter(Column("name").like("% (revision 1)")).fetchCount(db))
                    }
                    readLog.update { $0.append(Read(startedIn: startedIn, endedIn: phase.value, users: users, renamed: renamed)) }
                } catch {
                    readError.update { $0 = error }
                    break
                }
            }
            finishReads.finish()
        }.start()
        let report = try await store.importRecords(User.self, fromJSON: payload, options: ImportOptions(deleteMissing: true, skipUnchanged: true))
        imported.update { $0 = true }
        for await _ in readsDone {}
        #expect(report.description == "1000 inserted, 5000 updated, 2500 unchanged, 2500 deleted")
        #expect(readError.value == nil)
        let reads = readLog.value

        #expect(reads.allSatisfy { ($0.users, $0.renamed) == before || ($0.users, $0.renamed) == after })
        // Reads that began and ended while the import had written but not committed: they ran
        // beside the writer, not after it, and saw the table as it was.
        let during = reads.filter { $0.startedIn == .writing && $0.endedIn == .writing }
        #expect(!during.isEmpty, "reads: \(reads.count), by phase: \(Dictionary(grouping: reads, by: { "\($0.startedIn)→\($0.endedIn)" }).mapValues(\.count))")
        #expect(during.allSatisfy { ($0.users, $0.renamed) == before })
        let final = try await store.writer.read { db in try User.fetchCount(db) }
        #expect(final == after.users)
    }
}
