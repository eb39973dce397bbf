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
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<end]), as: UTF8.self)
        return JSONNumber(validatedLiteral: text)
    }

    /// Whether `bytes` is exactly one number literal and nothing else.
    static func isNumberLiteral(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return false }
        do {
            return try scanNumber(bytes, from: 0) == bytes.count
        } catch {
            return false
        }
    }

    /// Scans `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` from `start` and returns
    /// the offset just after the literal. Leading zeros, a bare `-`, `.5`, `1.` and `1e` throw.
    private static func scanNumber(_ input: UnsafeBufferPointer<UInt8>, from start: Int) throws(JSONSyntaxError) -> Int {
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

    private static func skipDigits(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < input.count && isDigit(input[index]) {
            index += 1
        }
        return index
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    private static func missingDigit(_ input: UnsafeBufferPointer<UInt8>, at index: Int) -> JSONSyntaxError {
        guard index < input.count else {
            return JSONSyntaxError("unexpected end of input", offset: input.count, in: input)
        }
        return JSONSyntaxError(JSONSyntaxError.unexpected(input[index]) + " in number, expected a digit", offset: index, in: input)
    }
}
