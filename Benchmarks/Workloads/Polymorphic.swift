import Foundation
import KeyValueMapping

// polymorphic: an array of 10,000 internally tagged elements of four kinds (a feed's posts,
// photos, polls and ads: `{"kind": "post", ...}`), decoded from bytes into `[FeedEntry]` and
// encoded back, against JSONDecoder and JSONEncoder with the `init(from:)` and `encode(to:)` a
// Codable user writes for the same enum (read the tag, then the case's payload from the same
// container). Printed only: the JSON report keeps its fixed names.

struct FeedPost: Mappable, Codable, Equatable {
    var id = 0
    var author = ""
    var text = ""
    var likes = 0
}

struct FeedPhoto: Mappable, Codable, Equatable {
    var id = 0
    var url = ""
    var width = 0
    var height = 0
    var caption: String?
}

struct FeedPoll: Mappable, Codable, Equatable {
    var id = 0
    var question = ""
    var options: [String] = []
    var closed = false
}

struct FeedAd: Mappable, Codable, Equatable {
    var id = 0
    var sponsor = ""
    var bid = 0.0
}

/// The union under test.
enum FeedEntry: MappableEnum, Codable, Equatable {
    case post(FeedPost)
    case photo(FeedPhoto)
    case poll(FeedPoll)
    case ad(FeedAd)

    static var enumRules: EnumRules<FeedEntry> {
        EnumRules(.internallyTagged("kind"))
            .case("post", FeedEntry.post)
            .case("photo", FeedEntry.photo)
            .case("poll", FeedEntry.poll)
            .case("ad", FeedEntry.ad)
    }

    private enum TagKey: String, CodingKey { case kind }

    // What a Codable user writes: the tag from a keyed container, the payload from the same
    // decoder.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TagKey.self)
        switch try container.decode(String.self, forKey: .kind) {
        case "post": self = .post(try FeedPost(from: decoder))
        case "photo": self = .photo(try FeedPhoto(from: decoder))
        case "poll": self = .poll(try FeedPoll(from: decoder))
        case "ad": self = .ad(try FeedAd(from: decoder))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown kind \(other)")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TagKey.self)
        switch self {
        case .post(let post): try container.encode("post", forKey: .kind); try post.encode(to: encoder)
        case .photo(let photo): try container.encode("photo", forKey: .kind); try photo.encode(to: encoder)
        case .poll(let poll): try container.encode("poll", forKey: .kind); try poll.encode(to: encoder)
        case .ad(let ad): try container.encode("ad", forKey: .kind); try ad.encode(to: encoder)
        }
    }
}

/// Times both directions against Codable and prints the ratios.
enum PolymorphicBenchmark {
    static let count = 10_000

    struct Figures {
        let decode: (library: Statistics, codable: Statistics)
        let encode: (library: Statistics, codable: Statistics)
    }

    /// The entries, the four kinds in turn, with deterministic contents.
    static func entries() -> [FeedEntry] {
        (0..<count).map { index in
            switch index % 4 {
            case 0: return .post(FeedPost(id: index, author: "user\(index % 97)", text: "Post number \(index) about the weather", likes: index % 113))
            case 1: return .photo(FeedPhoto(id: index, url: "https://img.example.com/\(index).jpg", width: 640 + index % 7, height: 480,
                                            caption: index % 3 == 0 ? nil : "photo \(index)"))
            case 2: return .poll(FeedPoll(id: index, question: "Which option \(index)?", options: ["a", "b", "c"], closed: index % 2 == 0))
            default: return .ad(FeedAd(id: index, sponsor: "Sponsor \(index % 11)", bid: Double(index % 50) / 4))
            }
        }
    }

    static func measure(runner: Runner) throws -> Figures {
        let entries = entries()
        let bytes = try KeyValueEncoder().encodeJSON(entries)
        try verify(entries, bytes)
        let decoded = try runner.sample([
            { try KeyValueDecoder().decode([FeedEntry].self, fromJSON: bytes).count },
            { try JSONDecoder().decode([FeedEntry].self, from: bytes).count },
        ], objects: count, labels: ["polymorphic/decode/KeyValueMapping", "polymorphic/decode/JSONDecoder"])
        let encoded = try runner.sample([
            { try KeyValueEncoder().encodeJSON(entries).count },
            { try JSONEncoder().encode(entries).count },
        ], objects: count, labels: ["polymorphic/encode/KeyValueMapping", "polymorphic/encode/JSONEncoder"])
        return Figures(decode: (decoded[0], decoded[1]), encode: (encoded[0], encoded[1]))
    }

    // Both decoders must give the entries back from the library's bytes and from JSONEncoder's;
    // both encoders' bytes must decode to them.
    private static func verify(_ entries: [FeedEntry], _ bytes: Data) throws {
        let codableBytes = try JSONEncoder().encode(entries)
        let checks: [(String, () throws -> [FeedEntry])] = [
            ("KeyValueMapping, its own bytes", { try KeyValueDecoder().decode([FeedEntry].self, fromJSON: bytes) }),
            ("KeyValueMapping, JSONEncoder's bytes", { try KeyValueDecoder().decode([FeedEntry].self, fromJSON: codableBytes) }),
            ("JSONDecoder, KeyValueMapping's bytes", { try JSONDecoder().decode([FeedEntry].self, from: bytes) }),
        ]
        for (name, decode) in checks where try decode() != entries {
            throw BenchmarkFailure("verification failed: polymorphic, \(name): the entries differ")
        }
    }

    static func printTable(_ figures: Figures) {
        print("\n== polymorphic (\(Report.grouped(Double(count))) internally tagged entries of four kinds; times per entry) ==")
        let header = [Report.pad("candidate", 44), Report.padLeft("entries/s", 12), Report.padLeft("median", 10), Report.padLeft("vs Codable", 26)]
        print(header.joined(separator: " "))
        let rows = [
            ("KeyValueMapping decode [FeedEntry]", figures.decode.library, Report.speedRatio(figures.decode.codable.median / figures.decode.library.median, than: "JSONDecoder")),
            ("JSONDecoder, hand-written init(from:)", figures.decode.codable, ""),
            ("KeyValueMapping encodeJSON", figures.encode.library, Report.speedRatio(figures.encode.codable.median / figures.encode.library.median, than: "JSONEncoder")),
            ("JSONEncoder, hand-written encode(to:)", figures.encode.codable, ""),
        ]
        for (name, statistics, ratio) in rows {
            let line = [Report.pad(name, 44), Report.padLeft(Report.grouped(1e9 / statistics.median), 12),
                        Report.padLeft(Report.duration(statistics.median), 10), Report.padLeft(ratio, 26)]
            print(line.joined(separator: " "))
        }
    }
}
