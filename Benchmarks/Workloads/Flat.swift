import Foundation
import KeyValueMapping

/// The flat record's enum property: a `String` raw value, mapped through it.
enum FlatKind: String, Codable, CaseIterable, Sendable {
    case alpha, beta, gamma, delta
}

/// The flat record's nested three-field struct.
struct FlatPoint: BenchmarkModel {
    var x = 0.0
    var y = 0.0
    var label = ""

    init() {}

    init(handWritten dictionary: [String: Any]) throws {
        try dictionary.read("x", into: &x, HandWritten.double)
        try dictionary.read("y", into: &y, HandWritten.double)
        try dictionary.read("label", into: &label, HandWritten.string)
    }

    func handWrittenDictionary() -> [String: Any] {
        ["x": x, "y": y, "label": label]
    }
}

/// A synthetic twelve-field record: the shape of a typical app model, with every common
/// property kind once (integer, floating point, flag, text, optional, list, nested, enum,
/// date, URL, 64-bit id, small dictionary).
struct FlatRecord: BenchmarkModel {
    var id = 0
    var score = 0.0
    var active = false
    var name = ""
    var nickname: String?
    var tags: [String] = []
    var location = FlatPoint()
    var kind = FlatKind.alpha
    var created_at = Date(timeIntervalSince1970: 0)
    var homepage: URL?
    var revision: Int64 = 0
    var counters: [String: Int] = [:]

    init() {}

    init(handWritten dictionary: [String: Any]) throws {
        try dictionary.read("id", into: &id, HandWritten.int)
        try dictionary.read("score", into: &score, HandWritten.double)
        try dictionary.read("active", into: &active, HandWritten.bool)
        try dictionary.read("name", into: &name, HandWritten.string)
        try dictionary.readOptional("nickname", into: &nickname, HandWritten.string)
        try dictionary.read("tags", into: &tags, HandWritten.strings)
        try dictionary.read("location", into: &location) { try FlatPoint(handWritten: HandWritten.object($0)) }
        try dictionary.read("kind", into: &kind) { ($0 as? String).flatMap(FlatKind.init(rawValue:)) }
        try dictionary.read("created_at", into: &created_at, HandWritten.date)
        try dictionary.readOptional("homepage", into: &homepage, HandWritten.url)
        try dictionary.read("revision", into: &revision, HandWritten.int64)
        try dictionary.read("counters", into: &counters) { value in
            guard let entries = value as? [String: Any] else { return nil }
            var result: [String: Int] = [:]
            result.reserveCapacity(entries.count)
            for (key, entry) in entries {
                guard let number = HandWritten.int(entry) else { return nil }
                result[key] = number
            }
            return result
        }
    }

    func handWrittenDictionary() -> [String: Any] {
        var result: [String: Any] = [
            "id": id, "score": score, "active": active, "name": name, "tags": tags,
            "location": location.handWrittenDictionary(), "kind": kind.rawValue,
            "created_at": DateText.format(created_at), "revision": revision, "counters": counters,
        ]
        if let nickname { result["nickname"] = nickname }
        if let homepage { result["homepage"] = homepage.absoluteString }
        return result
    }
}

/// Deterministic flat records: a 64-bit linear congruential generator (Knuth's MMIX
/// constants), so every run and every candidate sees the same data.
struct FlatGenerator {
    private var state: UInt64

    /// A generator with a fixed seed.
    init(seed: UInt64 = 0x5EED_F1A7) {
        state = seed
    }

    private static let words = ["swift", "json", "mapping", "linux", "fast", "model", "cache", "bench", "key", "value"]

    /// The next pseudo-random 31-bit number.
    mutating func next() -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(truncatingIfNeeded: state >> 33)
    }

    /// `count` records.
    mutating func records(_ count: Int) -> [FlatRecord] {
        (0..<count).map { record(id: $0 + 1) }
    }

    /// One record; values are chosen to survive any correct JSON round trip exactly (decimal
    /// fractions with shortest forms, whole-second dates, a 64-bit id above 2^53).
    mutating func record(id: Int) -> FlatRecord {
        var record = FlatRecord()
        record.id = id
        record.score = Double(next() % 1_000_000) / 1000
        record.active = next().isMultiple(of: 2)
        record.name = "user-\(next() % 100_000)"
        record.nickname = id.isMultiple(of: 3) ? nil : "nick\(next() % 1000) ☕️"
        record.tags = (0..<(next() % 5)).map { _ in Self.words[next() % Self.words.count] }
        record.location = FlatPoint()
        record.location.x = Double(next() % 360_000 - 180_000) / 1000
        record.location.y = Double(next() % 180_000 - 90_000) / 1000
        record.location.label = "spot \(next() % 50)"
        record.kind = FlatKind.allCases[next() % FlatKind.allCases.count]
        record.created_at = Date(timeIntervalSince1970: Double(1_300_000_000 + next() % 300_000_000))
        record.homepage = id.isMultiple(of: 4) ? nil : URL(string: "https://example.com/users/\(id)?tab=\(next() % 9)")
        record.revision = Int64(1) << 60 | Int64(next())
        record.counters = ["views": next() % 100_000, "likes": next() % 1000]
        return record
    }
}

/// The flat workload: `count` generated records serialized once with JSONSerialization.
enum FlatWorkload {
    /// The records and the bytes every candidate reads.
    static func make(count: Int) throws -> (records: [FlatRecord], bytes: Data) {
        var generator = FlatGenerator()
        let records = generator.records(count)
        do {
            let bytes = try JSONSerialization.data(withJSONObject: records.map { $0.handWrittenDictionary() })
            return (records, bytes)
        } catch {
            throw BenchmarkFailure("cannot serialize the flat workload: \(error)")
        }
    }

    /// The four-operation suite on 1,000 records.
    static func suite() throws -> Suite<[FlatRecord]> {
        let (records, bytes) = try make(count: 1000)
        return Suite(workload: .flat, objects: records.count, bytes: bytes, codecs: Codecs(arrayOf: FlatRecord.self))
    }
}
