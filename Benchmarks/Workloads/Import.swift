import Foundation
import KeyValueMapping

// import: 40,000 payload records, as JSON bytes, imported by primary key into a store that holds
// 20,000 of them already (ids 20,001–40,000 are updates, 40,001–60,000 inserts): the library's
// `importRecords` into the in-memory target (`[PrimaryKey: Record]`), against its floor — the
// same payload decoded by `decode([Record].self, fromJSON:)` and merged by hand into a
// dictionary by id. Both start from the same stored records each round. Printed only: the JSON
// report keeps its fixed names.

/// Times `importRecords` against decode + a hand-written merge and prints the ratio.
enum ImportBenchmark {
    static let storedCount = 20_000
    static let payloadCount = 40_000

    /// The two candidates' figures, ns per payload record.
    struct Row {
        let library: Statistics
        let floor: Statistics
    }

    static func measure(runner: Runner) throws -> Row {
        var storedGenerator = FlatGenerator()
        let stored = try Dictionary(uniqueKeysWithValues: (1...storedCount).map { id in
            let record = UpsertRecord(storedGenerator.basicRecord(id: storedCount + id))
            return (try PrimaryKey(of: record), record)
        })
        var payloadGenerator = FlatGenerator(seed: 0x1A9_0E7)
        let incoming = (1...payloadCount).map { UpsertRecord(payloadGenerator.basicRecord(id: storedCount + $0)) }
        let bytes = try KeyValueEncoder().encodeJSON(incoming)
        let byID = Dictionary(uniqueKeysWithValues: stored.values.map { ($0.id, $0) })
        try verify(stored: stored, byID: byID, incoming: incoming, bytes: bytes)
        let statistics = try runner.sample([
            { try library(stored, bytes).count },
            { try floor(byID, bytes).count },
        ], objects: payloadCount, labels: ["import/KeyValueMapping", "import/decode+merge"])
        return Row(library: statistics[0], floor: statistics[1])
    }

    private static func library(_ stored: [PrimaryKey: UpsertRecord], _ bytes: Data) throws -> [PrimaryKey: UpsertRecord] {
        var target = stored
        try KeyValueDecoder().importRecords(UpsertRecord.self, fromJSON: bytes, into: &target)
        return target
    }

    // What an app writes without the import: decode the payload, then file each record by id,
    // replacing the stored one (the payload's records are complete).
    private static func floor(_ stored: [Int: UpsertRecord], _ bytes: Data) throws -> [Int: UpsertRecord] {
        var target = stored
        for record in try KeyValueDecoder().decode([UpsertRecord].self, fromJSON: bytes) {
            target[record.id] = record
        }
        return target
    }

    private static func verify(stored: [PrimaryKey: UpsertRecord], byID: [Int: UpsertRecord], incoming: [UpsertRecord], bytes: Data) throws {
        var target = stored
        let report = try KeyValueDecoder().importRecords(UpsertRecord.self, fromJSON: bytes, into: &target)
        guard report.inserted.count == payloadCount - storedCount, report.updated.count == storedCount else {
            throw BenchmarkFailure("verification failed: import, KeyValueMapping: \(report)")
        }
        let expected = try floor(byID, bytes)
        guard target.count == expected.count, incoming.allSatisfy({ record in target[PrimaryKey(.integer(Int64(record.id)))] == record }),
              incoming.allSatisfy({ expected[$0.id] == $0 }) else {
            throw BenchmarkFailure("verification failed: import: the stored records differ from the payload's")
        }
    }

    /// Prints the "import" table and the ratio.
    static func printTable(_ row: Row) {
        print("\n== import (\(Report.grouped(Double(payloadCount))) payload records into a store of \(Report.grouped(Double(storedCount))): "
            + "half updates, half inserts; times per payload record) ==")
        Report.printFloorTable([
            ("KeyValueMapping importRecords", row.library, Report.timeRatio(row.library.median / row.floor.median, of: "floor")),
            ("decode + hand-written merge by [id: record]", row.floor, "(the floor)"),
        ])
    }
}
