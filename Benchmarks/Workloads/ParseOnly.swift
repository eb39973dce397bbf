import Foundation
import KeyValueMapping

// parse only: bytes to a generic JSON tree, no models. Separates the reader's cost from the
// mapping's: if decode-bytes is slow but this is fast, the time goes into mapping, not parsing.
// These figures go to the printed table only; the JSON report keeps its fixed names.

/// Times `JSONValue(jsonData:)` against `JSONSerialization.jsonObject(with:)` on the same
/// bytes, interleaved like every other row, and prints throughput and the ratio.
enum ParseOnly {
    /// The workloads with a parse-only row and the bytes each reads (github-issues: its two
    /// files joined, as its suite reads them).
    static let inputs: [(workload: WorkloadName, load: @Sendable () throws -> Data)] = [
        (.twitter, { try DataFiles.load("twitter.json") }), (.citm, { try DataFiles.load("citm_catalog.json") }),
        (.canada, { try DataFiles.load("canada.json") }),
        (.githubIssues, { try GitHubIssuesWorkload.bytes() }),
    ]

    /// One workload's pair of figures.
    struct Row {
        /// The data set.
        let workload: WorkloadName
        /// Input bytes per parse.
        let bytes: Int
        /// `JSONValue(jsonData:)`, ns per parse.
        let jsonValue: Statistics
        /// `JSONSerialization.jsonObject(with:)`, ns per parse.
        let serialization: Statistics

        /// JSONSerialization's median time over JSONValue's: above 1 means JSONValue is faster.
        var speedUp: Double { serialization.median / jsonValue.median }
    }

    /// Verifies both parsers on each selected workload's file, then times them.
    static func measure(runner: Runner, workloads: [WorkloadName]) throws -> [Row] {
        try inputs.filter { workloads.contains($0.workload) }.map { input in
            let bytes = try input.load()
            try verify(bytes, workload: input.workload)
            // The checksums are top-level counts: cheap, and they keep each parse observable.
            let statistics = try runner.sample([
                { topLevelCount(try JSONValue(jsonData: bytes)) },
                { topLevelCount(foundation: try JSONSerialization.jsonObject(with: bytes)) },
            ], objects: 1, labels: ["\(input.workload.rawValue)/parse/JSONValue", "\(input.workload.rawValue)/parse/JSONSerialization"])
            return Row(workload: input.workload, bytes: bytes.count, jsonValue: statistics[0], serialization: statistics[1])
        }
    }

    /// Prints the "parse only" table and one ratio sentence per workload.
    static func printTable(_ rows: [Row]) {
        guard !rows.isEmpty else { return }
        print("\n== parse only (bytes to a generic JSON tree, no models; MB/s of input) ==")
        let header = [
            Report.pad("workload", 10), Report.pad("parser", 19), Report.padLeft("bytes", 11), Report.padLeft("MB/s", 8),
            Report.padLeft("median", 10), Report.padLeft("min–max", 21),
        ]
        print(header.joined(separator: " "))
        for row in rows {
            for (name, statistics) in [("JSONValue", row.jsonValue), ("JSONSerialization", row.serialization)] {
                let megabytesPerSecond = Double(row.bytes) / statistics.median * 1e9 / 1e6
                let line = [
                    Report.pad(row.workload.rawValue, 10), Report.pad(name, 19),
                    Report.padLeft(Report.grouped(Double(row.bytes)), 11),
                    Report.padLeft(String(format: "%.1f", megabytesPerSecond), 8),
                    Report.padLeft(Report.duration(statistics.median), 10),
                    Report.padLeft("\(Report.duration(statistics.minimum))–\(Report.duration(statistics.maximum))", 21),
                ]
                print(line.joined(separator: " "))
            }
        }
        for row in rows {
            print("  \(row.workload.rawValue): JSONValue parses \(Report.speedRatio(row.speedUp, than: "JSONSerialization"))")
        }
    }

    // Both parsers must accept the file and build trees of the same shape (same number of
    // values); twitter also checks the statuses the models decode. Runs once, untimed.
    private static func verify(_ bytes: Data, workload: WorkloadName) throws {
        func failure(_ parser: String, _ problem: String) -> BenchmarkFailure {
            BenchmarkFailure("verification failed: workload \(workload.rawValue), parse only, \(parser): \(problem)")
        }
        let value: JSONValue
        do {
            value = try JSONValue(jsonData: bytes)
        } catch {
            throw failure("JSONValue", "threw \(error)")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: bytes)
        } catch {
            throw failure("JSONSerialization", "threw \(error)")
        }
        let valueNodes = nodeCount(value)
        let objectNodes = nodeCount(foundation: object)
        guard valueNodes == objectNodes else {
            throw failure("JSONValue", "\(valueNodes) values in the tree, JSONSerialization has \(objectNodes)")
        }
        if workload == .twitter {
            guard case .object(let root) = value, case .array(let statuses)? = root["statuses"] else {
                throw failure("JSONValue", "no statuses array at the top level")
            }
            guard let expected = (object as? [String: Any])?["statuses"] as? [Any] else {
                throw failure("JSONSerialization", "no statuses array at the top level")
            }
            guard statuses.count == expected.count, !statuses.isEmpty else {
                throw failure("JSONValue", "\(statuses.count) statuses, JSONSerialization has \(expected.count)")
            }
        }
    }

    /// Members or elements at the top level, 0 for a scalar.
    private static func topLevelCount(_ value: JSONValue) -> Int {
        switch value {
        case .object(let object): return object.count
        case .array(let elements): return elements.count
        default: return 0
        }
    }

    /// Members or elements at the top level of a JSONSerialization result, 0 for a scalar.
    private static func topLevelCount(foundation object: Any) -> Int {
        if let dictionary = object as? [String: Any] { return dictionary.count }
        if let array = object as? [Any] { return array.count }
        return 0
    }

    /// Every value in the tree, containers included.
    private static func nodeCount(_ value: JSONValue) -> Int {
        switch value {
        case .object(let object): return object.reduce(1) { $0 + nodeCount($1.value) }
        case .array(let elements): return elements.reduce(1) { $0 + nodeCount($1) }
        default: return 1
        }
    }

    /// Every value in a JSONSerialization tree, containers included.
    private static func nodeCount(foundation object: Any) -> Int {
        if let dictionary = object as? [String: Any] { return dictionary.values.reduce(1) { $0 + nodeCount(foundation: $1) } }
        if let array = object as? [Any] { return array.reduce(1) { $0 + nodeCount(foundation: $1) } }
        return 1
    }
}
