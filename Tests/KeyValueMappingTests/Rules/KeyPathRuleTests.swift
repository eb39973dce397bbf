import Foundation
import Testing
import KeyValueMapping

// The same model twice: its rules by key path and by name. Every route must treat them alike.
struct KeyPathRepo: Mappable {
    var id = 0
    var fullName = ""
    var createdAt = Date(timeIntervalSince1970: 0)
    var seenAt: Date?
    var cache: [String] = []
    var location: [String: Double] = [:]
    var tags: [Int] = []
    var stars = 0
    var note = "none"

    static var mappingRules: MappingRules {
        MappingRules()
            .map(\KeyPathRepo.fullName, to: "full_name")
            .map(\KeyPathRepo.id, toFirstOf: ["repo_id", "id"])
            .transform(\KeyPathRepo.createdAt, with: .millisecondsSince1970)
            .transform(\KeyPathRepo.seenAt, with: .secondsSince1970)
            .gather(\KeyPathRepo.location, from: ["lat", "lng"])
            .ignore(\KeyPathRepo.cache)
            .require(\KeyPathRepo.id)
            .skipInvalidElements(\KeyPathRepo.tags)
            .fallback(\KeyPathRepo.stars, to: -1)
            .useDefaultForNull(\KeyPathRepo.note)
            .primaryKey(\KeyPathRepo.id)
    }
}

struct NamedRepo: Mappable {
    var id = 0
    var fullName = ""
    var createdAt = Date(timeIntervalSince1970: 0)
    var seenAt: Date?
    var cache: [String] = []
    var location: [String: Double] = [:]
    var tags: [Int] = []
    var stars = 0
    var note = "none"

    static var mappingRules: MappingRules {
        MappingRules()
            .map("fullName", to: "full_name")
            .map("id", toFirstOf: ["repo_id", "id"])
            .transform("createdAt", with: .millisecondsSince1970)
            .transform("seenAt", with: .secondsSince1970)
            .gather("location", from: ["lat", "lng"])
            .ignore("cache")
            .require("id")
            .skipInvalidElements("tags")
            .fallback("stars", to: -1)
            .useDefaultForNull("note")
            .primaryKey("id")
    }
}

// A final class: its stored properties' key paths name them; `allow(only:)` by key path too.
final class KeyPathAccount: Mappable {
    var id = 0
    var name = ""
    var secret = ""
    let kind = "user"
    required init() {}
    static var mappingRules: MappingRules {
        MappingRules().map(\KeyPathAccount.name, to: "display_name").allow(only: \KeyPathAccount.id, \KeyPathAccount.name, \KeyPathAccount.kind)
    }
}

// A class that is not final: a `var`'s key path goes through the overridable getter.
class OpenAccount: Mappable {
    var id = 0
    let kind = "user"
    required init() {}
    class var mappingRules: MappingRules { MappingRules().map(\OpenAccount.id, to: "account_id").map(\OpenAccount.kind, to: "account_kind") }
}

struct RepoOwner: Mappable { var login = "" }

struct MisnamedRepo: Mappable {
    var id = 0
    var owner = RepoOwner()
    var doubled: Int { id * 2 }
    static var mappingRules: MappingRules {
        MappingRules()
            .map(\MisnamedRepo.owner.login, to: "owner_login")
            .ignore(\MisnamedRepo.doubled)
            .require(\RepoOwner.login)
    }
}

struct NoFields: Mappable {}
enum OnlyCase: String, Sendable { case only }

struct ZeroSized: Mappable {
    var a = NoFields()
    var b = NoFields()
    var n = 0
    static var mappingRules: MappingRules { MappingRules().map(\ZeroSized.b, to: "bee") }
}

final class ZeroSizedClass: Mappable {
    var a = NoFields()
    var b = NoFields()
    var c = OnlyCase.only
    required init() {}
    static var mappingRules: MappingRules { MappingRules().map(\ZeroSizedClass.b, to: "bee").map(\ZeroSizedClass.c, to: "see") }
}

struct BesideZeroSized: Mappable {
    var version = OnlyCase.only
    var empty = NoFields()
    var id = 0
    static var mappingRules: MappingRules { MappingRules().map(\BesideZeroSized.id, to: "event_id") }
}

