import Foundation

// Linux's JSONSerialization hands back an NSDecimalNumber for every number with more digits
// than a Double shows (`0.14285714285714285`), so the dictionary path meets Decimals in ordinary
// payloads. `Decimal.description` is exact but builds its digits by long division, tens of
// thousands of instructions a number; `doubleValue` is fast but divides by ten once per digit,
// an ulp or more off. These read the exact digits through public API only (Decimal's storage is
// internal on Linux): the significand as a 64-bit integer whenever it fits, which it does for
// everything a Double can print.

/// A finite Decimal as `(-1)^negative × mantissa × 10^exponent`, with a 64-bit mantissa.
struct DecimalParts: Equatable {
    var isNegative: Bool
    var mantissa: UInt64
    var exponent: Int

    init(isNegative: Bool, mantissa: UInt64, exponent: Int) {
        self.isNegative = isNegative
        self.mantissa = mantissa
        self.exponent = exponent
    }

    /// `nil` for NaN and for a significand of more than 64 bits (up to 38 digits; rare, and left
    /// to the exact but slow route through the Decimal's text).
    init?(_ number: Decimal) {
        guard !number.isNaN else { return nil }
        let significand = NSDecimalNumber(decimal: number.significand)
        // `doubleValue` of an integral Decimal rounds the exact significand, and rounding is
        // monotonic: below 2^64 it fits; at 2^64 it might not (2^64 − 1 rounds up), so ask the
        // slow route.
        guard significand.doubleValue < 18_446_744_073_709_551_616.0 else { return nil }
        self.isNegative = number.sign == .minus && !number.isZero
        self.mantissa = significand.uint64Value
        self.exponent = number.exponent
    }

    // Powers of ten that a Double holds exactly (10^22 is the last), and the powers of five
    // that make them up (5^22 < 2^52).
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { power, _ in power * 10 }
    }
    private static let powersOfFive: [UInt64] = (0...22).map { exponent in
        (0..<exponent).reduce(1) { power, _ in power * 5 }
    }

    /// The Double nearest this number, correctly rounded (ties to even), as `Double(String)`
    /// gives for its digits; an infinity when the magnitude is beyond Double's range.
    var nearestDouble: Double {
        let magnitude = Self.nearestMagnitude(mantissa, exponent) ?? Double("\(mantissa)e\(exponent)") ?? .nan
        return isNegative ? -magnitude : magnitude
    }

    /// `mantissa × 10^exponent` correctly rounded, for exponents within ±22 (every Double a
    /// JSON text prints with up to 17 digits, then some); `nil` outside that range, for the
    /// text parser to round.
    static func nearestMagnitude(_ mantissa: UInt64, _ exponent: Int) -> Double? {
        guard exponent >= -22, exponent <= 22 else { return nil }
        // A mantissa of at most 53 bits times or over an exact power of ten is one correctly
        // rounded IEEE operation (Clinger's fast path).
        if mantissa <= 1 << 53 {
            let power = exactPowersOfTen[abs(exponent)]
            return exponent < 0 ? Double(mantissa) / power : Double(mantissa) * power
        }
        // Otherwise compute the exact value as a 128-bit integer times a power of two, using
        // 10^k = 5^k × 2^k: one full-width multiply, or a two-word division that keeps a sticky
        // bit for the remainder.
        let five = powersOfFive[abs(exponent)]
        var high: UInt64
        var low: UInt64
        var inexact = false
        var binaryExponent: Int
        if exponent >= 0 {
            (high, low) = mantissa.multipliedFullWidth(by: five)
            binaryExponent = exponent
        } else {
            let shift = mantissa.leadingZeroBitCount
            let normalized = mantissa << shift
            let (upper, remainder) = normalized.quotientAndRemainder(dividingBy: five)
            let (lower, rest) = five.dividingFullWidth((high: remainder, low: 0))
            (high, low, inexact) = (upper, lower, rest != 0)
            binaryExponent = exponent - shift - 64
        }
        // Bring the leading one to bit 127; the top 64 bits then carry the 53 that survive and
        // eleven below them, and any bit set further down (or a remainder) is folded into the
        // lowest one, which is enough for `Double(UInt64)` to round to nearest, ties to even.
        let leadingZeros = high == 0 ? 64 + low.leadingZeroBitCount : high.leadingZeroBitCount
        let top: UInt64
        switch leadingZeros {
        case 0:
            top = high
            inexact = inexact || low != 0
        case 1..<64:
            top = high << leadingZeros | low >> (64 - leadingZeros)
            inexact = inexact || low << leadingZeros != 0
        default:
            top = low << (leadingZeros - 64)
        }
        let rounded = Double(inexact ? top | 1 : top)
        // Exact: the result lies between 2^-20 and 2^138, far inside Double's normal range.
        return Double(sign: .plus, exponent: binaryExponent + 64 - leadingZeros, significand: rounded)
    }

    /// How the number stands as an integer, exactly.
    var integerStanding: IntegerStanding {
        guard mantissa != 0 else { return .signed(0) }
        var magnitude = mantissa
        if exponent < 0 {
            // Every dropped digit must be zero.
            for _ in 0 ..< -exponent {
                let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 10)
                guard remainder == 0 else { return .fraction }
                magnitude = quotient
            }
        } else {
            for _ in 0..<exponent {
                let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                guard !overflow else { return .beyond64Bits }
                magnitude = product
            }
        }
        if !isNegative {
            if let signed = Int64(exactly: magnitude) { return .signed(signed) }
            return .unsigned(magnitude)
        }
        if magnitude <= UInt64(Int64.max) + 1 { return .signed(Int64(truncatingIfNeeded: 0 &- magnitude)) }
        return .beyond64Bits
    }
}

extension Decimal {
    /// The Double nearest this Decimal's exact value, correctly rounded; an infinity beyond
    /// Double's range, `nil` for NaN.
    var nearestDouble: Double? {
        if let parts = DecimalParts(self) { return parts.nearestDouble }
        guard !isNaN else { return nil }
        return Double(description)
    }
}
