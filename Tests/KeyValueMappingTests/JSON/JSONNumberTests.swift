import Foundation
import Testing
@testable import KeyValueMapping

@Suite struct JSONNumberTests {
    struct IntegerCase: Sendable, CustomTestStringConvertible {
        let literal: String
        let int64: Int64?
        let uint64: UInt64?
        let isInteger: Bool
        var testDescription: String { literal }
    }

    static let integerCases: [IntegerCase] = [
        IntegerCase(literal: "0", int64: 0, uint64: 0, isInteger: true),
        IntegerCase(literal: "-0", int64: 0, uint64: 0, isInteger: true),
        IntegerCase(literal: "42", int64: 42, uint64: 42, isInteger: true),
        IntegerCase(literal: "-42", int64: -42, uint64: nil, isInteger: true),
        IntegerCase(literal: "9223372036854775807", int64: .max, uint64: 9_223_372_036_854_775_807, isInteger: true),
        IntegerCase(literal: "-9223372036854775808", int64: .min, uint64: nil, isInteger: true),
        IntegerCase(literal: "9223372036854775808", int64: nil, uint64: 9_223_372_036_854_775_808, isInteger: true),
        IntegerCase(literal: "-9223372036854775809", int64: nil, uint64: nil, isInteger: true),
        IntegerCase(literal: "18446744073709551615", int64: nil, uint64: .max, isInteger: true),
        IntegerCase(literal: "18446744073709551616", int64: nil, uint64: nil, isInteger: true),
        IntegerCase(literal: "1.0", int64: 1, uint64: 1, isInteger: false),
        IntegerCase(literal: "-0.0", int64: 0, uint64: 0, isInteger: false),
        IntegerCase(literal: "1e2", int64: 100, uint64: 100, isInteger: false),
        IntegerCase(literal: "1E+2", int64: 100, uint64: 100, isInteger: false),
        IntegerCase(literal: "1000e-1", int64: 100, uint64: 100, isInteger: false),
        IntegerCase(literal: "0.05e2", int64: 5, uint64: 5, isInteger: false),
        IntegerCase(literal: "-1.5e1", int64: -15, uint64: nil, isInteger: false),
        IntegerCase(literal: "1.5", int64: nil, uint64: nil, isInteger: false),
        IntegerCase(literal: "1e-2", int64: nil, uint64: nil, isInteger: false),
        IntegerCase(literal: "0e999999999999999999999", int64: 0, uint64: 0, isInteger: false),
        IntegerCase(literal: "1e19", int64: nil, uint64: 10_000_000_000_000_000_000, isInteger: false),
        IntegerCase(literal: "1e20", int64: nil, uint64: nil, isInteger: false),
        IntegerCase(literal: "1e999999999999999999999", int64: nil, uint64: nil, isInteger: false),
        IntegerCase(literal: "9.223372036854775807e18", int64: .max, uint64: 9_223_372_036_854_775_807, isInteger: false),
    ]

    @Test(arguments: integerCases)
    func integerAccessors(_ testCase: IntegerCase) throws {
        let number = try Self.parseNumber(testCase.literal)
        #expect(number.description == testCase.literal)
        #expect(number.int64Value == testCase.int64)
        #expect(number.uint64Value == testCase.uint64)
        #expect(number.isInteger == testCase.isInteger)
    }

    @Test func twoToTheSixtyFourIsADecimalNotAnInteger() throws {
        let number = try Self.parseNumber("18446744073709551616")
        #expect(number.decimalValue == Decimal(string: "18446744073709551616"))
        let foundation = JSONValue.number(number).foundationValue()
        #expect(foundation as? Decimal == Decimal(string: "18446744073709551616"))
        #expect(type(of: foundation) == Decimal.self)
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let number = try Self.parseNumber("-0")
        let double = try #require(number.doubleValue)
        #expect(double == 0 && double.sign == .minus)
        #expect(JSONValue.number(number).jsonString() == "-0")
        #expect(JSONNumber(-0.0)?.description == "-0.0")
    }

