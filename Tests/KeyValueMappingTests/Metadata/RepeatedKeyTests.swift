import Foundation
import Testing
import KeyValueMapping

struct RepeatedCounter: Mappable {
    var count = 7
    var name = "n"
    var friend = RepeatedFriend(name: "proto", age: 1)
    var render: String { "count=\(count) name=\(name) friend=\(friend.name)/\(friend.age)" }
}

struct RepeatedFriend: Mappable {
    var name = ""
    var age = 0
}

/// A dictionary property and a model-valued dictionary property, for keys repeated inside them.
struct RepeatedBag: Mappable {
    var m: [String: Int] = [:]
    var friends: [String: RepeatedFriend] = [:]
    var render: String { "m=\(m.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }) friends=\(friends.keys.sorted())" }
}

/// The null rule on the property itself, not on the decoder.
struct RepeatedRuled: Mappable {
    var count = 7
    var name = "n"
    var friend = RepeatedFriend(name: "proto", age: 1)
    static var mappingRules: MappingRules { MappingRules().useDefaultForNull("count", "friend") }
    var render: String { "count=\(count) name=\(name) friend=\(friend.name)/\(friend.age)" }
}

/// A required key makes the stream keep a list of the keys it found.
struct RepeatedRequired: Mappable {
    var count = 7
    var name = "n"
    var friend = RepeatedFriend(name: "proto", age: 1)
    static var mappingRules: MappingRules { MappingRules().require("name") }
    var render: String { "count=\(count) name=\(name) friend=\(friend.name)/\(friend.age)" }
}

final class RepeatedClass: Mappable, @unchecked Sendable {
    var count = 7
    var name = "n"
    var friend = RepeatedFriend(name: "proto", age: 1)
    required init() {}
    var render: String { "count=\(count) name=\(name) friend=\(friend.name)/\(friend.age)" }
}

/// A key that appears more than once: the last occurrence wins on every route, so a last `null`
/// that keeps the default puts the prototype's value back, whatever came before.
@Suite struct RepeatedKeyTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let json: String
        let expected: String
        var testDescription: String { json }
    }

    static let rows: [Row] = [
        Row(json: #"{"count": 5, "count": null}"#, expected: "count=7 name=n friend=proto/1"),
        Row(json: #"{"count": 5, "c\u006funt": null}"#, expected: "count=7 name=n friend=proto/1"),
        Row(json: #"{"c\u006funt": 5, "count": null}"#, expected: "count=7 name=n friend=proto/1"),
        Row(json: #"{"count": null, "count": 5}"#, expected: "count=5 name=n friend=proto/1"),
        Row(json: #"{"count": 5, "count": null, "count": 6}"#, expected: "count=6 name=n friend=proto/1"),
        Row(json: #"{"count": 5, "name": "x", "count": null, "name": "y"}"#, expected: "count=7 name=y friend=proto/1"),
        Row(json: #"{"friend": {"name": "a", "age": 2}, "count": 1, "friend": null}"#, expected: "count=1 name=n friend=proto/1"),
        Row(json: #"{"count": null}"#, expected: "count=7 name=n friend=proto/1"),
    ]

    static func decoder() -> KeyValueDecoder {
        var decoder = KeyValueDecoder()
        decoder.nullDecoding = .useDefault
        return decoder
    }

    @Test(arguments: rows, DecodeRoute.allCases)
    func theLastNullKeepsTheDefaultByTheDecoder(_ row: Row, _ route: DecodeRoute) {
        #expect(route.outcome(RepeatedCounter.self, row.json, Self.decoder()) { $0.render } == row.expected)
        #expect(route.outcome(RepeatedClass.self, row.json, Self.decoder()) { $0.render } == row.expected)
    }

    @Test(arguments: rows, DecodeRoute.allCases)
    func theLastNullKeepsTheDefaultByARule(_ row: Row, _ route: DecodeRoute) {
        #expect(route.outcome(RepeatedRuled.self, row.json) { $0.render } == row.expected)
    }

    /// The stream keeps a list of the keys found when one is required; the outcome is the same.
    @Test(arguments: rows, DecodeRoute.allCases)
    func theLastNullKeepsTheDefaultWithRequiredKeys(_ row: Row, _ route: DecodeRoute) {
        let setsName = row.json.contains(#""name": "x""#)
        let json = setsName ? row.json : row.json.replacingOccurrences(of: "{", with: #"{"name": "r", "#, options: .anchored)
        let expected = setsName ? row.expected : row.expected.replacingOccurrences(of: "name=n", with: "name=r")
        #expect(route.outcome(RepeatedRequired.self, json, Self.decoder()) { $0.render } == expected)
    }

    /// Leniently, the null that kept the default is listed once, at its key.
    @Test(arguments: [false, true])
    func lenientDecodingListsTheLastNull(bytes: Bool) {
        let outcome = DecodeRoute.lenientOutcome(RepeatedCounter.self, #"{"count": 5, "count": null}"#, Self.decoder(), bytes: bytes) { $0.render }
        #expect(outcome == "count=7 name=n friend=proto/1 | count: expected Int, found null (the property is not optional)")
    }

    /// A key repeated inside a dictionary property: the last value wins, so an earlier value
    /// that fails is no error, and a later one that fails is (hostile review of issue #19).
    @Test(arguments: [
        Row(json: #"{"m": {"a": "x", "a": 1}}"#, expected: "m=[\"a:1\"] friends=[]"),
        Row(json: #"{"m": {"a": "x", "b": 2, "a": 1}}"#, expected: "m=[\"a:1\", \"b:2\"] friends=[]"),
        Row(json: #"{"m": {"a": 1, "a": "x"}}"#, expected: #"error: m.a: expected Int, found String "x""#),
        Row(json: #"{"m": {"a": "x", "b": "y", "a": 1}}"#, expected: #"error: m.b: expected Int, found String "y""#),
        Row(json: #"{"friends": {"f": {"age": "x"}, "f": {"age": 3}}}"#, expected: "m=[] friends=[\"f\"]"),
    ], DecodeRoute.allCases)
    func theLastValueOfARepeatedDictionaryKeyWins(_ row: Row, _ route: DecodeRoute) {
        guard route.readsBytes else { return }  // a dictionary cannot repeat a key
        #expect(route.outcome(RepeatedBag.self, row.json) { $0.render } == row.expected)
    }

    /// Leniently, a repeated key whose last value fails leaves the prototype's value (not the
    /// earlier, overridden one), as the lenient list says.
    @Test func aFailingLastValueLeniencyLeavesThePrototype() throws {
        let (model, skipped) = try KeyValueDecoder().decodeLeniently(RepeatedCounter.self, fromJSON: Data(#"{"count": 1, "count": "x"}"#.utf8))
        #expect(model.render == "count=7 name=n friend=proto/1")
        #expect(skipped.map(\.description) == [#"count: expected Int, found String "x""#])
    }
}
