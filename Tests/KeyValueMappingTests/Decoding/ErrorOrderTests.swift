import Foundation
import Testing
import KeyValueMapping

struct OrderFriend: Mappable {
    var name = ""
    var age = 0
}

struct OrderNest: Mappable {
    var friend = OrderFriend()
    var name = ""
    var byName: [String: Int] = [:]
}

/// A `beforeDecoding` hook makes the bytes path read the object as a dictionary.
struct OrderHooked: Mappable {
    var name = ""
    var friend = OrderFriend()
    static var mappingRules: MappingRules { MappingRules().beforeDecoding { $0["added"] = 1 } }
}

class OrderShape: Mappable {
    var name = ""
    required init() {}
    class var mappingRules: MappingRules {
        MappingRules().allowUnknownKeys("kind").subtype { $0["kind"] as? String == "dot" ? OrderDot.self : nil }
    }
}

final class OrderDot: OrderShape {
    var size = 0
    required init() {}
}

/// Which error is reported when several values fail: in each object its own unknown keys (with
/// `unknownKeys = .reject`) before any value, then the properties in declaration order, each
/// value depth first; among the members of one object, payload order on the bytes path and key
/// order (UTF-8) on the dictionary path. The same on every route, never hash order.
@Suite struct ErrorOrderTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let json: String
        let fromDictionary: String
        let fromBytes: String
        init(_ json: String, _ both: String) {
            self.init(json, dictionary: both, bytes: both)
        }
        init(_ json: String, dictionary: String, bytes: String) {
            self.json = json
            fromDictionary = dictionary
            fromBytes = bytes
        }
        var testDescription: String { json }
    }

    static func rejecting() -> KeyValueDecoder {
        var decoder = KeyValueDecoder()
        decoder.unknownKeys = .reject
        return decoder
    }

    static let unknownKeyRows: [Row] = [
        // The root's own unknown key before a nested model's, though the payload lists it last.
        Row(#"{"friend": {"a": 1}, "zzz": 1}"#, "error: zzz: unknown key (OrderNest has no property reading it)"),
        // No unknown key at the root: the properties in declaration order, depth first.
        Row(#"{"name": [], "friend": {"a": 1}}"#, "error: friend.a: unknown key (OrderFriend has no property reading it)"),
        Row(#"{"friend": {"age": "x", "b": 1}, "name": []}"#, "error: friend.b: unknown key (OrderFriend has no property reading it)"),
        Row(#"{"byName": {"b": "y", "a": "x"}, "name": 1}"#,
            dictionary: #"error: byName.a: expected Int, found String "x""#, bytes: #"error: byName.b: expected Int, found String "y""#),
        // Among a root's unknown keys: payload order, or key order.
        Row(#"{"zzz": 1, "aaa": 2, "friend": {"a": 1}}"#,
            dictionary: "error: aaa: unknown key (OrderNest has no property reading it)", bytes: "error: zzz: unknown key (OrderNest has no property reading it)"),
    ]

    @Test(arguments: unknownKeyRows, DecodeRoute.allCases)
    func unknownKeysAreReportedObjectByObject(_ row: Row, _ route: DecodeRoute) {
        let outcome = route.outcome(OrderNest.self, row.json, Self.rejecting()) { _ in "decoded" }
        #expect(outcome == (route.readsBytes ? row.fromBytes : row.fromDictionary))
    }

    /// A model the bytes path reads as a dictionary (a hook, a class cluster) still reports its
    /// unknown keys in payload order; keys a hook adds come after the payload's.
    @Test(arguments: DecodeRoute.allCases)
    func modelsReadAsDictionariesReportUnknownKeysInPayloadOrder(_ route: DecodeRoute) {
        let hooked = route.outcome(OrderHooked.self, #"{"zzz": 1, "aaa": 2, "name": "n"}"#, Self.rejecting()) { _ in "decoded" }
        #expect(hooked == (route.readsBytes ? "error: zzz: unknown key (OrderHooked has no property reading it)"
                                            : "error: aaa: unknown key (OrderHooked has no property reading it)"))
        let added = route.outcome(OrderHooked.self, #"{"name": "n"}"#, Self.rejecting()) { _ in "decoded" }
        #expect(added == "error: added: unknown key (OrderHooked has no property reading it)")
        let shape = route.outcome(OrderShape.self, #"{"kind": "dot", "zzz": 1, "aaa": 2}"#, Self.rejecting()) { _ in "decoded" }
        #expect(shape == (route.readsBytes ? "error: zzz: unknown key (OrderDot has no property reading it)"
                                           : "error: aaa: unknown key (OrderDot has no property reading it)"))
    }

    // MARK: Random payloads through every route

    /// The outcome of each route for one payload and decoder.
    static func outcomes(_ json: String, _ decoder: KeyValueDecoder) -> [String: String] {
        var result: [String: String] = [:]
        for route in DecodeRoute.allCases {
            result[route.rawValue] = route.outcome(OrderFuzzModel.self, json, decoder) { $0.render }
        }
        result["bytes, whole tree"] = DecodeRoute.bytes.outcome(OrderFuzzTreeModel.self, json, decoder) { $0.model.render }
            .replacingOccurrences(of: "OrderFuzzTreeModel", with: "OrderFuzzModel")
        result["lenient dictionary"] = DecodeRoute.lenientOutcome(OrderFuzzModel.self, json, decoder, bytes: false) { $0.render }
        result["lenient bytes"] = DecodeRoute.lenientOutcome(OrderFuzzModel.self, json, decoder, bytes: true) { $0.render }
        return result
    }

    /// With every object's keys in UTF-8 order, payload order is key order: every route gives
    /// the same model or the same error, and lenient decoding the same list in the same order.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func everyRouteGivesTheSameOutcomeForSortedPayloads(_ seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<TestScale.count(250) {
            let json = OrderFuzzModel.payload(&random, sorted: true)
            for options in LenientDecodingTests.Options.allCases {
                let outcomes = Self.outcomes(json, options.decoder)
                let plain = outcomes.filter { !$0.key.hasPrefix("lenient") }
                #expect(Set(plain.values).count == 1, "\(options) \(json)\n\(Self.describe(plain))")
                #expect(outcomes["lenient dictionary"] == outcomes["lenient bytes"], "\(options) \(json)\n\(Self.describe(outcomes))")
            }
        }
    }

    /// In any order, the routes that read bytes agree with each other and the dictionary routes
    /// with each other; across them, the same model, or an error on both.
    @Test(arguments: [4, 5] as [UInt64])
    func routesAgreeForShuffledPayloads(_ seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<TestScale.count(250) {
            let json = OrderFuzzModel.payload(&random, sorted: false)
            for options in LenientDecodingTests.Options.allCases {
                let outcomes = Self.outcomes(json, options.decoder)
                let bytes = [outcomes["bytes"], outcomes["bytesTree"], outcomes["bytes, whole tree"]]
                let dictionary = [outcomes["dictionary"], outcomes["dictionaryAt"]]
                #expect(Set(bytes).count == 1 && Set(dictionary).count == 1, "\(options) \(json)\n\(Self.describe(outcomes))")
                let byPath = [outcomes["bytes"] ?? "", outcomes["dictionary"] ?? ""].map { $0.hasPrefix("error: ") ? "error" : $0 }
                #expect(byPath[0] == byPath[1], "\(options) \(json)\n\(Self.describe(outcomes))")
                // Lenient lists may differ in order only.
                let lenient = [outcomes["lenient bytes"] ?? "", outcomes["lenient dictionary"] ?? ""].map(Self.sortedList)
                #expect(lenient[0] == lenient[1], "\(options) \(json)\n\(Self.describe(outcomes))")
            }
        }
    }

    static func sortedList(_ outcome: String) -> String {
        let parts = outcome.components(separatedBy: " | ")
        guard parts.count == 2 else { return outcome }
        return parts[0] + " | " + parts[1].components(separatedBy: "; ").sorted().joined(separator: "; ")
    }

    static func describe(_ outcomes: [String: String]) -> String {
        outcomes.sorted { $0.key < $1.key }.map { "    \($0.key) → \($0.value)" }.joined(separator: "\n")
    }
}

