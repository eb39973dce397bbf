import Foundation
import Testing
import KeyValueMapping

/// Bytes of `text` as an async sequence.
func asyncBytes(_ text: String) -> AsyncStream<UInt8> {
    AsyncStream { continuation in
        for byte in text.utf8 { continuation.yield(byte) }
        continuation.finish()
    }
}

@Suite struct StreamingTests {
    @Test(arguments: [
        (StreamText.array(50), KeyValueDecoder.StreamFormat.automatic),
        (StreamText.lines(50), .automatic),
        ("  \r\n" + StreamText.array(50) + "\n\n", .jsonArray),
        (StreamText.lines(50).replacingOccurrences(of: "\n", with: "\r\n\r\n  \t\n"), .jsonLines),
        (String(StreamText.lines(50).dropLast()), .automatic),
    ])
    func arraysAndJSONLinesFromAnAsyncSequence(_ text: String, _ format: KeyValueDecoder.StreamFormat) async throws {
        let stream = KeyValueDecoder().models(of: StreamRecord.self, from: asyncBytes(text), format: format)
        let (models, error) = await collect(stream)
        #expect(error == nil, "\(String(describing: error))")
        #expect(models == (0..<50).map(StreamText.expected))
        #expect(stream.progress.modelsDecoded == 50 && stream.progress.isFinished)
        #expect(stream.progress.bytesConsumed == text.utf8.count && stream.progress.totalBytes == nil)
    }

    @Test(arguments: ["array", "lines"])
    func filesLargerThanOneReadStreamFromDisk(_ format: String) async throws {
        let count = 3_000
        let text = format == "array" ? StreamText.array(count) : StreamText.lines(count)
        #expect(text.utf8.count > 3 * 64 * 1024)
        let url = try temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let stream = KeyValueDecoder().models(of: StreamRecord.self, fromJSONAt: url)
        var seen = 0
        var lastConsumed = 0
        for try await record in stream {
            #expect(record == StreamText.expected(seen))
            seen += 1
            let consumed = stream.progress.bytesConsumed
            #expect(consumed > lastConsumed)
            lastConsumed = consumed
        }
        #expect(seen == count)
        #expect(stream.progress.totalBytes == text.utf8.count)
        #expect(stream.progress.bytesConsumed == text.utf8.count && stream.progress.fractionCompleted == 1)
    }

    @Test func aJSONLinesFixtureWithCRLFBlankLinesAndNoFinalNewline() async throws {
        let url = Fixtures.testsDirectory.appendingPathComponent("Fixtures/people.jsonl")
        let streamed = await collect(KeyValueDecoder().models(of: StreamRecord.self, fromJSONAt: url))
        #expect(streamed.error == nil)
        #expect(streamed.models.map(\.name) == ["Ada", "Grace", "Katherine"])
        #expect(streamed.models[1].friends == [StreamFriend(id: 1)] && streamed.models[2].score == 9.5)
        #expect(try KeyValueDecoder().decode([StreamRecord].self, fromJSONLines: Data(contentsOf: url)) == streamed.models)
    }

    @Test func jsonLinesSynchronously() throws {
        let text = "\n" + StreamText.record(0) + "\r\n   \n\t" + StreamText.record(1) + "\r\n" + StreamText.record(2)
        let models = try KeyValueDecoder().decode([StreamRecord].self, fromJSONLines: Data(text.utf8))
        #expect(models == (0..<3).map(StreamText.expected))
        #expect(try KeyValueDecoder().decode([StreamRecord].self, fromJSONLines: Array(text.utf8)) == models)
        #expect(try KeyValueDecoder().decode([StreamRecord].self, fromJSONLines: Data()) == [])
        #expect(try KeyValueDecoder().decode([StreamRecord].self, fromJSONLines: Data(" \n\r\n".utf8)) == [])
    }

    @Test func emptyArraysAndInputs() async throws {
        for text in ["[]", " [ \n ] \n", "", "\n\n"] {
            let (models, error) = await collect(KeyValueDecoder().models(of: StreamRecord.self, from: asyncBytes(text)))
            #expect(models.isEmpty && error == nil, "\(text.debugDescription): \(String(describing: error))")
        }
    }

    @Test func elementsChunkBoundariesAndEscapesAnywhere() async throws {
        // A string full of escapes lands across the 64 KiB read boundary at every offset.
        let escaped = #"a\"b\\\"c\\\\d\u0041\n\"]}{["#
        for shift in 0..<24 {
            let filler = String(repeating: "x", count: 64 * 1024 - 30 + shift)
            let text = #"[{"id":1,"name":"\#(filler)"},{"id":2,"name":"\#(escaped)"},{"id":3}]"#
            let url = try temporaryFile(text)
            defer { try? FileManager.default.removeItem(at: url) }
            let (models, error) = await collect(KeyValueDecoder().models(of: StreamRecord.self, fromJSONAt: url))
            #expect(error == nil, "shift \(shift): \(String(describing: error))")
            #expect(models.map(\.id) == [1, 2, 3] && models[1].name == "a\"b\\\"c\\\\dA\n\"]}{[", "shift \(shift)")
        }
    }

