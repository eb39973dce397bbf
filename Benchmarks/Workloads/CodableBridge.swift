import Foundation
import KeyValueMapping

// codable: what `CodableMappable` costs inside Foundation's Codable. `JSONDecoder` decodes the
// same bytes (2,000 flat records of the benchmark issue's shape) into a `CodableMappable`
// model, whose `init(from:)` reads the decoder's containers and maps through the model's
// rules, and into the same shape as plain synthesized `Codable`. Printed only; the JSON
// report keeps its fixed names.

/// The flat record as a `CodableMappable` model (`FlatBasicRecord`'s fields).
struct FlatCodableRecord: CodableMappable, Equatable {
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
}

/// The same shape as plain synthesized `Codable`, the reference.
struct FlatPlainRecord: Codable, Equatable {
    var id: Int
    var score: Double
    var active: Bool
    var name: String
    var nickname: String?
    var tags: [String]
    var location: FlatPoint
    var kind: FlatKind
    var followers: Int
    var rating: Double
    var verified: Bool
    var email: String
}

/// Times the two decodes and prints the ratio.
enum CodableBridgeBenchmark {
    /// Records per decode.
    static let records = 2_000

    /// Medians per record: plain Codable, then CodableMappable.
    struct Figures {
        let bytes: Int
        let plain: Statistics
        let bridged: Statistics
    }

    static func measure(runner: Runner) throws -> Figures {
        var generator = FlatGenerator()
        var text: [UInt8] = [UInt8(ascii: "[")]
        var expected: [FlatBasicRecord] = []
        for index in 0..<records {
            let record = FlatBasicRecord.generate(id: index + 1, with: &generator)
            if index > 0 { text.append(UInt8(ascii: ",")) }
            record.appendJSON(to: &text)
            expected.append(record)
        }
        text.append(UInt8(ascii: "]"))
        let data = Data(text)
        // Verification, untimed: both give the generated records.
        let plain = try Verification.attempt(workload: .flat, operation: .decodeBytes, candidate: .jsonDecoder) {
            try JSONDecoder().decode([FlatPlainRecord].self, from: data)
        }
        let bridged = try Verification.attempt(workload: .flat, operation: .decodeBytes, candidate: .jsonDecoder) {
            try JSONDecoder().decode([FlatCodableRecord].self, from: data)
        }
        for index in expected.indices {
            let want = expected[index]
            let gotPlain = plain[index]
            let gotBridged = bridged[index]
            let same = [
                (gotPlain.id, gotPlain.name, gotPlain.tags, gotPlain.location, gotPlain.email, gotPlain.nickname),
                (gotBridged.id, gotBridged.name, gotBridged.tags, gotBridged.location, gotBridged.email, gotBridged.nickname),
            ].allSatisfy { $0 == (want.id, want.name, want.tags, want.location, want.email, want.nickname) }
            guard same, gotPlain.score == want.score, gotBridged.score == want.score, gotPlain.kind == want.kind, gotBridged.kind == want.kind,
                  gotPlain.rating == want.rating, gotBridged.rating == want.rating, gotPlain.followers == want.followers,
                  gotBridged.followers == want.followers, gotPlain.active == want.active, gotBridged.active == want.active,
                  gotPlain.verified == want.verified, gotBridged.verified == want.verified else {
                throw BenchmarkFailure("verification failed: codable: record [\(index)] differs from the generated one")
            }
        }
        let statistics = try runner.sample([
            { try JSONDecoder().decode([FlatPlainRecord].self, from: data).count },
            { try JSONDecoder().decode([FlatCodableRecord].self, from: data).count },
        ], objects: records, labels: ["codable/plain", "codable/CodableMappable"])
        return Figures(bytes: data.count, plain: statistics[0], bridged: statistics[1])
    }

    static func printReport(_ figures: Figures) {
        print("\n== codable (JSONDecoder on \(Report.grouped(Double(records))) flat records, \(Report.grouped(Double(figures.bytes))) bytes; times per record) ==")
        print([Report.pad("candidate", 52), Report.padLeft("MB/s", 8), Report.padLeft("median/obj", 11), Report.padLeft("min–max/obj", 21), "  time vs plain Codable"].joined(separator: " "))
        for (name, statistics, isReference) in [
            ("JSONDecoder → plain Codable (synthesized)", figures.plain, true),
            ("JSONDecoder → CodableMappable (the model's rules)", figures.bridged, false),
        ] {
            let speed = Double(figures.bytes) / (statistics.median * Double(records)) * 1e9 / 1e6
            print([
                Report.pad(name, 52), Report.padLeft(String(format: "%.1f", speed), 8), Report.padLeft(Report.duration(statistics.median), 11),
                Report.padLeft("\(Report.duration(statistics.minimum))–\(Report.duration(statistics.maximum))", 21),
                "  " + (isReference ? "(the reference)" : Report.timeRatio(statistics.median / figures.plain.median, of: "plain Codable")),
            ].joined(separator: " "))
        }
    }
}
