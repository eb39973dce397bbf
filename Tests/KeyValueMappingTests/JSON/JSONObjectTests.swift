import Foundation
import Testing
@testable import KeyValueMapping

@Suite struct JSONObjectTests {
    static func object(_ json: String, options: JSONReadingOptions = JSONReadingOptions()) throws -> JSONObject {
        let value = try JSONValue(jsonString: json, options: options)
        guard case .object(let object) = value else {
            Issue.record("expected an object, got \(value)")
            return [:]
        }
        return object
    }

    static func options(_ policy: JSONReadingOptions.DuplicateKeyPolicy) -> JSONReadingOptions {
        var options = JSONReadingOptions()
        options.duplicateKeys = policy
        return options
    }

    /// Small objects drawn from a pool of keys, so repeats and distinct keys that share hash
    /// bits both occur: each must come out as inserting its members one by one gives.
    @Test(arguments: [.useLast, .useFirst] as [JSONReadingOptions.DuplicateKeyPolicy])
    func repeatsInSmallObjectsAreFoundAndDistinctKeysKept(_ policy: JSONReadingOptions.DuplicateKeyPolicy) throws {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for _ in 0..<300 {
            let members = (0..<(1 + next(16))).map { position in ("k\(next(24))", position) }
            var keys: [String] = []
            var values: [String: Int] = [:]
            for (key, value) in members {
                if values[key] == nil { keys.append(key) }
                if values[key] == nil || policy == .useLast { values[key] = value }
            }
            let json = "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
            let object = try Self.object(json, options: Self.options(policy))
            #expect(object.keys == keys, "\(json)")
            #expect(object.map { $0.value } == keys.map { .number(JSONNumber(Int64(values[$0]!))) }, "\(json)")
        }
    }

    @Test func lastValueWinsAtTheFirstPositionByDefault() throws {
        let object = try Self.object(#"{"a": 1, "b": 2, "a": 3}"#)
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == .number(JSONNumber(Int64(3))))
        #expect(JSONValue.object(object).jsonString() == #"{"a":3,"b":2}"#)
    }

    @Test func useFirstKeepsTheFirstValue() throws {
        let object = try Self.object(#"{"a": 1, "b": 2, "a": 3}"#, options: Self.options(.useFirst))
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == .number(JSONNumber(Int64(1))))
    }

    @Test func rejectPointsAtTheRepeatedKey() throws {
        let error = try #require(jsonSyntaxError(#"[{"a": 1}, {"b": 2,"a": [], "b": 3}]"#, options: Self.options(.reject)))
        #expect(error.message == #"duplicate key "b""#)
        #expect(error.offset == 28)
        #expect(throws: Never.self) { try JSONValue(jsonString: #"{"a": {"a": 1}}"#, options: Self.options(.reject)) }
    }

