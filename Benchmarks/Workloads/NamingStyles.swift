import Foundation
import KeyValueMapping

// naming styles: the same twelve snake_case keys reached two ways — a type that declares
// `.naming(.snakeCase)` in its rules, and a type that declares nothing, decoded and encoded with
// `keyNamingStyle = .snakeCase` on the decoder and encoder (what `JSONDecoder`'s
// `keyDecodingStrategy` users write). The option must keep every fast path: the target is at
// most 1.1× the declared style's time in each direction. Printed only: the JSON report keeps its
// fixed names.

/// Twelve fields whose names have several words, mapped by the type's own style.
struct DeclaredSnakeRecord: Mappable, Equatable {
    var userID = 0
    var fullName = ""
    var displayName: String?
    var isActive = false
    var followerCount = 0
    var averageRating = 0.0
    var homePage = ""
    var tagNames: [String] = []
    var lastLocation = FlatPoint()
    var accountKind = FlatKind.alpha
    var createdAt = Date(timeIntervalSince1970: 0)
    var loginCount: Int64 = 0

    static var mappingRules: MappingRules { MappingRules().naming(.snakeCase) }
}

/// The same fields with no rules: the decoder's or encoder's style names the keys.
struct PlainSnakeRecord: Mappable, Equatable {
    var userID = 0
    var fullName = ""
    var displayName: String?
    var isActive = false
    var followerCount = 0
    var averageRating = 0.0
    var homePage = ""
    var tagNames: [String] = []
    var lastLocation = FlatPoint()
    var accountKind = FlatKind.alpha
    var createdAt = Date(timeIntervalSince1970: 0)
    var loginCount: Int64 = 0
}

/// Times each direction for both ways of naming the keys and prints the ratio.
enum NamingStyleBenchmark {
    static let count = 2_000

    /// One direction's two figures, ns per record.
    struct Row {
        let direction: String
        let declared: Statistics
        let option: Statistics

        var ratio: Double { option.median / declared.median }
    }

    /// Builds the records and their bytes, checks that both ways read and write the same JSON,
    /// then times them.
    static func measure(runner: Runner) throws -> [Row] {
        var generator = FlatGenerator()
        let declared = (1...count).map { id -> DeclaredSnakeRecord in
            let basic = generator.basicRecord(id: id)
            var record = DeclaredSnakeRecord()
            record.userID = basic.id
            record.fullName = basic.name
            record.displayName = basic.nickname
            record.isActive = basic.active
            record.followerCount = basic.followers
            record.averageRating = basic.rating
            record.homePage = basic.email
            record.tagNames = basic.tags
            record.lastLocation = basic.location
            record.accountKind = basic.kind
            record.createdAt = Date(timeIntervalSince1970: Double(1_700_000_000 + id))
            record.loginCount = Int64(id) * 1_000_003
            return record
        }
        var decoder = KeyValueDecoder()
        decoder.keyNamingStyle = .snakeCase
        var encoder = KeyValueEncoder()
        encoder.keyNamingStyle = .snakeCase
        let plainEncoder = KeyValueEncoder()
        let plainDecoder = KeyValueDecoder()
        let bytes: Data
        let dictionaries: [Any]
        let plain: [PlainSnakeRecord]
        do {
            bytes = try plainEncoder.encodeJSON(declared)
            dictionaries = try JSONSerialization.jsonObject(with: bytes) as? [Any] ?? []
            plain = try decoder.decode([PlainSnakeRecord].self, fromJSON: bytes)
            // Both ways must read the same records and write the same bytes, keys in
            // declaration order.
            guard try encoder.encodeJSON(plain) == bytes,
                  try decoder.decode([PlainSnakeRecord].self, from: dictionaries) == plain,
                  try plainDecoder.decode([DeclaredSnakeRecord].self, from: dictionaries) == declared,
                  try plainDecoder.decode([DeclaredSnakeRecord].self, fromJSON: bytes) == declared,
                  NSArray(array: try encoder.encode(plain)).isEqual(to: try plainEncoder.encode(declared))
            else {
                throw BenchmarkFailure("verification failed: naming styles: the decoder-wide style and the declared style disagree")
            }
        } catch let failure as BenchmarkFailure {
            throw failure
        } catch {
            throw BenchmarkFailure("verification failed: naming styles: \(error)")
        }
        let pairs: [(String, () throws -> Int, () throws -> Int)] = [
            ("dictionary → model", { try plainDecoder.decode([DeclaredSnakeRecord].self, from: dictionaries).count },
             { try decoder.decode([PlainSnakeRecord].self, from: dictionaries).count }),
            ("bytes → model", { try plainDecoder.decode([DeclaredSnakeRecord].self, fromJSON: bytes).count },
             { try decoder.decode([PlainSnakeRecord].self, fromJSON: bytes).count }),
            ("model → dictionary", { try plainEncoder.encode(declared).count }, { try encoder.encode(plain).count }),
            ("model → bytes", { try plainEncoder.encodeJSON(declared).count }, { try encoder.encodeJSON(plain).count }),
        ]
        return try pairs.map { direction, declaredBody, optionBody in
            let statistics = try runner.sample([declaredBody, optionBody], objects: count,
                                               labels: ["naming/\(direction)/declared", "naming/\(direction)/option"])
            return Row(direction: direction, declared: statistics[0], option: statistics[1])
        }
    }

    /// Prints the "naming styles" table and each direction's ratio against the target.
    static func printTable(_ rows: [Row]) {
        print("\n== naming styles (\(Report.grouped(Double(count))) records of twelve snake_case keys; times per record) ==")
        let header = [
            Report.pad("direction", 20), Report.padLeft(".naming(.snakeCase)", 20), Report.padLeft("keyNamingStyle", 16),
            Report.padLeft("option time vs declared", 25), "  target ≤ 1.10×",
        ]
        print(header.joined(separator: " "))
        for row in rows {
            let line = [
                Report.pad(row.direction, 20), Report.padLeft(Report.duration(row.declared.median), 20),
                Report.padLeft(Report.duration(row.option.median), 16),
                Report.padLeft(String(format: "%.2f×", row.ratio), 25), "  " + (row.ratio <= 1.1 ? "met" : "missed (this run)"),
            ]
            print(line.joined(separator: " "))
        }
    }
}
