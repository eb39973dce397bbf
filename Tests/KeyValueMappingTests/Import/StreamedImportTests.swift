#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization
import Testing
import KeyValueMapping

/// A record that counts its live instances, to show what a streamed import holds at once.
final class LiveRecord: Mappable {
    static let live = Atomic<Int>(0)
    var id = 0
    var name = ""
    required init() { Self.live.add(1, ordering: .relaxed) }
    deinit { Self.live.subtract(1, ordering: .relaxed) }
    class var mappingRules: MappingRules { MappingRules().primaryKey("id") }
}

/// A store that keeps nothing but counts: what a streamed import holds is the library's alone.
struct DiscardingTarget: ImportTarget {
    var inserted = 0
    var mostLive = 0
    func records(forKeys keys: [PrimaryKey]) throws -> [PrimaryKey: LiveRecord] { [:] }
    func allKeys() throws -> [PrimaryKey] { [] }
    mutating func insert(_ records: ImportBatch<LiveRecord>) throws {
        inserted += records.count
        mostLive = max(mostLive, LiveRecord.live.load(ordering: .relaxed))
    }
    mutating func update(_ records: ImportBatch<LiveRecord>) throws {}
    mutating func delete(keys: [PrimaryKey]) throws {}
    mutating func transaction<Result>(_ body: (inout Self) throws -> Result) throws -> Result { try body(&self) }
}

