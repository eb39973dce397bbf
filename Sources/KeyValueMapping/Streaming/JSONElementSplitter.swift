// Finds where each element of a top-level JSON array, or each line of JSON Lines, ends, in
// input that arrives piece by piece. It only tracks strings, escapes and brackets: the bytes of
// each element are then decoded by the bytes path, which validates them, so the rules and every
// message are those of `decode(_:fromJSON:)`. The structure between elements (brackets, commas,
// what follows the array) is checked here, with the reader's words. Scanning resumes where it
// stopped, so an element that spans many pieces is scanned once.

/// Splits a JSON array or JSON Lines text into its elements' byte ranges.
struct JSONElementSplitter {
    /// How the text holds its elements.
    enum Format: Equatable, Sendable {
        /// One JSON array: `[{…}, {…}]`.
        case array
        /// One value per line (JSON Lines): `{…}\n{…}\n`.
        case lines
    }

    /// One element: its bytes (absolute offsets in the whole input) and where it starts.
    struct Element {
        let bytes: Range<Int>
        /// Its position among the elements, from 0.
        let index: Int
        /// The 1-based line and byte column of its first byte.
        let line: Int
        let column: Int
    }

    enum Step {
        /// A complete element.
        case element(Element)
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
        case start, afterOpening, afterComma, inElement, afterElement, afterArray, lineStart, done
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
    /// The 1-based line `position` is on, and the offset where that line starts.
    private var line = 1
    private var lineStart = 0
    private(set) var elementCount = 0
    // The element being scanned.
    private var elementStart = 0
    private var elementLine = 1
    private var elementColumn = 1
    private var depth = 0
    private var inString = false
    private var afterBackslash = false

    init(format: Format?, maximumDepth: Int, allowsByteOrderMark: Bool) {
        self.format = format
        self.maximumDepth = maximumDepth
        self.allowsByteOrderMark = allowsByteOrderMark
    }