enum OrderPlan: String { case free, pro }

/// A property of every kind the tolerance options touch.
struct OrderFuzzModel: Mappable {
    var int = 0
    var text = ""
    var real = 0.0
    var flag = false
    var maybe: Int?
    var role = LenientRole.member
    var plan = OrderPlan.free
    var ints: [Int] = []
    var byName: [String: Int] = [:]
    var names: Set<String> = []
    var friend = OrderFriend()
    var friends: [OrderFriend] = []
    var levels: [Int: LenientRole] = [:]
    var small: UInt8 = 0
    var payload: Any?

    var render: String {
        let payloadText = payload.flatMap { try? JSONSerialization.data(withJSONObject: ["p": $0], options: [.sortedKeys, .fragmentsAllowed]) }
            .map { String(decoding: $0, as: UTF8.self) } ?? "nil"
        return "int=\(int) text=\(text) real=\(real) flag=\(flag) maybe=\(maybe.map(String.init) ?? "nil") role=\(role) plan=\(plan) ints=\(ints) "
            + "byName=\(byName.sorted { $0.key < $1.key }) names=\(names.sorted()) friend=\(friend.name)/\(friend.age) "
            + "friends=\(friends.map { "\($0.name)/\($0.age)" }) levels=\(levels.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }) "
            + "small=\(small) payload=\(payloadText)"
    }

