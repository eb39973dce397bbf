import Foundation

extension JSONNumber {
    /// The literal's value as `significand × 10^scale`, read from the text exactly: the
    /// significand has no leading or trailing zeros (it is empty for zero), so `1.50e1`,
    /// `15` and `150e-1` all have two significant digits and scale 0.
    struct Shape {
        /// How many significant digits the literal has (0 for zero).
        let significantDigits: Int
        /// The power of ten the significand is multiplied by, saturated far beyond any range
        /// a conversion cares about (a literal's exponent may have thousands of digits).
        let scale: Int

        /// Whether the value is exactly an integer: zero, or no digit after the decimal point
        /// once the exponent is applied (`1e400`, `1.5e1`, `100.0`; not `1e-400`, `1.0000000000000001`).
        var isIntegral: Bool { significantDigits == 0 || scale >= 0 }
    }

    /// The literal's ``Shape``.
    var shape: Shape {
        // Exponents are saturated here: far beyond any digit count a text can have, and far
        // from overflowing when the fraction's length is subtracted.
        let limit = 1 << 40
        var digits = 0
        var trailingZeros = 0
        var fractionDigits = 0
        var exponent = 0
        var exponentNegative = false
        var part = 0 // 0: integer digits, 1: fraction digits, 2: exponent
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-") where part == 2: exponentNegative = true
            case UInt8(ascii: "-"), UInt8(ascii: "+"): continue
            case UInt8(ascii: "."): part = 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"): part = 2
            case _ where part == 2:
                exponent = min(exponent * 10 + Int(byte &- UInt8(ascii: "0")), limit)
            default:
                if part == 1 { fractionDigits += 1 }
                if byte == UInt8(ascii: "0") {
                    // Leading zeros are not significant; others may turn out to be trailing.
                    if digits > 0 { trailingZeros += 1 }
                } else {
                    digits += trailingZeros + 1
                    trailingZeros = 0
                }
            }
        }
        guard digits > 0 else { return Shape(significantDigits: 0, scale: 0) }
        return Shape(significantDigits: digits, scale: (exponentNegative ? -exponent : exponent) - fractionDigits + trailingZeros)
    }

    /// Whether the literal is exactly an integer, whatever its notation (see ``Shape/isIntegral``).
    var isIntegral: Bool { shape.isIntegral }

    /// The literal for messages: `Number 1e400`, the text as written, shortened like any other
    /// value in a message.
    var literalDescription: String {
        var body = text
        if body.count > ValueDescription.maximumLength { body = String(body.prefix(ValueDescription.maximumLength)) + "…" }
        return "Number " + body
    }

    /// How a message names this literal: as the Swift value the dictionary path would hold when
    /// that value is the same number (`Int 300`, `Double 1.5`, `Number 18446744073709551616`),
    /// so both paths word an error alike; otherwise as written (``literalDescription``), because
    /// the Swift value would misstate it: `1e400` is no `Double inf`, `1e-400` and
    /// `1.0000000000000001` are no integers, a 42-digit integer is no rounded `Decimal`.
    var valueDescription: String {
        let value = foundationValue()
        switch JSONScalar(value) {
        case .int, .uint:
            return ValueDescription.describe(value)
        case .decimal(let decimal):
            // Exact when rounding to Decimal's 38 digits dropped none.
            guard NumericText.significantDigits(decimal.description) == shape.significantDigits else { return literalDescription }
            return ValueDescription.describe(value)
        case .double(let double):
            guard double.isFinite, !isInteger, double.rounded(.towardZero) != double || isIntegral else { return literalDescription }
            return ValueDescription.describe(value)
        default:
            return literalDescription
        }
    }
}
