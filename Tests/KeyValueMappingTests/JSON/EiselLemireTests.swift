import Foundation
import Testing
@testable import KeyValueMapping

/// The reader's own decimal-to-double conversion against Swift's `Double(String)`, bit for bit:
/// every decimal exponent the table covers, halfway cases, subnormals, mantissas past 19
/// digits, random literals, and every number of the real-world documents and JSONTestSuite.
/// The fuzz harness (`Fuzz/FuzzJSON.swift`) runs the same comparison on every literal it reads.
@Suite struct EiselLemireTests {
    /// A literal's value read both ways; a failure names the literal.
    private static func check(_ literal: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = Double(literal).flatMap { $0.isFinite ? $0 : nil }
        let scanned = ByteInput.withUTF8(of: literal) { bytes in
            JSONReader.scanDouble(bytes, from: 0, exactIntegers: false).map { (value: $0.0, complete: $0.1 == bytes.count) }
        }
        if let scanned {
            #expect(scanned.complete, "\(literal): scanned only part of the literal", sourceLocation: sourceLocation)
            #expect(scanned.value.bitPattern == expected?.bitPattern, "\(literal): \(scanned.value) instead of \(String(describing: expected))",
                    sourceLocation: sourceLocation)
        } else if expected != nil, significantDigits(literal) <= 19 {
            // The fast conversion itself must take every finite literal of up to 19 digits, so
            // that the comparison above, not the fallback below, is what is tested.
            Issue.record("\(literal): the fast conversion declined a literal of at most 19 digits", sourceLocation: sourceLocation)
        }
        // Whatever the scan declines, the number's accessor still gives Swift's value.
        let number = JSONNumber(literal: literal)
        #expect(number?.doubleValue?.bitPattern == expected?.bitPattern, "\(literal)", sourceLocation: sourceLocation)
    }

    /// The digits of the literal's mantissa from its first nonzero one (trailing zeros count).
    private static func significantDigits(_ literal: String) -> Int {
        let mantissa = literal.prefix { $0 != "e" && $0 != "E" }.filter(\.isNumber)
        return mantissa.drop { $0 == "0" }.count
    }

    @Test func everyExponentOfTheTable() {
        let mantissas: [UInt64] = [1, 5, 9, 17, 123_456_789, 4_503_599_627_370_497, 9_007_199_254_740_993,
                                   12_345_678_901_234_567, 9_999_999_999_999_999_999, 18_446_744_073_709_551_615 / 10]
        for exponent in (EiselLemire.smallestExponent - 30)...(EiselLemire.largestExponent + 30) {
            for mantissa in mantissas {
                Self.check("\(mantissa)e\(exponent)")
                Self.check("-\(mantissa)e\(exponent)")
            }
        }
    }

    @Test func boundaries() {
        let literals = [
            "0.0", "-0.0", "0e-999", "-0e999", "1e-324", "2e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
            "4.9406564584124654e-324", "2.2250738585072009e-308", "2.2250738585072011e-308", "2.2250738585072014e-308",
            "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "179769313486231580793728971405301e276",
            "9007199254740993.0", "9007199254740992.9999999999", "9007199254740993.0000000001", "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203124", "1.00000000000000011102230246251565404236316680908203126",
            "7.2057594037927933e16", "1e23", "8.98846567431158e307", "0.1", "0.30000000000000004", "3.0517578125e-05",
            "1.0000000000000000000000000000000000000000000000001", "0.000000000000000000000000000000000000000000000001e50",
            "123456789012345678901234567890e-20", "1" + String(repeating: "0", count: 400) + "e-400",
            "0." + String(repeating: "0", count: 400) + "1e401",
        ]
        for literal in literals { Self.check(literal) }
    }

    /// Exact midpoints between neighbouring Doubles that a mantissa of at most 19 digits can
    /// write (integers between 2^53 and 10^19, whose ulp is 2 or more), and their neighbours.
    @Test func halfwayCases() {
        var generator = SeededGenerator(seed: 1)
        for _ in 0..<TestScale.count(20_000) {
            let magnitude = Double(generator.next(upperBound: UInt64(9_000_000_000_000_000_000 - 9_007_199_254_740_992)) + 9_007_199_254_740_992)
            let lower = UInt64(magnitude)
            let midpoint = lower + UInt64(magnitude.ulp) / 2
            for value in [midpoint - 1, midpoint, midpoint + 1] {
                Self.check("\(value)e0")
                Self.check("\(value).0")
                Self.check("\(value)0e-1")
            }
        }
        // Midpoints of Doubles below 2^53 written out in full, (2n + 1) / 2^(k+1) for an n of 53
        // bits: more than 19 digits, which the first 19 cannot decide.
        for _ in 0..<TestScale.count(2_000) {
            let odd = 2 * (generator.next(upperBound: UInt64(1) << 52) + (1 << 52)) + 1
            let scale = Int(generator.next(upperBound: UInt64(40))) + 1
            let digits = Self.decimalDigits(odd, timesFiveToThe: scale)
            let split = digits.count - scale
            let literal = split > 0 ? String(digits.prefix(split)) + "." + String(digits.suffix(scale))
                                    : "0." + String(repeating: "0", count: -split) + digits
            Self.check(literal)
            Self.check(literal + "1")
            Self.check(String(literal.dropLast()) + String(Character(Unicode.Scalar(literal.utf8.last! - 1))))
        }
    }

    /// The decimal digits of `value` × 5^`exponent`, exactly.
    private static func decimalDigits(_ value: UInt64, timesFiveToThe exponent: Int) -> String {
        var digits = String(value).utf8.reversed().map { Int($0 - UInt8(ascii: "0")) }
        for _ in 0..<exponent {
            var carry = 0
            for index in digits.indices {
                let product = digits[index] * 5 + carry
                digits[index] = product % 10
                carry = product / 10
            }
            while carry > 0 {
                digits.append(carry % 10)
                carry /= 10
            }
        }
        return String(digits.reversed().map { Character(Unicode.Scalar(UInt8($0) + UInt8(ascii: "0"))) })
    }

    @Test func subnormals() {
        var generator = SeededGenerator(seed: 2)
        for _ in 0..<TestScale.count(20_000) {
            let value = Double(bitPattern: generator.next(upperBound: UInt64(1) << 52) + 1)
            Self.check(value.description)
            Self.check(String(format: "%.17e", value))
            Self.check(String(format: "%.19e", value))
        }
    }

    /// Random literals: 1 to 25 significant digits, a point anywhere, an exponent in ±400.
    @Test func randomLiterals() {
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<TestScale.count(100_000) {
            let digits = Int(generator.next(upperBound: UInt64(25))) + 1
            var text = ""
            for position in 0..<digits {
                let digit = generator.next(upperBound: UInt64(10))
                text.append(Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(position == 0 && digits > 1 ? max(1, digit) : digit))))
            }
            let point = Int(generator.next(upperBound: UInt64(digits) + 1))
            if point < digits { text.insert(contentsOf: point == 0 ? "0." : ".", at: text.index(text.startIndex, offsetBy: point)) }
            if generator.next(upperBound: UInt64(4)) != 0 { text += "e\(Int(generator.next(upperBound: UInt64(801))) - 400)" }
            if generator.next(upperBound: UInt64(2)) == 0 { text = "-" + text }
            Self.check(text)
        }
    }

    /// Every Double's shortest text and its 17-digit text (random bit patterns).
    @Test func randomDoubles() {
        var generator = SeededGenerator(seed: 4)
        var checked = 0
        while checked < TestScale.count(50_000) {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            Self.check(value.description)
            Self.check(String(format: "%.16e", value))
            checked += 1
        }
    }

    @Test(arguments: ["canada.json", "citm_catalog.json", "twitter.json", "github/issues.json", "github_events.json"])
    func realWorldNumbers(_ name: String) throws {
        let value = try JSONValue(jsonData: Fixtures.realWorld(name))
        var literals: [String] = []
        func collect(_ value: JSONValue) {
            switch value {
            case .number(let number): literals.append(number.description)
            case .array(let elements): elements.forEach(collect)
            case .object(let object): object.forEach { collect($0.value) }
            default: break
            }
        }
        collect(value)
        #expect(!literals.isEmpty)
        // Every literal in the plain run; every fifth under the sanitizers (canada alone has
        // 333,378).
        let stride = TestScale.isReduced ? 5 : 1
        for index in Swift.stride(from: 0, to: literals.count, by: stride) { Self.check(literals[index]) }
    }

    @Test func jsonTestSuiteNumbers() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.parsingDirectory.path).filter { $0.contains("number") }
        #expect(names.count > 20)
        for name in names {
            let bytes = try Data(contentsOf: Fixtures.parsingDirectory.appendingPathComponent(name))
            guard case .array(let elements)? = try? JSONValue(jsonData: bytes) else { continue }
            for case .number(let number) in elements { Self.check(number.description) }
        }
    }

    struct Doubles: Mappable {
        var values: [Double] = []
    }

    /// The bytes route reads each literal once, straight from the payload: the same values.
    @Test func bytesRouteReadsTheSameValues() throws {
        var generator = SeededGenerator(seed: 5)
        var literals: [String] = []
        while literals.count < TestScale.count(20_000) {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            literals.append(String(format: "%.17e", value))
        }
        let decoded = try KeyValueDecoder().decode(Doubles.self, fromJSON: Data("{\"values\": [\(literals.joined(separator: ","))]}".utf8))
        #expect(decoded.values.count == literals.count)
        for (literal, value) in zip(literals, decoded.values) {
            #expect(value.bitPattern == Double(literal)?.bitPattern, "\(literal)")
        }
    }

    /// An integer literal stays exact on the bytes route: one a Double cannot hold is an error,
    /// not a rounded value, however many digits it has.
    @Test(arguments: ["9007199254740993", "123456789012345677", "-9007199254740993"])
    func inexactIntegerLiteralsAreErrors(_ literal: String) {
        #expect(throws: MappingError.self) {
            try KeyValueDecoder().decode(Doubles.self, fromJSON: Data("{\"values\": [\(literal)]}".utf8))
        }
    }
}