    static let doubleLiterals = [
        "0", "1", "-1", "0.1", "0.5", "1.7976931348623157e308", "-1.7976931348623157e308",
        "2.2250738585072014e-308", "2.2250738585072011e-308", "4.9406564584124654e-324",
        "5e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "1e-400",
        "9007199254740993", "9007199254740992.5", "3.141592653589793238462643383279",
        "123456789012345678901234567890", "1E22", "1e23", "8.98846567431158e307",
        "0.30000000000000004", "-2.5e-3", "1.00000000000000011102230246251565404236316680908203125",
        "12345678901234567890.123456789e-10",
    ]

    @Test(arguments: doubleLiterals)
    func doubleValueMatchesSwiftParsingBitForBit(_ literal: String) throws {
        let number = try Self.parseNumber(literal)
        let expected = try #require(Double(literal))
        let actual = try #require(number.doubleValue)
        #expect(actual.bitPattern == expected.bitPattern)
    }

    @Test(arguments: ["1e400", "-1e400", "1.8e308", "123456789e999"])
    func overflowHasNoDouble(_ literal: String) throws {
        let number = try Self.parseNumber(literal)
        #expect(number.doubleValue == nil)
        #expect(number.description == literal)
    }

    @Test func pseudoRandomDoublesRoundTripBitForBit() throws {
        // A fixed seed, so every run checks the same 2000 bit patterns.
        var generator = SeededGenerator(seed: 0x9E37_79B9_7F4A_7C15)
        var values: [Double] = []
        var elements: [JSONValue] = []
        while values.count < 2000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            let number = try #require(JSONNumber(value))
            values.append(value)
            elements.append(.number(number))
        }
        var writer = JSONWriter()
        writer.beginArray()
        for value in values {
            try writer.writeDouble(value)
        }
        writer.endArray()
        #expect(writer.bytes == Array(JSONValue.array(elements).jsonData()))

        let reread = try JSONValue(jsonData: writer.bytes)
        guard case .array(let read) = reread else {
            Issue.record("expected an array, got \(reread)")
            return
        }
        #expect(read.count == values.count)
        for (value, element) in zip(values, read) {
            guard case .number(let number) = element else {
                Issue.record("expected a number, got \(element)")
                continue
            }
            #expect(number.doubleValue?.bitPattern == value.bitPattern, "\(number)")
        }
    }

    @Test func nonFiniteDoublesHaveNoNumber() {
        #expect(JSONNumber(Double.nan) == nil)
        #expect(JSONNumber(Double.infinity) == nil)
        #expect(JSONNumber(-Double.infinity) == nil)
        var writer = JSONWriter()
        #expect(throws: JSONWriter.NonFiniteNumber.self) { try writer.writeDouble(.nan) }
        #expect(throws: JSONWriter.NonFiniteNumber.self) { try writer.writeDouble(-.infinity) }
        #expect(writer.bytes.isEmpty)
    }

    @Test(arguments: [
        (Int64.min, "-9223372036854775808"), (Int64.max, "9223372036854775807"), (0, "0"), (-7, "-7"),
    ] as [(Int64, String)])
    func integerInitialisersWriteDigits(_ value: Int64, _ text: String) throws {
        #expect(JSONNumber(value).description == text)
        #expect(JSONNumber(value).int64Value == value)
        #expect(JSONNumber(UInt64.max).description == "18446744073709551615")
        #expect(JSONNumber(UInt64.max).uint64Value == .max)
    }

    @Test func decimalValueIsNilOutsideDecimalRange() throws {
        #expect(try Self.parseNumber("12.50").decimalValue == Decimal(string: "12.5"))
        #expect(try Self.parseNumber("1e400").decimalValue == nil)
    }

    @Test func equalityComparesTheLiteral() throws {
        #expect(try Self.parseNumber("1") != Self.parseNumber("1.0"))
        #expect(try Self.parseNumber("1e2") == Self.parseNumber("1e2"))
        #expect(Set([JSONNumber(Int64(3)), JSONNumber(UInt64(3))]).count == 1)
    }

    static func parseNumber(_ literal: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONNumber {
        let value = try JSONValue(jsonString: literal)
        guard case .number(let number) = value else {
            Issue.record("expected a number, got \(value)", sourceLocation: sourceLocation)
            return JSONNumber(Int64(0))
        }
        return number
    }
}
