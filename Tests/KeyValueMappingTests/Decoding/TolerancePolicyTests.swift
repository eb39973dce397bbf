import Foundation
import Testing
import KeyValueMapping

enum PolicyRole: String, UnknownCaseRepresentable {
    case admin, member, unknown
    static var unknownCase: PolicyRole { .unknown }
}

enum PolicyLevel: Int, UnknownCaseRepresentable {
    case unknown = 0, low = 1, high = 2
    static var unknownCase: PolicyLevel { .unknown }
}

enum PolicyKind: String { case a, b }

struct PolicyFriend: Mappable, Equatable {
    var name = ""
    var age = 0
}

/// Every kind of property a policy can touch, with prototype values to tell "kept" from "set".
struct PolicyModel: Mappable {
    var count = 7
    var tags: [String] = ["t"]
    var name = "n"
    var nick: String?
    var role = PolicyRole.member
    var level = PolicyLevel.low
    var kind = PolicyKind.a
    var scores: [Int] = []
    var byName: [String: Int] = [:]
    var ids: Set<Int> = []
    var friend = PolicyFriend()
    var friends: [PolicyFriend] = []

    var rendering: String {
        "count=\(count) tags=\(tags) name=\(name) nick=\(nick ?? "nil") role=\(role.rawValue) level=\(level.rawValue) kind=\(kind.rawValue) "
            + "scores=\(scores) byName=\(byName.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }) ids=\(ids.sorted()) "
            + "friend=\(friend.name)/\(friend.age) friends=\(friends.map { "\($0.name)/\($0.age)" })"
    }
}

/// The same model with per-property rules instead of decoder options.
struct RuledModel: Mappable {
    var count = 7
    var name = "n"
    var scores: [Int] = []
    var byName: [String: Int]?
    var kind = PolicyKind.a
    var friend = PolicyFriend()
    var `type` = ""

    static var mappingRules: MappingRules {
        MappingRules()
            .useDefaultForNull("count")
            .skipInvalidElements("scores", "byName")
            .fallback("kind", to: PolicyKind.b)
            .fallback("friend", to: PolicyFriend(name: "?", age: -1))
    }

    var rendering: String {
        "count=\(count) name=\(name) scores=\(scores) byName=\(byName.map { $0.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.description } ?? "nil") "
            + "kind=\(kind.rawValue) friend=\(friend.name)/\(friend.age)"
    }
}

/// Keys that rules read besides the plain property names: all are known to the unknown-key check.
struct KnownKeys: Mappable {
    var id = 0
    var avatar = ""
    var title = ""
    var location: [String: Double] = [:]
    let version = 1
    var cache = ""

    static var mappingRules: MappingRules {
        MappingRules()
            .map("id", to: "user_id")
            .map("avatar", to: "profile.image")
            .map("title", toFirstOf: ["heading", "title"])
            .gather("location", from: ["lat", "lng"])
            .ignore("cache")
            .allowUnknownKeys("kind")
    }
}

struct AnyKeys: Mappable {
    var id = 0
    static var mappingRules: MappingRules { MappingRules().allowUnknownKeys() }
}

struct MistakenRules: Mappable {
    var count = 0
    var name = ""
    var list: [Int] = []
    static var mappingRules: MappingRules {
        MappingRules()
            .useDefaultForNull("ghost")
            .skipInvalidElements("name")
            .fallback("count", to: "zero")
            .fallback("missing", to: 1)
    }
}

// A class cluster whose subtype rule reads "kind": the library cannot see inside the closure,
// so the key is declared known.
class PolicyShape: Mappable {
    var name = ""
    required init() {}
    class var mappingRules: MappingRules {
        MappingRules().allowUnknownKeys("kind").subtype { $0["kind"] as? String == "dot" ? PolicyDot.self : nil }
    }
}

final class PolicyDot: PolicyShape {
    var size = 0
    required init() {}
}

