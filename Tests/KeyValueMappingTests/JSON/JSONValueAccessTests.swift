import Foundation
import Testing
@testable import KeyValueMapping

/// `JSONValue`'s subscripts and accessors: each gives a value only for its own kind, numbers
/// only when exact, and agrees with decoding the same literal into a property of that type.
@Suite struct JSONValueAccessTests {
    @Test func aRealDocumentIsReadByChainedSubscripts() throws {
        let events = try JSONValue(jsonData: try Fixtures.realWorld("github_events.json"))
        #expect(events[0]?["actor"]?["login"]?.stringValue == "jathanism")
        #expect(events[0]?["actor"]?["id"]?.int64Value == 138052)
        #expect(events[0]?["public"]?.boolValue == true)
        #expect(events[0]?["actor"]?["missing"] == nil)
        #expect(events[0]?["actor"]?["login"]?["deeper"] == nil)
        #expect(events[-1] == nil && events[Int.max] == nil)
        #expect(events["type"] == nil, "an array has no keys")
        let count = try #require(events.arrayValue?.count)
        #expect(events[count - 1] != nil && events[count] == nil)
    }

    /// One row per literal: what each accessor gives (`nil` is written as `nil`).
    struct Row: Sendable, CustomTestStringConvertible {
        let json: String
        let int: Int?
        let int64: Int64?
        let uint64: UInt64?
        let double: Double?
        var testDescription: String { json.count > 40 ? "\(json.prefix(12))…\(json.suffix(12)) (\(json.count) characters)" : json }
    }

    static let numbers: [Row] = [
        Row(json: "100", int: 100, int64: 100, uint64: 100, double: 100),
        Row(json: "1e2", int: 100, int64: 100, uint64: 100, double: 100),
        Row(json: "100.0", int: 100, int64: 100, uint64: 100, double: 100),
        Row(json: "-7", int: -7, int64: -7, uint64: nil, double: -7),
        Row(json: "1.5", int: nil, int64: nil, uint64: nil, double: 1.5),
        Row(json: "9223372036854775807", int: Int.max, int64: Int64.max, uint64: 9_223_372_036_854_775_807, double: nil),
        Row(json: "9223372036854775808", int: nil, int64: nil, uint64: 9_223_372_036_854_775_808, double: 9_223_372_036_854_775_808),
        Row(json: "18446744073709551616", int: nil, int64: nil, uint64: nil, double: 18_446_744_073_709_551_616),
        Row(json: "9007199254740993", int: 9_007_199_254_740_993, int64: 9_007_199_254_740_993, uint64: 9_007_199_254_740_993, double: nil),
        Row(json: "1e400", int: nil, int64: nil, uint64: nil, double: nil),
        Row(json: "1e-400", int: nil, int64: nil, uint64: nil, double: 0),
        Row(json: "0.1", int: nil, int64: nil, uint64: nil, double: 0.1),
        // Exponents far past ten thousand are exact too: digits and exponent cancel.
        Row(json: "1" + String(repeating: "0", count: 10_001) + "e-10001", int: 1, int64: 1, uint64: 1, double: 1),
        Row(json: "1" + String(repeating: "0", count: 10_002) + "e-10001", int: 10, int64: 10, uint64: 10, double: 10),
        Row(json: "1" + String(repeating: "0", count: 20_000) + "e-20000", int: 1, int64: 1, uint64: 1, double: 1),
        Row(json: "0." + String(repeating: "0", count: 10_001) + "1e10003", int: 10, int64: 10, uint64: 10, double: 10),
    ]

    @Test(arguments: numbers)
    func numbersAreReadOnlyWhenExact(_ row: Row) throws {
        let value = try JSONValue(jsonString: row.json)
        #expect(value.intValue == row.int)
        #expect(value.int64Value == row.int64)
        #expect(value.uint64Value == row.uint64)
        #expect(value.doubleValue == row.double)
        #expect(value.numberValue?.description == row.json)
        #expect(value.stringValue == nil && value.boolValue == nil && !value.isNull && value.arrayValue == nil && value.objectValue == nil)
    }

    /// `doubleValue` and `int64Value` give what a `Double` and an `Int64` property decode from
    /// the same literal, or `nil` where that decode is an error.
    @Test(arguments: numbers)
    func doubleValueAgreesWithDecodingADouble(_ row: Row) throws {
        let value = try JSONValue(jsonString: row.json)
        let decoded = try? KeyValueDecoder().decode(AccessProbe.self, fromJSON: Data(#"{"real": \#(row.json)}"#.utf8)).real
        #expect(value.doubleValue == decoded)
        let whole = try? KeyValueDecoder().decode(AccessProbe.self, fromJSON: Data(#"{"whole": \#(row.json)}"#.utf8)).whole
        #expect(value.int64Value == whole)
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let value = try JSONValue(jsonString: "-0")
        #expect(value.int64Value == 0 && value.uint64Value == 0)
        let double = try #require(value.doubleValue)
        #expect(double == 0 && double.sign == .minus)
    }

    @Test func eachKindHasOnlyItsOwnAccessor() throws {
        let text = JSONValue.string("12")
        #expect(text.stringValue == "12" && text.intValue == nil && text.doubleValue == nil && text.boolValue == nil)
        let flag = JSONValue.bool(false)
        #expect(flag.boolValue == false && flag.intValue == nil && flag.stringValue == nil)
        #expect(JSONValue.null.isNull && JSONValue.null.stringValue == nil && JSONValue.null["a"] == nil && JSONValue.null[0] == nil)
        let object = try JSONValue(jsonString: #"{"b": 1, "a": [true, null]}"#)
        #expect(object.objectValue?.keys == ["b", "a"])
        #expect(object["a"]?.arrayValue == [.bool(true), .null])
        #expect(object["a"]?[1]?.isNull == true)
        #expect(object[0] == nil, "an object has no indexes")
        #expect(try JSONValue(jsonString: "2.50").decimalValue == Decimal(string: "2.5"))
        #expect(try JSONValue(jsonString: "1" + String(repeating: "0", count: 10_001) + "e-10001").decimalValue == Decimal(1))
    }
}

struct AccessProbe: Mappable {
    var real = 0.0
    var whole: Int64 = 0
}
