// Finds where each element of a top-level JSON array, or each line of JSON Lines, ends, in
// input that arrives piece by piece, and checks the structure between elements (brackets,
// commas, what follows the array) with the reader's words.
//
// The elements themselves are decoded by the bytes path, which validates them, so their rules
// and messages are those of `decode(_:fromJSON:)`. Each is decoded once, when all of it is at
// hand, so nothing in it (user code included) runs twice. An array element is scanned first:
// strings, escapes and brackets are followed to its end, resuming where the scan stopped when
// more input arrives, so an element that spans many pieces is scanned once. A JSON Lines
// element ends at the next line feed (a raw line feed is never inside a valid string) and is
// decoded as a document of its own; only a line longer than the bytes at hand is scanned, to
// stop one nested too deeply. Lines are counted only when an error needs one (and before bytes
// are dropped).
//
// Bytes that can never be JSON end the input as soon as they are seen, so that memory stays
// bounded by the largest element: a byte that cannot start a value where one starts (thrown
// here, with the element it would have been), and a control byte outside whitespace (found by
// the scan, which then hands the element over as `broken` up to that byte). Other malformed
// bytes inside an element (junk after an object on its line, a number running into letters,
// invalid UTF-8 in a string) are reported when the element ends: an element that never ends is
// held until the input does, like an endless string.

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
        /// An element that cannot be completed: nested deeper than the reader allows or holding
        /// a byte that is never JSON (its bytes end at the offending byte), or cut off by the end
        /// of the input. Decoding its bytes
        /// reports why with its key path; `fallback` says it if that decode does not.
        case broken(Element, fallback: JSONSyntaxError)
        /// Everything available is scanned; more input is needed.
        case needsInput
        /// The text is complete.
        case finished
    }

    enum Phase {
        case start, afterOpening, afterComma, inElement, afterElement, afterArray, lineStart, lineElement, done
    }

    enum Scan {
        case complete, needsInput, tooDeep, invalid
    }

    /// The format, once known (given, or detected from the first byte that is not whitespace:
    /// `[` is an array, anything else JSON Lines).
    private(set) var format: Format?
    let maximumDepth: Int
    private let allowsByteOrderMark: Bool
    var phase = Phase.start
    /// The absolute offset of the next byte to look at (the scanning moves it too).
    var position = 0
    private(set) var elementCount = 0
    /// The element the error `next` threw last belongs to, when it is where that element's value
    /// should start (after `[`, a comma, or at the start of a line): the reader, reading it as
    /// that element, says the same at the same place.
    private(set) var failingElement: Int?
    // The element being scanned.
    var elementStart = 0
    var depth = 0
    var inString = false
    var afterBackslash = false
    // Lines are counted lazily: the 1-based line `countedTo` is on, and where that line starts.
    var countedTo = 0
    var countedLine = 1
    var countedLineStart = 0

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
                    guard isFinal else { return .needsInput }
                    // After `[` the reader is still opening the array; after a comma it reads the
                    // next element.
                    if phase == .afterComma { failingElement = elementCount }
                    throw endOfInput(input, base)
                }
                let byte = input[position - base]
                if byte == UInt8(ascii: "]"), phase == .afterOpening {
                    position += 1
                    phase = .afterArray
                    continue
                }
                // A closing bracket after a comma, a comma with no value before it, or a byte that
                // cannot start a value.
                guard Self.startsValue(byte) else {
                    failingElement = elementCount
                    throw error(JSONSyntaxError.unexpected(byte), at: position, input, base)
                }
                beginElement(input, base: base)
            case .lineStart:
                skipBlankLines(input, base: base)
                guard position < end else {
                    guard isFinal else { return .needsInput }
                    phase = .done
                    return .finished
                }
                let byte = input[position - base]
                guard Self.startsValue(byte) else {
                    failingElement = elementCount
                    throw error(JSONSyntaxError.unexpected(byte), at: position, input, base)
                }
                phase = .lineElement
            case .lineElement:
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
                case .invalid:
                    phase = .done
                    let start = location(of: elementStart, in: input, base: base)
                    let element = Element(bytes: elementStart..<(position + 1), index: elementCount, start: start)
                    let byte = input[position - base]
                    let message = inString ? "unescaped control character 0x\(JSONSyntaxError.hex(byte)) in string" : JSONSyntaxError.unexpected(byte)
                    return .broken(element, fallback: error(message, at: position, input, base))
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

    /// Whether `byte` can be the first byte of a JSON value.
    static func startsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return true
        default:
            return false
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
}
