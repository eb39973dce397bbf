import Foundation
import Testing
import KeyValueMapping

struct MemberOrderModel: Mappable {
    var byName: [String: Int] = [:]
    var byNumber: [Int: Int] = [:]
    var scores: [String: Double] = [:]
    var payload: Any?
}

/// A `[String: Any]` has no order of its own: when several members fail, the dictionary path
/// reports (and lenient decoding lists) them in key order (UTF-8), whatever the hash seed; the
/// bytes path follows the payload's order.
@Suite struct DictionaryMemberOrderTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let json: String
        let fromDictionary: String
        let fromBytes: String
        var testDescription: String { json }
    }

    static let rows: [Row] = [
        Row(json: #"{"byName": {"b": "y", "a": "x", "c": "z"}}"#,
            fromDictionary: #"error: byName.a: expected Int, found String "x""#, fromBytes: #"error: byName.b: expected Int, found String "y""#),
        Row(json: #"{"byName": {"a": "x", "b": "y"}}"#,
            fromDictionary: #"error: byName.a: expected Int, found String "x""#, fromBytes: #"error: byName.a: expected Int, found String "x""#),
        Row(json: #"{"byName": {"é": "x", "z": "y", "Z": "w"}}"#,
            fromDictionary: #"error: byName.Z: expected Int, found String "w""#, fromBytes: #"error: byName.é: expected Int, found String "x""#),
        // A key that does not convert and two spellings of one key: the first in key order.
        Row(json: #"{"byNumber": {"7": 2, "x": 1, "07": 1}}"#,
            fromDictionary: #"error: byNumber.7: expected Int key, found String "7" ("07" converts to the same key)"#,
            fromBytes: #"error: byNumber.x: expected Int key, found String "x" (the key does not convert)"#),
        Row(json: #"{"byNumber": {"07": 1, "7": 2, "1": "x"}}"#,
            fromDictionary: #"error: byNumber.1: expected Int, found String "x""#,
            fromBytes: #"error: byNumber.7: expected Int key, found String "7" ("07" converts to the same key)"#),
    ]

    @Test(arguments: rows, DecodeRoute.allCases)
    func theFirstFailureIsInKeyOrderOnDictionariesAndPayloadOrderOnBytes(_ row: Row, _ route: DecodeRoute) {
        let outcome = route.outcome(MemberOrderModel.self, row.json) { _ in "decoded" }
        let expected = route.readsBytes ? row.fromBytes : row.fromDictionary
        #expect(outcome.hasPrefix(expected), "\(outcome)")
    }

    /// The same members inserted in many orders, into dictionaries of many capacities: always the
    /// first in key order, through `decode(_:from:)` and through `at:`.
    @Test func theHashSeedNeverChoosesTheError() throws {
        var random = SeededGenerator(seed: 3)
        let keys = (0..<40).map { "k\($0)" }
        for _ in 0..<50 {
            var members: [String: Any] = [:]
            members.reserveCapacity(Int.random(in: 0...200, using: &random))
            for key in keys.shuffled(using: &random) { members[key] = "bad \(key)" }
            let plain = mappingError { _ = try KeyValueDecoder().decode(MemberOrderModel.self, from: ["byName": members]) }
            let nested = mappingError { _ = try KeyValueDecoder().decode(MemberOrderModel.self, from: ["wrap": ["byName": members]], at: "wrap") }
            #expect(plain?.description == #"byName.k0: expected Int, found String "bad k0""#)
            #expect(nested?.description == #"wrap.byName.k0: expected Int, found String "bad k0""#)
        }
    }

    /// Lenient decoding lists a dictionary's relaxations in key order, and a JSON object's in
    /// payload order.
    @Test(arguments: [false, true])
    func lenientListsFollowTheSameOrder(bytes: Bool) {
        var decoder = KeyValueDecoder()
        decoder.invalidElements = .skip
        let outcome = DecodeRoute.lenientOutcome(MemberOrderModel.self, #"{"byName": {"c": "z", "a": "x", "ok": 1, "b": "y"}}"#, decoder, bytes: bytes) {
            "\($0.byName)"
        }
        let listed = bytes ? ["c", "a", "b"] : ["a", "b", "c"]
        let values = ["a": "x", "b": "y", "c": "z"]
        #expect(outcome == #"["ok": 1] | "# + listed.map { #"byName.\#($0): expected Int, found String "\#(values[$0] ?? "")""# }.joined(separator: "; "))
    }

    /// Encoding a dictionary property to a dictionary reports the first failing member in key
    /// order, as writing JSON (which sorts a dictionary's keys) does.
    @Test func encodingReportsTheFirstFailingMemberInKeyOrder() throws {
        let model = MemberOrderModel(scores: ["b": .nan, "a": .infinity, "c": .nan], payload: ["y": Double.nan, "x": [Double.infinity]])
        for _ in 0..<20 {
            #expect(mappingError { _ = try KeyValueEncoder().encode(model) }?.description == "scores.a: Double inf cannot be written as JSON (NaN and infinities have no JSON form)")
            #expect(mappingError { _ = try model.jsonData() }?.description == "scores.a: Double inf cannot be written as JSON (NaN and infinities have no JSON form)")
            let payloadOnly = MemberOrderModel(payload: ["y": Double.nan, "x": [Double.infinity]])
            #expect(mappingError { _ = try KeyValueEncoder().encode(payloadOnly) }?.description == "payload.x[0]: Double inf cannot be written as JSON (NaN and infinities have no JSON form)")
        }
    }

    /// An `Any` property from a dictionary: its first failing member in key order.
    @Test func anyValuesReportTheFirstFailingMemberInKeyOrder() {
        for _ in 0..<20 {
            let error = mappingError { _ = try KeyValueDecoder().decode(MemberOrderModel.self, from: ["payload": ["b": Double.nan, "a": Double.nan]]) }
            #expect(error?.description == "payload.a: expected Any, found Double nan (not a number)")
        }
    }
}
