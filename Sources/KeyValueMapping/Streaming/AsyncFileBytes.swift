import Foundation

/// The bytes of a file as an `AsyncSequence`, read a chunk at a time (64 KiB), never all at
/// once; the input of ``KeyValueDecoder/models(of:fromJSONAt:format:)``.
///
/// The file is opened when iteration starts and closed when the iterator is done with it. Each
/// read runs on the task that iterates and hands out what is there as soon as it is there (a
/// FIFO or a device gives an element when it is written, not when 64 KiB have gathered); while
/// it waits for input it checks for cancellation every 50 ms, so cancelling the task ends a
/// read that would otherwise block for as long as the writer is quiet.
public struct AsyncFileBytes: AsyncSequence, Sendable {
    /// One byte of the file.
    public typealias Element = UInt8

    /// The file read.
    public let url: URL

    /// The bytes of the file at `url`.
    public init(url: URL) {
        self.url = url
    }

    /// Starts reading the file.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(url: url)
    }

    /// Reads the file chunk by chunk and hands out its bytes.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let url: URL
        private var file: FileChunks?
        private var chunk: [UInt8] = []
        private var index = 0
        private var isDone = false

        init(url: URL) {
            self.url = url
        }

        /// The next byte, or `nil` at the end of the file.
        public mutating func next() async throws -> UInt8? {
            if index < chunk.count {
                defer { index += 1 }
                return chunk[index]
            }
            guard !isDone else { return nil }
            try Task.checkCancellation()
            if file == nil { file = try FileChunks(url: url) }
            chunk.removeAll(keepingCapacity: true)
            index = 0
            guard let file, try await file.read(into: &chunk) else {
                isDone = true
                file = nil
                return nil
            }
            index = 1
            return chunk[0]
        }
    }
}