@Suite struct StreamedImportTests {
    static func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-import-\(UUID().uuidString).jsonl")
        try Data(text.utf8).write(to: url)
        return url
    }

    static func lines(_ range: ClosedRange<Int>, name: (Int) -> String = { "n\($0)" }) -> String {
        range.map { #"{"org": "o", "number": \#($0), "name": "\#(name($0))"}"# }.joined(separator: "\n") + "\n"
    }

    @Test("a JSON Lines file imports as its array does, counting by default and listing keys when asked")
    func jsonLinesFiles() async throws {
        let url = try Self.file(Self.lines(1...5))
        defer { try? FileManager.default.removeItem(at: url) }
        var store: [PrimaryKey: ImportMember] = [ImportRecordsTests.key("o", 2): ImportMember(org: "o", number: 2, name: "old")]
        let decoder = KeyValueDecoder()
        let counted = try await decoder.importRecords(ImportMember.self, fromJSONAt: url, into: &store)
        #expect(counted.insertedCount == 4 && counted.updatedCount == 1 && counted.inserted.isEmpty && counted.updated.isEmpty)
        #expect(counted.description == "4 inserted, 1 updated, 0 unchanged, 0 deleted")
        #expect(store.count == 5 && store[ImportRecordsTests.key("o", 2)]?.name == "n2")
        let listed = try await decoder.importRecords(ImportMember.self, fromJSONAt: url, into: &store,
                                                     options: ImportOptions(skipUnchanged: true, keyReporting: .keys))
        #expect(listed.unchanged == (1...5).map { ImportRecordsTests.key("o", Int64($0)) } && listed.unchangedCount == 5)
        var fromBytes: [PrimaryKey: ImportMember] = [:]
        let array = "[" + Self.lines(1...5).split(separator: "\n").joined(separator: ",") + "]"
        try decoder.importRecords(ImportMember.self, fromJSON: Data(array.utf8), into: &fromBytes)
        #expect(fromBytes == store)
    }

    @Test("the synchronous overload imports a file on the calling thread; a missing file is Foundation's error")
    func synchronousFileImport() throws {
        let url = try Self.file(Self.lines(1...3))
        defer { try? FileManager.default.removeItem(at: url) }
        var store: [PrimaryKey: ImportMember] = [:]
        let report = try KeyValueDecoder().importRecords(ImportMember.self, fromJSONAt: url, into: &store, options: ImportOptions(keyReporting: .keys))
        #expect(report.inserted == (1...3).map { ImportRecordsTests.key("o", Int64($0)) } && store.count == 3)
        let missing = url.appendingPathExtension("missing")
        #expect(throws: CocoaError.self) {
            try KeyValueDecoder().importRecords(ImportMember.self, fromJSONAt: missing, into: &store)
        }
        #expect(store.count == 3)
    }

    @Test("an element's error in JSON Lines names its index and its line, and nothing is kept")
    func jsonLinesErrors() async throws {
        let cases: [(String, String)] = [
            ("{\"org\": \"a\", \"number\": 1}\n\n{\"org\": \"b\"}\n", "[1].number (line 3): required key is missing (expected Int)"),
            ("{\"org\": \"a\", \"number\": 1}\n{\"org\": \"b\", \"number\": \"x\"}\n", #"[1].number (line 2): expected Int, found String "x""#),
            ("{\"org\": \"a\", \"number\": 1}\n{\"org\": \"a\", \"number\": 1}\n",
             #"[1] (line 2): expected a primary key no other element has, found ("a", 1) (the payload names this record twice (ImportOptions.repeatedKeys is .reject))"#),
        ]
        for (text, message) in cases {
            let url = try Self.file(text)
            defer { try? FileManager.default.removeItem(at: url) }
            var store = RecordingTarget<ImportMember>()
            do {
                try await KeyValueDecoder().importRecords(ImportMember.self, fromJSONAt: url, into: &store,
                                                          options: ImportOptions(batchSize: 1, repeatedKeys: .reject))
                Issue.record("imported \(text)")
            } catch {
                #expect("\(error)" == message)
            }
            #expect(store.rows.isEmpty && store.calls == ["rollback"])
        }
    }

    @Test("without key lists, a key an earlier batch wrote is matched against what that batch stored")
    func countsWithoutRememberedKeys() async throws {
        let text = #"{"org": "a", "number": 1, "name": "x"}"# + "\n" + #"{"org": "a", "number": 1, "role": "admin"}"# + "\n"
        let url = try Self.file(text)
        defer { try? FileManager.default.removeItem(at: url) }
        for (batchSize, inserted, updated, repeated) in [(1, 1, 1, 0), (2, 1, 0, 1)] {
            var store: [PrimaryKey: ImportMember] = [:]
            let report = try await KeyValueDecoder().importRecords(ImportMember.self, fromJSONAt: url, into: &store,
                                                                   options: ImportOptions(batchSize: batchSize))
            #expect(report.insertedCount == inserted && report.updatedCount == updated && report.repeatedCount == repeated)
            #expect(store == [ImportRecordsTests.key("a", 1): ImportMember(org: "a", number: 1, name: "x", role: "admin")])
        }
        // deleteMissing remembers the keys, so repeats are found across batches too.
        var store: [PrimaryKey: ImportMember] = [ImportRecordsTests.key("z", 9): ImportMember(org: "z", number: 9)]
        let report = try await KeyValueDecoder().importRecords(ImportMember.self, fromJSONAt: url, into: &store,
                                                               options: ImportOptions(deleteMissing: true, batchSize: 1))
        #expect(report.insertedCount == 1 && report.updatedCount == 0 && report.repeatedCount == 1 && report.deletedCount == 1)
        #expect(report.deleted.isEmpty && store.count == 1)
    }

    @Test("progress follows the file, and its last figures are the report's")
    func progress() async throws {
        let text = Self.lines(1...3_000, name: { String(repeating: "x", count: $0 % 50) })
        let url = try Self.file(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let seen = LockedBox<[ImportProgress]>([])
        var store: [PrimaryKey: ImportMember] = [:]
        let report = try await KeyValueDecoder().importRecords(ImportMember.self, fromJSONAt: url, into: &store,
                                                               options: ImportOptions(batchSize: 500)) { progress in
            seen.withLock { $0.append(progress) }
        }
        let steps = seen.withLock { $0 }
        #expect(steps.count > 2)
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0.bytesRead <= $1.bytesRead && $0.inserted <= $1.inserted })
        let last = try #require(steps.last)
        #expect(last.bytesRead == text.utf8.count && last.totalBytes == text.utf8.count && last.fractionCompleted == 1)
        #expect(last.elementsRead == 3_000 && last.inserted == report.insertedCount && report.insertedCount == 3_000)
        #expect(last.bufferedBytes > 0 && last.bufferedBytes <= 2 * 65_536)
    }

    @Test("cancelling the task stops the import and keeps nothing, class instances included")
    func cancellation() async throws {
        let url = try Self.file((1...3_000).map { #"{"id": \#($0), "name": "new"}"# }.joined(separator: "\n"))
        defer { try? FileManager.default.removeItem(at: url) }
        let task = Task {
            let stored = ImportAnimal()
            stored.id = 1
            stored.name = "old"
            var animals = [stored]
            let calls = LockedBox(0)
            do {
                try await KeyValueDecoder().importRecords(ImportAnimal.self, fromJSONAt: url, into: &animals, options: ImportOptions(batchSize: 10)) { _ in
                    if calls.withLock({ $0 += 1; return $0 }) == 1 { withUnsafeCurrentTask { $0?.cancel() } }
                }
                return "imported"
            } catch {
                return "\(type(of: error)), \(animals.count) record(s), \(calls.withLock { $0 }) progress call(s), \(stored.name)"
            }
        }
        #expect(await task.value == "CancellationError, 1 record(s), 1 progress call(s), old")
    }

    @Test("memory holds one read, the largest element and one batch, however long the input")
    func boundedMemory() async throws {
        let count = 40_000
        let url = try Self.file((1...count).map { #"{"id": \#($0), "name": "record number \#($0)"}"# }.joined(separator: "\n"))
        defer { try? FileManager.default.removeItem(at: url) }
        var target = DiscardingTarget()
        let report = try await KeyValueDecoder().importRecords(LiveRecord.self, fromJSONAt: url, into: &target, options: ImportOptions(batchSize: 200))
        #expect(target.inserted == count && report.insertedCount == count && report.inserted.isEmpty)
        // One 64 KiB read holds about 1,700 of these records; a batch 200.
        #expect(target.mostLive > 0 && target.mostLive < 2 * 1_700 + 200)
        #expect(LiveRecord.live.load(ordering: .relaxed) == 0)
    }

    @Test("an element larger than a read arrives whole from an AsyncSequence too")
    func largeElementFromAnAsyncSequence() async throws {
        let name = String(repeating: "a", count: 150_000)
        var store: [PrimaryKey: ImportMember] = [:]
        let text = #"[{"org": "o", "number": 1, "name": "\#(name)"}]"#
        let report = try await KeyValueDecoder().importRecords(ImportMember.self, from: AsyncBytes(Array(text.utf8)), into: &store)
        #expect(report.insertedCount == 1 && store[ImportRecordsTests.key("o", 1)]?.name.count == 150_000)
    }

    @Test("blank input is an error, as for bytes, unless the format says JSON Lines; deleteMissing deletes nothing then")
    func blankInput() async throws {
        for text in ["", "\n", "  \n "] {
            let url = try Self.file(text)
            defer { try? FileManager.default.removeItem(at: url) }
            var store: [PrimaryKey: ImportMember] = [ImportRecordsTests.key("o", 1): ImportMember(org: "o", number: 1)]
            do {
                try await KeyValueDecoder().importRecords(ImportMember.self, fromJSONAt: url, into: &store, options: ImportOptions(deleteMissing: true))
                Issue.record("imported blank input")
            } catch {
                #expect("\(error)" == "(root): malformed JSON: the input is empty, expected a JSON array or JSON Lines of ImportMember")
            }
            #expect(store.count == 1)
            let lines = try await KeyValueDecoder().importRecords(ImportMember.self, fromJSONAt: url, into: &store, format: .jsonLines)
            #expect(lines.insertedCount == 0 && store.count == 1)
        }
    }

    @Test("the last progress call is the finished one, once, with the report's counts")
    func finishedProgress() async throws {
        let url = try Self.file(#"{"org": "o", "number": 1}"#)
        defer { try? FileManager.default.removeItem(at: url) }
        let seen = LockedBox<[ImportProgress]>([])
        var store: [PrimaryKey: ImportMember] = [:]
        try await KeyValueDecoder().importRecords(ImportMember.self, fromJSONAt: url, into: &store) { progress in seen.withLock { $0.append(progress) } }
        let steps = seen.withLock { $0 }
        #expect(steps.filter(\.isFinished).count == 1 && steps.last?.isFinished == true && steps.last?.inserted == 1)
    }

    @Test("cancelling while an AsyncSequence waits throws CancellationError, not the cut-off JSON")
    func cancellingAnOpenSequence() async throws {
        let (bytes, writer) = AsyncStream<UInt8>.makeStream()
        for byte in #"[{"org": "o", "number": 1},"#.utf8 { writer.yield(byte) }
        let task = Task {
            var store: [PrimaryKey: ImportMember] = [:]
            do {
                try await KeyValueDecoder().importRecords(ImportMember.self, from: bytes, into: &store)
                return "imported"
            } catch {
                return "\(type(of: error)), \(store.count)"
            }
        }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        #expect(await task.value == "CancellationError, 0")
        writer.finish()
    }

    @Test("a directory is Foundation's file error")
    func directory() async {
        var store: [PrimaryKey: ImportMember] = [:]
        await #expect(throws: CocoaError.self) {
            try await KeyValueDecoder().importRecords(ImportMember.self, fromJSONAt: FileManager.default.temporaryDirectory, into: &store)
        }
    }

    @Test("imports from FIFOs wait for their writers on threads of their own, never the shared pool's", .timeLimit(.minutes(1)))
    func fifos() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // More imports than the pool has threads, each waiting for a writer that is a task.
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let urls = (0..<count).map { folder.appendingPathComponent("pipe\($0)") }
        for url in urls { #expect(mkfifo(url.path, 0o600) == 0) }
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for (index, url) in urls.enumerated() {
                group.addTask {
                    var store: [PrimaryKey: ImportMember] = [:]
                    return try await KeyValueDecoder().importRecords(ImportMember.self, fromJSONAt: url, into: &store).insertedCount
                }
                group.addTask {
                    try await Task.sleep(for: .milliseconds(100))
                    let handle = try FileHandle(forWritingTo: url)
                    try handle.write(contentsOf: Data(#"{"org": "o", "number": \#(index)}"#.utf8))
                    try handle.close()
                    return 0
                }
            }
            var total = 0
            for try await inserted in group { total += inserted }
            return total
        }
        #expect(results == count)
    }
}
