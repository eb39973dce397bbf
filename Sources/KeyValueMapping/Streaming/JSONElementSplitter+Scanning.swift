// The splitter's scanning: following an element's strings, escapes and brackets to its end,
// skipping whitespace and blank lines, and counting lines for the positions errors report.

extension JSONElementSplitter {
    /// Scans an array element from `position`: a container to its closing bracket, a string to
    /// its closing quote, anything else (a number, a literal, or garbage the decode reports) to
    /// the next delimiter; `.invalid` at a control byte that is not whitespace outside a string,
    /// or any inside one (`position` stops at it).
    mutating func scanValue(_ input: ByteInput, base: Int) -> Scan {
        if position == elementStart { return .tooDeep }
        // Local copies of the state (offsets relative to `input`), written back on the way out.
        let count = input.count
        var index = position - base
        var depth = self.depth
        var inString = self.inString
        var afterBackslash = self.afterBackslash
        defer {
            position = base + index
            self.depth = depth
            self.inString = inString
            self.afterBackslash = afterBackslash
        }
        while index < count {
            if inString {
                if afterBackslash {
                    // The escaped byte, whatever it is, does not end the string.
                    afterBackslash = false
                    index += 1
                    continue
                }
                index = input.endOfPlainRun(from: index, to: count, stopAtNonASCII: false)
                guard index < count else { break }
                let byte = input[index]
                // The run stops only at a quote, a backslash or a control byte.
                if byte < 0x20 { return .invalid }
                index += 1
                if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return .complete }
                } else {
                    afterBackslash = true
                }
                continue
            }
            if depth > 0 {
                // Inside a container only quotes, brackets and control bytes matter.
                index = input.endOfUnstructuredRun(from: index, to: count)
                guard index < count else { break }
            }
            switch input[index] {
            case UInt8(ascii: "\""):
                if depth == 0 { return .complete }
                inString = true
                index += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 0 { return .complete }
                if depth >= maximumDepth { return .tooDeep }
                depth += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return .complete }
                depth -= 1
                index += 1
                if depth == 0 { return .complete }
            case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
                if depth == 0 { return .complete }
                index += 1
            case let byte:
                if byte < 0x20 { return .invalid }
                index += 1
            }
        }
        return .needsInput
    }

    /// Scans a JSON Lines element from `position` to the end of its line (`position` stops at
    /// the line feed). Strings and brackets are followed only to stop a line nested deeper
    /// than the reader allows, or holding a control byte that is never JSON, early.
    mutating func scanLine(_ input: ByteInput, base: Int) -> Scan {
        let end = base + input.count
        while position < end {
            if !afterBackslash {
                position = base + (inString
                    ? input.endOfPlainRun(from: position - base, to: input.count, stopAtNonASCII: false)
                    : input.endOfUnstructuredRun(from: position - base, to: input.count))
                guard position < end else { break }
            }
            let byte = input[position - base]
            if byte == 0x0A { return .complete }
            if byte < 0x20, inString || (byte != 0x09 && byte != 0x0D) { return .invalid }
            if afterBackslash {
                afterBackslash = false
            } else if inString {
                if byte == UInt8(ascii: "\"") {
                    inString = false
                } else if byte == UInt8(ascii: "\\") {
                    afterBackslash = true
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if depth >= maximumDepth { return .tooDeep }
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    // An unbalanced closer is the decode's to report.
                    depth = max(depth - 1, 0)
                default:
                    break
                }
            }
            position += 1
        }
        return .needsInput
    }

    /// Skips whitespace and blank lines before a JSON Lines element, counting the lines when
    /// everything before is counted (as it is when each line is counted as it is passed).
    mutating func skipBlankLines(_ input: ByteInput, base: Int) {
        guard countedTo == position else { return skipWhitespace(input, base: base) }
        let end = base + input.count
        while position < end {
            switch input[position - base] {
            case 0x20, 0x09, 0x0D:
                position += 1
            case 0x0A:
                position += 1
                countedLine += 1
                countedLineStart = position
            default:
                countedTo = position
                return
            }
        }
        countedTo = position
    }

    /// Where the JSON Lines element at `position` starts, when its line is counted already
    /// (else it is worked out when an error needs it).
    func lineStartLocation() -> (line: Int, column: Int)? {
        countedTo == position ? (countedLine, position - countedLineStart + 1) : nil
    }

    /// Counts the line from absolute offset `start` (which holds no other line feed) to the line
    /// feed at `lineFeed`, when everything before `start` is counted; the compaction then has
    /// nothing left to count.
    mutating func countLine(from start: Int, endingAt lineFeed: Int) {
        guard countedTo == start else { return }
        countedLine += 1
        countedLineStart = lineFeed + 1
        countedTo = lineFeed + 1
    }

    /// Skips RFC 8259 whitespace.
    mutating func skipWhitespace(_ input: ByteInput, base: Int) {
        let end = base + input.count
        while position < end {
            switch input[position - base] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The 1-based line and byte column of absolute offset `offset`, which must be in `input`
    /// (whose first byte is at `base`); offsets are asked for in increasing order.
    mutating func location(of offset: Int, in input: ByteInput, base: Int) -> (line: Int, column: Int) {
        countLines(upTo: offset, in: input, base: base)
        return (countedLine, max(offset - countedLineStart, 0) + 1)
    }

    /// Counts the lines up to absolute offset `offset`; call it before dropping bytes.
    mutating func countLines(upTo offset: Int, in input: ByteInput, base: Int) {
        let limit = min(offset, base + input.count)
        guard limit > countedTo, countedTo >= base else { return }
        let found = input.lineFeeds(from: countedTo - base, to: limit - base)
        countedLine += found.count
        if let afterLast = found.afterLast { countedLineStart = base + afterLast }
        countedTo = limit
    }

    /// An error at absolute offset `offset` (in `input`, or at its end).
    mutating func error(_ message: String, at offset: Int, _ input: ByteInput, _ base: Int) -> JSONSyntaxError {
        let (line, column) = location(of: offset, in: input, base: base)
        return JSONSyntaxError(message, offset: offset, line: line, column: column)
    }

    mutating func endOfInput(_ input: ByteInput, _ base: Int) -> JSONSyntaxError {
        error("unexpected end of input", at: base + input.count, input, base)
    }
}

extension JSONSyntaxError {
    /// An error whose position the caller has worked out (the splitter counts lines itself;
    /// an element's errors are moved from the element's bytes to the whole input's).
    init(_ message: String, offset: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// This error, found in bytes that start at absolute offset `start`, which is at `line`
    /// and `column` of the whole input, placed in the whole input.
    func placed(at start: Int, line startLine: Int, column startColumn: Int) -> JSONSyntaxError {
        JSONSyntaxError(message, offset: start + offset, line: startLine + line - 1,
                        column: line == 1 ? startColumn + column - 1 : column)
    }
}