    static let keys = ["int", "text", "real", "flag", "maybe", "role", "plan", "ints", "byName", "names", "friend", "friends", "levels", "small", "payload", "zzz", "aaa"]
    // Objects with their keys in UTF-8 order. Left out: numbers JSONSerialization reads as
    // another literal (`-0` as 0, `2e2` as 200.0, `1e-7` as 1e-07), where a `String` property
    // gets different text by design.
    static let values = [
        "0", "1", "-1", "1.5", "1.0", "300", "255", "9007199254740993", "18446744073709551615", "\"x\"", "\"12\"", "\"1.5\"",
        "\"true\"", "\"yes\"", "true", "false", "null", "[]", "{}", "[1, \"a\", null]", "[\"a\", \"a\", 1]", "{\"a\": 1, \"b\": \"x\"}",
        "{\"a\": \"y\", \"b\": \"x\"}", "{\"a\": null}", "{\"age\": \"3\", \"name\": \"n\"}", "{\"age\": null, \"name\": 5}", "{\"age\": 1, \"zz\": 2}",
        "[{\"name\": \"a\"}, 3, null, {\"age\": 1.5}]", "[{\"age\": \"x\", \"b\": 1}]", "\"admin\"", "\"pro\"", "\"boss\"",
        "{\"01\": 2, \"1\": 1, \"2\": 9, \"x\": 2}", "{\"2\": 2, \"7\": \"7\"}", "[[1], [\"x\"]]", "\"\\u00e9\"",
    ]

    static func payload(_ random: inout SeededGenerator, sorted: Bool) -> String {
        var keys = self.keys.filter { _ in Int.random(in: 0..<3, using: &random) > 0 }
        if sorted {
            keys.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        } else {
            keys.shuffle(using: &random)
        }
        return "{" + keys.map { "\"\($0)\": \(values.randomElement(using: &random) ?? "0")" }.joined(separator: ", ") + "}"
    }
}

/// The same model read whole through the tree on the bytes path (a key path forces it).
struct OrderFuzzTreeModel: Mappable {
    var int = 0
    var text = ""
    var real = 0.0
    var flag = false
    var maybe: Int?
    var role = LenientRole.member
    var plan = OrderPlan.free
    var ints: [Int] = []
    var byName: [String: Int] = [:]
    var names: Set<String> = []
    var friend = OrderFriend()
    var friends: [OrderFriend] = []
    var levels: [Int: LenientRole] = [:]
    var small: UInt8 = 0
    var payload: Any?
    var unused = 0
    static var mappingRules: MappingRules { MappingRules().map("unused", to: "never.there") }

    var model: OrderFuzzModel {
        OrderFuzzModel(int: int, text: text, real: real, flag: flag, maybe: maybe, role: role, plan: plan, ints: ints, byName: byName, names: names,
                       friend: friend, friends: friends, levels: levels, small: small, payload: payload)
    }
}
