import Foundation

/// Decodes the elements a ``JSONElementSplitter`` finds with the bytes path of
/// `decode(_:fromJSON:)`; applies the decoder's invalid-element strategy and places each error
/// in the whole input (the element's index first in its key path, positions counted from the
/// start of the input, and the line for JSON Lines).
///
/// Each element is decoded once, by the same codec and walk as the in-memory decode, where it
/// lies in the bytes at hand, once all of it is there: an array element after the splitter has
/// scanned it, a JSON Lines element as the document its line holds. Errors read as the
/// in-memory decode of the same bytes reports them (`decode([Model].self, fromJSON:)` for an
/// array, counting depth from the array's bracket; `decode(_:fromJSONLines:)` for JSON Lines):
/// an error where a value should start belongs to that element; malformed JSON, a cut-off input
/// and a depth or stack error are never skipped (the classification the shared validate-and-set
/// step uses). An element that fails to map is then scanned (not decoded again) to its end, so
/// that a syntax error in it is what is reported, as the in-memory decode reports one anywhere
/// in the document; the stream cannot look ahead without holding the input, so it reports the
/// element's error once the structure right after it has been read, or that structure's error
/// if it is broken.
///
/// Every complete element in the bytes at hand is decoded in one go (a few dozen kilobytes'
/// worth at most) and taken by the caller as a batch, so the per-call costs of the asynchronous
/// iteration are paid once per read rather than once per model; an error is thrown only after
/// the models before it are handed out.
// An engine is driven by one task at a time (only its stream's reader uses it, from the iterating
// task's `next`), so the dynamic exclusivity checks on its state, three per element, are off.
final class StreamEngine<Decoding: StreamElementDecoding> {
    typealias Model = Decoding.Model
    typealias Output = Decoding.Output

    let decoder: KeyValueDecoder
    private let decoding: Decoding
    private let expected: String
    /// Shared by the elements, as by the elements of an in-memory array.
    let session: DecodingSession
    @exclusivity(unchecked) private(set) var splitter: JSONElementSplitter
    private let progress: JSONStreamProgress?
    /// Decoded elements not yet taken, and where each was in the input.
    @exclusivity(unchecked) private var ready: [Output] = []
    @exclusivity(unchecked) private var readyPlaces: [ElementPlace] = []
    @exclusivity(unchecked) private var skippedSinceHandout = 0
    /// What follows the ready models: the end of the input or an error.
    @exclusivity(unchecked) private var ended = false
    @exclusivity(unchecked) private var pendingError: (any Error)?
    /// An array element's failure to map, reported once the splitter has read past the element.
    @exclusivity(unchecked) private var heldError: MappingError?
    /// Whether the start of the input was checked for UTF-16 or UTF-32 text.
    @exclusivity(unchecked) private var encodingChecked = false

    /// An engine decoding with `session`, shared with the caller's own steps (a new one when `nil`).
    init(decoder: KeyValueDecoder, decoding: Decoding, format: JSONElementSplitter.Format?, progress: JSONStreamProgress?, session: DecodingSession? = nil) {
        self.decoder = decoder
        self.decoding = decoding
        expected = KeyValueDecoder.expectedObject(Model.self)
        self.session = session ?? DecodingSession(options: decoder)
        // An array's elements are one level inside it, as in the in-memory decode.
        if format == .array { self.session.depth = 1 }
        splitter = JSONElementSplitter(format: format, maximumDepth: decoder.jsonReading.maximumDepth,
                                       allowsByteOrderMark: decoder.jsonReading.allowsByteOrderMark)
        self.progress = progress
    }

    /// Whether decoded models are waiting.
    var hasReady: Bool { !ready.isEmpty }

    /// Whether ``decode(_:base:isFinal:)`` has something to say: models, an error or the end.
    var hasOutcome: Bool { !ready.isEmpty || pendingError != nil || ended }

    /// Moves the decoded elements into `outputs` and where each was into `places` (both
    /// empty), in input order.
    func takeReady(into outputs: inout [Output], places: inout [ElementPlace]) {
        swap(&outputs, &ready)
        swap(&places, &readyPlaces)
        flushSkipped()
    }

