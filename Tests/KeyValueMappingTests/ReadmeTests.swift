import Foundation
import Testing
import KeyValueMapping

// The README's first screen, verbatim, with its printed output asserted.
private enum ReadmeRole: String { case member, admin }
private struct ReadmeAddress: Mappable { var city = ""; var zip: String? }
private struct ReadmeUser: Mappable {
    var id: Int64 = 0
    var name = ""
    var email: String?
    var role = ReadmeRole.member
    var address = ReadmeAddress()
    var friends: [ReadmeUser] = []
}

@Suite struct ReadmeTests {
    @Test func firstScreenExampleProducesTheDocumentedOutput() throws {
        let json = Data("""
        {"id": 9007199254740993, "name": "Ada", "email": null, "role": "admin",
         "address": {"city": "London"},
         "friends": [{"id": 2, "name": "Charles"}]}
        """.utf8)
        let user = try ReadmeUser(jsonData: json)
        #expect("\(user.id) \(user.name) \(user.role) \(user.address.city) \(user.friends[0].name)" == "9007199254740993 Ada admin London Charles")

        let out = try user.dictionary()
        #expect(out["role"] as? String == "admin")
        #expect(out["email"] == nil)
        #expect((out["address"] as? [String: Any])?["city"] as? String == "London")

        let bad = Data(#"{"friends": [{"id": 1}, {"id": 2}, {"id": "twelve"}]}"#.utf8)
        let error = mappingError { _ = try ReadmeUser(jsonData: bad) }
        #expect(error?.keyPath == "friends[2].id")
        #expect(error?.description == "friends[2].id: expected Int64, found String \"twelve\"")
    }
}

private enum RepoStatus: Hashable, Sendable { case open, closed }

// The README's "When the payload doesn't match" model.
private struct Repo: Mappable {
    var id = 0
    var fullName = ""
    var owner = ""
    var stars = 0
    var location: [String: Double] = [:]
    var createdAt = Date(timeIntervalSince1970: 0)
    var status = RepoStatus.open
    var cache: [String] = []

    static var mappingRules: MappingRules {
        MappingRules()
            .naming(.snakeCase)
            .map("id", to: "repo_id")
            .map("owner", to: "owner.login")
            .map("stars", toFirstOf: ["stargazers_count", "stars"])
            .gather("location", from: ["lat", "lng"])
            .transform("createdAt", with: .millisecondsSince1970)
            .transform("status", with: .valueTable(["open": RepoStatus.open, "closed": .closed]))
            .ignore("cache")
            .require("id")
    }
}

@Suite struct ReadmeRulesTests {
    @Test func rulesExampleDecodesAndEncodesBack() throws {
        let payload: [String: Any] = [
            "repo_id": 1, "full_name": "a/b", "owner": ["login": "a"], "stars": 5,
            "lat": 1.5, "lng": 2.5, "created_at": 1_000, "status": "closed", "cache": ["x"],
        ]
        let repo = try Repo(dictionary: payload)
        #expect(repo.id == 1 && repo.fullName == "a/b" && repo.owner == "a" && repo.stars == 5)
        #expect(repo.location == ["lat": 1.5, "lng": 2.5] && repo.createdAt == Date(timeIntervalSince1970: 1))
        #expect(repo.status == .closed && repo.cache.isEmpty)
        let out = try repo.dictionary()
        #expect(Set(out.keys) == ["repo_id", "full_name", "owner", "stargazers_count", "lat", "lng", "created_at", "status"])
        #expect(mappingError { _ = try Repo(dictionary: ["full_name": "x"]) }?.keyPath == "repo_id")
    }
}
