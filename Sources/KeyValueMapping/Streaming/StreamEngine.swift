import Foundation

/// Decodes the elements a ``JSONElementSplitter`` finds, one at a time, with the bytes path of
/// `decode(_:fromJSON:)`; applies the decoder's invalid-element strategy and places each error
/// in the whole input (the element's index first in its key path, positions counted from the
/// start of the input, and the line for JSON Lines).
final class StreamEngine<Model: Mappable> {
    enum Outcome {
        case model(Model)
        case needsInput
        case finished
    }

    let decoder: KeyValueDecoder
    private let codec: ModelCodec<Model>
    private let expected: String
    private(set) var splitter: JSONElementSplitter
    private let progress: JSONStreamProgress?

    init(decoder: KeyValueDecoder, format: JSONElementSplitter.Format?, progress: JSONStreamProgress?) throws {
        self.decoder = decoder
        codec = ModelCodec(metadata: try ModelMetadata.of(Model.self))
        expected = KeyValueDecoder.expectedObject(Model.self)
        splitter = JSONElementSplitter(format: format, maximumDepth: decoder.jsonReading.maximumDepth,
                                       allowsByteOrderMark: decoder.jsonReading.allowsByteOrderMark)
        self.progress = progress
    }

    /// The next model from `input` (whose first byte is at absolute offset `base`), or what is
    /// needed to go on.
    func next(in input: ByteInput, base: Int, isFinal: Bool) throws -> Outcome {
        while true {
            let step: JSONElementSplitter.Step
            do {
                step = try splitter.next(in: input, base: base, isFinal: isFinal)
            } catch {
                throw MappingError(.malformedJSON(error.description), underlyingError: error)
            }
            switch step {
            case .element(let element):
                do {
                    let model = try decodeElement(element, in: input, base: base)
                    let consumed = splitter.position
                    progress?.update { state in
                        state.modelsDecoded += 1
                        state.bytesConsumed = consumed
                    }
                    return .model(model)
                } catch {
                    let placed = place(error, element)
                    guard decoder.invalidElements == .skip else { throw placed }
                    let consumed = splitter.position
                    progress?.update { state in
                        state.elementsSkipped += 1
                        state.bytesConsumed = consumed
                    }
                }
            case .broken(let element, let fallback):
                throw brokenError(element, fallback: fallback, in: input, base: base)
            case .needsInput:
                return .needsInput
            case .finished:
                let consumed = splitter.position
                progress?.update { state in
                    state.bytesConsumed = consumed
                    state.isFinished = true
                }
                return .finished
            }
        }
    }

    /// Why `element` cannot be completed: what decoding its bytes reports (an error that comes
    /// before the point where they stop, with its key path), else `fallback` there.
    private func brokenError(_ element: JSONElementSplitter.Element, fallback: JSONSyntaxError, in input: ByteInput, base: Int) -> MappingError {
        var result: MappingError
        do {
            _ = try decodeElement(element, in: input, base: base)
            result = MappingError(.malformedJSON(fallback.description), underlyingError: fallback).prepending(.index(element.index))
        } catch {
            let placed = place(error, element)
            // Running out of the bytes given is not the reason: they were cut where the splitter
            // stopped. (The decode may also count depth from a member's value, not the element.)
            guard case .malformedJSON = placed.reason, let syntax = placed.underlyingError as? JSONSyntaxError,
                  syntax.offset >= element.bytes.upperBound else { return placed }
            result = placed
            result.reason = .malformedJSON(fallback.description)
            result.underlyingError = fallback
        }
        if splitter.format == .lines { result.line = element.line }
        return result
    }

    private func decodeElement(_ element: JSONElementSplitter.Element, in input: ByteInput, base: Int) throws -> Model {
        let bytes = input.slice((element.bytes.lowerBound - base)..<(element.bytes.upperBound - base))
        return try decoder.decodeModel(codec, from: bytes, expected: expected)
    }

    /// `error`, raised inside `element`'s bytes, as an error of the whole input.
    private func place(_ error: any Error, _ element: JSONElementSplitter.Element) -> MappingError {
        var placed = (error as? MappingError ?? MappingError(.other(String(describing: error)), underlyingError: error))
            .prepending(.index(element.index))
        if case .malformedJSON = placed.reason, let syntax = placed.underlyingError as? JSONSyntaxError {
            let moved = syntax.placed(in: element)
            placed.reason = .malformedJSON(moved.description)
            placed.underlyingError = moved
        }
        if splitter.format == .lines { placed.line = element.line }
        return placed
    }
}
