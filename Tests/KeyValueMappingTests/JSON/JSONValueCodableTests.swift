import Foundation
import Testing
import KeyValueMapping

@Suite struct JSONValueCodableTests {
    @Test(arguments: [
        #"{"id":1,"name":"Ada","tags":["a","b"],"nested":{"x":null,"y":false}}"#,
        #"[1,-2,3.5,1e-05,"x",true,null,[],{}]"#,
        #"18446744073709551615"#,
        #"12345678901234567890123"#,
        #"0.1000000000000000000001"#,
        #""text""#,
        "null",
    ])
    func jsonDecoderAndEncoderRoundTrip(_ text: String) throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        let expected = try JSONValue(jsonString: text)
        // A Decoder does not keep member order: compare with sorted members.
        #expect(value.jsonString(options: .sortedKeys) == expected.jsonString(options: .sortedKeys))
        // JSONEncoder chooses the notation (1e-05 for 0.00001): decode again to compare values.
        let encoded = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: encoded).jsonString(options: .sortedKeys) == value.jsonString(options: .sortedKeys))
    }

    @Test func aForeignDecoderGivesTheNumbersValueNotItsNotation() throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data("[0.00001, 1.0, 2E3]".utf8))
        #expect(value.jsonString() == "[1e-05,1,2000]")
    }

    @Test func propertyListsRoundTripWhatTheyCanHold() throws {
        let value: JSONValue = ["name": "Ada", "age": 36, "score": 4.5, "admin": true, "tags": ["a", "b"], "big": .number(JSONNumber(UInt64.max))]
        let data = try PropertyListEncoder().encode(value)
        let back = try PropertyListDecoder().decode(JSONValue.self, from: data)
        #expect(back.jsonString(options: .sortedKeys) == value.jsonString(options: .sortedKeys))
    }

    /// Numbers a Double does not hold exactly are written as `Decimal`, which a property list
    /// archives as an object of its parts; reading an untyped value turns that object back into
    /// the number.
    @Test(arguments: ["123456789012345678901234567890", "0.1000000000000000000001", "-98765432109876543210.5", "1e-130"])
    func bigNumbersSurviveAPropertyListRoundTrip(_ literal: String) throws {
        let value = try JSONValue(jsonString: literal)
        let nested: JSONValue = ["list": [value, 1], "n": value]
        for original in [value, nested] {
            let back = try PropertyListDecoder().decode([JSONValue].self, from: PropertyListEncoder().encode([original]))
            #expect(back == [original])
        }
    }

    /// Only a property list's archived Decimal is a number: the same object in JSON stays an
    /// object, and so does an object with other keys.
    @Test(arguments: [
        #"{"exponent":1,"isCompact":true,"isNegative":false,"length":1,"mantissa":[5,0,0,0,0,0,0,0]}"#,
        #"{"exponent":1,"isCompact":true,"isNegative":false,"length":1,"mantissa":[5,0,0,0,0,0,0,0],"unit":"m"}"#,
        #"{"exponent":1,"isNegative":false,"length":1,"mantissa":[5,0,0,0,0,0,0,0]}"#,
    ])
    func objectsWithDecimalKeysStayObjects(_ json: String) throws {
        let value = try JSONValue(jsonString: json)
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)) == value)
        if json.contains("isCompact"), !json.contains("unit") { return }
        #expect(try PropertyListDecoder().decode(JSONValue.self, from: PropertyListEncoder().encode(value)) == value)
    }

    @Test func aValueNoJSONHoldsIsADecodingError() throws {
        let plist = try PropertyListSerialization.data(fromPropertyList: ["when": Date(timeIntervalSince1970: 0)], format: .binary, options: 0)
        do {
            _ = try PropertyListDecoder().decode(JSONValue.self, from: plist)
            Issue.record("a date decoded as JSON")
        } catch let error as DecodingError {
            guard case .typeMismatch(_, let context) = error else { Issue.record("\(error)"); return }
            #expect(context.codingPath.map(\.stringValue) == ["when"])
            #expect(context.debugDescription == "expected a JSON value, found a property-list date (1970-01-01 00:00:00 +0000)")
        }
    }

    @Test func literalsBuildValues() throws {
        let value: JSONValue = ["id": 1, "score": 4.5, "ok": true, "name": "Ada", "none": nil, "list": [1, "two", [3]]]
        #expect(value.jsonString() == #"{"id":1,"score":4.5,"ok":true,"name":"Ada","none":null,"list":[1,"two",[3]]}"#)
        let repeated: JSONValue = ["a": 1, "b": 2, "a": 3]
        #expect(repeated.jsonString() == #"{"a":3,"b":2}"#)
        let small: JSONValue = 1e-05
        #expect(small.jsonString() == "1e-05")
    }

    @Test(arguments: [
        (JSONValue.string("é"), JSONValue.string("e\u{301}"), true),
        (["é": 1], ["e\u{301}": 1], false),
        (["a": 1, "b": 2], ["b": 2, "a": 1], false),
        (1, 1.0, false),
        ([1, [2, ["x": nil]]], [1, [2, ["x": nil]]], true),
        // The same leaves in another structure.
        ([[1], 2], [[1, 2]], false),
        (["a": ["b": 1]], ["a": [["b": 1]]], false),
        (nil, false, false),
    ] as [(JSONValue, JSONValue, Bool)])
    func hashingAgreesWithEquality(_ lhs: JSONValue, _ rhs: JSONValue, _ equal: Bool) {
        #expect((lhs == rhs) == equal)
        if equal {
            #expect(lhs.hashValue == rhs.hashValue)
            #expect(Set([lhs, rhs]).count == 1)
        } else {
            #expect(Set([lhs, rhs]).count == 2)
        }
    }

    @Test func valuesAreSendableAcrossTasks() async throws {
        let value: JSONValue = ["id": 1, "tags": ["a"]]
        let copies = try await withThrowingTaskGroup(of: JSONValue.self) { group in
            for _ in 0..<8 { group.addTask { try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(value)) } }
            return try await group.reduce(into: Set<JSONValue>()) { $0.insert($1) }
        }
        #expect(copies == [value])
    }
}
