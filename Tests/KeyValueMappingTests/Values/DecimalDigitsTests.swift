import Foundation
import Testing
@testable import KeyValueMapping

/// The decimal digits the date writers cut and read back.
@Suite struct DecimalDigitsTests {
    static func text(_ number: DecimalDigits) -> String { number.scientificText }

    @Test(arguments: [
        (1_700_000_000.123_456, "1700000000123456e-6"), (0.000_5, "5e-4"), (-1.0, "-1e0"), (1e-7, "1e-7"),
        (1e16, "1e16"), (0.0, "0"), (-0.0, "0"), (123.25, "12325e-2"), (-0x1p-1074, "-5e-324"),
    ])
    func readsAShortestDescription(_ value: Double, _ expected: String) throws {
        let digits = try #require(DecimalDigits(value))
        #expect(Self.text(digits) == expected)
        #expect(digits.nearestDouble == value)
    }

    @Test func refusesWhatIsNotANumber() {
        #expect(DecimalDigits(.nan) == nil)
        #expect(DecimalDigits(.infinity) == nil)
    }

    @Test(arguments: [
        (1.2345, 2, "123e-2", "124e-2"), (1.2345, 4, "12345e-4", "12345e-4"), (-1.2345, 1, "-12e-1", "-13e-1"),
        (9.995, 2, "999e-2", "1e1"), (0.000_5, 2, "0", "1e-2"), (0.000_5, 0, "0", "1e0"), (99.5, 0, "99e0", "1e2"),
    ])
    func cutsEitherWay(_ value: Double, _ places: Int, _ towardZero: String, _ awayFromZero: String) throws {
        let neighbours = try #require(DecimalDigits(value)).neighbours(keepingFractionDigits: places)
        #expect(Self.text(neighbours.towardZero) == towardZero)
        #expect(Self.text(neighbours.awayFromZero) == awayFromZero)
    }

    @Test(arguments: [
        (1.25, 3, 1, "250"), (-1.25, 3, -2, "750"), (-1.0, 0, -1, ""), (-0.000_5, 3, -1, "9995"), (0.000_5, 0, 0, "0005"), (12.0, 2, 12, "00"),
    ])
    func splitsIntoAWholePartRoundedDownAndAFraction(_ value: Double, _ places: Int, _ whole: Int, _ fraction: String) throws {
        let digits = try #require(DecimalDigits(value))
        let split = try #require(digits.splitDown(fractionDigits: places))
        #expect(split.whole == whole)
        #expect(String(decoding: split.fraction, as: UTF8.self) == fraction)
    }

    @Test(arguments: [(-3, "25", "-275e-2"), (3, "25", "325e-2"), (-3, "00", "-3e0"), (0, "05", "5e-2"), (-1, "9995", "-5e-4")])
    func joinsAWholePartAndAFraction(_ whole: Int, _ fraction: String, _ expected: String) {
        #expect(Self.text(DecimalDigits(whole: whole, fraction: Array(fraction.utf8))) == expected)
    }
}
