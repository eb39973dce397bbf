import Foundation
import KeyValueMapping

/// The flat record's fields on a generic type, so each `Tag` is a type the library has never
/// seen: its first decode must reflect the fields and build the metadata.
struct ColdFlat<Tag>: Mappable {
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

    /// The same values as a ``FlatRecord``, for verification.
    var record: FlatRecord {
        var record = FlatRecord()
        record.id = id
        record.score = score
        record.active = active
        record.name = name
        record.nickname = nickname
        record.tags = tags
        record.location = location
        record.kind = kind
        record.created_at = created_at
        record.homepage = homepage
        record.revision = revision
        record.counters = counters
        return record
    }
}

/// The seed of the fresh tag types.
enum ColdTag {}

/// Wraps a tag into a new, distinct type: `Wrap<ColdTag>`, `Wrap<Wrap<ColdTag>>`, …
enum Wrap<Inner> {}

/// cold-start: microseconds for the first decode of a never-seen model type.
enum ColdStart {
    /// One sample per round, each on a brand-new `ColdFlat<Tag>`, after untimed warm-ups that
    /// initialise the library's process-wide state.
    static func measure(runner: Runner) throws -> [Measurement] {
        let (records, bytes) = try FlatWorkload.make(count: 1)
        guard let expected = records.first,
              let dictionary = (try? JSONSerialization.jsonObject(with: bytes) as? [Any])?.first as? [String: Any]
        else { throw BenchmarkFailure("cannot build the cold-start input") }
        var samples: [Double] = []
        let warmUps = max(1, runner.settings.warmUps)
        try sample(ColdTag.self, remaining: warmUps + runner.settings.rounds, dictionary: dictionary, expected: expected, into: &samples)
        return [Measurement(
            workload: .flat, operation: .coldStart, candidate: .keyValueMapping,
            statistics: Statistics(samples: Array(samples.dropFirst(warmUps))), objects: 1, bytesPerRound: bytes.count
        )]
    }

    // Generic recursion creates the next tag type at run time; nothing is specialized ahead.
    private static func sample<Tag>(
        _ tag: Tag.Type,
        remaining: Int,
        dictionary: [String: Any],
        expected: FlatRecord,
        into samples: inout [Double]
    ) throws {
        // Instantiate the generic type's runtime metadata first: that cost belongs to Swift,
        // not to the library's metadata build.
        let model = ColdFlat<Tag>.self
        guard ObjectIdentifier(model) != ObjectIdentifier(FlatRecord.self) else { return }
        var decoded = ColdFlat<Tag>()
        let elapsed = try time {
            decoded = try Verification.attempt(workload: .flat, operation: .coldStart, candidate: .keyValueMapping) {
                try model.init(dictionary: dictionary)
            }
        }
        try Verification.check(decoded.record, equals: expected, workload: .flat, operation: .coldStart, candidate: .keyValueMapping)
        samples.append(elapsed)
        if remaining > 1 {
            try sample(Wrap<Tag>.self, remaining: remaining - 1, dictionary: dictionary, expected: expected, into: &samples)
        }
    }
}
