extension JSONReader {
    /// Reads a string whose opening quote is at `position`, leaving `position` after the
    /// closing quote.
    ///
    /// Most strings have no escapes: their end is found eight bytes at a time and their bytes
    /// become a `String` where they lie, validated once, by the standard library, when any is
    /// non-ASCII (the precise validator below runs only to report an invalid one). The first
    /// backslash switches to `readEscapedString`, which rebuilds the bytes in `scratch`.
    mutating func readString() throws(JSONSyntaxError) -> String {
        let start = position + 1
        var index = start
        var isASCII = true
        while true {
            index = input.endOfPlainRun(from: index, to: input.count, stopAtNonASCII: isASCII)
            guard index < input.count else {
                if !isASCII { try validateUTF8(in: start..<index) }
                throw endOfInput()
            }
            let byte = input[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                // `start..<index` lies inside `input` (index < input.count).
                if isASCII { return input.string(start..<index) }
                if let text = input.validatedString(start..<index) { return text }
                try validateUTF8(in: start..<index)
                return input.string(start..<index)
            } else if byte == UInt8(ascii: "\\") {
                return try readEscapedString(contentStart: start, firstEscape: index, prefixIsASCII: isASCII)
            } else if byte < 0x20 {
                // Errors are reported in text order: an invalid sequence before this byte first.
                if !isASCII { try validateUTF8(in: start..<index) }
                throw controlCharacter(byte, at: index)
            }
            isASCII = false
            index += 1
        }
    }

    /// Validates the string whose opening quote is at `position` exactly as `readString` does,
    /// without building it, and moves past its closing quote.
    mutating func skipString() throws(JSONSyntaxError) {
        var index = position + 1
        while true {
            index = input.endOfPlainRun(from: index, to: input.count)
            guard index < input.count else { throw endOfInput() }
            let byte = input[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                return
            } else if byte == UInt8(ascii: "\\") {
                // The decoded escape lands in `scratch`, which is only a work buffer.
                scratch.removeAll(keepingCapacity: true)
                index = try appendEscape(at: index)
            } else if byte < 0x20 {
                throw controlCharacter(byte, at: index)
            } else {
                index = try skipUTF8Sequence(at: index)
            }
        }
    }

    /// Scans the string whose opening quote is at `position` without building it. When it is
    /// plain ASCII with no escapes, returns the range of its content and moves past the closing
    /// quote; otherwise returns `nil` and leaves `position` alone, so the caller reads it as a
    /// `String` (non-ASCII text must compare by Unicode equivalence, as `String` does).
    mutating func scanPlainASCIIString() throws(JSONSyntaxError) -> Range<Int>? {
        let start = position + 1
        let index = input.endOfPlainRun(from: start, to: input.count)
        guard index < input.count else { throw endOfInput() }
        let byte = input[index]
        if byte == UInt8(ascii: "\"") {
            position = index + 1
            return start..<index
        } else if byte < 0x20 {
            throw controlCharacter(byte, at: index)
        }
        return nil
    }

    /// Whether the bytes in `range` (already inside the input) are exactly `expected`.
    func bytes(in range: Range<Int>, equal expected: [UInt8]) -> Bool {
        range.count == expected.count && input.matches(expected, at: range.lowerBound)
    }