    /// Bytes before this absolute offset are never looked at again.
    var retainedFrom: Int { phase == .inElement ? elementStart : position }

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
                            throw error("byte order mark is not allowed (set allowsByteOrderMark to skip it)", at: 0)
                        }
                        position = 3
                    case .absent: break
                    }
                }
                skipWhitespace(input, base: base)
                guard position < end else {
                    guard isFinal else { return .needsInput }
                    if format == .array { throw endOfInput(at: end) }
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
                    throw error(JSONSyntaxError.unexpected(byte) + ", expected '['", at: position)
                }
                position += 1
                phase = .afterOpening
            case .afterOpening, .afterComma:
                skipWhitespace(input, base: base)
                guard position < end else {
                    if isFinal { throw endOfInput(at: end) }
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
                    throw error(JSONSyntaxError.unexpected(byte), at: position)
                }
                try beginElement(input, base: base)
            case .lineStart:
                skipWhitespace(input, base: base)
                guard position < end else {
                    guard isFinal else { return .needsInput }
                    phase = .done
                    return .finished
                }
                try beginElement(input, base: base)
            case .inElement:
                let scan = format == .lines ? scanLine(input, base: base) : scanValue(input, base: base)
                switch scan {
                case .complete:
                    let element = Element(bytes: elementStart..<position, index: elementCount, line: elementLine, column: elementColumn)
                    elementCount += 1
                    if format == .lines {
                        newLine()
                        phase = .lineStart
                    } else {
                        phase = .afterElement
                    }
                    return .element(element)
                case .tooDeep:
                    phase = .done
                    let element = Element(bytes: elementStart..<(position + 1), index: elementCount, line: elementLine, column: elementColumn)
                    return .broken(element, fallback: error("nesting exceeds the maximum depth of \(maximumDepth)", at: position))
                case .needsInput:
                    guard isFinal else { return .needsInput }
                    let element = Element(bytes: elementStart..<end, index: elementCount, line: elementLine, column: elementColumn)
                    elementCount += 1
                    if format == .lines {
                        // The last line needs no final newline.
                        phase = .done
                        return .element(element)
                    }
                    phase = .done
                    return .broken(element, fallback: endOfInput(at: end))
                }
            case .afterElement:
                skipWhitespace(input, base: base)
                guard position < end else {
                    if isFinal { throw endOfInput(at: end) }
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
                    throw error(JSONSyntaxError.unexpected(byte) + ", expected ',' or ']'", at: position)
                }
            case .afterArray:
                skipWhitespace(input, base: base)
                if position < end {
                    throw error(JSONSyntaxError.unexpected(input[position - base]) + " after the JSON value", at: position)
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

    /// Starts the element whose first byte is at `position` and consumes that byte.
    private mutating func beginElement(_ input: ByteInput, base: Int) throws(JSONSyntaxError) {
        elementStart = position
        elementLine = line
        elementColumn = position - lineStart + 1
        depth = 0
        inString = false
        afterBackslash = false
        phase = .inElement
        guard format == .array else { return }
        switch input[position - base] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if maximumDepth < 1 {
                // Reported through the element's own decode, which fails at this bracket.
                return
            }
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
        let end = base + input.count
        if position == elementStart {
            // Only when the depth limit is 0 and the element is a container.
            return .tooDeep
        }
        while position < end {
            if inString {
                if afterBackslash {
                    afterBackslash = false
                    if input[position - base] == 0x0A { newLine() } else { position += 1 }
                    continue
                }
                position = base + input.endOfPlainRun(from: position - base, to: input.count, stopAtNonASCII: false)
                guard position < end else { break }
                switch input[position - base] {
                case UInt8(ascii: "\""):
                    inString = false
                    position += 1
                    if depth == 0 { return .complete }
                case UInt8(ascii: "\\"):
                    afterBackslash = true
                    position += 1
                case UInt8(ascii: "\n"):
                    // Not valid inside a string (the decode says so); still a line break.
                    newLine()
                default:
                    position += 1
                }
                continue
            }
            let byte = input[position - base]
            switch byte {
            case UInt8(ascii: "\""):
                if depth == 0 { return .complete }
                inString = true
                position += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 0 { return .complete }
                if depth >= maximumDepth { return .tooDeep }
                depth += 1
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return .complete }
                depth -= 1
                position += 1
                if depth == 0 { return .complete }
            case UInt8(ascii: ","), 0x20, 0x09, 0x0D:
                if depth == 0 { return .complete }
                position += 1
            case 0x0A:
                if depth == 0 { return .complete }
                newLine()
            default:
                position += 1
            }
        }
        return .needsInput
    }

    /// Scans a JSON Lines element from `position` to the end of its line (`position` stops at
    /// the newline). Strings and brackets are followed only to stop a
    /// line nested deeper than the reader allows early.
    private mutating func scanLine(_ input: ByteInput, base: Int) -> Scan {
        let end = base + input.count
        while position < end {
            if inString, !afterBackslash {
                position = base + input.endOfPlainRun(from: position - base, to: input.count, stopAtNonASCII: false)
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

    /// Moves past the newline at `position`.
    private mutating func newLine() {
        position += 1
        line += 1
        lineStart = position
    }

    /// Skips RFC 8259 whitespace, counting lines.
    private mutating func skipWhitespace(_ input: ByteInput, base: Int) {
        let end = base + input.count
        while position < end {
            switch input[position - base] {
            case 0x20, 0x09, 0x0D: position += 1
            case 0x0A: newLine()
            default: return
            }
        }
    }

    /// An error at `offset`, which is on the line being scanned (or at the end of the input).
    private func error(_ message: String, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(message, offset: offset, line: line, column: offset - lineStart + 1)
    }

    private func endOfInput(at end: Int) -> JSONSyntaxError {
        error("unexpected end of input", at: end)
    }
}

extension JSONSyntaxError {
    /// An error whose position the caller has worked out (the splitter counts lines as it goes;
    /// an element's errors are moved from the element's bytes to the whole input's).
    init(_ message: String, offset: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// This error, found in bytes that start at `element`'s first byte, placed in the whole input.
    func placed(in element: JSONElementSplitter.Element) -> JSONSyntaxError {
        JSONSyntaxError(message, offset: element.bytes.lowerBound + offset, line: element.line + line - 1,
                        column: line == 1 ? element.column + column - 1 : column)
    }
}
