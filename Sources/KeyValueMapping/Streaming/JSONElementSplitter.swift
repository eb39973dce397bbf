// Finds where each element of a top-level JSON array, or each line of JSON Lines, ends, in
// input that arrives piece by piece, and checks the structure between elements (brackets,
// commas, what follows the array) with the reader's words.
//
// The elements themselves are decoded by the bytes path, which validates them, so their rules
// and messages are those of `decode(_:fromJSON:)`. An array element that is an object is
// first offered to the caller as a `candidate`: decoding it straight from the reader finds its
// end for free. Anything else, or a candidate whose decode fails or runs past the bytes at
// hand, is scanned: strings, escapes and brackets are followed to its end, resuming where the
// scan stopped when more input arrives, so an element that spans many pieces is scanned once.
// A JSON Lines element ends at the next line feed (a raw line feed is never inside a valid
// string); only a line longer than the bytes at hand is scanned, to stop one nested too deeply.
// Lines are counted only when an error needs one (and before bytes are dropped).

/// Splits a JSON array or JSON Lines text into its elements' byte ranges.
struct JSONElementSplitter {
    /// How the text holds its elements.
    enum Format: Equatable, Sendable {
        /// One JSON array: `[{…}, {…}]`.
        case array
        /// One value per line (JSON Lines): `{…}\n{…}\n`.
        case lines
    }

    /// One element: its bytes (absolute offsets in the whole input) and its position among
    /// the elements, from 0.
    struct Element {
        let bytes: Range<Int>
        let index: Int
        /// Where it starts, when the splitter has already worked it out (for broken elements,
        /// before the position of their fallback error).
        var start: (line: Int, column: Int)?
    }

    enum Step {
        /// A complete element.
        case element(Element)
        /// An element that is an object starts at absolute offset `start`: decode it from there
        /// and report its end with ``accept(elementEndingAt:in:base:isFinal:)``, or call
        /// ``next(in:base:isFinal:)`` again to have it scanned (or its line decoded whole).
        case candidate(start: Int)
        /// An element that cannot be completed: nested deeper than the reader allows (its bytes
        /// end at the offending bracket) or cut off by the end of the input. Decoding its bytes
        /// reports why with its key path; `fallback` says it if that decode does not.
        case broken(Element, fallback: JSONSyntaxError)
        /// Everything available is scanned; more input is needed.
        case needsInput
        /// The text is complete.
        case finished
    }

    private enum Phase {
        case start, afterOpening, afterComma, candidate, inElement, afterElement, afterArray, lineStart, lineCandidate, done
    }

    private enum Scan {
        case complete, needsInput, tooDeep
    }

    /// The format, once known (given, or detected from the first byte that is not whitespace:
    /// `[` is an array, anything else JSON Lines).
    private(set) var format: Format?
    private let maximumDepth: Int
    private let allowsByteOrderMark: Bool
    private var phase = Phase.start
    /// The absolute offset of the next byte to look at.
    private(set) var position = 0
    private(set) var elementCount = 0
    // The element being scanned.
    private var elementStart = 0
    private var depth = 0
    private var inString = false
    private var afterBackslash = false
    // Lines are counted lazily: the 1-based line `countedTo` is on, and where that line starts.
    private var countedTo = 0
    private var countedLine = 1
    private var countedLineStart = 0

    init(format: Format?, maximumDepth: Int, allowsByteOrderMark: Bool) {
        self.format = format
        self.maximumDepth = maximumDepth
        self.allowsByteOrderMark = allowsByteOrderMark
    }

    /// Bytes before this absolute offset are never looked at again.
    var retainedFrom: Int {
        switch phase {
        case .inElement: return elementStart
        default: return position
        }
    }

    /// The candidate offered last was decoded and ends at absolute offset `end` (in `input`,
    /// whose first byte is at `base`). `false` when that cannot be its end: a JSON Lines value
    /// must fill its line, so one that spans a line feed or is followed by more than whitespace
    /// on its line is refused, and the line is then decoded as a whole (which reports why).
    mutating func accept(elementEndingAt end: Int, in input: ByteInput, base: Int, isFinal: Bool) -> Bool {
        switch phase {
        case .candidate:
            position = end
            elementCount += 1
            phase = .afterElement
            return true
        case .lineCandidate:
            guard input.firstLineFeed(from: position - base, to: end - base) == end - base else { return false }
            var index = end - base
            while index < input.count, input[index] == 0x20 || input[index] == 0x09 || input[index] == 0x0D { index += 1 }
            if index < input.count {
                guard input[index] == 0x0A else { return false }
                index += 1
            } else if !isFinal {
                // The rest of the line is not here yet.
                return false
            }
            if input[index - 1] == 0x0A { countLine(from: position, endingAt: base + index - 1) }
            position = base + index
            elementCount += 1
            phase = .lineStart
            return true
        default:
            return false
        }
    }

