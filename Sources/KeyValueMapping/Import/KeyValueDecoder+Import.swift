import Foundation

extension KeyValueDecoder {
    /// Imports a JSON array of records into `target` by primary key, as MagicalRecord's
    /// `MR_importFromArray:` does for Core Data, for any store that adopts ``ImportTarget``.
    ///
    /// ```swift
    /// struct User: Mappable {
    ///     var org = ""; var number = 0; var name = ""
    ///     static var mappingRules: MappingRules { MappingRules().primaryKey("org", "number") }
    /// }
    /// var users: [PrimaryKey: User] = [:]
    /// let report = try KeyValueDecoder().importRecords(User.self, fromJSON: data, into: &users,
    ///                                                  options: ImportOptions(deleteMissing: true, skipUnchanged: true))
    /// print(report)   // 2 inserted, 1 updated, 0 unchanged, 0 deleted
    /// ```
    ///
    /// The bytes are read once, by the library's strict reader with ``jsonReading``. Elements
    /// are decoded in batches of ``ImportOptions/batchSize``; for each batch the target is asked
    /// once for the stored records the batch's keys match, an element whose key matches one
    /// updates it with ``KeyValueModel/update(from:)`` semantics (the keys the element holds are
    /// decoded, absent keys keep the stored values; a class instance is updated in place), the
    /// others are inserted, and the batch's inserts and updates go to the target in one call
    /// each. Then, for ``ImportOptions/deleteMissing``, the stored records the payload did not
    /// name are deleted. A record's key is the one its element decodes to (with every rule:
    /// renames, key paths, fallbacks, `beforeDecoding`); `didDecode` runs once the record is
    /// known and may not change it.
    ///
    /// The whole import runs in the target's ``ImportTarget/transaction(_:)``: when anything
    /// fails — malformed JSON anywhere in the bytes, an element that does not decode, the
    /// store — the error is rethrown and the store is left as it was (class instances the import
    /// changed in place get their mapped values back).
    ///
    /// - Throws: ``MappingError``. An element's error starts with its index
    ///   (`[1234].number: expected Int, found String "x"`); a missing key property is an error at
    ///   its key, as is `null` unless the key's null rule gives it a value; a repeated key is one
    ///   with ``ImportOptions/RepeatedKeys/reject``, as is an element read as another class than
    ///   the stored record it matches.
    ///   A model without a primary key, with a key property of no key type (see
    ///   ``PrimaryKey/Component``), or an `ImmutableMappable` model is an `invalidDeclaration`.
    ///   With ``invalidElements`` set to `.skip`, elements that fail are dropped and counted in
    ///   ``ImportReport/skipped``.
    @discardableResult
    public func importRecords<Target: ImportTarget>(_ type: Target.Model.Type, fromJSON bytes: some Collection<UInt8>, into target: inout Target,
                                                    options: ImportOptions = ImportOptions()) throws -> ImportReport {
        var run = try ImportRun<Target>(ModelMetadata.of(Target.Model.self), decoder: self, options: options)
        let expected = "a JSON array of \(SwiftTypeName.of(Target.Model.self))"
        try target.transaction { target in
            try JSONBytes.decode(bytes, options: jsonReading, opening: UInt8(ascii: "["), expected: expected) { reader in
                try run.run(&reader, into: &target)
            }
        }
        return run.fullReport
    }

    /// ``importRecords(_:fromJSON:into:options:)`` from an array of dictionaries, such as
    /// `JSONSerialization` returns.
    @discardableResult
    public func importRecords<Target: ImportTarget>(_ type: Target.Model.Type, from payload: [Any], into target: inout Target,
                                                    options: ImportOptions = ImportOptions()) throws -> ImportReport {
        var run = try ImportRun<Target>(ModelMetadata.of(Target.Model.self), decoder: self, options: options)
        try target.transaction { target in
            var source = FoundationSource(payload)
            try run.run(&source, into: &target)
        }
        return run.fullReport
    }
}

extension KeyValueDecoder {
    /// Imports the records of a JSON array or JSON Lines file into `target`, reading the file a
    /// piece at a time, off the caller's actor: memory holds about one read (64 KiB), the largest
    /// element and one batch, however large the file (with ``ImportOptions/KeyReporting/automatic``
    /// the report counts records rather than listing their keys).
    ///
    /// ```swift
    /// let report = try await decoder.importRecords(User.self, fromJSONAt: fileURL, into: &table,
    ///                                              options: ImportOptions(batchSize: 5_000)) { progress in
    ///     bar.value = progress.fractionCompleted ?? 0
    /// }
    /// ```
    ///
    /// Everything ``importRecords(_:fromJSON:into:options:)`` says holds: one decode per element,
    /// one lookup per batch, one transaction of the target (its synchronous
    /// ``ImportTarget/transaction(_:)``, so any store can take a file), the same errors with the
    /// element's index (and, for JSON Lines, its ``MappingError/line``). Elements are found as
    /// ``models(of:fromJSONAt:format:)`` finds them, with the same errors. `progress` is called on
    /// the importing task after each read has been imported. Cancelling the task stops the import
    /// at the next read: it throws `CancellationError` and the target's transaction rolls back,
    /// so nothing of it is kept. The file is read with the system's own calls; a FIFO or a
    /// device is imported on a thread of its own, which waits for the writer (checking for
    /// cancellation every 50 ms) without holding a thread of the shared pool. Errors opening or
    /// reading the file are Foundation's file errors.
    @concurrent @discardableResult
    public func importRecords<Target: ImportTarget>(_ type: Target.Model.Type, fromJSONAt url: URL, into target: inout Target,
                                                    options: ImportOptions = ImportOptions(), format: StreamFormat = .automatic,
                                                    progress: (@Sendable (ImportProgress) -> Void)? = nil) async throws -> ImportReport {
        try Task.checkCancellation()
        guard FileChunks.size(of: url) == nil else {
            return try importFile(url, into: &target, options: options, format: format, progress: progress) { try Task.checkCancellation() }
        }
        // A FIFO or a device: a read may wait for its writer as long as the writer likes, which
        // must not hold a thread of the shared pool (the writer may need it). The import runs
        // on a thread of its own, told of the task's cancellation through a flag.
        let cancelled = Locked(false)
        let held = HeldTarget(target)
        let report = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ImportReport, any Error>) in
                let work = ThreadWork {
                    do {
                        continuation.resume(returning: try self.importFile(url, into: &held.target, options: options, format: format, progress: progress) {
                            if cancelled.withLock({ $0 }) { throw CancellationError() }
                        })
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
                Thread { work.body() }.start()
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
        }
        target = held.target
        return report
    }

