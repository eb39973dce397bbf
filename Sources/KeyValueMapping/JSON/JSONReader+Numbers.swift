extension JSONReader {
    /// Reads a number literal at `position` into a ``JSONNumber`` without converting it.
    ///
    /// Conversion is deferred to the accessors, so reading `12345678901234567890123` loses
    /// nothing and a literal of 15 bytes or fewer costs no allocation (small-string storage).
    mutating func readNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = position
        let end = try Self.scanNumber(input, from: start)
        position = end
        // `start..<end` was just scanned inside `input` and holds only ASCII.
        return JSONNumber(validatedLiteral: input.string(start..<end))
    }

    /// Reads a number literal that is a plain integer fitting in `Int64` straight from the bytes;
    /// returns `nil` (consuming nothing) for any other literal, which the caller then reads with
    /// ``readNumber()``. Saves building a String for the most common numbers.
    mutating func readInt64() throws(JSONSyntaxError) -> Int64? {
        // One pass for the common literal: up to 19 digits (which fit a UInt64 without
        // overflow), no leading zero, not followed by a fraction or exponent, and within
        // Int64's range. Anything else is scanned first.
        var index = position
        let negative = index < input.count && input[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digitsStart = index
        var magnitude: UInt64 = 0
        while index < input.count, case let digit = input[index] &- UInt8(ascii: "0"), digit < 10 {
            magnitude = magnitude &* 10 &+ UInt64(digit)
            index += 1
        }
        let digits = index - digitsStart
        let limit = negative ? Int64.min.magnitude : UInt64(Int64.max)
        if digits > 0, digits <= 19, magnitude <= limit, digits == 1 || input[digitsStart] != UInt8(ascii: "0"),
           index == input.count || !Self.continuesNumber(input[index]) {
            position = index
            return negative ? Int64(truncatingIfNeeded: 0 &- magnitude) : Int64(magnitude)
        }
        return try readScannedInt64()
    }

    /// Whether `byte`, right after a literal's integer digits, continues the literal.
    private static func continuesNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// ``readInt64()`` for any literal: scanned (and so validated) first, then converted with
    /// overflow checks.
    private mutating func readScannedInt64() throws(JSONSyntaxError) -> Int64? {
        let start = position
        let end = try Self.scanNumber(input, from: start)
        var index = start
        let negative = input[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value: Int64 = 0
        while index < end {
            let digit = input[index] &- UInt8(ascii: "0")
            guard digit <= 9 else { return nil }
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(Int64(digit)) : shifted.addingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = next
            index += 1
        }
        position = end
        return value
    }

    /// Reads a number literal as a Double in one pass over its bytes; returns `nil` (consuming
    /// nothing) for the few it leaves to ``readNumber()`` and the codec's exact rules: an
    /// integer literal of more than 15 digits (which must be exact, not rounded), one whose
    /// value overflows or whose exponent is beyond ±2^40, and one of more than 19 significant
    /// digits that the first 19 do not decide.
    mutating func readDoubleFast() throws(JSONSyntaxError) -> Double? {
        guard let (value, end) = Self.scanDouble(input, from: position, exactIntegers: true) else {
            // Validated (throwing its syntax error, if any), not consumed.
            _ = try Self.scanNumber(input, from: position)
            return nil
        }
        position = end
        return value
    }

    /// What one pass over a number literal found.
    private struct LiteralScan {
        var negative = false
        /// The literal's digits, integer then fraction, as one integer (wrapped past 19 digits).
        var mantissa: UInt64 = 0
        var integerStart = 0
        var integerDigits = 0
        var fractionDigits = 0
        var hasExponent = false
        /// The written exponent with its sign (0 without one), saturated at ±2^40.
        var exponent = 0
        /// The offset just after the literal.
        var end = 0

        /// Whether the literal has neither a fraction nor an exponent.
        var isInteger: Bool { fractionDigits == 0 && !hasExponent }
    }

    /// Scans the number literal at `start` in one pass, checking its grammar as it goes: `nil`
    /// for anything that is not a complete literal (``scanNumber(_:from:)`` reports why).
    @inline(__always)
    private static func scanLiteral(_ input: ByteInput, from start: Int) -> LiteralScan? {
        // Every read below is guarded by `index < count`; eight fraction digits are taken at a
        // time where eight are there.
        var scan = LiteralScan()
        var index = start
        let count = input.count
        scan.negative = index < count && input[index] == UInt8(ascii: "-")
        if scan.negative { index += 1 }
        var mantissa: UInt64 = 0
        scan.integerStart = index
        while index < count, case let digit = input[index] &- UInt8(ascii: "0"), digit < 10 {
            mantissa = mantissa &* 10 &+ UInt64(digit)
            index += 1
        }
        scan.integerDigits = index - scan.integerStart
        guard scan.integerDigits > 0, scan.integerDigits == 1 || input[scan.integerStart] != UInt8(ascii: "0") else { return nil }
        if index < count && input[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index + 8 <= count, let eight = Self.eightDigits(input.word(at: index)) {
                mantissa = mantissa &* 100_000_000 &+ eight
                index += 8
            }
            while index < count, case let digit = input[index] &- UInt8(ascii: "0"), digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                index += 1
            }
            scan.fractionDigits = index - fractionStart
            guard scan.fractionDigits > 0 else { return nil }
        }
        scan.mantissa = mantissa
        if index < count && (input[index] == UInt8(ascii: "e") || input[index] == UInt8(ascii: "E")) {
            scan.hasExponent = true
            index += 1
            var exponentNegative = false
            if index < count && (input[index] == UInt8(ascii: "+") || input[index] == UInt8(ascii: "-")) {
                exponentNegative = input[index] == UInt8(ascii: "-")
                index += 1
            }
            let exponentStart = index
            var written = 0
            while index < count, case let digit = input[index] &- UInt8(ascii: "0"), digit < 10 {
                // Saturated far beyond any exponent that is not a zero or an infinity, and far
                // from overflowing.
                written = min(written &* 10 &+ Int(digit), 1 << 40)
                index += 1
            }
            guard index > exponentStart else { return nil }
            scan.exponent = exponentNegative ? -written : written
        }
        scan.end = index
        return scan
    }

    /// The Double nearest the number literal at `start`, bit-identical to `Double(String)`, and
    /// the offset just after it; `nil` for a literal that is invalid, that overflows, that
    /// needs more than its first 19 significant digits, or (with `exactIntegers`) that is an
    /// integer literal of more than 15 digits.
    static func scanDouble(_ input: ByteInput, from start: Int, exactIntegers: Bool) -> (Double, Int)? {
        guard let scan = scanLiteral(input, from: start) else { return nil }
        if exactIntegers, scan.isInteger, scan.integerDigits > 15 { return nil }
        guard let magnitude = nearestDouble(scan, input) else { return nil }
        return (scan.negative ? -magnitude : magnitude, scan.end)
    }

    /// The finite Double nearest a scanned literal's magnitude, or `nil` (overflow, a saturated
    /// exponent, or more than 19 significant digits the first 19 do not decide).
    @inline(__always)
    private static func nearestDouble(_ scan: LiteralScan, _ input: ByteInput) -> Double? {
        guard abs(scan.exponent) < 1 << 40 else { return nil }
        var mantissa = scan.mantissa
        var exponent = scan.exponent - scan.fractionDigits
        var truncated = false
        if scan.integerDigits + scan.fractionDigits > 19 {
            // Leading zeros are not significant; past 19 significant digits the mantissa
            // wrapped, and the first 19 are read again.
            let digitsEnd = scan.integerStart + scan.integerDigits + (scan.fractionDigits > 0 ? 1 + scan.fractionDigits : 0)
            var leadingZeros = 0
            var index = scan.integerStart
            while index < digitsEnd, input[index] == UInt8(ascii: "0") || input[index] == UInt8(ascii: ".") {
                if input[index] == UInt8(ascii: "0") { leadingZeros += 1 }
                index += 1
            }
            if scan.integerDigits + scan.fractionDigits - leadingZeros > 19 {
                let kept = truncatedMantissa(input, from: scan.integerStart, to: digitsEnd)
                mantissa = kept.mantissa
                exponent = scan.exponent + kept.exponent
                truncated = kept.truncated
            }
        }
        return nearestDouble(mantissa: mantissa, exponent: exponent, truncated: truncated)
    }

    /// The finite Double nearest `mantissa` × 10^`exponent` (a mantissa of at most 19 digits;
    /// `truncated` when nonzero digits after them were dropped), or `nil`.
    @inline(__always)
    private static func nearestDouble(mantissa: UInt64, exponent: Int, truncated: Bool = false) -> Double? {
        let magnitude: Double
        if mantissa <= 1 << 53, exponent >= -22, exponent <= 22, !truncated {
            // Clinger's fast path: an exact mantissa and an exact power of ten, so one correctly
            // rounded multiplication or division is the correctly rounded result.
            magnitude = exponent < 0 ? Double(mantissa) / powersOfTen[-exponent] : Double(mantissa) * powersOfTen[exponent]
        } else {
            guard let nearest = EiselLemire.double(mantissa: mantissa, exponent: exponent) else { return nil }
            // Dropped digits put the value between the kept mantissa and the next one: when
            // both round to the same Double, so does the value.
            if truncated {
                guard EiselLemire.double(mantissa: mantissa + 1, exponent: exponent) == nearest else { return nil }
            }
            magnitude = nearest
        }
        return magnitude.isFinite ? magnitude : nil
    }

    /// The value of eight ASCII digits (the first one in the lowest byte), or `nil` when a byte
    /// is not a digit: adjacent digits combined into two-digit values by one multiplication,
    /// then the four pairs into the eight-digit number by two more.
    @inline(__always)
    private static func eightDigits(_ word: UInt64) -> UInt64? {
        // A byte is a digit when its high nibble is 3 and adding 6 does not carry into it.
        let highNibbles = word & 0xF0F0_F0F0_F0F0_F0F0
        let carried = (word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0
        guard highNibbles | carried >> 4 == 0x3333_3333_3333_3333 else { return nil }
        var value = word &- 0x3030_3030_3030_3030
        value = value &* 10 &+ value >> 8
        let pairs = value & 0x0000_00FF_0000_00FF
        let nextPairs = (value >> 16) & 0x0000_00FF_0000_00FF
        return (pairs &* (100 &+ 1_000_000 << 32) &+ nextPairs &* (1 &+ 10_000 << 32)) >> 32
    }

    /// The first 19 significant digits of the digits (and the point) in `start..<end`, the
    /// power of ten to scale them by (before any written exponent), and whether a nonzero digit
    /// was dropped.
    private static func truncatedMantissa(_ input: ByteInput, from start: Int, to end: Int) -> (mantissa: UInt64, exponent: Int, truncated: Bool) {
        var mantissa: UInt64 = 0
        var kept = 0
        var exponent = 0
        var truncated = false
        var inFraction = false
        for index in start..<end {
            let byte = input[index]
            guard byte != UInt8(ascii: ".") else {
                inFraction = true
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            if mantissa == 0 && digit == 0 {
                if inFraction { exponent -= 1 }
            } else if kept < 19 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                kept += 1
                if inFraction { exponent -= 1 }
            } else {
                if !inFraction { exponent += 1 }
                truncated = truncated || digit != 0
            }
        }
        return (mantissa, exponent, truncated)
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// Whether `text` is exactly one number literal and nothing else.
    static func isNumberLiteral(_ text: String) -> Bool {
        ByteInput.withUTF8(of: text) { isNumberLiteral($0) }
    }

    /// Whether `bytes` is exactly one number literal and nothing else.
    static func isNumberLiteral(_ bytes: ByteInput) -> Bool {
        guard bytes.count > 0 else { return false }
        do {
            return try scanNumber(bytes, from: 0) == bytes.count
        } catch {
            return false
        }
    }

    /// Scans `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` from `start` and returns
    /// the offset just after the literal. Leading zeros, a bare `-`, `.5`, `1.` and `1e` throw.
    static func scanNumber(_ input: ByteInput, from start: Int) throws(JSONSyntaxError) -> Int {
        // Every read below is guarded by `index < input.count`.
        var index = start
        if index < input.count && input[index] == UInt8(ascii: "-") {
            index += 1
        }
        guard index < input.count else { throw missingDigit(input, at: index) }
        switch input[index] {
        case UInt8(ascii: "0"):
            index += 1
            if index < input.count && isDigit(input[index]) {
                throw JSONSyntaxError("leading zeros are not allowed in numbers", offset: index - 1, in: input)
            }
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            index = skipDigits(input, from: index + 1)
        default:
            throw missingDigit(input, at: index)
        }
        if index < input.count && input[index] == UInt8(ascii: ".") {
            index += 1
            guard index < input.count && isDigit(input[index]) else { throw missingDigit(input, at: index) }
            index = skipDigits(input, from: index + 1)
        }
        if index < input.count && (input[index] == UInt8(ascii: "e") || input[index] == UInt8(ascii: "E")) {
            index += 1
            if index < input.count && (input[index] == UInt8(ascii: "+") || input[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard index < input.count && isDigit(input[index]) else { throw missingDigit(input, at: index) }
            index = skipDigits(input, from: index + 1)
        }
        return index
    }

    private static func skipDigits(_ input: ByteInput, from start: Int) -> Int {
        var index = start
        while index < input.count && isDigit(input[index]) {
            index += 1
        }
        return index
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    private static func missingDigit(_ input: ByteInput, at index: Int) -> JSONSyntaxError {
        guard index < input.count else {
            return JSONSyntaxError("unexpected end of input", offset: input.count, in: input)
        }
        return JSONSyntaxError(JSONSyntaxError.unexpected(input[index]) + " in number, expected a digit", offset: index, in: input)
    }
}
