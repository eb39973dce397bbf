import Foundation
import KeyValueMapping

// upsert: 10,000 payload records merged by primary key into 10,000 existing ones, half of them
// updates (ids 5,001–10,000) and half inserts (ids 10,001–15,000), each a full twelve-field
// record as a JSONSerialization dictionary (the shape a sync endpoint returns). The floor is the
// merge an app writes by hand: a [id: position] dictionary, then per element either the
// hand-written field reads into the existing record or a hand-written decode and an append.
// Both start from a copy of the same 10,000 records each round. Printed only: the JSON report
// keeps its fixed names.

/// The flat-basic record with a primary key.
struct UpsertRecord: Mappable, Equatable {
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

    static var mappingRules: MappingRules { MappingRules().primaryKey("id") }

    init() {}

    init(_ basic: FlatBasicRecord) {
        id = basic.id
        score = basic.score
        active = basic.active
        name = basic.name
        nickname = basic.nickname
        tags = basic.tags
        location = basic.location
        kind = basic.kind
        followers = basic.followers
        rating = basic.rating
        verified = basic.verified
        email = basic.email
    }

    /// The floor's update: every present key read into this record, absent keys kept (the
    /// semantics of the library's `update(from:)`).
    mutating func merge(handWritten dictionary: [String: Any]) throws {
        try dictionary.read("id", into: &id, HandWritten.int)
        try dictionary.read("score", into: &score, HandWritten.double)
        try dictionary.read("active", into: &active, HandWritten.bool)
        try dictionary.read("name", into: &name, HandWritten.string)
        try dictionary.readOptional("nickname", into: &nickname, HandWritten.string)
        try dictionary.read("tags", into: &tags, HandWritten.strings)
        try dictionary.read("location", into: &location) { try FlatPoint(handWritten: HandWritten.object($0)) }
        try dictionary.read("kind", into: &kind) { ($0 as? String).flatMap(FlatKind.init(rawValue:)) }
        try dictionary.read("followers", into: &followers, HandWritten.int)
        try dictionary.read("rating", into: &rating, HandWritten.double)
        try dictionary.read("verified", into: &verified, HandWritten.bool)
        try dictionary.read("email", into: &email, HandWritten.string)
    }

    /// The record as the payload carries it.
    func handWrittenDictionary() -> [String: Any] {
        var result: [String: Any] = [
            "id": id, "score": score, "active": active, "name": name, "tags": tags,
            "location": location.handWrittenDictionary(), "kind": kind.rawValue,
            "followers": followers, "rating": rating, "verified": verified, "email": email,
        ]
        if let nickname { result["nickname"] = nickname }
        return result
    }
}

/// Times `upsert(from:)` against the hand-written merge and prints the ratio.
enum UpsertBenchmark {
    static let existingCount = 10_000
    static let payloadCount = 10_000

    /// The two candidates' figures, ns per payload record.
    struct Row {
        let library: Statistics
        let floor: Statistics
    }

    /// Builds the records and the payload, verifies both candidates, then times them.
    static func measure(runner: Runner) throws -> Row {
        var existingGenerator = FlatGenerator()
        let existing = (1...existingCount).map { UpsertRecord(existingGenerator.basicRecord(id: $0)) }
        // Another seed, so updated records really change.
        var payloadGenerator = FlatGenerator(seed: 0x0B5E_55ED)
        let first = existingCount - payloadCount / 2 + 1
        let incoming = (first..<(first + payloadCount)).map { UpsertRecord(payloadGenerator.basicRecord(id: $0)) }
        let payload: [Any]
        do {
            let bytes = try JSONSerialization.data(withJSONObject: incoming.map { $0.handWrittenDictionary() })
            payload = try JSONSerialization.jsonObject(with: bytes) as? [Any] ?? []
        } catch {
            throw BenchmarkFailure("cannot build the upsert payload: \(error)")
        }
        try verify(existing: existing, incoming: incoming, payload: payload)
        let statistics = try runner.sample([
            { try library(existing, payload).count },
            { try handWritten(existing, payload).count },
        ], objects: payloadCount, labels: ["upsert/KeyValueMapping", "upsert/hand-written"])
        return Row(library: statistics[0], floor: statistics[1])
    }

    private static func library(_ existing: [UpsertRecord], _ payload: [Any]) throws -> [UpsertRecord] {
        var records = existing
        try records.upsert(from: payload)
        return records
    }

    private static func handWritten(_ existing: [UpsertRecord], _ payload: [Any]) throws -> [UpsertRecord] {
        var records = existing
        var positions = [Int: Int](minimumCapacity: records.count + payload.count)
        for index in records.indices { positions[records[index].id] = index }
        for (index, element) in payload.enumerated() {
            do {
                let dictionary = try HandWritten.object(element)
                guard let id = dictionary["id"].flatMap(HandWritten.int) else {
                    throw HandWritten.Failure(path: "id", reason: "missing or not an integer")
                }
                if let position = positions[id] {
                    try records[position].merge(handWritten: dictionary)
                } else {
                    var record = UpsertRecord()
                    try record.merge(handWritten: dictionary)
                    positions[id] = records.count
                    records.append(record)
                }
            } catch let failure as HandWritten.Failure {
                throw failure.prefixed("[\(index)]")
            }
        }
        return records
    }

    // Both candidates must give the existing records with the second half replaced by the
    // payload's, followed by the payload's new records, and the library must count them.
    private static func verify(existing: [UpsertRecord], incoming: [UpsertRecord], payload: [Any]) throws {
        let byID = Dictionary(incoming.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let expected = existing.map { byID[$0.id] ?? $0 } + incoming.filter { $0.id > existingCount }
        var records = existing
        let summary = try records.upsert(from: payload)
        guard summary == UpsertSummary(inserted: payloadCount / 2, updated: payloadCount / 2) else {
            throw BenchmarkFailure("verification failed: upsert, KeyValueMapping: \(summary), expected \(payloadCount / 2) of each")
        }
        guard records == expected else {
            throw BenchmarkFailure("verification failed: upsert, KeyValueMapping: the merged records differ from the expected ones")
        }
        guard try handWritten(existing, payload) == expected else {
            throw BenchmarkFailure("verification failed: upsert, hand-written: the merged records differ from the expected ones")
        }
    }

    /// Prints the "upsert" table and the ratio.
    static func printTable(_ row: Row) {
        print("\n== upsert (\(Report.grouped(Double(payloadCount))) payload records into \(Report.grouped(Double(existingCount))) existing: "
            + "half updates, half inserts; times per payload record) ==")
        Report.printFloorTable([
            ("KeyValueMapping upsert(from:)", row.library, Report.timeRatio(row.library.median / row.floor.median, of: "floor")),
            ("hand-written merge by [id: position]", row.floor, "(the floor)"),
        ])
    }
}
