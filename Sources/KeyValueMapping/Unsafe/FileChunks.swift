#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#endif
import Foundation

/// An open file read in chunks, with the system's own calls; closed when released.
///
/// `FileHandle.read(upToCount:)` waits until the whole count has arrived, and a blocked read
/// cannot be cancelled: on a FIFO or a device whose writer is quiet, an element already written
/// would wait for 64 KiB more, and a cancelled task would wait with it. Here a read takes what
/// is there, and the wait for input is a `poll` with a short timeout between cancellation checks.
final class FileChunks {
    /// The most one read takes.
    static var chunkSize: Int { 64 * 1024 }
    /// How long one wait for input lasts before the task's cancellation is checked again.
    static var pollMilliseconds: Int32 { 50 }

    private let descriptor: Int32
    private let url: URL
    /// Where each read lands before it is appended: reading into zeros appended to the array
    /// first costs a fill per read, and an element-by-element append in a debug build.
    private let scratch: UnsafeMutableRawBufferPointer

    init(url: URL) throws {
        // Non-blocking, so opening a FIFO does not wait for its writer; reads wait in `poll`.
        let descriptor = url.withUnsafeFileSystemRepresentation { path in
            path.map { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) } ?? -1
        }
        guard descriptor >= 0 else { throw Self.error(errno, url) }
        self.descriptor = descriptor
        self.url = url
        // Allocated once the file is open: a failed open must not leave it behind.
        scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 1)
    }

    deinit {
        close(descriptor)
        scratch.deallocate()
    }

    /// Appends the next bytes to `bytes` (at most ``chunkSize``, at least one); `false` at the
    /// end of the file. Waits for input a poll interval at a time, and throws
    /// `CancellationError` once the task is cancelled.
    func read(into bytes: inout [UInt8]) async throws -> Bool {
        while true {
            // Waiting before reading, not after an empty read: a FIFO no writer has opened yet
            // reads as its end, while `poll` waits for the writer's first bytes.
            while !isReady() {
                try Task.checkCancellation()
                await Task.yield()
            }
            if let more = try readReady(into: &bytes) { return more }
        }
    }

    /// ``read(into:)`` for synchronous code (a streamed import inside a store's transaction,
    /// which cannot suspend): the thread waits, a poll interval at a time, calling
    /// `checkCancellation` in between.
    func readWaiting(into bytes: inout [UInt8], checkCancellation: () throws -> Void) throws -> Bool {
        while true {
            while !isReady() { try checkCancellation() }
            if let more = try readReady(into: &bytes) { return more }
        }
    }

    /// Whether input (or its end) is there to read, waiting at most a poll interval.
    private func isReady() -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, Self.pollMilliseconds) != 0
    }

    /// One read: whether it appended bytes (`false` at the end of the file), or `nil` when
    /// nothing was there after all.
    private func readReady(into bytes: inout [UInt8]) throws -> Bool? {
        let count = readBytes(descriptor, scratch.baseAddress!, scratch.count)
        if count > 0 {
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<count]))
            return true
        }
        if count == 0 { return false }
        let failure = errno
        guard failure == EAGAIN || failure == EWOULDBLOCK || failure == EINTR else {
            throw Self.error(failure, url)
        }
        return nil
    }

    /// The size of the open file when it is a regular file (a FIFO or a device has none), as
    /// it is now: a file that grows while it is read reports its new size.
    var size: Int? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// The size of the file at `url`, if it is a regular file.
    static func size(of url: URL) -> Int? {
        var info = stat()
        let found = url.withUnsafeFileSystemRepresentation { path in path.map { stat($0, &info) == 0 } ?? false }
        guard found, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// The error `FileHandle(forReadingFrom:)` gives for `code`: Foundation's file errors, with
    /// the system's error beneath.
    private static func error(_ code: Int32, _ url: URL) -> CocoaError {
        let kind: CocoaError.Code
        switch code {
        case ENOENT: kind = .fileReadNoSuchFile
        case EACCES, EPERM: kind = .fileReadNoPermission
        default: kind = .fileReadUnknown
        }
        return CocoaError(kind, userInfo: [
            NSFilePathErrorKey: url.path,
            NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO),
        ])
    }
}

/// The system's `read`, named apart from ``FileChunks/read(into:)``.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