    @Test(arguments: ["array", "lines"])
    func aReadBoundaryAtEveryOffsetOfAnElement(_ format: String) async throws {
        // The 64 KiB read boundary lands on every byte of the second record in turn: inside
        // keys, numbers, literals, escapes, and between elements.
        let second = #"{"id":22,"name":"q\"\\","score":-1.5e2,"tags":["x",","],"friends":[{"id":7}]}"#
        let isArray = format == "array"
        for shift in 0..<(second.utf8.count + 3) {
            // The second record starts 20 bytes (array) or 19 (lines) after the filler begins.
            let filler = String(repeating: "f", count: 64 * 1024 - (isArray ? 20 : 19) - shift + 1)
            let first = #"{"id":1,"name":"\#(filler)"}"#
            let text = isArray ? "[\(first),\(second),\n{\"id\":3}]" : "\(first)\n\(second)\n{\"id\":3}\n"
            let url = try temporaryFile(text)
            defer { try? FileManager.default.removeItem(at: url) }
            let (models, error) = await collect(KeyValueDecoder().models(of: StreamRecord.self, fromJSONAt: url))
            #expect(error == nil, "shift \(shift): \(String(describing: error))")
            #expect(models.map(\.id) == [1, 22, 3], "shift \(shift)")
            #expect(models.count == 3 && models[1] == StreamRecord(id: 22, name: "q\"\\", score: -150, tags: ["x", ","], friends: [StreamFriend(id: 7)]))
        }
    }

    @Test func aByteOrderMarkIsSkippedOnlyWhenAllowed() async throws {
        let text = "\u{FEFF}" + StreamText.lines(2)
        var decoder = KeyValueDecoder()
        let rejected = await collect(decoder.models(of: StreamRecord.self, from: asyncBytes(text)))
        #expect((rejected.error as? MappingError)?.description == "(root): malformed JSON: byte order mark is not allowed (set allowsByteOrderMark to skip it) at line 1, column 1")
        decoder.jsonReading.allowsByteOrderMark = true
        let accepted = await collect(decoder.models(of: StreamRecord.self, from: asyncBytes(text)))
        #expect(accepted.models.count == 2 && accepted.error == nil)
        #expect(try decoder.decode([StreamRecord].self, fromJSONLines: Data(text.utf8)).count == 2)
    }

    @Test func decodeFromAFileOffTheCallersThread() async throws {
        let one = try temporaryFile(StreamText.record(7))
        let many = try temporaryFile(StreamText.array(3))
        defer {
            try? FileManager.default.removeItem(at: one)
            try? FileManager.default.removeItem(at: many)
        }
        let decoder = KeyValueDecoder()
        #expect(try await decoder.decode(StreamRecord.self, fromJSONAt: one) == StreamText.expected(7))
        #expect(try await decoder.decode([StreamRecord].self, fromJSONAt: many) == (0..<3).map(StreamText.expected))
        await #expect(throws: (any Error).self) {
            _ = try await decoder.decode(StreamRecord.self, fromJSONAt: one.appendingPathExtension("missing"))
        }
        let error = await #expect(throws: MappingError.self) {
            _ = try await decoder.decode(StreamRecord.self, fromJSONAt: many)
        }
        #expect(error?.description == "(root): expected a JSON object for StreamRecord, found Array (3 elements)")
    }

    @Test func aMissingFileOrADirectoryIsAnErrorOfTheFirstStep() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("kvm-missing-\(UUID().uuidString).json")
        let directory = FileManager.default.temporaryDirectory
        for url in [missing, directory] {
            let stream = KeyValueDecoder().models(of: StreamRecord.self, fromJSONAt: url)
            var iterator = stream.makeAsyncIterator()
            await #expect(throws: (any Error).self) { _ = try await iterator.next() }
            #expect(try await iterator.next() == nil, "a stream that failed stays finished")
        }
    }

    @Test func anyMappableModelStreamsClassesAndRulesIncluded() async throws {
        final class Item: Mappable {
            var id = 0
            var title = ""
            required init() {}
            static var mappingRules: MappingRules { MappingRules().map("title", to: "meta.title").naming(.snakeCase) }
        }
        let text = #"[{"id": 1, "meta": {"title": "a"}}, {"id": 2, "meta": {"title": "b"}}]"#
        let (items, error) = await collect(KeyValueDecoder().models(of: Item.self, from: asyncBytes(text)))
        #expect(error == nil && items.map(\.title) == ["a", "b"])
    }
}
