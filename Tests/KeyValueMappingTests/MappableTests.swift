import Foundation
import Testing
import KeyValueMapping

@Suite struct MappableTests {
    @Test func decodesTheReadmeModelFromJSONSerializationOutput() throws {
        let user = try User(dictionary: try Fixtures.dictionary("user.json"))
        #expect(user.id == 42)
        #expect(user.name == "Ada")
        #expect(user.email == nil)
        #expect(user.score == 9.5)
        #expect(user.active)
        #expect(user.role == .admin)
        #expect(user.address == Address(city: "London", zip: "NW1"))
        #expect(user.friends.map(\.id) == [7, Int64.max])
        #expect(user.friends[1].name == "Max")
        #expect(user.scores == ["math": 3, "art": 5])
    }

    @Test func roundTripsModelToDictionaryToModel() throws {
        let user = try User(dictionary: try Fixtures.dictionary("user.json"))
        let dictionary = try user.dictionary()
        #expect(JSONSerialization.isValidJSONObject(dictionary))
        #expect(try User(dictionary: dictionary) == user)
        #expect(dictionary["email"] == nil, "nil optionals are omitted by default")
        #expect(dictionary["role"] as? String == "admin")
    }

    @Test func updateMergesPresentKeysOnly() throws {
        var user = try User(dictionary: ["id": 1, "name": "Ada", "score": 2.5])
        try user.update(from: ["name": "Grace"])
        #expect(user.id == 1)
        #expect(user.name == "Grace")
        #expect(user.score == 2.5)
    }

    @Test func decodesAndEncodesTopLevelArrays() throws {
        let users = try [User](dictionaries: [["id": 1], ["id": 2, "name": "B"]])
        #expect(users.map(\.id) == [1, 2])
        let out = try users.dictionaries()
        #expect(out.count == 2)
        #expect(out[1]["name"] as? String == "B")
    }

    @Test func reportsTheKeyPathOfADeepFailure() throws {
        let payload: [String: Any] = ["friends": [[:], [:], ["age": 1, "id": "twelve"]]]
        let error = mappingError { _ = try User(dictionary: payload) }
        #expect(error?.keyPath == "friends[2].id")
        #expect(error?.path == [.key("friends"), .index(2), .key("id")])
        #expect(error?.description == "friends[2].id: expected Int64, found String \"twelve\"")
    }

    @Test func reportsFourLevelKeyPaths() throws {
        let c: [[String: Any]] = [["d": "x"]]
        let b: [[String: Any]] = [[:], [:], [:], ["c": c]]
        let error = mappingError { _ = try Level0(dictionary: ["a": ["b": b]]) }
        #expect(error?.keyPath == "a.b[3].c[0].d")
    }
}