    /// The next step over `input`, whose first byte is at absolute offset `base` (and which
    /// holds every byte from `retainedFrom` on); `isFinal` when no input follows it.
    mutating func next(in input: ByteInput, base: Int, isFinal: Bool) throws(JSONSyntaxError) -> Step {
        let end = base + input.count
        while true {
            switch phase {
            case .start:
                if position == 0 {
                    switch byteOrderMark(input, isFinal: isFinal) {
                    case .needsInput: return .needsInput
                    case .present:
                        guard allowsByteOrderMark else {
                            throw error("byte order mark is not allowed (set allowsByteOrderMark to skip it)", at: 0, input, base)
                        }
                        position = 3
                    case .absent: break
                    }
                }
                skipWhitespace(input, base: base)
                guard position < end else {
                    guard isFinal else { return .needsInput }
                    if format == .array { throw endOfInput(input, base) }
                    phase = .done
                    return .finished
                }
                let byte = input[position - base]
                let resolved = format ?? (byte == UInt8(ascii: "[") ? .array : .lines)
                format = resolved
                if resolved == .lines {
                    phase = .lineStart
                    continue
                }
                guard byte == UInt8(ascii: "[") else {
                    throw error(JSONSyntaxError.unexpected(byte) + ", expected '['", at: position, input, base)
                }
                position += 1
                phase = .afterOpening
            case .afterOpening, .afterComma:
                skipWhitespace(input, base: base)
                guard position < end else {
                    if isFinal { throw endOfInput(input, base) }
                    return .needsInput
                }
                let byte = input[position - base]
                if byte == UInt8(ascii: "]"), phase == .afterOpening {
                    position += 1
                    phase = .afterArray
                    continue
                }
                // A closing bracket after a comma, or a comma with no value before it.
                if byte == UInt8(ascii: "]") || byte == UInt8(ascii: ",") {
                    throw error(JSONSyntaxError.unexpected(byte), at: position, input, base)
                }
                if byte == UInt8(ascii: "{") {
                    phase = .candidate
                    return .candidate(start: position)
                }
                beginElement(input, base: base)
            case .candidate:
                // Not decoded where it lies: scan it.
                beginElement(input, base: base)
            case .lineStart:
                skipBlankLines(input, base: base)
                guard position < end else {
                    guard isFinal else { return .needsInput }
                    phase = .done
                    return .finished
                }
                if input[position - base] == UInt8(ascii: "{") {
                    phase = .lineCandidate
                    return .candidate(start: position)
                }
                phase = .lineCandidate
            case .lineCandidate:
                // Not decoded where it lies: the line is decoded as a whole.
                phase = .lineStart
                let lineEnd = base + input.firstLineFeed(from: position - base, to: input.count)
                if lineEnd < end {
                    let element = Element(bytes: position..<lineEnd, index: elementCount, start: lineStartLocation())
                    elementCount += 1
                    countLine(from: position, endingAt: lineEnd)
                    position = lineEnd + 1
                    return .element(element)
                }
                // The line goes on past the bytes at hand.
                beginElement(input, base: base)
            case .inElement:
                let scan = format == .lines ? scanLine(input, base: base) : scanValue(input, base: base)
                switch scan {
                case .complete:
                    var element = Element(bytes: elementStart..<position, index: elementCount)
                    elementCount += 1
                    if format == .lines {
                        element.start = location(of: elementStart, in: input, base: base)
                        position += 1
                        phase = .lineStart
                    } else {
                        phase = .afterElement
                    }
                    return .element(element)
                case .tooDeep:
                    phase = .done
                    let start = location(of: elementStart, in: input, base: base)
                    let element = Element(bytes: elementStart..<(position + 1), index: elementCount, start: start)
                    return .broken(element, fallback: error("nesting exceeds the maximum depth of \(maximumDepth)", at: position, input, base))
                case .needsInput:
                    guard isFinal else { return .needsInput }
                    var element = Element(bytes: elementStart..<end, index: elementCount)
                    elementCount += 1
                    phase = .done
                    // The last line needs no final newline; an array element needs its end.
                    if format == .lines { return .element(element) }
                    element.start = location(of: elementStart, in: input, base: base)
                    return .broken(element, fallback: endOfInput(input, base))
                }
            case .afterElement:
                skipWhitespace(input, base: base)
                guard position < end else {
                    if isFinal { throw endOfInput(input, base) }
                    return .needsInput
                }
                let byte = input[position - base]
                switch byte {
                case UInt8(ascii: ","):
                    position += 1
                    phase = .afterComma
                case UInt8(ascii: "]"):
                    position += 1
                    phase = .afterArray
                default:
                    throw error(JSONSyntaxError.unexpected(byte) + ", expected ',' or ']'", at: position, input, base)
                }
            case .afterArray:
                skipWhitespace(input, base: base)
                if position < end {
                    throw error(JSONSyntaxError.unexpected(input[position - base]) + " after the JSON value", at: position, input, base)
                }
                guard isFinal else { return .needsInput }
                phase = .done
                return .finished
            case .done:
                return .finished
            }
        }
    }