@Suite struct KeyPathRuleTests {
    static let payloads = [
        #"{"repo_id": 7, "full_name": "ada/engine", "created_at": 1700000000000, "seen_at": 1700000000, "lat": 1.5, "lng": 2, "tags": [1, "x", 3], "stars": "many", "note": null, "cache": ["c"]}"#,
        #"{"id": 8, "full_name": "x"}"#,
        #"{"full_name": "no id"}"#,
        #"{"id": 9, "created_at": "soon"}"#,
    ]

    static func render(_ repo: some Mappable) -> String {
        (try? repo.jsonString(options: .sortedKeys)) ?? "unencodable"
    }

    @Test(arguments: payloads, DecodeRoute.allCases)
    func keyPathsAndNamesGiveTheSameModelsAndErrors(_ json: String, _ route: DecodeRoute) {
        let byKeyPath = route.outcome(KeyPathRepo.self, json) { Self.render($0) }
        #expect(byKeyPath == route.outcome(NamedRepo.self, json) { Self.render($0) })
        #expect(!byKeyPath.hasPrefix("error: (root): invalid mapping declaration"))
    }

    @Test func theViewsSeeTheSameRules() throws {
        #expect(try KeyPathRepo.mappingTable().description.replacingOccurrences(of: "KeyPathRepo", with: "Repo")
            == NamedRepo.mappingTable().description.replacingOccurrences(of: "NamedRepo", with: "Repo"))
        var records = [KeyPathRepo(), KeyPathRepo()]
        records[1].id = 2
        let summary = try records.upsert(from: [["id": 2, "full_name": "two"], ["id": 3]])
        #expect(records.map(\.fullName) == ["", "two", ""] && summary.updated == 1 && summary.inserted == 1)
    }

    @Test func aFinalClassIsNamedByKeyPath() throws {
        let account = try KeyPathAccount(jsonString: #"{"id": 3, "display_name": "Ada", "secret": "s"}"#)
        #expect(account.id == 3 && account.name == "Ada" && account.secret == "")
        #expect(try account.jsonString(options: .sortedKeys) == #"{"display_name":"Ada","id":3,"kind":"user"}"#)
    }

    /// What a key path cannot name exactly is a declaration error naming the key path; no rule
    /// lands on another property.
    @Test func whatAKeyPathCannotNameIsADeclarationError() throws {
        let open = Self.declarationProblems(OpenAccount.self)
        #expect(open == [
            #"a key mapping names \OpenAccount.<computed (Int)>, which is computed, lazy, overridable (a `var` of a class that is not final reads through its getter) or goes through a subscript: name the stored property with a string, or make the class final"#,
        ])
        let misnamed = Self.declarationProblems(MisnamedRepo.self)
        #expect(misnamed == [
            #"a key mapping names \MisnamedRepo.owner.login, which does not name one of the model's own stored properties (it goes through another value)"#,
            #"the ignore list names \MisnamedRepo.<computed (Int)>, which is computed (a `lazy` or property-wrapper property's key path is too), or goes through an optional, a class or a subscript: name the stored property with a string"#,
            #"the required list names \RepoOwner.login, a property of KeyValueMappingTests.RepoOwner, not of KeyValueMappingTests.MisnamedRepo"#,
        ])
    }

    /// Zero-sized properties share one place: a key path to one of them could name either, so
    /// it names none (a rule is never put on the wrong one).
    @Test func zeroSizedPropertiesAreNotGuessed() throws {
        // The runtime describes such a key path by the first field at its place, so the text
        // may name another: the message says why no rule is filed.
        let problems = Self.declarationProblems(ZeroSized.self)
        #expect(problems.count == 1)
        #expect(problems.first?.hasSuffix("which cannot be told apart from another stored property at the same place (a zero-sized value, such as an empty struct or a single-case enum): name the property with a string") == true)
        #expect(Self.declarationProblems(ZeroSizedClass.self).count == 2)
        // A property that is not zero-sized is named exactly in a struct, whatever shares its place.
        #expect(Self.declarationProblems(BesideZeroSized.self) == ["decoded"])
        #expect(try BesideZeroSized(jsonString: #"{"event_id": 4}"#).id == 4)
    }

    static func declarationProblems<Model: Mappable>(_ type: Model.Type) -> [String] {
        do {
            _ = try Model(dictionary: [:])
            return ["decoded"]
        } catch let error as MappingError {
            guard case .invalidDeclaration(_, let problems) = error.reason else { return ["\(error)"] }
            return problems
        } catch {
            return ["\(error)"]
        }
    }
}