    /// Once no model is waiting: throws the error that stopped the decoding, or says whether
    /// the input is complete (and records that it is).
    func checkEnd() throws -> Bool {
        flushSkipped()
        if let pendingError {
            self.pendingError = nil
            ended = true
            throw pendingError
        }
        guard ended else { return false }
        let consumed = splitter.position
        progress?.update { state in
            state.bytesConsumed = consumed
            state.isFinished = true
        }
        return true
    }

    private func flushSkipped() {
        guard skippedSinceHandout > 0 else { return }
        let skipped = skippedSinceHandout
        skippedSinceHandout = 0
        progress?.update { $0.elementsSkipped += skipped }
    }

    /// Decodes every complete element of `input` (whose first byte is at absolute offset `base`)
    /// for ``takeReady(into:places:)``; afterwards either some are ready, or the input is
    /// finished, or an error is pending, or more input is needed.
    func decode(_ input: ByteInput, base: Int, isFinal: Bool) {
        session.adoptCallingThread()
        // Between pieces the stack is shallow: the deep values the last piece's elements held
        // are let go here (what still holds them keeps them), not kept to the end of the input.
        if !session.deepValues.isEmpty { DeepValues.release(&session.deepValues) }
        decodeAvailable(in: input, base: base, isFinal: isFinal)
    }

    /// Every model decoded, in order, once the whole input was given to ``decode(_:base:isFinal:)``
    /// (the synchronous JSON Lines decode); throws the first error.
    func drain() throws -> [Output] {
        if let pendingError { throw pendingError }
        defer {
            ready = []
            readyPlaces = []
        }
        return ready
    }

    /// Decodes every complete element of `input` into `ready`; stops at the end of the bytes, of
    /// the input, or at an error (kept for after the models before it).
    private func decodeAvailable(in input: ByteInput, base: Int, isFinal: Bool) {
        if !encodingChecked {
            guard isFinal || input.count >= 4 || !Self.mayBeForeign(input) else { return }
            encodingChecked = true
            if let error = JSONBytes.encodingError(input, expected: documentDescription(input)) {
                pendingError = error
                return
            }
        }
        while true {
            let step: JSONElementSplitter.Step
            do {
                step = try splitter.next(in: input, base: base, isFinal: isFinal)
            } catch {
                // Broken structure after a failing element is what the in-memory decode reports.
                pendingError = structureError(error, in: input)
                return
            }
            if let heldError {
                if case .needsInput = step { return }
                pendingError = heldError
                return
            }
            switch step {
            case .element(let element):
                switch decodeElement(element, in: input, base: base) {
                case .decoded(let model):
                    ready.append(model)
                    readyPlaces.append(ElementPlace(end: splitter.position, index: element.index,
                                                    line: splitter.format == .lines ? element.start?.line ?? 0 : 0))
                case .failed(let error):
                    let placed = place(error, element, in: input, base: base)
                    do {
                        try session.dropElement(placed, skipping: false)
                        skippedSinceHandout += 1
                    } catch {
                        if case .malformedJSON = placed.reason {
                            pendingError = placed
                            return
                        }
                        if splitter.format == .lines {
                            pendingError = placed
                            return
                        }
                        heldError = placed
                    }
                case .malformed(let error):
                    pendingError = place(error, element, in: input, base: base, indexed: false)
                    return
                }
            case .broken(let element, let fallback):
                pendingError = brokenError(element, fallback: fallback, in: input, base: base)
                return
            case .needsInput:
                return
            case .finished:
                ended = true
                return
            }
        }
    }

    /// What the input is expected to hold, for an error about its encoding: when the format is
    /// detected, what its first character (its first byte that is not zero) says.
    private func documentDescription(_ input: ByteInput) -> String {
        var format = splitter.format
        if format == nil {
            var index = 0
            while index < min(input.count, 4), input[index] == 0 { index += 1 }
            format = index < input.count && input[index] == UInt8(ascii: "[") ? .array : .lines
        }
        return format == .array ? "a JSON array of \(Model.self)" : "JSON Lines of \(Model.self)"
    }