    private enum Mark { case present, absent, needsInput }

    /// Whether the input starts with a UTF-8 byte order mark (`EF BB BF`).
    private func byteOrderMark(_ input: ByteInput, isFinal: Bool) -> Mark {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        for index in 0..<3 {
            guard index < input.count else { return isFinal ? .absent : .needsInput }
            if input[index] != mark[index] { return .absent }
        }
        return .present
    }

    /// Starts scanning the element whose first byte is at `position`, and consumes that byte.
    private mutating func beginElement(_ input: ByteInput, base: Int) {
        elementStart = position
        depth = 0
        inString = false
        afterBackslash = false
        phase = .inElement
        guard format == .array else { return }
        switch input[position - base] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            // With a depth limit of 0 even this bracket is too deep; `scanValue` says so.
            guard maximumDepth >= 1 else { return }
            depth = 1
        case UInt8(ascii: "\""):
            inString = true
        default:
            break
        }
        position += 1
    }

    /// Scans an array element from `position`: a container to its closing bracket, a string to
    /// its closing quote, anything else (a number, a literal, or garbage the decode reports) to
    /// the next delimiter.
    private mutating func scanValue(_ input: ByteInput, base: Int) -> Scan {
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
                index += 1
                if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return .complete }
                } else if byte == UInt8(ascii: "\\") {
                    afterBackslash = true
                }
                continue
            }
            if depth > 0 {
                // Inside a container only quotes and brackets matter (and line feeds, which the
                // run also stops at).
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
            default:
                index += 1
            }
        }
        return .needsInput
    }

    /// Scans a JSON Lines element from `position` to the end of its line (`position` stops at
    /// the line feed). Strings and brackets are followed only to stop a line nested deeper
    /// than the reader allows early.
    private mutating func scanLine(_ input: ByteInput, base: Int) -> Scan {
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
    private mutating func skipBlankLines(_ input: ByteInput, base: Int) {
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
    private func lineStartLocation() -> (line: Int, column: Int)? {
        countedTo == position ? (countedLine, position - countedLineStart + 1) : nil
    }

    /// Counts the line from absolute offset `start` (which holds no other line feed) to the line
    /// feed at `lineFeed`, when everything before `start` is counted; the compaction then has
    /// nothing left to count.
    private mutating func countLine(from start: Int, endingAt lineFeed: Int) {
        guard countedTo == start else { return }
        countedLine += 1
        countedLineStart = lineFeed + 1
        countedTo = lineFeed + 1
    }

    /// Skips RFC 8259 whitespace.
    private mutating func skipWhitespace(_ input: ByteInput, base: Int) {
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
    private mutating func error(_ message: String, at offset: Int, _ input: ByteInput, _ base: Int) -> JSONSyntaxError {
        let (line, column) = location(of: offset, in: input, base: base)
        return JSONSyntaxError(message, offset: offset, line: line, column: column)
    }

    private mutating func endOfInput(_ input: ByteInput, _ base: Int) -> JSONSyntaxError {
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