    /// ``importRecords(_:fromJSONAt:into:options:format:progress:)-6itkx`` on the calling thread, for a
    /// store whose transaction is bound to it (a GRDB `Database` inside `write { db in … }`, say).
    /// Cancellation is still that of the current task, checked after each read.
    @discardableResult
    public func importRecords<Target: ImportTarget>(_ type: Target.Model.Type, fromJSONAt url: URL, into target: inout Target,
                                                    options: ImportOptions = ImportOptions(), format: StreamFormat = .automatic,
                                                    progress: (@Sendable (ImportProgress) -> Void)? = nil) throws -> ImportReport {
        try importFile(url, into: &target, options: options, format: format, progress: progress) { try Task.checkCancellation() }
    }

    // Named apart from the public overloads: inside the asynchronous one, the name would call itself.
    private func importFile<Target: ImportTarget>(_ url: URL, into target: inout Target, options: ImportOptions, format: StreamFormat,
                                                  progress: (@Sendable (ImportProgress) -> Void)?,
                                                  checkCancellation: @escaping () throws -> Void) throws -> ImportReport {
        let file = try FileChunks(url: url)
        var stream = try StreamedImport<Target>(decoder: self, options: options, format: format, totalBytes: file.size, progress: progress,
                                                isCancelled: checkCancellation)
        return try target.transaction { target in
            do {
                var isFinal = false
                while true {
                    if try !file.readWaiting(into: &stream.buffer, checkCancellation: checkCancellation) { isFinal = true }
                    // The size as it is now: a file that grows while it is read is not reported past its end.
                    stream.setTotalBytes(file.size)
                    if try stream.consume(isFinal: isFinal, into: &target) { break }
                }
                return try stream.finish(into: &target)
            } catch {
                stream.restoreChangedInstances()
                throw error
            }
        }
    }

    /// Imports the records of a JSON array or JSON Lines arriving as bytes (a network body, any
    /// `AsyncSequence` of `UInt8`) into `target`, as ``importRecords(_:fromJSONAt:into:options:format:progress:)-6itkx``
    /// imports a file. The import awaits its input inside the target's transaction, so the
    /// target must be an ``AsyncImportTarget``.
    @concurrent @discardableResult
    public func importRecords<Target: AsyncImportTarget, Bytes: AsyncSequence>(_ type: Target.Model.Type, from bytes: Bytes, into target: inout Target,
                                                                               options: ImportOptions = ImportOptions(), format: StreamFormat = .automatic,
                                                                               progress: (@Sendable (ImportProgress) -> Void)? = nil) async throws -> ImportReport
    where Bytes.Element == UInt8 {
        try Task.checkCancellation()
        var stream = try StreamedImport<Target>(decoder: self, options: options, format: format, totalBytes: nil, progress: progress)
        return try await target.transaction { target in
            do {
                var iterator = bytes.makeAsyncIterator()
                var isFinal = false
                while true {
                    // A read's worth more each time, however much of an unfinished element the
                    // buffer holds already.
                    let limit = stream.buffer.count + FileChunks.chunkSize
                    while !isFinal, stream.buffer.count < limit {
                        guard let byte = try await iterator.next() else {
                            // A sequence that ends because the task was cancelled is not a
                            // complete input.
                            try Task.checkCancellation()
                            isFinal = true
                            break
                        }
                        stream.buffer.append(byte)
                    }
                    if try stream.consume(isFinal: isFinal, into: &target) { break }
                }
                return try stream.finish(into: &target)
            } catch {
                stream.restoreChangedInstances()
                throw error
            }
        }
    }
}

/// A target handed to the thread a FIFO's import runs on, and back: the awaiting task does not
/// touch it until the thread is done with it.
private final class HeldTarget<Target>: @unchecked Sendable {
    var target: Target

    init(_ target: Target) {
        self.target = target
    }
}

/// The work of that thread. Made and run once, on that thread alone; the awaiting task waits
/// for it to resume the continuation.
private final class ThreadWork: @unchecked Sendable {
    let body: () -> Void

    init(_ body: @escaping () -> Void) {
        self.body = body
    }
}
