import Foundation

/// One streamed import: a stream's elements, found in the bytes at hand by a ``StreamEngine``
/// (the splitter and error placement of ``JSONModelStream``), each decoded once by the import's
/// ``ElementDecoder`` and filed in the run's batch. The caller appends input to ``buffer`` and
/// calls ``consume(isFinal:into:)``; the bytes before the element being read are dropped, so
/// memory holds about one read, the largest element and one batch, however long the input.
struct StreamedImport<Target: ImportTarget> {
    typealias Model = Target.Model

    /// Input bytes from absolute offset `base` on: the caller appends, ``consume(isFinal:into:)`` drops.
    var buffer: [UInt8] = []
    private var base = 0
    private var run: ImportRun<Target>
    private let engine: StreamEngine<ImportElementDecoding<Model>>
    /// The engine's count of elements it dropped under `.skip`.
    private let streamProgress: JSONStreamProgress
    private let observer: (@Sendable (ImportProgress) -> Void)?
    /// Throws `CancellationError` once the import is cancelled (the task's, or a flag set for it).
    let isCancelled: () throws -> Void
    private var outputs: [ImportElement<Model>] = []
    private var places: [ElementPlace] = []
    private(set) var progress: ImportProgress
    /// Whether the format is decided by the input (`.automatic`), which blank input cannot do.
    private let detectsFormat: Bool
    /// What the observer was last told: it hears of each change once.
    private var reported: ImportProgress?

    init(decoder: KeyValueDecoder, options: ImportOptions, format: KeyValueDecoder.StreamFormat, totalBytes: Int?,
         progress observer: (@Sendable (ImportProgress) -> Void)?, isCancelled: @escaping () throws -> Void = { try Task.checkCancellation() }) throws {
        self.isCancelled = isCancelled
        let session = DecodingSession(options: decoder)
        run = try ImportRun(ModelMetadata<Model>.of(Model.self), decoder: decoder, options: options, session: session, streamed: true)
        streamProgress = JSONStreamProgress(totalBytes: totalBytes)
        engine = StreamEngine(decoder: decoder, decoding: run.elementDecoding, format: format.splitterFormat, progress: streamProgress, session: session)
        self.observer = observer
        progress = ImportProgress(totalBytes: totalBytes)
        detectsFormat = format == .automatic
    }

    /// The input's size, once known (a file's, read after read).
    mutating func setTotalBytes(_ total: Int?) {
        progress.totalBytes = total
    }

    /// Imports every complete element in ``buffer`` (`isFinal`: nothing follows it), drops the
    /// bytes done with, and tells the observer; `true` once the input is complete. A cancelled
    /// task throws `CancellationError`.
    mutating func consume(isFinal: Bool, into target: inout Target) throws -> Bool {
        let base = self.base
        ByteInput.withBytes(of: buffer) { input in engine.decode(input, base: base, isFinal: isFinal) }
        engine.takeReady(into: &outputs, places: &places)
        for position in outputs.indices {
            try run.accept(outputs[position].model, outputs[position].facts, related: outputs[position].related, index: places[position].index,
                           line: places[position].line, into: &target)
        }
        if let last = places.last {
            progress.elementsRead = last.index + 1
            progress.bytesRead = last.end
        }
        outputs.removeAll(keepingCapacity: true)
        places.removeAll(keepingCapacity: true)
        progress.bufferedBytes = max(progress.bufferedBytes, buffer.count)
        let isComplete = try engine.checkEnd()
        if isComplete {
            // Blank input is neither an array nor JSON Lines: an empty file is more likely a
            // failed download than a sync that deletes everything. (`.jsonLines` said aloud
            // takes it as no records.)
            if detectsFormat, engine.splitter.format == nil {
                throw MappingError(.malformedJSON("the input is empty, expected a JSON array or JSON Lines of \(SwiftTypeName.of(Model.self))"))
            }
            progress.bytesRead = engine.splitter.position
            progress.elementsRead = engine.splitter.elementCount
        } else {
            // Bytes before the element being read are done with.
            let done = engine.splitter.retainedFrom - base
            if done > 0 {
                ByteInput.withBytes(of: buffer) { input in engine.willDrop(upTo: base + done, in: input, base: base) }
                buffer.removeFirst(done)
                self.base += done
            }
        }
        // The last figures are the finished import's (see `finish`).
        if !isComplete { report() }
        try isCancelled()
        return isComplete
    }

    /// After the input is complete: the last batch and the deletes; the report.
    mutating func finish(into target: inout Target) throws -> ImportReport {
        try run.finish(into: &target)
        progress.isFinished = true
        report()
        var result = run.fullReport
        result.skipped += streamProgress.elementsSkipped
        return result
    }

    /// Gives class instances changed in place their values back, after an error.
    func restoreChangedInstances() {
        run.restoreChangedInstances()
    }

    private mutating func report() {
        progress.inserted = run.report.insertedCount
        progress.updated = run.report.updatedCount
        progress.unchanged = run.report.unchangedCount
        progress.skipped = run.report.skipped + streamProgress.elementsSkipped
        guard let observer, progress != reported else { return }
        reported = progress
        observer(progress)
    }
}

/// One element of an import: its model, decoded without `didDecode`, what it wrote, and the
/// related records it held.
struct ImportElement<Model: KeyValueModel> {
    let model: Model
    let facts: ElementFacts
    let related: [RelatedEntry]
}

/// An import's element step: decodes an element once, without `didDecode`, with what it wrote
/// and (through the walk's capture) its related records. A stream's engine reads with it too.
struct ImportElementDecoding<Model: KeyValueModel>: StreamElementDecoding {
    let elements: ElementDecoder<Model>
    let prototype: ModelPrototype<Model>
    let capture: RelatedCapture?

    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> ImportElement<Model> {
        var facts = ElementFacts(decodedAs: Model.self)
        guard let capture else {
            return ImportElement(model: try elements.decode(from: &source, prototype: prototype, facts: &facts), facts: facts, related: [])
        }
        capture.open(session)
        do {
            let model = try elements.decode(from: &source, prototype: prototype, facts: &facts)
            return ImportElement(model: model, facts: facts, related: capture.take(session))
        } catch {
            _ = capture.take(session)
            throw error
        }
    }
}