    /// Continues a string from its first escape, collecting the decoded bytes in `scratch`.
    ///
    /// As in `readString`, text between escapes is skipped eight bytes at a time, non-ASCII
    /// included, and its UTF-8 (from `contentStart`, unless `prefixIsASCII` says the text
    /// before `firstEscape` is plain ASCII) is validated once, with the finished string, by the
    /// standard library; the precise validator runs only to report an invalid sequence, and
    /// before any other error, so errors come in text order.
    private mutating func readEscapedString(contentStart: Int, firstEscape: Int, prefixIsASCII: Bool) throws(JSONSyntaxError) -> String {
        scratch.removeAll(keepingCapacity: true)
        // Both bounds are offsets already visited by `readString`, so the slice is in `input`.
        input.append(contentStart..<firstEscape, to: &scratch)
        var index = firstEscape
        var runStart = firstEscape
        var isASCII = prefixIsASCII
        while true {
            index = input.endOfPlainRun(from: index, to: input.count, stopAtNonASCII: isASCII)
            guard index < input.count else {
                if !isASCII { try validateUTF8(in: contentStart..<index) }
                throw endOfInput()
            }
            let byte = input[index]
            if byte == UInt8(ascii: "\"") {
                // `runStart...index` were visited by this loop and lie inside `input`.
                input.append(runStart..<index, to: &scratch)
                position = index + 1
                guard !isASCII else { return String(decoding: scratch, as: UTF8.self) }
                if let text = ByteInput.withBytes(of: scratch, { $0.validatedString(0..<$0.count) }) { return text }
                // Escapes decode to valid UTF-8, so the fault is in the text: find and report it.
                try validateUTF8(in: contentStart..<index)
                throw error("invalid UTF-8 in string", at: index)
            } else if byte == UInt8(ascii: "\\") {
                // As above: a visited run inside `input`.
                input.append(runStart..<index, to: &scratch)
                do {
                    index = try appendEscape(at: index)
                } catch {
                    if !isASCII { try validateUTF8(in: contentStart..<index) }
                    throw error
                }
                runStart = index
            } else if byte < 0x20 {
                if !isASCII { try validateUTF8(in: contentStart..<index) }
                throw controlCharacter(byte, at: index)
            } else {
                isASCII = false
                index += 1
            }
        }
    }

    /// Decodes the escape whose backslash is at `index` into `scratch`; returns the offset after it.
    private mutating func appendEscape(at index: Int) throws(JSONSyntaxError) -> Int {
        guard index + 1 < input.count else { throw endOfInput() }
        let decoded: UInt8
        switch input[index + 1] {
        case UInt8(ascii: "\""): decoded = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): decoded = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            return try appendUnicodeEscape(at: index)
        case let byte:
            throw error("invalid escape sequence '\\\(JSONSyntaxError.printable(byte))' in string", at: index)
        }
        scratch.append(decoded)
        return index + 2
    }

    /// Decodes `\uXXXX`, or a `\uD8xx\uDCxx` surrogate pair, at `index` into `scratch`.
    ///
    /// A Swift `String` holds only Unicode scalars, so a lone or reversed surrogate cannot be
    /// represented; it is rejected rather than silently replaced with U+FFFD.
    private mutating func appendUnicodeEscape(at index: Int) throws(JSONSyntaxError) -> Int {
        let unit = try readHex4(at: index + 2)
        var next = index + 6
        var scalarValue = UInt32(unit)
        switch unit {
        case 0xD800...0xDBFF:
            guard next + 1 < input.count,
                  input[next] == UInt8(ascii: "\\"), input[next + 1] == UInt8(ascii: "u") else {
                throw error("unpaired high surrogate \\u\(hex4(unit)) in string", at: index)
            }
            let low = try readHex4(at: next + 2)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error("unpaired high surrogate \\u\(hex4(unit)) in string", at: index)
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            next += 6
        case 0xDC00...0xDFFF:
            throw error("unpaired low surrogate \\u\(hex4(unit)) in string", at: index)
        default:
            break
        }
        guard let scalar = Unicode.Scalar(scalarValue) else {
            throw error("invalid Unicode escape in string", at: index)
        }
        UTF8.encode(scalar) { scratch.append($0) }
        return next
    }

    /// Reads the four hex digits of a `\u` escape starting at `index`.
    private func readHex4(at index: Int) throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for offset in 0..<4 {
            let digitIndex = index + offset
            guard digitIndex < input.count else { throw endOfInput() }
            let byte = input[digitIndex]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw error("invalid hex digit \(JSONSyntaxError.describe(byte)) in \\u escape", at: digitIndex)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private func hex4(_ unit: UInt16) -> String {
        JSONSyntaxError.hex(UInt8(unit >> 8)) + JSONSyntaxError.hex(UInt8(unit & 0xFF))
    }

    private func controlCharacter(_ byte: UInt8, at index: Int) -> JSONSyntaxError {
        error("unescaped control character 0x\(JSONSyntaxError.hex(byte)) in string", at: index)
    }
}