struct Stamped: Mappable {
    var at = Date(timeIntervalSince1970: 0)
    var note = ""
    static var mappingRules: MappingRules {
        MappingRules().transform("at", with: .iso8601).fallback("at", to: Date(timeIntervalSince1970: 1))
    }
}

@Suite struct TolerancePolicyTests {
    enum Route: String, CaseIterable, Sendable { case dictionary, bytes }

    /// Decodes `json` through `route` and renders the model, or the error; in lenient mode also
    /// every skipped error, after ` | `.
    static func outcome<Model: Mappable>(_ type: Model.Type, _ json: String, _ decoder: KeyValueDecoder, _ route: Route,
                                         lenient: Bool = false, render: (Model) -> String) -> String {
        do {
            let data = Data(json.utf8)
            if lenient {
                let (model, skipped) = switch route {
                case .bytes: try decoder.decodeLeniently(Model.self, fromJSON: data)
                case .dictionary: try decoder.decodeLeniently(Model.self, from: try dictionary(json))
                }
                return render(model) + " | " + skipped.map(\.description).joined(separator: "; ")
            }
            let model = switch route {
            case .bytes: try decoder.decode(Model.self, fromJSON: data)
            case .dictionary: try decoder.decode(Model.self, from: try dictionary(json))
            }
            return render(model)
        } catch {
            return "error: \(error)"
        }
    }

