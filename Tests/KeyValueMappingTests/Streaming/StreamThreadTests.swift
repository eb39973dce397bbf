import Foundation
import Testing
import KeyValueMapping

/// Where a stream's work runs. Its iteration resumes on whatever thread the executor picks
/// after each read: decoding must judge the stack of the thread it runs on, not of the thread
/// that started it. And handing out the models of a batch stays on the iterating actor.
@Suite struct StreamThreadTests {
    @Test(arguments: [KeyValueDecoder.StreamFormat.jsonArray, .jsonLines])
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func everyResumeOnAnotherThreadStillDecodesEveryModel(_ format: KeyValueDecoder.StreamFormat) async throws {
        let count = 3000
        let isArray = format == .jsonArray
        let text = isArray ? StreamText.array(count) : StreamText.lines(count)
        let bytes = YieldingBytes(bytes: Array(text.utf8), yieldEvery: 256)
        let executor = RoundRobinThreadsExecutor(threads: 3)
        defer { executor.shutDown() }
        let ids = try await withTaskExecutorPreference(executor) {
            var ids: [Int] = []
            for try await record in KeyValueDecoder().models(of: StreamRecord.self, from: bytes, format: format) {
                #expect(record == StreamText.expected(record.id))
                ids.append(record.id)
            }
            return ids
        }
        #expect(ids == Array(0..<count))
        // The iteration really moved: every thread ran some of its hundreds of resumes.
        #expect(executor.jobsRun.allSatisfy { $0.withLock { $0 } > 50 })
    }

    @Test @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func iteratingOnAnActorStaysOnItBetweenReads() async throws {
        // 20,000 records in about 35 reads of 64 KiB: handing out a decoded model must not
        // leave the iterating actor and come back (one job per model); only reading does.
        let count = 20_000
        let url = try temporaryFile(StreamText.lines(count))
        defer { try? FileManager.default.removeItem(at: url) }
        let executor = CountingSerialExecutor()
        let iterator = IteratingActor(executor: executor)
        let decoded = try await iterator.countModels(at: url)
        #expect(decoded == count)
        let jobs = executor.jobsEnqueued.withLock { $0 }
        #expect(jobs < count / 100, "the actor ran \(jobs) jobs for \(count) models")
    }
}

/// An actor whose jobs run on a ``CountingSerialExecutor``.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
actor IteratingActor {
    let executor: CountingSerialExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(executor: CountingSerialExecutor) {
        self.executor = executor
    }

    /// Iterates the stream of the file at `url` on this actor; the number of models that match
    /// the text they were written from.
    func countModels(at url: URL) async throws -> Int {
        var decoded = 0
        for try await record in KeyValueDecoder().models(of: StreamRecord.self, fromJSONAt: url) where record == StreamText.expected(decoded) {
            decoded += 1
        }
        return decoded
    }
}

/// A serial executor on a dispatch queue that counts the jobs it is given.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class CountingSerialExecutor: SerialExecutor, @unchecked Sendable {
    let jobsEnqueued = LockedBox(0)
    private let queue = DispatchQueue(label: "CountingSerialExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        jobsEnqueued.withLock { $0 += 1 }
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// Runs jobs on a few threads of its own with 512 KiB stacks (Apple's secondary threads), each
/// job on the next thread in turn, so a task that suspends resumes on another thread, at another
/// stack address, every time. (Few long-lived threads: ThreadSanitizer's runtime stalls when
/// thousands of threads come and go.)
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class RoundRobinThreadsExecutor: TaskExecutor, @unchecked Sendable {
    private let workers: [WorkerThread]
    private let turn = LockedBox(0)
    /// How many jobs each thread has run.
    var jobsRun: [LockedBox<Int>] { workers.map(\.jobsRun) }

    init(threads: Int) {
        workers = (0..<threads).map { _ in WorkerThread(stackSize: 512 * 1024) }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let index = turn.withLock { turn in
            defer { turn += 1 }
            return turn % workers.count
        }
        workers[index].run { job.runSynchronously(on: executor) }
    }

    /// Ends the threads once their queued work is done.
    func shutDown() {
        for worker in workers { worker.stop() }
    }
}

/// One thread that runs the closures it is given, in order, until stopped.
final class WorkerThread: @unchecked Sendable {
    let jobsRun = LockedBox(0)
    private let condition = NSCondition()
    private var pending: [@Sendable () -> Void] = []
    private var stopped = false

    init(stackSize: Int) {
        let thread = Thread { [self] in loop() }
        thread.stackSize = stackSize
        thread.start()
    }

    func run(_ body: @escaping @Sendable () -> Void) {
        condition.lock()
        pending.append(body)
        condition.signal()
        condition.unlock()
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        while true {
            condition.lock()
            while pending.isEmpty && !stopped { condition.wait() }
            if pending.isEmpty {
                condition.unlock()
                return
            }
            let body = pending.removeFirst()
            condition.unlock()
            body()
            jobsRun.withLock { $0 += 1 }
        }
    }
}

/// Fixed bytes that suspend (`Task.yield()`) every `yieldEvery` bytes, as a network body waits
/// for its next packet.
struct YieldingBytes: AsyncSequence, Sendable {
    typealias Element = UInt8
    let bytes: [UInt8]
    let yieldEvery: Int

    func makeAsyncIterator() -> Iterator {
        Iterator(bytes: bytes, yieldEvery: yieldEvery)
    }

    struct Iterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let yieldEvery: Int
        var index = 0

        mutating func next() async -> UInt8? {
            guard index < bytes.count else { return nil }
            if index.isMultiple(of: yieldEvery) { await Task.yield() }
            defer { index += 1 }
            return bytes[index]
        }
    }
}