    @Test(arguments: [.useLast, .useFirst, .reject] as [JSONReadingOptions.DuplicateKeyPolicy])
    func largeObjectsUseTheIndex(_ policy: JSONReadingOptions.DuplicateKeyPolicy) throws {
        let members = (0..<100).map { #""k\#($0)": \#($0)"# }
        let json = "{" + members.joined(separator: ",") + #", "k50": "again"}"#
        if policy == .reject {
            #expect(jsonSyntaxError(json, options: Self.options(policy))?.message == #"duplicate key "k50""#)
            return
        }
        let object = try Self.object(json, options: Self.options(policy))
        #expect(object.count == 100)
        #expect(object.keys == (0..<100).map { "k\($0)" })
        #expect(object["k99"] == .number(JSONNumber(Int64(99))))
        #expect(object["k100"] == nil)
        #expect(object["k50"] == (policy == .useLast ? .string("again") : .number(JSONNumber(Int64(50)))))
        #expect(object[50].key == "k50")
    }

    @Test(arguments: [3, 16, 17, 40])
    func lookupFindsEveryMember(_ count: Int) {
        let object = JSONObject((0..<count).map { ("key\($0)", JSONValue.number(JSONNumber(Int64($0)))) })
        for position in 0..<count {
            #expect(object["key\(position)"] == .number(JSONNumber(Int64(position))))
        }
        #expect(object["missing"] == nil)
        #expect(object.map(\.key) == object.keys)
    }

    /// Sizes around the linear-scan limit and the index's growth steps; keys of every length
    /// from 0 to 20 bytes (the hash reads eight bytes at a time plus a tail), each repeated once.
    @Test(arguments: [1, 16, 17, 31, 32, 33, 64, 65, 500])
    func duplicatesAreFoundAtEverySize(_ count: Int) throws {
        let keys = (0..<count).map { String(repeating: "x", count: $0 % 21) + "\($0)" }
        let members = keys.indices.map { #""\#(keys[$0])": \#($0)"# }
        let repeated = keys.indices.filter { $0.isMultiple(of: 7) }.map { #""\#(keys[$0])": "again""# }
        let object = try Self.object("{" + (members + repeated).joined(separator: ",") + "}")
        #expect(object.keys == keys)
        for position in keys.indices {
            let expected: JSONValue = position.isMultiple(of: 7) ? .string("again") : .number(JSONNumber(Int64(position)))
            #expect(object[keys[position]] == expected, "\(keys[position])")
        }
        #expect(object["x"] == nil && object[""] == nil)
    }

    /// The reader reuses recently read keys; objects whose keys keep evicting each other from
    /// its small table must still get exactly their own keys.
    @Test func keysReusedAcrossObjectsAreExact() throws {
        let objects = (0..<300).map { index in
            "{" + (0..<5).map { #""key\#((index * 7 + $0 * 13) % 211)": \#($0)"# }.joined(separator: ",") + "}"
        }
        let value = try JSONValue(jsonString: "[" + objects.joined(separator: ",") + "]")
        guard case .array(let elements) = value else {
            Issue.record("expected an array, got \(value)")
            return
        }
        for (index, element) in elements.enumerated() {
            guard case .object(let object) = element else {
                Issue.record("expected an object at \(index)")
                continue
            }
            #expect(object.keys == (0..<5).map { "key\((index * 7 + $0 * 13) % 211)" })
        }
    }

    /// Two different keys with the same hash are still told apart by their bytes.
    @Test func equalHashesAreConfirmedByBytes() {
        let members = (0..<40).map { JSONObjectMember(key: "k\($0)", value: .number(JSONNumber(Int64($0))), hash: UInt64($0 % 3)) }
        let index = HashIndex(hashes: members.map(\.hash))
        func lookUp(_ hash: UInt64, key: String) -> Int? {
            index.position(of: hash) { members[$0].hash == hash && JSONObjectKey.same(members[$0].key, key) }
        }
        for position in members.indices {
            #expect(lookUp(UInt64(position % 3), key: "k\(position)") == position)
        }
        #expect(lookUp(1, key: "k2") == nil)
        #expect(index.position(of: 7) { members[$0].hash == 7 } == nil)
    }

    @Test func initialisersApplyTheDefaultRule() {
        let fromPairs = JSONObject([("x", .null), ("y", .bool(true)), ("x", .bool(false))])
        #expect(fromPairs.keys == ["x", "y"])
        #expect(fromPairs["x"] == .bool(false))
        let literal: JSONObject = ["x": .null, "y": .bool(true)]
        #expect(literal.keys == ["x", "y"])
        #expect(literal.startIndex == 0 && literal.endIndex == 2)
    }

    @Test func keysCompareByScalarsNotCanonicalEquivalence() throws {
        let object = try Self.object(#"{"\u00e9": 1, "e\u0301": 2}"#, options: Self.options(.reject))
        #expect(object.count == 2)
        #expect(object["\u{E9}"] == .number(JSONNumber(Int64(1))))
        #expect(object["e\u{301}"] == .number(JSONNumber(Int64(2))))
        let large = JSONObject((0..<20).map { ("k\($0)", JSONValue.null) } + [("\u{E9}", .bool(true)), ("e\u{301}", .bool(false))])
        #expect(large.count == 22)
        #expect(large["e\u{301}"] == .bool(false))
        #expect(JSONObject([("\u{E9}", .null)]) != JSONObject([("e\u{301}", .null)]))
    }

    @Test func equalityIsOrderSensitive() throws {
        #expect(try Self.object(#"{"a":1,"b":2}"#) == Self.object(#"{ "a" : 1 , "b" : 2 }"#))
        #expect(try Self.object(#"{"a":1,"b":2}"#) != Self.object(#"{"b":2,"a":1}"#))
        #expect(try Self.object(#"{"a":1}"#) != Self.object(#"{"a":1,"b":2}"#))
    }
}
