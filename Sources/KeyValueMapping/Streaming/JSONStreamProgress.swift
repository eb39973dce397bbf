/// How far a stream of models has read: observable from any task while it is iterated, so a
/// caller can show a progress bar.
///
/// ```swift
/// let users = decoder.models(of: User.self, fromJSONAt: fileURL)
/// for try await user in users {
///     bar.value = users.progress.fractionCompleted ?? 0   // 0.0 … 1.0 when the size is known
/// }
/// ```
///
/// The figures describe the stream's latest iteration (each `makeAsyncIterator()` starts
/// afresh; two iterations of one stream at the same time share these figures, so give each its
/// own stream when both need progress). Every property is read under a lock, so the object is
/// `Sendable`.
public final class JSONStreamProgress: Sendable {
    struct State {
        var bytesConsumed = 0
        var totalBytes: Int?
        var modelsDecoded = 0
        var elementsSkipped = 0
        var peakBufferedBytes = 0
        var isFinished = false
    }

    private let state: Locked<State>

    init(totalBytes: Int?) {
        state = Locked(State(totalBytes: totalBytes))
    }

    /// Input bytes decoded or skipped so far: everything up to the end of the latest element
    /// (and, once finished, to the end of the input).
    public var bytesConsumed: Int { state.withLock { $0.bytesConsumed } }

    /// The input's size when known (a file's), else `nil`.
    public var totalBytes: Int? { state.withLock { $0.totalBytes } }

    /// ``bytesConsumed`` over ``totalBytes``, from 0 to 1; `nil` when the size is not known.
    public var fractionCompleted: Double? {
        state.withLock { state in
            guard let total = state.totalBytes else { return nil }
            guard total > 0 else { return state.isFinished ? 1 : 0 }
            return min(1, Double(state.bytesConsumed) / Double(total))
        }
    }

    /// Models handed out so far.
    public var modelsDecoded: Int { state.withLock { $0.modelsDecoded } }

    /// Elements left out so far because they failed to decode (with
    /// ``KeyValueDecoder/InvalidElementStrategy/skip``).
    public var elementsSkipped: Int { state.withLock { $0.elementsSkipped } }

    /// The most input bytes held in memory at once so far: about the largest element plus one
    /// read (64 KiB), however large the input is.
    public var peakBufferedBytes: Int { state.withLock { $0.peakBufferedBytes } }

    /// Whether the whole input has been read.
    public var isFinished: Bool { state.withLock { $0.isFinished } }

    func update(_ body: (inout State) -> Void) {
        state.withLock(body)
    }
}
