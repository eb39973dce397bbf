import Foundation

/// A JSON number kept exactly as its literal text, converted only when asked.
///
/// Reading never rounds: `12345678901234567890123` and `0.1000000000000000000001` keep every
/// digit, and each accessor below decides on its own whether the value fits.
///
/// ```swift
/// let number = JSONNumber(Int64(42))
/// number.description // "42"
/// number.doubleValue // 42.0
/// ```
///
/// Equality and hashing compare the literal text, so `1`, `1.0` and `1e0` are three different
/// numbers even though they denote the same value; compare ``doubleValue`` or ``decimalValue``
/// when the value is what matters.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The literal, always valid RFC 8259 number syntax.
    let text: String

    /// Whether the literal starts with a minus sign (`-0` too).
    var isNegative: Bool { text.utf8.first == UInt8(ascii: "-") }

    /// Wraps a literal the reader has already validated; no checks, no conversion.
    init(validatedLiteral text: String) {
        self.text = text
    }

    /// Wraps `text` if it is a complete, valid JSON number literal.
    init?(literal text: String) {
        guard JSONReader.isNumberLiteral(text) else { return nil }
        self.text = text
    }

    /// Creates the number written as the decimal digits of `value`.
    public init(_ value: Int64) {
        text = String(value)
    }

    /// Creates the number written as the decimal digits of `value`.
    public init(_ value: UInt64) {
        text = String(value)
    }

    /// Creates the number written as Swift's shortest round-tripping text for `value`;
    /// `nil` for NaN and infinities, which JSON cannot express.
    ///
    /// The text is `value.description` (`1.0`, `1e-05`, `-0.0`), which reads back as the same
    /// bits; it is checked against the JSON grammar so the number is always writable.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        self.init(literal: value.description)
    }

    /// The literal text exactly as read or created.
    public var description: String { text }

    /// Whether the literal is written as an integer: no fraction and no exponent.
    ///
    /// This is about notation only: `1.0` and `1e2` are not integer literals, although
    /// ``int64Value`` still reads them, because they denote integers exactly.
    public var isInteger: Bool {
        !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// The value as an `Int64` if it is exactly an integer in range, otherwise `nil`.
    ///
    /// Any notation counts when the value is exactly integral: `100`, `1e2`, `100.0` and
    /// `1000e-1` all give `100`; `1.5`, `1e-2` and `9223372036854775808` give `nil`. `-0` is `0`.
    public var int64Value: Int64? {
        if isInteger { return Int64(text) }
        guard let (negative, digits) = exactIntegerDigits() else { return nil }
        return Int64(negative ? "-" + digits : digits)
    }

    /// The value as a `UInt64` if it is exactly a non-negative integer in range, otherwise `nil`.
    ///
    /// The same notation rule as ``int64Value`` applies; negative zero (`-0`, `-0.0`) gives `0`.
    public var uint64Value: UInt64? {
        if isInteger, text.utf8.first != UInt8(ascii: "-") { return UInt64(text) }
        guard let (negative, digits) = exactIntegerDigits() else { return nil }
        if negative && digits != "0" { return nil }
        return UInt64(digits)
    }

    /// The nearest `Double`, bit-identical to `Double(description)`; `nil` when the literal's
    /// magnitude overflows to infinity (such as `1e400`). Underflow gives a zero or subnormal.
    public var doubleValue: Double? {
        // Straight from the literal's bytes; `Double(String)` only decides the rare literal the
        // first 19 significant digits do not, an overflow, or an exponent beyond ±2^40.
        let fast = ByteInput.withUTF8(of: text) { bytes in
            JSONReader.scanDouble(bytes, from: 0, exactIntegers: false).flatMap { $0.1 == bytes.count ? $0.0 : nil }
        }
        if let fast { return fast }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// The value as a Foundation `Decimal`; `nil` when outside `Decimal`'s range (about
    /// `1e-128` to `1e127`). Digits beyond `Decimal`'s 38-digit mantissa are dropped.
    public var decimalValue: Decimal? {
        if let value = Decimal(string: text, locale: nil), !value.isNaN { return value }
        // `Decimal(string:)` also refuses some numbers in its range: zero with a huge exponent
        // (`0e999999`), and more digits than it keeps with an exponent only the dropped digits
        // bring into range (401 nines then `e-400`, just under 10; a one and ten thousand zeros
        // then `e-10000`, exactly 1). Those read from their first 38 digits from the first
        // significant one, which is what it keeps of any other literal.
        let shape = self.shape
        if shape.significantDigits == 0 { return Decimal(0) }
        var digits = text.hasPrefix("-") ? "-" : ""
        var kept = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || kept == 38 { break }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), kept > 0 || byte != UInt8(ascii: "0") else { continue }
            digits.unicodeScalars.append(Unicode.Scalar(byte))
            kept += 1
        }
        let exponent = shape.scale + shape.significantDigits - kept
        guard let value = Decimal(string: digits + "e" + String(exponent), locale: nil), !value.isNaN else { return nil }
        return value
    }

    /// The sign and plain decimal digits of the integer the literal denotes exactly, or `nil`
    /// when it has a fractional part or needs more than 20 digits (beyond any 64-bit type).
    ///
    /// Works on the digits as text so `1e2` and `1000e-1` are judged exactly, never through a
    /// rounded `Double`.
    private func exactIntegerDigits() -> (negative: Bool, digits: String)? {
        var negative = false
        var significand: [UInt8] = []
        var fractionCount = 0
        var exponent = 0
        var exponentNegative = false
        var part = 0 // 0: integer digits, 1: fraction digits, 2: exponent
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-") where part == 0: negative = true
            case UInt8(ascii: "-"): exponentNegative = true
            case UInt8(ascii: "+"): break
            case UInt8(ascii: "."): part = 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"): part = 2
            case _ where part == 2:
                // Saturated as the shape saturates it: far beyond any digit count a text can
                // have (ten thousand zeros and `e-10000` is exactly 1), and far from overflowing.
                exponent = min(exponent * 10 + Int(byte &- UInt8(ascii: "0")), 1 << 40)
            default:
                if significand.isEmpty && byte == UInt8(ascii: "0") {
                    if part == 1 { fractionCount += 1 }
                    continue
                }
                significand.append(byte)
                if part == 1 { fractionCount += 1 }
            }
        }
        if significand.isEmpty { return (negative, "0") }
        var scale = (exponentNegative ? -exponent : exponent) - fractionCount
        while scale < 0, significand.last == UInt8(ascii: "0") {
            significand.removeLast()
            scale += 1
        }
        guard scale >= 0, significand.count + scale <= 20 else { return nil }
        significand.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: scale))
        return (negative, String(decoding: significand, as: UTF8.self))
    }
}
