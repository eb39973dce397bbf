import Foundation

/// Models read one at a time from a JSON array or JSON Lines that arrive as bytes (a file, a
/// network body, any `AsyncSequence` of `UInt8`), in constant memory: about the largest
/// element plus one read of 64 KiB, however long the input.
///
/// Create one with ``KeyValueDecoder/models(of:from:format:)`` or
/// ``KeyValueDecoder/models(of:fromJSONAt:format:)`` and iterate it with `for try await`:
///
/// ```swift
/// for try await user in decoder.models(of: User.self, fromJSONAt: fileURL) {
///     print(user.name)
/// }
/// ```
///
/// Each element is decoded by the bytes path of ``KeyValueDecoder/decode(_:fromJSON:)->Model``, so every
/// rule, option and message is the same. A failing element is a ``MappingError`` whose key
/// path starts with its index (`[123456].friends[2].id`; for JSON Lines also its
/// ``MappingError/line``, with positions counted in the whole input); with
/// ``KeyValueDecoder/invalidElements`` set to `.skip` it is left out and counted in
/// ``progress``, when the in-memory decode's `.skip` would drop it. Malformed JSON (in an
/// element, a missing comma, text after the array, a cut-off input, bytes that can never be
/// JSON, a byte order mark after the start) and an element nested deeper than
/// ``JSONReadingOptions/maximumDepth`` always end the stream with an error, as soon as they are
/// read. Errors are those of `decode([Model].self, fromJSON:)` for the same bytes (of
/// ``KeyValueDecoder/decode(_:fromJSONLines:)`` for JSON Lines), with two rules for what the
/// stream cannot know without holding the input: an element that fails to map is reported once
/// the comma or bracket after it is read (the in-memory decode reports a syntax error anywhere
/// later in the document instead), and an input forced to be an array that does not start with
/// `[` is refused at its first byte. Cancelling the iterating task stops the reading: the next
/// step throws `CancellationError`. Work happens on the iterating task, never on a task of its
/// own: reading and decoding a buffer's worth of models runs off the caller's actor, and
/// handing each one out runs on it (iterating on the main actor costs no hop per model).
///
/// The stream is `Sendable` when its byte sequence is (files always are), so it can be made
/// in one task and iterated in another; the models it makes are handed to the iterating task.
public struct JSONModelStream<Model: KeyValueModel, Bytes: AsyncSequence>: AsyncSequence where Bytes.Element == UInt8 {
    /// One decoded model.
    public typealias Element = Model

    let bytes: Bytes
    let decoder: KeyValueDecoder
    let format: JSONElementSplitter.Format?
    /// How far the latest iteration has read.
    public let progress: JSONStreamProgress

    init(bytes: Bytes, decoder: KeyValueDecoder, format: JSONElementSplitter.Format?, totalBytes: Int?) {
        self.bytes = bytes
        self.decoder = decoder
        self.format = format
        progress = JSONStreamProgress(totalBytes: totalBytes)
    }

    /// Starts reading the input from its beginning.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(reader: StreamReader(stream: self))
    }

    /// Reads and decodes the models of one pass over the input.
    public struct AsyncIterator: AsyncIteratorProtocol {
        @usableFromInline let reader: StreamReader<Model, Bytes>

        init(reader: StreamReader<Model, Bytes>) {
            self.reader = reader
        }

        /// The next model, or `nil` once the input is complete.
        @inlinable
        public mutating func next() async throws -> Model? {
            try await nextModel(isolation: nil)
        }

        /// The next model, or `nil` once the input is complete; runs on the iterating task's
        /// actor (what `for try await` calls).
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        @inlinable
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Model? {
            try await nextModel(isolation: actor)
        }

        // Inlinable so that it is compiled where `Model` is a concrete type: models are decoded
        // a buffer at a time, and handing out each one from the batch then costs no call into
        // generic library code (whose every use of `Model?` or `[Model]` looks up run-time type
        // metadata). Isolated to the caller's actor: a nonisolated step would leave the actor
        // (the main actor, say) and come back for every model, which made iterating on the main
        // actor six times slower. Reading and decoding the next batch (`refill`) runs off it.
        @inlinable
        mutating func nextModel(isolation actor: isolated (any Actor)?) async throws -> Model? {
            if reader.decoded.isEmpty {
                guard try await reader.refill() else { return nil }
                // Last first, so that each is moved out with `popLast`, not copied.
                reader.decoded.reverse()
            }
            guard let model = reader.decoded.popLast() else { return nil }
            try reader.didHandOut()
            return model
        }
    }
}

extension JSONModelStream: Sendable where Bytes: Sendable {}

