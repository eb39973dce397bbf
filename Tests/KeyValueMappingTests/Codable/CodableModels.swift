import Foundation
import KeyValueMapping

// Models for the Codable suites.

/// The example: snake-case keys through JSONDecoder and JSONEncoder.
struct CodableUser: CodableMappable, Equatable {
    var id = 0
    var fullName = ""
    var email: String?
    var tags: [String] = []
    static var mappingRules: MappingRules { MappingRules().naming(.snakeCase) }
}

/// Plain Codable wrapping a CodableMappable model.
struct Envelope: Codable, Equatable {
    var user: CodableUser
    var sentAt: Date
}

/// Plain Codable wrapping an array of models.
struct UserList: Codable {
    var users: [CodableUser]
}

/// Every kind of rule, for the "exactly as KeyValueDecoder" comparison.
enum CodedPriority: String, Codable, Sendable { case low, high }

struct RuleHeavy: CodableMappable, Equatable {
    var id = 0
    var owner = ""
    var stars = 0
    var location: [String: Double] = [:]
    var createdAt = Date(timeIntervalSince1970: 0)
    var priority = CodedPriority.low
    var cache: [String] = []
    var note: String?

    static var mappingRules: MappingRules {
        MappingRules()
            .map("id", to: "repo_id")
            .map("owner", to: "owner.login")
            .map("stars", toFirstOf: ["stargazers_count", "stars"])
            .gather("location", from: ["lat", "lng"])
            .transform("createdAt", with: .millisecondsSince1970)
            .ignore("cache")
            .require("id")
            .beforeDecoding { dictionary in
                if dictionary["note"] == nil { dictionary["note"] = "added by the hook" }
            }
            .afterEncoding { dictionary in dictionary["encoded_by"] = "hook" }
    }

    struct Rejected: Error, CustomStringConvertible {
        var description: String { "stars must not be negative" }
    }

    mutating func didDecode() throws {
        if stars < 0 { throw Rejected() }
    }
}

/// A final class adopts CodableMappable with no code.
final class FinalAccount: CodableMappable {
    var id = 0
    var balance: Decimal = 0
    required init() {}
}

/// A non-final class cluster: the base declares `required init(from:)` with the helper.
class Figure: CodableMappable {
    var name = ""
    required init() {}
    required convenience init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }

    class var mappingRules: MappingRules {
        MappingRules().subtype { dictionary in
            switch dictionary["kind"] as? String {
            case "disc": return Disc.self
            case "tile": return Tile.self
            default: return nil
            }
        }
    }
}

final class Disc: Figure {
    var radius = 0.0
    required init() {}
}

class Tile: Figure {
    var side = 0.0
    required init() {}
}

/// Plain Codable holding class-cluster models.
struct FigureList: Codable {
    var figures: [Figure]
}

/// A model with the plain-Codable twin the benchmark compares (see Benchmarks/).
struct Reading: CodableMappable, Equatable {
    var sensor = ""
    var value = 0.0
    var at = Date(timeIntervalSince1970: 0)
}
