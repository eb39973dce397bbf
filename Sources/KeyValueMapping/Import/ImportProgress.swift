import Foundation

/// How far a streamed import has got, handed to its `progress` closure after each read of the
/// input (64 KiB or less) has been imported.
///
/// ```swift
/// let report = try await decoder.importRecords(User.self, fromJSONAt: fileURL, into: &table) { progress in
///     print("\(Int((progress.fractionCompleted ?? 0) * 100)) %, \(progress.inserted) inserted")
/// }
/// ```
///
/// The record counts are those of the batches already sent to the store (they trail
/// ``elementsRead`` by at most one batch), counted as ``ImportReport`` counts them. The
/// closure hears of each change once; the last call has ``isFinished`` set and the report's
/// counts (``fractionCompleted`` may reach 1 a call earlier, once every byte is read).
public struct ImportProgress: Sendable, Equatable {
    /// Input bytes read and imported: up to the end of the latest element, or the whole input
    /// once it is complete.
    public var bytesRead = 0
    /// The input's size when known (a file's), else `nil`.
    public var totalBytes: Int?
    /// Elements read so far, skipped ones included.
    public var elementsRead = 0
    /// Records inserted so far.
    public var inserted = 0
    /// Stored records updated so far.
    public var updated = 0
    /// Stored records matched and left equal so far.
    public var unchanged = 0
    /// Elements dropped so far (with ``KeyValueDecoder/invalidElements`` set to `.skip`).
    public var skipped = 0
    /// The most input bytes held in memory at once so far: about the largest element plus
    /// one read (64 KiB), however long the input.
    public var bufferedBytes = 0
    /// Whether the import is done: the last batch and the deletes are in the store (the
    /// transaction commits next). Only the last call says so.
    public var isFinished = false

    /// Progress before anything is read.
    public init(totalBytes: Int? = nil) {
        self.totalBytes = totalBytes
    }

    /// ``bytesRead`` over ``totalBytes``, from 0 to 1; `nil` when the size is not known.
    public var fractionCompleted: Double? {
        guard let totalBytes else { return nil }
        guard totalBytes > 0 else { return 1 }
        return min(1, Double(bytesRead) / Double(totalBytes))
    }
}
