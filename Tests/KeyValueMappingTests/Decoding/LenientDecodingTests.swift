import Foundation
import Testing
import KeyValueMapping

enum LenientRole: String, UnknownCaseRepresentable {
    case admin, member, unknown
    static var unknownCase: LenientRole { .unknown }
}

struct LenientFriend: Mappable {
    var name = ""
    var age = 0
    var role = LenientRole.member
    var render: String { "\(name)/\(age)/\(role)" }
}

/// Every relaxation that replaces a failed value: a fallback (on a model and on a scalar), an
/// element drop (by rule and by the decoder), and unknown cases that change a value in place.
struct LenientCrowd: Mappable {
    var roles: [LenientRole] = []
    var best = LenientFriend()
    var count = 0
    var friends: [LenientFriend] = []
    var byName: [String: LenientFriend] = [:]
    var plain: [LenientFriend] = []
    var tags: [String] = []
    static var mappingRules: MappingRules {
        MappingRules()
            .fallback("best", to: LenientFriend(name: "fallback", age: -1, role: .admin))
            .fallback("count", to: -1)
            .skipInvalidElements("friends", "byName")
    }
    var render: String {
        "roles=\(roles) best=\(best.render) count=\(count) friends=\(friends.map(\.render)) "
            + "byName=\(byName.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.render)" }) plain=\(plain.map(\.render)) tags=\(tags)"
    }
}

/// Lenient decoding gives the model a plain decode gives whenever that succeeds, and lists only
/// relaxations the returned model holds.
@Suite struct LenientDecodingTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let json: String
        let model: String
        let listed: [String]
        var testDescription: String { json }
    }

    static let prototype = LenientCrowd().render

    static func model(_ changes: [(String, String)]) -> String {
        changes.reduce(prototype) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    /// A relaxation listed while decoding a value that is then thrown away (an element dropped,
    /// a property that failed, a model a fallback replaced) is thrown away with it.
    static let discarded: [Row] = [
        Row(json: #"{"roles": ["boss", {}]}"#, model: prototype,
            listed: [#"roles[1]: expected LenientRole (String raw value), found Dictionary (0 keys)"#]),
        Row(json: #"{"best": {"name": "Ada", "role": "boss", "age": "old"}}"#, model: model([("best=/0/member", "best=fallback/-1/admin")]),
            listed: [#"best.age: expected Int, found String "old""#]),
        Row(json: #"{"friends": [{"role": "boss", "age": "x"}, {"role": "boss"}]}"#, model: model([("friends=[]", #"friends=["/0/unknown"]"#)]),
            listed: [#"friends[0].age: expected Int, found String "x""#,
                     #"friends[1].role: expected LenientRole, found String "boss" (not a raw value of LenientRole)"#]),
        Row(json: #"{"byName": {"a": {"role": "boss", "age": "x"}, "b": {"role": "boss"}}}"#, model: model([("byName=[]", #"byName=["b:/0/unknown"]"#)]),
            listed: [#"byName.a.age: expected Int, found String "x""#,
                     #"byName.b.role: expected LenientRole, found String "boss" (not a raw value of LenientRole)"#]),
        // No relaxation takes `plain[1]`: a plain decode fails, and lenient decoding carries on
        // past the failing property, keeping the element and what the unknown cases changed.
        Row(json: #"{"plain": [{"role": "boss"}, {"age": "x", "role": "boss"}]}"#, model: model([("plain=[]", #"plain=["/0/unknown", "/0/unknown"]"#)]),
            listed: [#"plain[0].role: expected LenientRole, found String "boss" (not a raw value of LenientRole)"#,
                     #"plain[1].age: expected Int, found String "x""#,
                     #"plain[1].role: expected LenientRole, found String "boss" (not a raw value of LenientRole)"#]),
        Row(json: #"{"best": {"role": "boss"}, "count": "x"}"#, model: model([("best=/0/member", "best=/0/unknown"), ("count=0", "count=-1")]),
            listed: [#"best.role: expected LenientRole, found String "boss" (not a raw value of LenientRole)"#,
                     #"count: expected Int, found String "x""#]),
    ]

    @Test(arguments: discarded, [false, true])
    func relaxationsOfDiscardedValuesAreNotListed(_ row: Row, bytes: Bool) {
        let outcome = DecodeRoute.lenientOutcome(LenientCrowd.self, row.json, bytes: bytes) { $0.render }
        #expect(outcome == row.model + " | " + row.listed.joined(separator: "; "))
    }

    // MARK: The lenient model is the plain model

    static let payloads = [
        #"{"best": {"name": "Ada", "age": "old"}}"#,
        #"{"best": {"name": "Ada", "age": 3, "role": "boss"}}"#,
        #"{"best": {"name": 5}, "friends": [{"name": "a"}, {"name": "b", "age": "x"}, 3, null]}"#,
        #"{"friends": [{"name": "a", "extra": 1}], "byName": {"a": {"zzz": 1}, "b": {"name": "b"}}}"#,
        #"{"count": "12", "tags": [1, "a"], "roles": ["admin", "boss"]}"#,
        #"{"count": null, "best": null, "friends": null}"#,
        #"{"plain": [{"name": "a"}, {"age": "x"}], "tags": ["a", null]}"#,
        #"{"roles": ["boss", {}], "best": [], "count": [], "byName": {"a": 1}}"#,
        #"{"best": {"name": "n", "age": 1, "role": "admin"}, "count": 4, "friends": [], "byName": {}, "plain": [], "tags": ["t"], "roles": []}"#,
        #"{"zzz": 1, "best": {"age": null}}"#,
    ]

    enum Options: String, CaseIterable, Sendable {
        case standard, nullDefault, skip, rejectMissing, rejectUnknown, strict, everything

        var decoder: KeyValueDecoder {
            var decoder = KeyValueDecoder()
            switch self {
            case .standard: break
            case .nullDefault: decoder.nullDecoding = .useDefault
            case .skip: decoder.invalidElements = .skip
            case .rejectMissing: decoder.missingKeys = .reject
            case .rejectUnknown: decoder.unknownKeys = .reject
            case .strict: decoder.coercion = .strict
            case .everything:
                decoder.nullDecoding = .useDefault
                decoder.invalidElements = .skip
                decoder.unknownKeys = .reject
            }
            return decoder
        }
    }

    @Test(arguments: payloads, Options.allCases)
    func theLenientModelIsThePlainModelWheneverThatSucceeds(_ json: String, _ options: Options) {
        for bytes in [false, true] {
            let plain = (bytes ? DecodeRoute.bytes : .dictionary).outcome(LenientCrowd.self, json, options.decoder) { $0.render }
            let lenient = DecodeRoute.lenientOutcome(LenientCrowd.self, json, options.decoder, bytes: bytes) { $0.render }
            guard !plain.hasPrefix("error: ") else { continue }
            #expect(lenient.hasPrefix(plain + " | "), "bytes: \(bytes)\nplain:   \(plain)\nlenient: \(lenient)")
        }
    }
}
