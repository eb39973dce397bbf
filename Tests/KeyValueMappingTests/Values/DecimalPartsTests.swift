import Foundation
import Testing
@testable import KeyValueMapping

/// The Decimal fast route (JSONSerialization's NSDecimalNumbers on Linux) against the exact
/// route through the Decimal's text, which it replaces on every ordinary number.
@Suite struct DecimalPartsTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let literal: String
        /// `nil` when the significand needs more than 64 bits (the text route handles it).
        let parts: DecimalParts?
        let standing: String

        var testDescription: String { literal }
    }

    static let rows: [Row] = [
        Row(literal: "0.14285714285714285", parts: DecimalParts(isNegative: false, mantissa: 14_285_714_285_714_285, exponent: -17), standing: "fraction"),
        Row(literal: "-1.50", parts: DecimalParts(isNegative: true, mantissa: 15, exponent: -1), standing: "fraction"),
        Row(literal: "0", parts: DecimalParts(isNegative: false, mantissa: 0, exponent: 0), standing: "signed 0"),
        Row(literal: "-0", parts: DecimalParts(isNegative: false, mantissa: 0, exponent: 0), standing: "signed 0"),
        Row(literal: "1e18", parts: DecimalParts(isNegative: false, mantissa: 1, exponent: 18), standing: "signed 1000000000000000000"),
        Row(literal: "1e19", parts: DecimalParts(isNegative: false, mantissa: 1, exponent: 19), standing: "unsigned 10000000000000000000"),
        Row(literal: "1e20", parts: DecimalParts(isNegative: false, mantissa: 1, exponent: 20), standing: "beyond64Bits"),
        Row(literal: "-9223372036854775808", parts: DecimalParts(isNegative: true, mantissa: 9_223_372_036_854_775_808, exponent: 0),
            standing: "signed -9223372036854775808"),
        Row(literal: "-9223372036854775809", parts: DecimalParts(isNegative: true, mantissa: 9_223_372_036_854_775_809, exponent: 0),
            standing: "beyond64Bits"),
        Row(literal: "12.000", parts: DecimalParts(isNegative: false, mantissa: 12, exponent: 0), standing: "signed 12"),
        Row(literal: "1.0000000000000001", parts: DecimalParts(isNegative: false, mantissa: 10_000_000_000_000_001, exponent: -16),
            standing: "fraction"),
        // 2^64 − 1 is rounded to 2^64 by the fit test, so it takes the text route; so does 2^64.
        Row(literal: "18446744073709551615", parts: nil, standing: "unsigned 18446744073709551615"),
        Row(literal: "18446744073709551616", parts: nil, standing: "beyond64Bits"),
        Row(literal: "3.14159265358979323846264338327950288", parts: nil, standing: "fraction"),
        // Halfway between two Doubles: ties go to the even one, a hair above goes up.
        Row(literal: "9007199254740993", parts: DecimalParts(isNegative: false, mantissa: 9_007_199_254_740_993, exponent: 0),
            standing: "signed 9007199254740993"),
        Row(literal: "9007199254740995", parts: DecimalParts(isNegative: false, mantissa: 9_007_199_254_740_995, exponent: 0),
            standing: "signed 9007199254740995"),
        Row(literal: "9007199254740993.0000001", parts: nil, standing: "fraction"),
        Row(literal: "9007199254740993.001", parts: DecimalParts(isNegative: false, mantissa: 9_007_199_254_740_993_001, exponent: -3),
            standing: "fraction"),
        Row(literal: "0.30000000000000004", parts: DecimalParts(isNegative: false, mantissa: 30_000_000_000_000_004, exponent: -17),
            standing: "fraction"),
        Row(literal: "-12345678901234567891e22", parts: DecimalParts(isNegative: true, mantissa: 12_345_678_901_234_567_891, exponent: 22),
            standing: "beyond64Bits"),
        Row(literal: "12345678901234567e-22", parts: DecimalParts(isNegative: false, mantissa: 12_345_678_901_234_567, exponent: -22),
            standing: "fraction"),
    ]

    @Test(arguments: rows)
    func readsTheExactDigits(_ row: Row) throws {
        let decimal = try #require(Decimal(string: row.literal))
        #expect(DecimalParts(decimal) == row.parts)
        #expect(describe(IntegerStanding(decimal)) == row.standing)
        #expect(decimal.nearestDouble == Double(row.literal))
    }

    @Test func notANumberHasNoParts() {
        #expect(DecimalParts(.nan) == nil)
        #expect(Decimal.nan.nearestDouble == nil)
        #expect(describe(IntegerStanding(Decimal.nan)) == "fraction")
    }

    /// Thousands of literals of every length and scale, each converted both ways: the fast route
    /// must give the correctly rounded Double and the same integer standing as the literal's text.
    @Test func agreesWithTheTextRouteOnGeneratedLiterals() throws {
        var generator = SeededGenerator(seed: 0x5EED)
        var checked = 0
        for _ in 0..<20_000 {
            let digits = Int(generator.next() % 19) + 1
            var mantissa = generator.next() % 10_000_000_000_000_000_000
            for _ in digits..<19 { mantissa /= 10 }
            let exponent = Int(generator.next() % 81) - 40
            let sign = generator.next() % 2 == 0 ? "" : "-"
            let literal = "\(sign)\(mantissa)e\(exponent)"
            let decimal = try #require(Decimal(string: literal), "\(literal)")
            let text = try #require(JSONNumber(literal: decimal.description))
            #expect(decimal.nearestDouble == Double(literal), "\(literal)")
            #expect(describe(IntegerStanding(decimal)) == describe(text.integerStanding), "\(literal)")
            if DecimalParts(decimal) != nil { checked += 1 }
        }
        // Nearly all of them went the fast route (only significands at 2^64 and above do not).
        #expect(checked > 19_000)
    }

    /// Significands of 54 to 64 bits within ±22 decimal places are rounded by integer arithmetic
    /// rather than the text parser; each must round exactly as the parser does.
    @Test func roundsWideSignificandsExactly() {
        var generator = SeededGenerator(seed: 0xD1617)
        for _ in 0..<50_000 {
            var mantissa = generator.next()
            mantissa >>= generator.next() % 11
            if mantissa <= 1 << 53 { mantissa |= 1 << 53 + 1 }
            // Every fourth one a tie or next to one: the low eleven bits at the halfway point.
            if generator.next() % 4 == 0, mantissa >> 63 == 1 { mantissa = mantissa & ~0x7FF | 0x400 | generator.next() % 2 }
            let exponent = Int(generator.next() % 45) - 22
            let parsed = Double("\(mantissa)e\(exponent)")
            #expect(DecimalParts.nearestMagnitude(mantissa, exponent) == parsed, "\(mantissa)e\(exponent)")
        }
        #expect(DecimalParts.nearestMagnitude(1, 23) == nil)
        #expect(DecimalParts.nearestMagnitude(1, -23) == nil)
    }

    private func describe(_ standing: IntegerStanding) -> String {
        switch standing {
        case .signed(let value): return "signed \(value)"
        case .unsigned(let value): return "unsigned \(value)"
        case .beyond64Bits: return "beyond64Bits"
        case .fraction: return "fraction"
        }
    }
}
