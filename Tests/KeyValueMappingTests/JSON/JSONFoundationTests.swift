import Foundation
import Testing
@testable import KeyValueMapping

@Suite struct JSONFoundationTests {
    @Test func foundationValuesHaveJSONSerializationTypes() throws {
        let value = try JSONValue(jsonString: """
        [null, true, 1, -1, 9223372036854775808, 18446744073709551616, 1.5, 1.0, 1e400, "s", [2], {"k": false},
         123456789012345678901234567890123456789012345]
        """)
        let array = try #require(value.foundationValue() as? [Any])
        #expect(array.count == 13)
        #expect(array[0] is NSNull)
        #expect(type(of: array[1]) == Bool.self && array[1] as? Bool == true)
        #expect(type(of: array[2]) == Int.self && array[2] as? Int == 1)
        #expect(type(of: array[3]) == Int.self && array[3] as? Int == -1)
        #expect(type(of: array[4]) == UInt64.self && array[4] as? UInt64 == 9_223_372_036_854_775_808)
        #expect(type(of: array[5]) == Decimal.self && array[5] as? Decimal == Decimal(string: "18446744073709551616"))
        #expect(type(of: array[6]) == Double.self && array[6] as? Double == 1.5)
        #expect(type(of: array[7]) == Double.self && array[7] as? Double == 1.0)
        #expect(array[8] as? Double == .infinity)
        #expect(type(of: array[9]) == String.self && array[9] as? String == "s")
        #expect((array[10] as? [Any])?.first as? Int == 2)
        #expect((array[11] as? [String: Any])?["k"] as? Bool == false)
        // Beyond 64 bits, a Decimal keeping its first digits, as JSONSerialization's NSDecimalNumber.
        #expect(type(of: array[12]) == Decimal.self && array[12] as? Decimal == Decimal(string: "123456789012345678901234567890123456789012345"))
    }

    /// Foundation values are not Sendable, so the table holds closures that build them.
    struct FoundationCase: Sendable, CustomTestStringConvertible {
        let expected: String
        let make: @Sendable () -> Any
        init(_ expected: String, _ make: @escaping @Sendable () -> Any) {
            self.expected = expected
            self.make = make
        }
        var testDescription: String { "\(type(of: make())) → \(expected)" }
    }

    static let accepted: [FoundationCase] = [
        FoundationCase("true") { true }, FoundationCase("true") { NSNumber(value: true) },
        FoundationCase("false") { NSNumber(value: false) }, FoundationCase("1") { NSNumber(value: 1) },
        FoundationCase("0") { NSNumber(value: 0) }, FoundationCase("2.5") { NSNumber(value: 2.5) },
        FoundationCase("18446744073709551615") { NSNumber(value: UInt64.max) },
        FoundationCase("-9223372036854775808") { NSNumber(value: Int64.min) },
        FoundationCase("-3") { Int8(-3) }, FoundationCase("7") { UInt16(7) },
        FoundationCase("2147483647") { Int32.max }, FoundationCase("18446744073709551615") { UInt.max },
        FoundationCase("1.5") { Float(1.5) }, FoundationCase("0.1") { 0.1 },
        FoundationCase("12.5") { Decimal(string: "12.50") as Any },
        FoundationCase("-18446744073709551616") { Decimal(string: "-18446744073709551616") as Any },
        FoundationCase(#""text""#) { "text" }, FoundationCase(#""ns""#) { NSString(string: "ns") },
        FoundationCase("null") { NSNull() },
        FoundationCase(#"[1,"a",null]"#) { [1, "a", NSNull()] as [Any] },
        FoundationCase(#"{"a":[true],"b":1}"#) { ["b": 1, "a": [true]] as [String: Any] },
        FoundationCase("[1,2]") { NSArray(array: [1, 2]) },
        FoundationCase(#"{"k":"v"}"#) { NSDictionary(dictionary: ["k": "v"]) },
    ]

    @Test(arguments: accepted)
    func acceptedFoundationValues(_ testCase: FoundationCase) throws {
        #expect(try JSONValue(foundationValue: testCase.make()).jsonString() == testCase.expected)
    }

    @Test func unsupportedValuesThrowWithAPath() {
        let cases: [(Any, String)] = [
            (Double.nan, "nan is not a finite number"),
            (["a": [1, Float.infinity]] as [String: Any], "a[1]: inf is not a finite number"),
            ([["when": Date(timeIntervalSince1970: 0)]] as [Any], "[0].when: Date is not a JSON value"),
            ([1: "x"] as [Int: String], "Dictionary<Int, String> is not a JSON value"),
            (Decimal.nan, "Decimal NaN is not a finite number"),
        ]
        for (input, description) in cases {
            do {
                let value = try JSONValue(foundationValue: input)
                Issue.record("expected an error, got \(value)")
            } catch {
                #expect(error.description == description)
            }
        }
    }

    @Test(arguments: ["twitter.json", "github/issues.json", "citm_catalog.json"])
    func roundTripThroughFoundationValues(_ name: String) throws {
        let value = try JSONValue(jsonData: Fixtures.realWorld(name))
        let back = try JSONValue(foundationValue: value.foundationValue())
        #expect(Self.sameValue(value, back))
        // And JSONSerialization's own reading converts to the same value.
        let serialized = try JSONSerialization.jsonObject(with: Fixtures.realWorld(name), options: [.fragmentsAllowed])
        #expect(Self.sameValue(value, try JSONValue(foundationValue: serialized)))
    }

    /// Equality that ignores object member order and number notation (`1e2` vs `100.0`).
    static func sameValue(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)):
            if let x = a.int64Value, let y = b.int64Value { return x == y }
            if let x = a.uint64Value, let y = b.uint64Value { return x == y }
            return a.doubleValue == b.doubleValue
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { sameValue($0, $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { member in
                b[member.key].map { sameValue(member.value, $0) } ?? false
            }
        default:
            return false
        }
    }
}