    /// Whether the first bytes might be UTF-16 or UTF-32 text, which four bytes tell: a zero
    /// byte, or the first byte of a UTF-16 byte order mark (neither starts UTF-8 JSON).
    private static func mayBeForeign(_ input: ByteInput) -> Bool {
        guard input.count > 0 else { return true }
        if input[0] == 0xFE || input[0] == 0xFF { return true }
        for index in 0..<min(input.count, 4) where input[index] == 0 { return true }
        return false
    }

    /// A syntax error the splitter found between elements, with the element it belongs to.
    private func structureError(_ syntax: JSONSyntaxError, in input: ByteInput) -> MappingError {
        // Blank input where an array must be: said as the in-memory decode says it.
        if splitter.phase == .start, splitter.format == .array, JSONBytes.isBlank(input) {
            return MappingError(.malformedJSON("the input is empty, expected \(documentDescription(input))"), underlyingError: syntax)
        }
        var error = MappingError(.malformedJSON(syntax.description), underlyingError: syntax)
        guard let index = splitter.failingElement else { return error }
        error = error.prepending(.index(index))
        if splitter.format == .lines { error.line = syntax.line }
        return error
    }

    /// Why `element` cannot be completed: what decoding its bytes reports (an error that comes
    /// before the point where they stop, with its key path), else `fallback` there.
    private func brokenError(_ element: JSONElementSplitter.Element, fallback: JSONSyntaxError, in input: ByteInput, base: Int) -> MappingError {
        var result = MappingError(.malformedJSON(fallback.description), underlyingError: fallback)
        let outcome = decodeBrokenElement(element, in: input, base: base)
        if case .malformed(let error) = outcome { return place(error, element, in: input, base: base, indexed: false) }
        if case .failed(let error) = outcome {
            let placed = place(error, element, in: input, base: base)
            // Running out of the bytes given is not the reason: they were cut where the splitter
            // stopped. (The decode may also count depth from a member's value, not the element.)
            if case .malformedJSON = placed.reason, let syntax = placed.underlyingError as? JSONSyntaxError {
                guard syntax.offset >= element.bytes.upperBound else { return placed }
                result.path = placed.path
            }
        }
        // An element that maps, or fails to map, before the break: for an array the in-memory
        // decode re-reads the whole document, and the break is its error, for the document; a
        // JSON Lines line is a document of its own.
        guard splitter.format == .lines else { return result }
        if result.path.isEmpty { result = result.prepending(.index(element.index)) }
        result.line = placedLine(element, in: input, base: base)
        return result
    }

    private func placedLine(_ element: JSONElementSplitter.Element, in input: ByteInput, base: Int) -> Int {
        (element.start ?? splitter.location(of: element.bytes.lowerBound, in: input, base: base)).line
    }

    /// What decoding one element gave.
    private enum Outcome {
        case decoded(Output)
        case failed(MappingError)
        /// What follows the element's value inside the bytes the splitter gave it is not a
        /// comma or a bracket (`nullV`, `1x`): the document's own syntax error, at its root, as
        /// the in-memory decode's array loop reports it.
        case malformed(MappingError)
    }

    /// Decodes a complete element, once: an array element where it lies in the input (one level
    /// inside the array, as the in-memory decode reads it), a line as a document of its own.
    /// An element that fails to map is scanned to its end, so that a syntax error in it wins.
    private func decodeElement(_ element: JSONElementSplitter.Element, in input: ByteInput, base: Int) -> Outcome {
        let start = element.bytes.lowerBound - base
        let bytes = start..<(element.bytes.upperBound - base)
        do {
            if splitter.format == .lines {
                return .decoded(try JSONBytes.decode(input.slice(bytes), options: decoder.jsonReading, opening: UInt8(ascii: "{"),
                                                     expected: expected, sniffsEncoding: false) { reader in
                    try decoding.decode(from: &reader, session)
                })
            }
            var reader = elementReader(element, in: input, base: base)
            do {
                return .decoded(try decoding.decode(from: &reader, session))
            } catch let error as MappingError {
                if case .malformedJSON = error.reason { throw error }
                if let broken = try Self.junkAfterFailedValue(&reader, element: input[start]) { return .malformed(broken) }
                throw error
            }
        } catch let error as MappingError {
            return .failed(error)
        } catch {
            return .failed(MappingError(.other(String(describing: error)), underlyingError: error))
        }
    }

