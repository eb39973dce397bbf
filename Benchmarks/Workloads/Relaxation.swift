import Foundation
import KeyValueMapping

// relaxation: what one relaxation costs. 20,000 flat records are decoded from bytes, from JSON
// Lines and from a stream of a file, clean and with one relaxation in the last record: a
// fallback, an element skipped, or a null kept as the default. The decoder and the model carry
// the same rules in every row, so a row's ratio to its clean row is the price of that one
// relaxed value (the target is at most 1.15×). Printed only, like the other sections.

/// A flat record with a fallback on one property.
struct RelaxedRecord: Mappable, Equatable, Sendable {
    var id = 0
    var score = 0.0
    var active = false
    var name = ""
    var nickname: String?
    var tags: [String] = []
    var location = FlatPoint()
    var kind = FlatKind.alpha
    var followers = 0
    var rating = 0.0
    var verified = false
    var email = ""

    static var mappingRules: MappingRules { MappingRules().fallback("rating", to: -1.0) }
}

/// Measures and prints the relaxation section.
enum RelaxationBenchmark {
    static let records = 20_000
    static let target = 1.15

    /// The payload variants: clean, or one relaxation in the last record.
    enum Variant: String, CaseIterable {
        case clean
        /// `"rating": "n/a"`: the property's fallback.
        case fallback
        /// `"id": "x"`: the element is skipped (`invalidElements = .skip`).
        case skip
        /// `"name": null`: the prototype's value kept (`nullDecoding = .useDefault`).
        case null
    }

    /// Where the bytes come from.
    enum Route: String, CaseIterable {
        case bytes
        case lines
        case stream
    }

    struct Row {
        let route: Route
        let variant: Variant
        let statistics: Statistics
    }

    static var decoder: KeyValueDecoder {
        var decoder = KeyValueDecoder()
        decoder.invalidElements = .skip
        decoder.nullDecoding = .useDefault
        return decoder
    }

    /// The records as JSON objects, one text each; `variant` changes the last one.
    static func objects(_ variant: Variant) -> [String] {
        var generator = FlatGenerator()
        var texts: [String] = []
        texts.reserveCapacity(records)
        for id in 1...records {
            var text: [UInt8] = []
            generator.basicRecord(id: id).appendJSON(to: &text)
            texts.append(String(decoding: text, as: UTF8.self))
        }
        let last = texts[records - 1]
        switch variant {
        case .clean: break
        case .fallback: texts[records - 1] = last.replacingOccurrences(of: "\"rating\":", with: "\"rating\":\"n/a\",\"was\":")
        case .skip: texts[records - 1] = last.replacingOccurrences(of: "{\"id\":\(records)", with: "{\"id\":\"x\"")
        case .null: texts[records - 1] = last.replacingOccurrences(of: "\"name\":", with: "\"name\":null,\"was\":")
        }
        return texts
    }

    static func measure(runner: Runner) throws -> [Row] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyvaluemapping-relaxation-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let decoder = decoder
        var rows: [Row] = []
        var bodies: [(Route, Variant, () throws -> Int)] = []
        for variant in Variant.allCases {
            let texts = objects(variant)
            let array = Data(("[" + texts.joined(separator: ",") + "]").utf8)
            let lines = Data(texts.joined(separator: "\n").utf8)
            let file = folder.appendingPathComponent("\(variant.rawValue).json")
            try array.write(to: file)
            let expected = variant == .skip ? records - 1 : records
            let fromBytes = try decoder.decode([RelaxedRecord].self, fromJSON: array)
            let fromLines = try decoder.decode([RelaxedRecord].self, fromJSONLines: lines)
            let streamed = try waitFor { try await collect(decoder.models(of: RelaxedRecord.self, fromJSONAt: file)) }
            guard fromBytes.count == expected, fromBytes == fromLines, fromBytes == streamed else {
                throw BenchmarkFailure("verification failed: relaxation \(variant.rawValue): the routes disagree or the count is not \(expected)")
            }
            let last = fromBytes[fromBytes.count - 1]
            let relaxed: Bool
            switch variant {
            case .clean, .skip: relaxed = last.id == expected
            case .fallback: relaxed = last.rating == -1
            case .null: relaxed = last.name.isEmpty
            }
            guard relaxed else { throw BenchmarkFailure("verification failed: relaxation \(variant.rawValue): the last record is not relaxed") }
            bodies.append((.bytes, variant, { try decoder.decode([RelaxedRecord].self, fromJSON: array).count }))
            bodies.append((.lines, variant, { try decoder.decode([RelaxedRecord].self, fromJSONLines: lines).count }))
            bodies.append((.stream, variant, { try waitFor { try await collect(decoder.models(of: RelaxedRecord.self, fromJSONAt: file)).count } }))
        }
        // Each route's four variants interleaved, so a ratio compares runs made side by side.
        for route in Route.allCases {
            let selected = bodies.filter { $0.0 == route }
            let statistics = try runner.sample(selected.map(\.2), objects: records,
                                               labels: selected.map { "relaxed/\($0.0.rawValue)/\($0.1.rawValue)" })
            rows += zip(selected, statistics).map { Row(route: $0.0.0, variant: $0.0.1, statistics: $0.1) }
        }
        return rows
    }

    private static func collect(_ stream: JSONModelStream<RelaxedRecord, AsyncFileBytes>) async throws -> [RelaxedRecord] {
        var result: [RelaxedRecord] = []
        for try await record in stream { result.append(record) }
        return result
    }

    static func printTable(_ rows: [Row]) {
        print("\n== relaxation (\(Report.grouped(Double(records))) flat records, one relaxation in the last; times per record) ==")
        print([Report.pad("route", 8), Report.pad("payload", 10), Report.padLeft("median/obj", 11), Report.padLeft("min–max/obj", 21),
               "  time vs clean (target ≤ \(target)×)"].joined(separator: " "))
        for row in rows {
            let clean = rows.first { $0.route == row.route && $0.variant == .clean }
            let ratio = clean.map { row.statistics.median / $0.statistics.median } ?? .nan
            let verdict = row.variant == .clean ? "(the reference)" : String(format: "%.2f× %@", ratio, ratio <= target ? "ok" : "OVER")
            print([Report.pad(row.route.rawValue, 8), Report.pad(row.variant.rawValue, 10), Report.padLeft(Report.duration(row.statistics.median), 11),
                   Report.padLeft("\(Report.duration(row.statistics.minimum))–\(Report.duration(row.statistics.maximum))", 21),
                   "  " + verdict].joined(separator: " "))
        }
    }
}
