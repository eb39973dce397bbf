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
        let text = input.string(start..<end)
        return JSONNumber(validatedLiteral: text)
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
    /// nothing) for the few it leaves to ``readNumber()`` and `Double(String)`: an integer
    /// literal of more than 15 digits (which must be exact, not rounded), one whose value
    /// overflows, and one of more than 19 significant digits that the first 19 do not decide.
    mutating func readDoubleFast() throws(JSONSyntaxError) -> Double? {
        guard let (value, end) = Self.scanDouble(input, from: position, exactIntegers: true) else {
            // Validated (throwing its syntax error, if any), not consumed.
            _ = try Self.scanNumber(input, from: position)
            return nil
        }
        position = end
        return value
    }

    /// The Double nearest the number literal at `start`, bit-identical to `Double(String)`, and
    /// the offset just after it; `nil` for a literal that is invalid, that overflows, that
    /// needs more than its first 19 significant digits, or (with `exactIntegers`) that is an
    /// integer literal of more than 15 digits.
    static func scanDouble(_ input: ByteInput, from start: Int, exactIntegers: Bool) -> (Double, Int)? {
        // One pass over the bytes, every read guarded by `index < count`: the digits go into
        // `mantissa` as they come (wrapping past 19 digits, which are then read again with
        // `truncatedMantissa`), eight fraction digits at a time where eight are there.
        var index = start
        let count = input.count
        let negative = index < count && input[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        let integerStart = index
        while index < count, case let digit = input[index] &- UInt8(ascii: "0"), digit < 10 {
            mantissa = mantissa &* 10 &+ UInt64(digit)
            index += 1
        }
        let integerDigits = index - integerStart
        guard integerDigits > 0, integerDigits == 1 || input[integerStart] != UInt8(ascii: "0") else { return nil }
        var fractionDigits = 0
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
            fractionDigits = index - fractionStart
            guard fractionDigits > 0 else { return nil }
        }
        let digitsEnd = index
        var exponent = 0
        var hasExponent = false
        if index < count && (input[index] == UInt8(ascii: "e") || input[index] == UInt8(ascii: "E")) {
            hasExponent = true
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
                // from overflowing; a saturated exponent is left to `Double(String)`.
                written = min(written &* 10 &+ Int(digit), 1 << 40)
                index += 1
            }
            guard index > exponentStart, written < 1 << 40 else { return nil }
            exponent = exponentNegative ? -written : written
        }
        if exactIntegers, fractionDigits == 0, !hasExponent, integerDigits > 15 { return nil }
        exponent -= fractionDigits
        var truncated = false
        if integerDigits + fractionDigits > 19 {
            // Leading zeros are not significant; past 19 significant digits the mantissa
            // wrapped, and the first 19 are read again.
            var leadingZeros = 0
            var scan = integerStart
            while scan < digitsEnd, input[scan] == UInt8(ascii: "0") || input[scan] == UInt8(ascii: ".") {
                if input[scan] == UInt8(ascii: "0") { leadingZeros += 1 }
                scan += 1
            }
            if integerDigits + fractionDigits - leadingZeros > 19 {
                let kept = truncatedMantissa(input, from: integerStart, to: digitsEnd)
                mantissa = kept.mantissa
                exponent += kept.exponent + fractionDigits
                truncated = kept.truncated
            }
        }
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
        guard magnitude.isFinite else { return nil }
        return (negative ? -magnitude : magnitude, index)
    }

    /// The value of eight ASCII digits (the first one in the lowest byte), or `nil` when a byte
    /// is not a digit: the digits' values paired into two-digit, four-digit, then the
    /// eight-digit number by three multiplications.
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
