import Foundation
@testable import KeyValueMapping
import Testing

// A model's keys match payload keys by Swift string equality (canonical equivalence) on every
// route, as Foundation's JSONDecoder matches them; a JSONObject's own lookup stays exact.

struct CanonicalKeys: Mappable {
    var userKey = 0
    var café = 0
    var plain = 0
    var render: String { "userKey=\(userKey) café=\(café) plain=\(plain)" }
}

/// (`café` is spelled with U+00E9 in this file.) The same keys inside a key path, among candidates and gathered.
struct CanonicalPaths: Mappable {
    var nested = 0
    var candidate = 0
    var gathered: [String: Int] = [:]
    static var mappingRules: MappingRules {
        MappingRules()
            .map("nested", to: "donn\u{E9}es.caf\u{E9}")
            .map("candidate", toFirstOf: ["missing", "\u{C5}ngstr\u{F6}m"])
            .gather("gathered", from: ["userKey", "plain"])
    }
    var render: String { "nested=\(nested) candidate=\(candidate) gathered=\(gathered.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" })" }
}

@Suite struct JSONObjectKeyMatchingTests {
    static let rows: [(json: String, expected: String)] = [
        // U+212A KELVIN SIGN is canonically K; "e" + U+0301 is canonically é.
        (#"{"user\u212Aey": 5}"#, "userKey=5 café=0 plain=0"),
        (#"{"cafe\u0301": 6}"#, "userKey=0 café=6 plain=0"),
        (#"{"caf\u00e9": 7, "plain": 1}"#, "userKey=0 café=7 plain=1"),
        (#"{"plain": 1, "user\u212Aey": 2, "cafe\u0301": 3}"#, "userKey=2 café=3 plain=1"),
        // Equivalent to nothing: a different letter case, a different accent.
        (#"{"cafe\u0300": 6, "userkey": 5}"#, "userKey=0 café=0 plain=0"),
    ]

    @Test(arguments: DecodeRoute.allCases, 0..<5)
    func canonicallyEquivalentKeysMatchOnEveryRoute(_ route: DecodeRoute, _ row: Int) {
        let (json, expected) = Self.rows[row]
        #expect(route.outcome(CanonicalKeys.self, json) { $0.render } == expected)
    }

    /// The unknown-key check agrees: an equivalent key is known (and read), any other is unknown.
    @Test(arguments: DecodeRoute.allCases, 0..<5)
    func theUnknownKeyCheckAgrees(_ route: DecodeRoute, _ row: Int) {
        var decoder = KeyValueDecoder()
        decoder.unknownKeys = .reject
        let (json, expected) = Self.rows[row]
        let outcome = route.outcome(CanonicalKeys.self, json, decoder) { $0.render }
        #expect(outcome == (row == 4 ? #"error: caf\#u{E8}: unknown key (CanonicalKeys has no property reading it); did you mean "caf\#u{E9}", which reads "caf\#u{E9}"?"# : expected))
    }

    @Test(arguments: DecodeRoute.allCases)
    func keyPathsCandidatesAndGatheredKeysMatchCanonically(_ route: DecodeRoute) {
        let json = #"{"donne\u0301es": {"cafe\u0301": 1}, "A\u030Angstro\u0308m": 2, "user\u212Aey": 3, "plain": 4}"#
        #expect(route.outcome(CanonicalPaths.self, json) { $0.render } == #"nested=1 candidate=2 gathered=["plain:4", "userKey:3"]"#)
    }

    /// Encoding writes the declared spelling, which reads back on every route.
    @Test(arguments: DecodeRoute.allCases)
    func theDeclaredSpellingRoundTrips(_ route: DecodeRoute) throws {
        var model = CanonicalKeys()
        model.café = 4
        let json = try model.jsonString()
        #expect(json.contains("\"caf\u{E9}\""))
        #expect(route.outcome(CanonicalKeys.self, json) { $0.render } == "userKey=0 café=4 plain=0")
    }

    /// A JSONObject is still a JSON object: its keys are told apart by their scalars, and its
    /// subscript spells a key exactly. Only a model's lookup goes on to an equivalent member.
    @Test func aJSONObjectsOwnLookupStaysExact() {
        let object: JSONObject = ["cafe\u{301}": .bool(true), "user\u{212A}ey": .bool(false)]
        #expect(object["caf\u{E9}"] == nil && object["userKey"] == nil)
        #expect(object.value(matching: "caf\u{E9}") == .bool(true))
        #expect(object.value(matching: "userKey") == .bool(false))
        #expect(object.value(matching: "userkey") == nil)
        #expect(object.keysAreASCII == false)
        let ascii: JSONObject = ["plain": .null]
        #expect(ascii.keysAreASCII && ascii.canonicalValue(forKey: "other", keysAreASCII: true) == nil)
    }
}
