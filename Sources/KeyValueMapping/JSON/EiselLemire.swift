/// Decimal to binary64 by the Eisel–Lemire method: a literal's decimal mantissa (up to 19
/// digits, taken exactly) times a power of ten, correctly rounded to the nearest `Double` (ties
/// to even) with one or two 64 × 64-bit multiplications by a table of powers of five.
///
/// The result is the one `Double(String)` gives for the same literal, which the differential
/// tests check (every exponent the table covers, halfway cases, subnormals, and random
/// literals). References: Lemire, "Number Parsing at a Gigabyte per Second" (2021); Mushtak
/// and Lemire, "Fast Number Parsing Without Fallback" (2023).
enum EiselLemire {
    /// The smallest and largest decimal exponents the table covers: below, every mantissa of
    /// 19 digits rounds to zero; above, to infinity.
    static let smallestExponent = -342
    static let largestExponent = 308

    /// The `Double` nearest `mantissa` × 10^`exponent`, or `nil` in the (provably unreachable
    /// for binary64, kept as a guard) case where the truncated product cannot decide the
    /// rounding. Zero for an underflow, infinity for an overflow.
    static func double(mantissa: UInt64, exponent: Int) -> Double? {
        guard mantissa != 0, exponent >= smallestExponent else { return 0 }
        guard exponent <= largestExponent else { return .infinity }
        let leadingZeros = mantissa.leadingZeroBitCount
        let normalized = mantissa << UInt64(leadingZeros)
        let index = 2 &* (exponent &- smallestExponent)
        // The product's top 55 bits are what rounding needs; its lower bits, all ones, are
        // the only sign that the truncated power of five left them short: then the power's
        // next 64 bits settle it.
        var (high, low) = normalized.multipliedFullWidth(by: powersOfFive[index])
        let precisionMask: UInt64 = 0x1FF
        if high & precisionMask == precisionMask {
            let second = normalized.multipliedFullWidth(by: powersOfFive[index + 1]).high
            let (sum, carry) = low.addingReportingOverflow(second)
            low = sum
            if carry { high &+= 1 }
            if low == .max, high & precisionMask == precisionMask, exponent < -27 || exponent > 55 { return nil }
        }
        let upperBit = Int(high >> 63)
        let shift = UInt64(upperBit + 9)
        var significand = high >> shift
        // floor(log2(10^exponent)) + 63, the binary exponent of the product's top bit, then biased.
        var biased = ((217_706 &* exponent) >> 16) + 63 + upperBit - leadingZeros + 1023
        if biased <= 0 {
            // Subnormal: shifted to the fixed exponent, rounded half up (an exact halfway case
            // cannot arise below 2^-1022 from 19 digits).
            guard -biased + 1 < 64 else { return 0 }
            significand >>= UInt64(-biased + 1)
            significand += significand & 1
            significand >>= 1
            biased = significand < 1 << 52 ? 0 : 1
            return Double(bitPattern: UInt64(biased) << 52 | significand & (1 << 52 - 1))
        }
        // An exact halfway case (only products of small powers of ten are exact) rounds to even.
        if low <= 1, exponent >= -4, exponent <= 23, significand & 3 == 1, significand << shift == high {
            significand &= ~1
        }
        significand += significand & 1
        significand >>= 1
        if significand >= 2 << 52 {
            significand = 1 << 52
            biased += 1
        }
        guard biased < 0x7FF else { return .infinity }
        return Double(bitPattern: UInt64(biased) << 52 | significand & (1 << 52 - 1))
    }
}
