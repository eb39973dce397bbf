import Foundation
import Testing
import KeyValueMapping

@Suite struct StreamingLimitsTests {
    /// One read of the rolling buffer (`AsyncFileBytes` reads this much; so does a byte sequence
    /// at most, between element boundaries).
    static let readSize = 64 * 1024

    @Test(arguments: ["array", "lines"])
    func memoryIsBoundedByTheLargestElementNotTheInput(_ format: String) async throws {
        // 20,000 records, over 2 MB (a fifth at the reduced scale: still over six reads),
        // generated on the fly and never held whole.
        let count = TestScale.count(20_000)
        let isArray = format == "array"
        let bytes = GeneratedBytes(prefix: isArray ? "[" : "", suffix: isArray ? "]" : "") { index in
            guard index < count else { return nil }
            let separator = isArray ? (index + 1 < count ? "," : "") : "\n"
            return Array((StreamText.record(index) + separator).utf8)
        }
        let stream = KeyValueDecoder().models(of: StreamRecord.self, from: bytes)
        var decoded = 0
        for try await record in stream {
            #expect(record.id == decoded)
            decoded += 1
        }
        #expect(decoded == count)
        let total = bytes.served.withLock { $0 }
        #expect(total > count * 100)
        #expect(stream.progress.bytesConsumed == total)
        let largest = StreamText.record(count - 1).utf8.count + 1
        #expect(stream.progress.peakBufferedBytes <= Self.readSize + largest)
    }

    @Test func aHugeElementIsHeldOnceAndIsTheOnlyThingThatRaisesTheBound() async throws {
        let huge = String(repeating: "h", count: 3_000_000)
        let text = StreamText.lines(2000) + #"{"id":-1,"name":"\#(huge)"}"# + "\n" + StreamText.lines(2000)
        let url = try temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let stream = KeyValueDecoder().models(of: StreamRecord.self, fromJSONAt: url)
        var count = 0
        var hugeName = 0
        var peakBeforeHuge = 0
        for try await record in stream {
            count += 1
            if record.id == -1 {
                hugeName = record.name.count
            } else if hugeName == 0 {
                peakBeforeHuge = stream.progress.peakBufferedBytes
            }
        }
        #expect(count == 4001 && hugeName == huge.count)
        #expect(peakBeforeHuge <= 2 * Self.readSize)
        let peak = stream.progress.peakBufferedBytes
        #expect(peak >= huge.count && peak <= huge.count + 2 * Self.readSize)
    }

    @Test func cancellingTheConsumingTaskStopsTheReading() async throws {
        let handle = LockedBox<Task<Int, any Error>?>(nil)
        let trigger = 20_000
        // An endless JSON Lines source that cancels the consuming task once it has served
        // `trigger` bytes: the stream must then stop asking for more.
        let bytes = GeneratedBytes(trigger: trigger, onTrigger: { handle.withLock { $0?.cancel() } }) { index in
            Array((StreamText.record(index) + "\n").utf8)
        }
        let (started, start) = AsyncStream.makeStream(of: Void.self)
        let stream = KeyValueDecoder().models(of: StreamRecord.self, from: bytes)
        let task = Task {
            for await _ in started { break }
            var count = 0
            for try await _ in stream { count += 1 }
            return count
        }
        handle.withLock { $0 = task }
        start.yield()
        start.finish()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(bytes.served.withLock { $0 } <= trigger + Self.readSize)
    }

    @Test func cancellationMidElementIsACancellationNotADecodeError() async throws {
        let handle = LockedBox<Task<Void, any Error>?>(nil)
        // A single endless string: cancelled in the middle of the element.
        let bytes = GeneratedBytes(prefix: #"[{"name":""#, trigger: 100_000, onTrigger: { handle.withLock { $0?.cancel() } }) { _ in
            Array(String(repeating: "z", count: 1000).utf8)
        }
        let (started, start) = AsyncStream.makeStream(of: Void.self)
        let stream = KeyValueDecoder().models(of: StreamRecord.self, from: bytes)
        let task = Task {
            for await _ in started { break }
            for try await _ in stream {}
        }
        handle.withLock { $0 = task }
        start.yield()
        start.finish()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(bytes.served.withLock { $0 } <= 100_000 + Self.readSize)
    }

    @Test func aCancelledTaskDoesNotStartReading() async throws {
        let url = try temporaryFile(StreamText.array(10))
        defer { try? FileManager.default.removeItem(at: url) }
        let (started, start) = AsyncStream.makeStream(of: Void.self)
        let stream = KeyValueDecoder().models(of: StreamRecord.self, fromJSONAt: url)
        let task = Task {
            for await _ in started { break }
            var count = 0
            for try await _ in stream { count += 1 }
            return count
        }
        task.cancel()
        start.finish()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
        #expect(stream.progress.modelsDecoded == 0 && stream.progress.bytesConsumed == 0)
    }

    @Test func progressIsObservableFromAnotherTask() async throws {
        let text = StreamText.array(5_000)
        let url = try temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let stream = KeyValueDecoder().models(of: StreamRecord.self, fromJSONAt: url)
        #expect(stream.progress.totalBytes == text.utf8.count && stream.progress.fractionCompleted == 0)
        let fractions = LockedBox<[Double]>([])
        let progress = stream.progress
        let consumer = Task {
            var count = 0
            for try await _ in stream {
                count += 1
                if count.isMultiple(of: 500) { fractions.withLock { $0.append(progress.fractionCompleted ?? -1) } }
            }
            return count
        }
        #expect(try await consumer.value == 5_000)
        let seen = fractions.withLock { $0 }
        #expect(seen.count == 10 && seen == seen.sorted() && seen.allSatisfy { $0 > 0 && $0 <= 1 })
        #expect(progress.fractionCompleted == 1 && progress.isFinished && progress.modelsDecoded == 5_000)
    }

    @Test func oneFileStreamedByManyTasksAtOnce() async throws {
        let url = try temporaryFile(StreamText.lines(500))
        defer { try? FileManager.default.removeItem(at: url) }
        let decoder = KeyValueDecoder()
        let stream = decoder.models(of: StreamRecord.self, fromJSONAt: url)
        let sums = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var sum = 0
                    for try await record in stream { sum += record.id }
                    return sum
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(sums == Array(repeating: (0..<500).reduce(0, +), count: 8))
    }

    @Test func theStreamAndItsProgressAreSendable() {
        func requireSendable(_ value: some Sendable) {}
        let decoder = KeyValueDecoder()
        requireSendable(decoder.models(of: StreamRecord.self, fromJSONAt: URL(fileURLWithPath: "/dev/null")))
        requireSendable(decoder.models(of: StreamRecord.self, from: asyncBytes("")))
        requireSendable(decoder.models(of: StreamRecord.self, from: asyncBytes("")).progress)
        requireSendable(KeyValueDecoder.StreamFormat.jsonLines)
        requireSendable(KeyValueDecoder.InvalidElementStrategy.skip)
        requireSendable(JSONValue.null)
        requireSendable(AsyncFileBytes(url: URL(fileURLWithPath: "/dev/null")))
    }
}
