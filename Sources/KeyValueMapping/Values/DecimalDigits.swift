import Foundation

// Writing a Date so that it decodes back to the identical Date means searching for the fewest
// decimal digits that land on it: the candidates are a Double's shortest digits cut to fewer
// places, then checked by decoding them. These are those digits, as exact decimal text.

/// A finite decimal number as text digits: `(-1)^isNegative × 0.d₁d₂d₃… × 10^pointPosition`,
/// without leading or trailing zeros (zero has no digits).
struct DecimalDigits: Equatable {
    var isNegative: Bool
    /// ASCII digits.
    var digits: [UInt8]
    /// How many of `digits` stand before the decimal point (negative: zeros after the point
    /// come first; beyond `digits.count`: zeros before the point follow).
    var pointPosition: Int

    init(isNegative: Bool, digits: [UInt8], pointPosition: Int) {
        self.isNegative = isNegative
        self.digits = digits
        self.pointPosition = pointPosition
        trim()
    }

    /// The digits of Swift's shortest round-tripping text for `value` (`1e-05`, `123.25`);
    /// `nil` for NaN and infinities.
    init?(_ value: Double) {
        guard value.isFinite else { return nil }
        var text = Substring(value.description)
        let isNegative = text.first == "-"
        if isNegative { text = text.dropFirst() }
        var exponent = 0
        if let marker = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let parsed = Int(text[text.index(after: marker)...]) else { return nil }
            exponent = parsed
            text = text[..<marker]
        }
        var digits: [UInt8] = []
        var integerDigits: Int?
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                integerDigits = digits.count
            } else {
                digits.append(byte)
            }
        }
        self.init(isNegative: isNegative, digits: digits, pointPosition: (integerDigits ?? digits.count) + exponent)
    }

    /// `whole + 0.fraction` (the fraction's ASCII digits), a negative whole part included:
    /// `-3` and `25` are −2.75.
    init(whole: Int, fraction: [UInt8]) {
        guard whole < 0, fraction.contains(where: { $0 != UInt8(ascii: "0") }) else {
            let integer = Array(String(whole.magnitude).utf8)
            self.init(isNegative: whole < 0, digits: integer + fraction, pointPosition: integer.count)
            return
        }
        // −w + f = −((w − 1) + (1 − f)).
        let integer = Array(String(whole.magnitude - 1).utf8)
        self.init(isNegative: true, digits: integer + Self.tensComplement(fraction), pointPosition: integer.count)
    }

    /// `1 − 0.digits` as digits of the same count (the digits are not all zero).
    private static func tensComplement(_ digits: [UInt8]) -> [UInt8] {
        var result = digits
        var borrow = true
        for index in result.indices.reversed() {
            let digit = result[index] - UInt8(ascii: "0")
            result[index] = UInt8(ascii: "0") + (borrow ? (10 - digit) % 10 : 9 - digit)
            borrow = borrow && digit == 0
        }
        return result
    }

    private mutating func trim() {
        let leading = digits.prefix { $0 == UInt8(ascii: "0") }.count
        digits.removeFirst(leading)
        pointPosition -= leading
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        if digits.isEmpty {
            pointPosition = 0
            isNegative = false
        }
    }

    /// This number multiplied by 10^places (exact).
    func shifted(by places: Int) -> DecimalDigits {
        var copy = self
        if !copy.digits.isEmpty { copy.pointPosition += places }
        return copy
    }

    /// How many digits stand after the decimal point.
    var fractionDigitCount: Int { max(0, digits.count - pointPosition) }

    /// The two numbers with at most `places` digits after the point nearest this one: this
    /// number cut toward zero, and that plus one unit in the last place kept, away from zero
    /// (the same number twice when nothing is cut).
    func neighbours(keepingFractionDigits places: Int) -> (towardZero: DecimalDigits, awayFromZero: DecimalDigits) {
        let kept = pointPosition + places
        guard kept < digits.count else { return (self, self) }
        guard kept > 0 else {
            // Every digit is cut: zero, or one unit in the last kept place, 10^-places.
            return (DecimalDigits(isNegative: false, digits: [], pointPosition: 0),
                    DecimalDigits(isNegative: isNegative, digits: [UInt8(ascii: "1")], pointPosition: 1 - places))
        }
        let cut = Array(digits[..<kept])
        var raised = cut
        var index = raised.count - 1
        while index >= 0, raised[index] == UInt8(ascii: "9") {
            raised[index] = UInt8(ascii: "0")
            index -= 1
        }
        guard index >= 0 else {
            // All nines: the carry adds a digit in front.
            return (DecimalDigits(isNegative: isNegative, digits: cut, pointPosition: pointPosition),
                    DecimalDigits(isNegative: isNegative, digits: [UInt8(ascii: "1")], pointPosition: pointPosition + 1))
        }
        raised[index] += 1
        return (DecimalDigits(isNegative: isNegative, digits: cut, pointPosition: pointPosition),
                DecimalDigits(isNegative: isNegative, digits: raised, pointPosition: pointPosition))
    }

    /// Text `Double(_:)` reads: the digits and a power of ten.
    var scientificText: String {
        guard !digits.isEmpty else { return "0" }
        return (isNegative ? "-" : "") + String(decoding: digits, as: UTF8.self) + "e\(pointPosition - digits.count)"
    }

    /// The nearest Double (correctly rounded, as `Double(String)` reads the text).
    var nearestDouble: Double? { Double(scientificText) }

    /// The number split as a whole part rounded down (toward minus infinity) and the fraction
    /// that remains, `0 ≤ fraction < 1`, as exactly `fractionDigits` digits (at least as many as
    /// the number has); `nil` when the whole part does not fit in an `Int`.
    func splitDown(fractionDigits: Int) -> (whole: Int, fraction: [UInt8])? {
        let count = max(fractionDigits, fractionDigitCount)
        var integerText: [UInt8] = pointPosition > 0
            ? Array(digits.prefix(pointPosition)) + [UInt8](repeating: UInt8(ascii: "0"), count: max(0, pointPosition - digits.count))
            : []
        var fraction = [UInt8](repeating: UInt8(ascii: "0"), count: count)
        for (offset, digit) in digits.enumerated() where offset >= pointPosition {
            fraction[offset - pointPosition] = digit
        }
        if integerText.isEmpty { integerText = [UInt8(ascii: "0")] }
        guard integerText.count <= 18, var whole = Int(String(decoding: integerText, as: UTF8.self)) else { return nil }
        guard isNegative else { return (whole, fraction) }
        guard fraction.contains(where: { $0 != UInt8(ascii: "0") }) else { return (-whole, fraction) }
        // −(w + f) = −(w + 1) + (1 − f).
        whole = -whole - 1
        fraction = Self.tensComplement(fraction)
        return (whole, fraction)
    }
}