/// The reading state of one iteration: the rolling buffer of input bytes, where it starts in
/// the input, and the engine that finds and decodes elements in it.
// Sendable by contract, not by construction: only the iterating task uses it, one step at a
// time (the iterator that owns it is not Sendable, and every use is inside its mutating `next`,
// while `refill` runs off the caller's actor and that `next` awaits it). The models it makes are
// new values handed to that task alone.
@usableFromInline
final class StreamReader<Model: KeyValueModel, Bytes: AsyncSequence>: @unchecked Sendable where Bytes.Element == UInt8 {
    private enum Source {
        case file(URL, FileChunks?)
        case bytes(Bytes.AsyncIterator)
        case none
    }

    private let decoder: KeyValueDecoder
    private let format: JSONElementSplitter.Format?
    private let progress: JSONStreamProgress
    private var source: Source
    private var engine: StreamEngine<ModelCodec<Model>>?
    /// Input bytes from absolute offset `base` on.
    private var buffer: [UInt8] = []
    private var base = 0
    private var isFinal = false
    private var isDone = false
    /// Models decoded and not yet handed out (last first once the iterator reversed them), and
    /// where each was in the input, last first. Only the iterating task touches them.
    @exclusivity(unchecked) @usableFromInline var decoded: [Model] = []
    @exclusivity(unchecked) private var decodedPlaces: [ElementPlace] = []

    init(stream: JSONModelStream<Model, Bytes>) {
        decoder = stream.decoder
        format = stream.format
        progress = stream.progress
        if let file = stream.bytes as? AsyncFileBytes {
            source = .file(file.url, nil)
        } else {
            source = .bytes(stream.bytes.makeAsyncIterator())
        }
        let total = progress.totalBytes
        progress.update { $0 = JSONStreamProgress.State(totalBytes: total) }
    }

    /// Records that the last of `decoded` was handed out (its progress), and stops if the task
    /// is cancelled.
    @usableFromInline
    func didHandOut() throws {
        let end = decodedPlaces.popLast()?.end ?? base
        progress.update { state in
            state.modelsDecoded += 1
            state.bytesConsumed = end
        }
        if Task.isCancelled {
            finish()
            throw CancellationError()
        }
    }

    /// Fills the empty `decoded` with the next models, in input order (the caller reverses
    /// them), decoding the elements in the buffer and reading more input as needed; `false` at
    /// the end of the input.
    @usableFromInline @concurrent
    func refill() async throws -> Bool {
        guard !isDone else { return false }
        do {
            try Task.checkCancellation()
            let engine = try self.engine ?? StreamEngine(decoder: decoder, decoding: ModelCodec(metadata: try ModelMetadata<Model>.of(Model.self)),
                                                         format: format, progress: progress)
            self.engine = engine
            while true {
                if engine.hasReady {
                    engine.takeReady(into: &decoded, places: &decodedPlaces)
                    decodedPlaces.reverse()
                    return true
                }
                if try engine.checkEnd() {
                    finish()
                    return false
                }
                ByteInput.withBytes(of: buffer) { input in engine.decode(input, base: base, isFinal: isFinal) }
                if engine.hasOutcome { continue }
                // Bytes before the current element are done with: drop them before reading.
                let done = engine.splitter.retainedFrom - base
                if done > 0 {
                    let base = self.base
                    ByteInput.withBytes(of: buffer) { input in engine.willDrop(upTo: base + done, in: input, base: base) }
                    buffer.removeFirst(done)
                    self.base += done
                }
                if try await !read() { isFinal = true }
                try Task.checkCancellation()
                let held = buffer.count
                progress.update { $0.peakBufferedBytes = max($0.peakBufferedBytes, held) }
            }
        } catch {
            finish()
            throw error
        }
    }

    /// Appends the next piece of input to the buffer; `false` at its end.
    private func read() async throws -> Bool {
        switch source {
        case .file(let url, let open):
            let file = try open ?? FileChunks(url: url)
            source = .file(url, file)
            let more = try await file.read(into: &buffer)
            // The size as it is now, read after read: a file that grows while it is read (a
            // log being written) is not reported past its end.
            let size = file.size
            progress.update { $0.totalBytes = size }
            return more
        case .bytes(var iterator):
            // A piece ends at a likely element boundary too, so a live source (one record now,
            // the next later) has each element decoded as soon as its last byte is in.
            var count = 0
            var more = true
            while count < FileChunks.chunkSize {
                guard let byte = try await iterator.next() else {
                    more = false
                    break
                }
                buffer.append(byte)
                count += 1
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { break }
            }
            source = .bytes(iterator)
            return more || count > 0
        case .none:
            return false
        }
    }

    private func finish() {
        isDone = true
        source = .none
        engine = nil
        buffer = []
        decoded = []
        decodedPlaces = []
    }
}