    /// After an element failed to map: skips its value (a syntax error in it is thrown), then
    /// gives the syntax error of what follows a value that is not an object, read where it lies.
    /// The splitter ends such an element at the next delimiter, so junk glued to the value
    /// (`nullV`) is inside the element's bytes; an object's bytes end at its brace.
    private static func junkAfterFailedValue(_ reader: inout JSONReader, element first: UInt8) throws -> MappingError? {
        try reader.skipValue(from: SourceMark(position: 0, depth: 1))
        // The end of the bytes at hand is not the end of the input: more may follow.
        guard first != UInt8(ascii: "{"), let next = try? reader.peek(), next != UInt8(ascii: ","), next != UInt8(ascii: "]") else { return nil }
        do {
            _ = try reader.finishElement(closing: UInt8(ascii: "]"))
        } catch let error as MappingError {
            return error
        }
        return nil
    }

    /// A reader on an array element's bytes, one level inside the array: the reader's depth
    /// limit counts from the document's root, as in the in-memory decode. An element that is not
    /// an object is read where it lies, as that decode reads an element of its array: the reader
    /// meets what follows the value, and names what it found in the same words.
    private func elementReader(_ element: JSONElementSplitter.Element, in input: ByteInput, base: Int) -> JSONReader {
        let start = element.bytes.lowerBound - base
        let end = input[start] == UInt8(ascii: "{") ? min(element.bytes.upperBound - base, input.count) : input.count
        var reader = JSONReader(input: input.slice(start..<end), options: decoder.jsonReading)
        reader.depth = 1
        return reader
    }

    /// Decodes the bytes of an element that cannot be completed, up to where they stop, for the
    /// error that comes first (with its key path).
    private func decodeBrokenElement(_ element: JSONElementSplitter.Element, in input: ByteInput, base: Int) -> Outcome {
        if splitter.format == .lines { return decodeElement(element, in: input, base: base) }
        var reader = elementReader(element, in: input, base: base)
        do {
            return .decoded(try decoding.decode(from: &reader, session))
        } catch let error as MappingError {
            if case .malformedJSON = error.reason { return .failed(error) }
            // A syntax error skipping the value is the splitter's to report here (its fallback).
            if let broken = (try? Self.junkAfterFailedValue(&reader, element: input[element.bytes.lowerBound - base])) ?? nil {
                return .malformed(broken)
            }
            return .failed(error)
        } catch {
            return .failed(MappingError(.other(String(describing: error)), underlyingError: error))
        }
    }

    /// `error`, raised inside `element`'s bytes (in `input`, whose first byte is at `base`), as
    /// an error of the whole input.
    /// `indexed: false` for an error of the document's structure around the element, which the
    /// in-memory decode reports at the root.
    private func place(_ error: any Error, _ element: JSONElementSplitter.Element, in input: ByteInput, base: Int, indexed: Bool = true) -> MappingError {
        var placed = error as? MappingError ?? MappingError(.other(String(describing: error)), underlyingError: error)
        if indexed { placed = placed.prepending(.index(element.index)) }
        let start = element.start ?? splitter.location(of: element.bytes.lowerBound, in: input, base: base)
        if case .malformedJSON = placed.reason, let syntax = placed.underlyingError as? JSONSyntaxError {
            let moved = syntax.placed(at: element.bytes.lowerBound, line: start.line, column: start.column)
            placed.reason = .malformedJSON(moved.description)
            placed.underlyingError = moved
        }
        if splitter.format == .lines { placed.line = start.line }
        return placed
    }

    /// Counts lines up to absolute offset `offset` of `input` before the bytes before it are
    /// dropped (errors later report the lines they are on).
    func willDrop(upTo offset: Int, in input: ByteInput, base: Int) {
        splitter.countLines(upTo: offset, in: input, base: base)
    }
}

/// Where a decoded element was in a stream's input.
struct ElementPlace {
    /// The input offset after it.
    var end: Int
    /// Its index among the elements.
    var index: Int
    /// For JSON Lines, the 1-based line it is on; 0 for an array.
    var line: Int
}