    static func dictionary(_ json: String) throws -> [String: Any] {
        guard let dictionary = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw MappingError(.other("not an object"))
        }
        return dictionary
    }

    static func decoder(null: KeyValueDecoder.NullDecodingStrategy = .reject, missing: KeyValueDecoder.MissingKeyStrategy = .useDefault,
                        unknown: KeyValueDecoder.UnknownKeyStrategy = .ignore, elements: KeyValueDecoder.InvalidElementStrategy = .reject) -> KeyValueDecoder {
        var decoder = KeyValueDecoder()
        decoder.nullDecoding = null
        decoder.missingKeys = missing
        decoder.unknownKeys = unknown
        decoder.invalidElements = elements
        return decoder
    }

    static let prototype = PolicyModel().rendering

    @Test func defaultsAreTheStrictBehaviour() {
        let decoder = KeyValueDecoder()
        #expect(decoder.nullDecoding == .reject)
        #expect(decoder.missingKeys == .useDefault)
        #expect(decoder.unknownKeys == .ignore)
        #expect(decoder.invalidElements == .reject)
    }

    // MARK: Nulls

    struct Row: Sendable, CustomTestStringConvertible {
        let json: String
        let expected: String
        let lenient: String?
        init(_ json: String, _ expected: String, lenient: String? = nil) {
            self.json = json
            self.expected = expected
            self.lenient = lenient
        }
        var testDescription: String { json }
    }

    static let nullRows: [Row] = [
        Row(#"{"count": null, "nick": null, "tags": null}"#,
            prototype,
            lenient: prototype + " | count: expected Int, found null (the property is not optional); tags: expected [String], found null (the property is not optional)"),
        Row(#"{"role": null, "friend": null, "friends": null}"#, prototype,
            lenient: prototype + " | role: expected PolicyRole, found null (the property is not optional); friend: expected PolicyFriend, found null (the property is not optional); friends: expected [PolicyFriend], found null (the property is not optional)"),
        // A null element has no default: it is an invalid element.
        Row(#"{"scores": [1, null, 3]}"#, "error: scores[1]: expected Int, found null (the property is not optional)"),
        Row(#"{"friend": {"name": null, "age": 3}}"#, prototype.replacingOccurrences(of: "friend=/0", with: "friend=/3"),
            lenient: prototype.replacingOccurrences(of: "friend=/0", with: "friend=/3") + " | friend.name: expected String, found null (the property is not optional)"),
    ]

    @Test(arguments: nullRows, Route.allCases)
    func nullKeepsTheDefaultWhenTheDecoderSaysSo(_ row: Row, _ route: Route) {
        let decoder = Self.decoder(null: .useDefault)
        #expect(Self.outcome(PolicyModel.self, row.json, decoder, route) { $0.rendering } == row.expected)
        if let lenient = row.lenient {
            #expect(Self.outcome(PolicyModel.self, row.json, decoder, route, lenient: true) { $0.rendering } == lenient)
        }
        // The default rejects them all.
        #expect(Self.outcome(PolicyModel.self, row.json, KeyValueDecoder(), route) { $0.rendering }.hasPrefix("error: "))
    }

    @Test(arguments: Route.allCases)
    func aPropertysNullRuleWinsOverTheDecoder(_ route: Route) {
        #expect(Self.outcome(RuledModel.self, #"{"count": null}"#, KeyValueDecoder(), route) { $0.rendering }
                == "count=7 name=n scores=[] byName=nil kind=a friend=/0")
        #expect(Self.outcome(RuledModel.self, #"{"name": null}"#, KeyValueDecoder(), route) { $0.rendering }
                == "error: name: expected String, found null (the property is not optional)")
    }

    // MARK: Missing keys

    @Test(arguments: Route.allCases)
    func missingKeysOfNonOptionalPropertiesAreErrorsWhenRejected(_ route: Route) {
        let decoder = Self.decoder(missing: .reject)
        #expect(Self.outcome(PolicyFriend.self, #"{"name": "a"}"#, decoder, route) { "\($0)" } == "error: age: required key is missing (expected Int)")
        #expect(Self.outcome(PolicyFriend.self, #"{"name": "a", "age": 3}"#, decoder, route) { "\($0.name)/\($0.age)" } == "a/3")
        // Optional properties may be absent; lenient mode lists every missing key.
        let all = #"{"count": 1, "tags": [], "name": "x", "role": "admin", "level": 2, "kind": "b", "scores": [], "byName": {}, "ids": [], "friend": {"name": "f", "age": 1}, "friends": []}"#
        #expect(!Self.outcome(PolicyModel.self, all, decoder, route) { $0.rendering }.hasPrefix("error"))
        #expect(Self.outcome(PolicyFriend.self, "{}", decoder, route, lenient: true) { "\($0.name)/\($0.age)" }
                == "/0 | name: required key is missing (expected String); age: required key is missing (expected Int)")
    }

    @Test func updateNeverRejectsMissingKeys() throws {
        var friend = PolicyFriend(name: "a", age: 3)
        try Self.decoder(missing: .reject).update(&friend, from: ["age": 4])
        #expect(friend == PolicyFriend(name: "a", age: 4))
    }

    // MARK: Unknown keys

    static let unknownRows: [Row] = [
        Row(#"{"count": 1, "emial": "x"}"#, "error: emial: unknown key (PolicyModel has no property reading it)",
            lenient: prototype.replacingOccurrences(of: "count=7", with: "count=1") + " | emial: unknown key (PolicyModel has no property reading it)"),
        Row(#"{"friend": {"name": "a", "agee": 3}}"#, #"error: friend.agee: unknown key (PolicyFriend has no property reading it); did you mean "age", which reads "age"?"#),
        Row(#"{"friends": [{}, {"nam": "b"}]}"#, #"error: friends[1].nam: unknown key (PolicyFriend has no property reading it); did you mean "name", which reads "name"?"#),
        Row(#"{"count": 2}"#, prototype.replacingOccurrences(of: "count=7", with: "count=2")),
    ]

    @Test(arguments: unknownRows, Route.allCases)
    func unknownKeysAreErrorsWhenRejected(_ row: Row, _ route: Route) {
        let decoder = Self.decoder(unknown: .reject)
        #expect(Self.outcome(PolicyModel.self, row.json, decoder, route) { $0.rendering } == row.expected)
        if let lenient = row.lenient {
            #expect(Self.outcome(PolicyModel.self, row.json, decoder, route, lenient: true) { $0.rendering } == lenient)
        }
        #expect(!Self.outcome(PolicyModel.self, row.json, KeyValueDecoder(), route) { $0.rendering }.hasPrefix("error"), "ignored by default")
    }

    @Test(arguments: Route.allCases)
    func keysTheRulesReadAreKnown(_ route: Route) {
        let decoder = Self.decoder(unknown: .reject)
        let json = #"{"user_id": 1, "profile": {"image": "i"}, "heading": "h", "title": "t", "lat": 1.5, "lng": 2, "cache": "c", "kind": "k"}"#
        #expect(Self.outcome(KnownKeys.self, json, decoder, route) { "\($0.id) \($0.avatar) \($0.title) \($0.location.count)" } == "1 i h 2")
        // A `let` is encoded only: a value for it would be dropped, which rejecting unknown keys reports.
        #expect(Self.outcome(KnownKeys.self, #"{"version": 3}"#, decoder, route) { _ in "decoded" }
                == #"error: version: unknown key (KnownKeys has no property reading it); "version" is a `let`, which decoding never writes: declare it `var` to read this key"#)
        #expect(Self.outcome(KnownKeys.self, #"{"id": 1}"#, decoder, route) { _ in "decoded" }
                == "error: id: unknown key (KnownKeys has no property reading it)")
        #expect(Self.outcome(AnyKeys.self, #"{"id": 1, "anything": 2}"#, decoder, route) { "\($0.id)" } == "1")
    }

    @Test func theFirstUnknownKeyIsInPayloadOrderOnBytesAndUTF8OrderOnDictionaries() {
        let decoder = Self.decoder(unknown: .reject)
        let json = #"{"zeta": 1, "alpha": 2}"#
        #expect(Self.outcome(PolicyFriend.self, json, decoder, .bytes) { _ in "" } == "error: zeta: unknown key (PolicyFriend has no property reading it)")
        #expect(Self.outcome(PolicyFriend.self, json, decoder, .dictionary) { _ in "" } == "error: alpha: unknown key (PolicyFriend has no property reading it)")
    }

    // MARK: Invalid elements

    static let elementRows: [Row] = [
        Row(#"{"scores": [1, "x", 3, null], "ids": [1, "y", 2], "byName": {"a": 1, "b": "x"}}"#,
            prototype.replacingOccurrences(of: "scores=[]", with: "scores=[1, 3]").replacingOccurrences(of: "ids=[]", with: "ids=[1, 2]")
                .replacingOccurrences(of: "byName=[]", with: "byName=[\"a:1\"]"),
            lenient: prototype.replacingOccurrences(of: "scores=[]", with: "scores=[1, 3]").replacingOccurrences(of: "ids=[]", with: "ids=[1, 2]")
                .replacingOccurrences(of: "byName=[]", with: "byName=[\"a:1\"]")
                + " | scores[1]: expected Int, found String \"x\"; scores[3]: expected Int, found null (the property is not optional); "
                + "byName.b: expected Int, found String \"x\"; ids[1]: expected Int, found String \"y\""),
        // An element whose own decode fails anywhere is dropped, in lenient mode too (which lists
        // the error that dropped it): the lenient model is the plain one.
        Row(#"{"friends": [{"name": "a"}, 5, {"name": "c", "age": "old"}]}"#,
            prototype.replacingOccurrences(of: "friends=[]", with: "friends=[\"a/0\"]"),
            lenient: prototype.replacingOccurrences(of: "friends=[]", with: "friends=[\"a/0\"]")
                + " | friends[1]: expected PolicyFriend, found Int 5; friends[2].age: expected Int, found String \"old\""),
    ]

    @Test(arguments: elementRows, Route.allCases)
    func invalidElementsAreDroppedWhenSkipped(_ row: Row, _ route: Route) {
        let decoder = Self.decoder(elements: .skip)
        #expect(Self.outcome(PolicyModel.self, row.json, decoder, route) { $0.rendering } == row.expected)
        if let lenient = row.lenient {
            #expect(Self.outcome(PolicyModel.self, row.json, decoder, route, lenient: true) { $0.rendering } == lenient)
        }
        #expect(Self.outcome(PolicyModel.self, row.json, KeyValueDecoder(), route) { $0.rendering }.hasPrefix("error"), "rejected by default")
    }

    @Test(arguments: Route.allCases)
    func aPropertysSkipRuleWinsOverTheDecoder(_ route: Route) {
        #expect(Self.outcome(RuledModel.self, #"{"scores": [1, "x"], "byName": {"a": "b", "c": 2}}"#, KeyValueDecoder(), route) { $0.rendering }
                == "count=7 name=n scores=[1] byName=[\"c:2\"] kind=a friend=/0")
    }

    @Test func topLevelCollectionsSkipToo() throws {
        let decoder = Self.decoder(elements: .skip)
        let array = #"[{"name": "a"}, {"age": "x"}, {"name": "c"}]"#
        #expect(try decoder.decode([PolicyFriend].self, fromJSON: Data(array.utf8)).map(\.name) == ["a", "c"])
        #expect(try decoder.decode([PolicyFriend].self, from: try #require(try JSONSerialization.jsonObject(with: Data(array.utf8)) as? [Any])).map(\.name) == ["a", "c"])
        let object = #"{"ada": {"name": "a"}, "bob": {"age": "x"}}"#
        #expect(try decoder.decode([String: PolicyFriend].self, fromJSON: Data(object.utf8)).keys.sorted() == ["ada"])
        #expect(try decoder.decode([String: PolicyFriend].self, from: try Self.dictionary(object)).keys.sorted() == ["ada"])
    }

    // MARK: Fallbacks and unknown cases

    static let fallbackRows: [Row] = [
        Row(#"{"kind": "zzz"}"#, "count=7 name=n scores=[] byName=nil kind=b friend=/0",
            lenient: "count=7 name=n scores=[] byName=nil kind=b friend=/0 | kind: expected PolicyKind, found String \"zzz\" (not a raw value of PolicyKind)"),
        Row(#"{"kind": 5}"#, "count=7 name=n scores=[] byName=nil kind=b friend=/0"),
        Row(#"{"friend": {"age": "old"}}"#, "count=7 name=n scores=[] byName=nil kind=a friend=?/-1",
            lenient: "count=7 name=n scores=[] byName=nil kind=a friend=?/-1 | friend.age: expected Int, found String \"old\""),
        // A missing key keeps the prototype; null follows the null rules, not the fallback.
        Row(#"{}"#, "count=7 name=n scores=[] byName=nil kind=a friend=/0"),
        Row(#"{"kind": null}"#, "error: kind: expected PolicyKind, found null (the property is not optional)"),
    ]

    @Test(arguments: fallbackRows, Route.allCases)
    func fallbacksReplaceValuesThatCannotBeConverted(_ row: Row, _ route: Route) {
        #expect(Self.outcome(RuledModel.self, row.json, KeyValueDecoder(), route) { $0.rendering } == row.expected)
        if let lenient = row.lenient {
            #expect(Self.outcome(RuledModel.self, row.json, KeyValueDecoder(), route, lenient: true) { $0.rendering } == lenient)
        }
    }

    @Test(arguments: Route.allCases)
    func unknownCasesDecodeAsTheUnknownCase(_ route: Route) {
        let json = #"{"role": "owner", "level": 9}"#
        let decoded = prototypeWith(role: "unknown", level: 0)
        #expect(Self.outcome(PolicyModel.self, json, KeyValueDecoder(), route) { $0.rendering } == decoded)
        #expect(Self.outcome(PolicyModel.self, json, KeyValueDecoder(), route, lenient: true) { $0.rendering }
                == decoded + " | role: expected PolicyRole, found String \"owner\" (not a raw value of PolicyRole); level: expected PolicyLevel, found Int 9 (not a raw value of PolicyLevel)")
        // A value of the wrong JSON type is still an error.
        #expect(Self.outcome(PolicyModel.self, #"{"role": true}"#, KeyValueDecoder(), route) { $0.rendering }
                == "error: role: expected PolicyRole (String raw value), found Bool true")
        // Known cases still decode, and encoding writes the unknown case's own raw value.
        #expect(Self.outcome(PolicyModel.self, #"{"role": "admin", "level": 2}"#, KeyValueDecoder(), route) { $0.rendering } == prototypeWith(role: "admin", level: 2))
    }

    func prototypeWith(role: String, level: Int) -> String {
        Self.prototype.replacingOccurrences(of: "role=member", with: "role=\(role)").replacingOccurrences(of: "level=1", with: "level=\(level)")
    }

    @Test func newRulesAreCheckedWithTheDeclaration() {
        guard case .invalidDeclaration(_, let problems)? = mappingError({ _ = try MistakenRules(dictionary: [:]) })?.reason else {
            Issue.record("expected invalidDeclaration")
            return
        }
        #expect(problems == [
            "useDefaultForNull names \"ghost\", which is not a stored property",
            "a fallback names \"missing\", which is not a stored property",
            "the fallback of \"count\" is a String, but the property is Int",
            "skipInvalidElements names \"name\", whose type String is not an array, set or dictionary",
        ])
    }

    // MARK: Entry points

    @Test func subPathsAndLenientDecodingFromBytes() throws {
        let decoder = KeyValueDecoder()
        let data = Data(#"{"data": {"users": [{"name": "a", "age": "old"}, {"name": "b", "age": 4}]}}"#.utf8)
        #expect(try decoder.decode(PolicyFriend.self, fromJSON: data, at: "data.users[1]") == PolicyFriend(name: "b", age: 4))
        #expect(mappingError { _ = try decoder.decode(PolicyFriend.self, fromJSON: data, at: "data.users[0]") }?.description
                == "data.users[0].age: expected Int, found String \"old\"")
        #expect(mappingError { _ = try decoder.decode(PolicyFriend.self, fromJSON: data, at: "data.admins") }?.description
                == "data.admins: required key is missing (expected PolicyFriend)")
        let (friend, skipped) = try decoder.decodeLeniently(PolicyFriend.self, fromJSON: Data(#"{"name": "a", "age": "old"}"#.utf8))
        #expect(friend == PolicyFriend(name: "a", age: 0))
        #expect(skipped.map(\.description) == ["age: expected Int, found String \"old\""])
        #expect(mappingError { _ = try decoder.decodeLeniently(PolicyFriend.self, fromJSON: Data("[1]".utf8)) } != nil)
    }

    @Test(arguments: Route.allCases)
    func topLevelObjectsOfModels(_ route: Route) throws {
        let json = #"{"ada": {"name": "Ada", "age": 36}, "bob": {"name": "Bob"}}"#
        let decoder = KeyValueDecoder()
        let decoded = switch route {
        case .bytes: try decoder.decode([String: PolicyFriend].self, fromJSON: Data(json.utf8))
        case .dictionary: try decoder.decode([String: PolicyFriend].self, from: try Self.dictionary(json))
        }
        #expect(decoded == ["ada": PolicyFriend(name: "Ada", age: 36), "bob": PolicyFriend(name: "Bob", age: 0)])
        let bad = #"{"ada": {"name": "Ada", "age": "x"}}"#
        let error = mappingError {
            switch route {
            case .bytes: _ = try decoder.decode([String: PolicyFriend].self, fromJSON: Data(bad.utf8))
            case .dictionary: _ = try decoder.decode([String: PolicyFriend].self, from: try Self.dictionary(bad))
            }
        }
        #expect(error?.description == "ada.age: expected Int, found String \"x\"")
    }

    // MARK: Combinations

    @Test(arguments: Route.allCases)
    func unknownKeysWithClassClusters(_ route: Route) {
        let decoder = Self.decoder(unknown: .reject)
        let render = { (shape: PolicyShape) in "\(type(of: shape)) \(shape.name) \((shape as? PolicyDot)?.size ?? -1)" }
        #expect(Self.outcome(PolicyShape.self, #"{"kind": "dot", "name": "d", "size": 2}"#, decoder, route, render: render) == "PolicyDot d 2")
        #expect(Self.outcome(PolicyShape.self, #"{"kind": "dot", "sise": 2}"#, decoder, route, render: render)
                == #"error: sise: unknown key (PolicyDot has no property reading it); did you mean "size", which reads "size"?"#)
        #expect(Self.outcome(PolicyShape.self, #"{"name": "plain", "size": 2}"#, decoder, route, render: render)
                == "error: size: unknown key (PolicyShape has no property reading it)")
    }

    @Test(arguments: Route.allCases)
    func missingKeysWithKeyPathsCandidatesAndGather(_ route: Route) {
        let decoder = Self.decoder(missing: .reject)
        #expect(Self.outcome(KnownKeys.self, "{}", decoder, route, lenient: true) { "\($0.id)" }
                == "0 | user_id: required key is missing (expected Int); profile.image: required key is missing (expected String); "
                + "heading: required key is missing (expected String); location: required key is missing (expected [String: Double])")
        let present = #"{"user_id": 1, "profile": {"image": "i"}, "title": "t", "lng": 2}"#
        #expect(Self.outcome(KnownKeys.self, present, decoder, route) { "\($0.id) \($0.avatar) \($0.title) \($0.location)" } == "1 i t [\"lng\": 2.0]")
    }

    @Test(arguments: Route.allCases)
    func fallbacksBehindTransformers(_ route: Route) {
        let render = { (model: Stamped) in "\(model.at.timeIntervalSince1970) \(model.note)" }
        #expect(Self.outcome(Stamped.self, #"{"at": "yesterday", "note": "n"}"#, KeyValueDecoder(), route, render: render) == "1.0 n")
        #expect(Self.outcome(Stamped.self, #"{"at": "1970-01-01T00:00:02Z"}"#, KeyValueDecoder(), route, render: render) == "2.0 ")
        // A malformed document is never absorbed by a relaxation.
        #expect(Self.outcome(Stamped.self, #"{"at": [1,}"#, Self.decoder(elements: .skip), .bytes, render: render).hasPrefix("error: at: malformed JSON: unexpected character '}'"))
    }

    @Test(arguments: Route.allCases)
    func everyOptionTogether(_ route: Route) throws {
        let decoder = Self.decoder(null: .useDefault, missing: .reject, unknown: .reject, elements: .skip)
        #expect(Self.outcome(PolicyFriend.self, #"{"name": "a", "age": null}"#, decoder, route) { "\($0.name)/\($0.age)" } == "a/0")
        // Element b misses a key and element c has an unknown one: both are dropped.
        let array = #"[{"name": "a", "age": 1}, {"name": "b"}, {"name": "c", "age": 3, "x": 1}]"#
        let friends = switch route {
        case .bytes: try decoder.decode([PolicyFriend].self, fromJSON: Data(array.utf8))
        case .dictionary: try decoder.decode([PolicyFriend].self, from: try #require(try JSONSerialization.jsonObject(with: Data(array.utf8)) as? [Any]))
        }
        #expect(friends.map(\.name) == ["a"])
        // Leniently, the same elements are dropped, each listed with the error that dropped it.
        let holder = #"{"count": 1, "tags": [], "name": "x", "role": "admin", "level": 2, "kind": "b", "scores": [], "byName": {}, "ids": [], "friend": {"name": "f", "age": 1}, "friends": \#(array)}"#
        #expect(Self.outcome(PolicyModel.self, holder, decoder, route, lenient: true) { $0.friends.map(\.name).joined() }
                == "a | friends[1].age: required key is missing (expected Int); friends[2].x: unknown key (PolicyFriend has no property reading it)")
    }
}
