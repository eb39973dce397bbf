import Foundation
import Testing
import KeyValueMapping

/// One hostile input, the decoder options it is read with, and the error every route gives.
struct HostileStreamCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    var allowsByteOrderMark = false
    var skipsInvalidElements = false
    /// The error's description (`ok` and the ids when there is none), and the models before it.
    let outcome: String
    var testDescription: String { name }

    var decoder: KeyValueDecoder {
        var decoder = KeyValueDecoder()
        decoder.jsonReading.allowsByteOrderMark = allowsByteOrderMark
        if skipsInvalidElements { decoder.invalidElements = .skip }
        return decoder
    }
}

private let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

private func text(_ text: String) -> [UInt8] { Array(text.utf8) }

/// What a route gave: the ids of the models, then `ok` or the error's description and the
/// byte offset of its syntax error (`-` when it has none).
private func rendered(_ ids: [Int], _ error: (any Error)?) -> String {
    guard let error else { return "\(ids) ok" }
    let offset = ((error as? MappingError)?.underlyingError as? JSONSyntaxError).map { "@\($0.offset)" } ?? "-"
    return "\(ids) \(error) \(offset)"
}

/// A stream's outcome as an in-memory decode gives it, which hands out no models when it fails.
private func withoutModels(_ outcome: String) -> String {
    guard !outcome.hasSuffix(" ok"), let ids = outcome.range(of: "] ") else { return outcome }
    return "[] " + outcome[ids.upperBound...]
}

/// The stream of `bytes`, from an asynchronous sequence and from a file, rendered.
private func streamed(_ bytes: [UInt8], _ decoder: KeyValueDecoder, format: KeyValueDecoder.StreamFormat) async throws -> (sequence: String, file: String) {
    let sequence = await collect(decoder.models(of: StreamRecord.self, from: AsyncStream { continuation in
        for byte in bytes { continuation.yield(byte) }
        continuation.finish()
    }, format: format))
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("kvm-stream-hostile-\(UUID().uuidString).json")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let file = await collect(decoder.models(of: StreamRecord.self, fromJSONAt: url, format: format))
    return (rendered(sequence.models.map(\.id), sequence.error), rendered(file.models.map(\.id), file.error))
}

@Suite struct StreamingHostileInputTests {
    /// Hostile arrays: the stream (bytes and file) fails exactly as `decode([Model].self,
    /// fromJSON:)` does — reason, message, key path with the element's index, offset, line and
    /// column — after the models before the failing element.
    static let arrays: [HostileStreamCase] = [
        // Malformed elements end the stream, even when skipping invalid elements.
        .init(name: "trailing comma in an element", bytes: text(#"[{"id":1},{"id":2,},{"id":3}]"#), skipsInvalidElements: true,
              outcome: "[1] [1]: malformed JSON: unexpected character '}', expected a string key at line 1, column 19 @18"),
        .init(name: "missing comma between members", bytes: text(#"[{"id":1},{"id":2 "name":"x"},{"id":3}]"#), skipsInvalidElements: true,
              outcome: #"[1] [1]: malformed JSON: unexpected character '"', expected ',' or '}' at line 1, column 19 @18"#),
        .init(name: "single quotes", bytes: text(#"[{"id":1},{'id':2},{"id":3}]"#), skipsInvalidElements: true,
              outcome: "[1] [1]: malformed JSON: unexpected character ''', expected a string key at line 1, column 12 @11"),
        .init(name: "hex number", bytes: text(#"[{"id":1},{"id":0x10},{"id":3}]"#), skipsInvalidElements: true,
              outcome: "[1] [1]: malformed JSON: unexpected character 'x', expected ',' or '}' at line 1, column 18 @17"),
        .init(name: "NUL in a string", bytes: text("[{\"id\":1},{\"name\":\"a\u{0}b\"},{\"id\":3}]"), skipsInvalidElements: true,
              outcome: "[1] [1].name: malformed JSON: unescaped control character 0x00 in string at line 1, column 21 @20"),
        .init(name: "bad escape", bytes: text(#"[{"id":1},{"name":"\x"},{"id":3}]"#), skipsInvalidElements: true,
              outcome: #"[1] [1].name: malformed JSON: invalid escape sequence '\x' in string at line 1, column 20 @19"#),
        .init(name: "leading zero", bytes: text(#"[{"id":1},{"id":01},{"id":3}]"#), skipsInvalidElements: true,
              outcome: "[1] [1].id: malformed JSON: leading zeros are not allowed in numbers at line 1, column 17 @16"),
        .init(name: "mismatched bracket", bytes: text(#"[{"id":1},{"a":[1,2},{"id":2}],{"id":3}]"#), skipsInvalidElements: true,
              outcome: "[1] [1]: malformed JSON: unexpected character '}', expected ',' or ']' at line 1, column 20 @19"),
        .init(name: "bare tru", bytes: text(#"[{"id":1},tru,{"id":3}]"#), skipsInvalidElements: true,
              outcome: "[1] [1]: malformed JSON: unexpected character ',' at line 1, column 14 @13"),
        .init(name: "number without digits", bytes: text(#"[{"id":1},1.,{"id":3}]"#),
              outcome: "[1] [1]: malformed JSON: unexpected character ',' in number, expected a digit at line 1, column 13 @12"),
        .init(name: "minus alone", bytes: text("[{\"id\":1}, -]"),
              outcome: "[1] [1]: malformed JSON: unexpected character ']' in number, expected a digit at line 1, column 13 @12"),
        .init(name: "raw tab in a string", bytes: text("[{\"name\":\"a\tb\"}]"),
              outcome: "[] [0].name: malformed JSON: unescaped control character 0x09 in string at line 1, column 12 @11"),
        .init(name: "invalid UTF-8 in a string", bytes: text("[{\"name\":\"") + [0xFF] + text("\"}]"),
              outcome: "[] [0].name: malformed JSON: invalid UTF-8 byte 0xFF in string at line 1, column 11 @10"),
        // A string that runs on: the value maps to nothing, and the text after it is broken.
        .init(name: "unterminated string", bytes: text(#"[{"id":1},"abc,{"id":3}]"#),
              outcome: "[1] (root): malformed JSON: unexpected character 'i', expected ',' or ']' at line 1, column 18 @17"),
        .init(name: "unterminated string, skipping", bytes: text(#"[{"id":1},"abc,{"id":3}]"#), skipsInvalidElements: true,
              outcome: "[1] (root): malformed JSON: unexpected character 'i', expected ',' or ']' at line 1, column 18 @17"),
        .init(name: "two values without a comma", bytes: text("[1 2]"),
              outcome: "[] (root): malformed JSON: unexpected character '2', expected ',' or ']' at line 1, column 4 @3"),
        .init(name: "a failing element, then a missing comma", bytes: text(#"[{"id":"x"} {"id":2}]"#),
              outcome: "[] (root): malformed JSON: unexpected character '{', expected ',' or ']' at line 1, column 13 @12"),
        // Where a value should start.
        .init(name: "nothing after a comma", bytes: text(#"[{"id":1},"#),
              outcome: "[1] [1]: malformed JSON: unexpected end of input at line 1, column 11 @10"),
        .init(name: "closing bracket after a comma", bytes: text(#"[{"id":1},]"#),
              outcome: "[1] [1]: malformed JSON: unexpected character ']' at line 1, column 11 @10"),
        .init(name: "closing bracket after a comma and blank lines", bytes: text("[{\"id\":1},\n\n  ]"),
              outcome: "[1] [1]: malformed JSON: unexpected character ']' at line 3, column 3 @14"),
        .init(name: "comma first", bytes: text(#"[,{"id":1}]"#),
              outcome: "[] [0]: malformed JSON: unexpected character ',' at line 1, column 2 @1"),
        .init(name: "two commas", bytes: text(#"[{"id":1},,{"id":2}]"#),
              outcome: "[1] [1]: malformed JSON: unexpected character ',' at line 1, column 11 @10"),
        .init(name: "letters for a value", bytes: text("[{\"id\":1},xyz]"),
              outcome: "[1] [1]: malformed JSON: unexpected character 'x' at line 1, column 11 @10"),
        .init(name: "NUL for a value", bytes: text("[{\"id\":1},\u{0}]"),
              outcome: "[1] [1]: malformed JSON: unexpected byte 0x00 at line 1, column 11 @10"),
        .init(name: "control byte for a value", bytes: text("[{\"id\":1},\u{01}{\"id\":2}]"),
              outcome: "[1] [1]: malformed JSON: unexpected byte 0x01 at line 1, column 11 @10"),
        .init(name: "byte 0xFF for a value", bytes: text("[") + [0xFF] + text("]"),
              outcome: "[] [0]: malformed JSON: unexpected byte 0xFF at line 1, column 2 @1"),
        .init(name: "byte order mark before a later element", bytes: text(#"[{"id":1},"#) + byteOrderMark + text(#"{"id":2}]"#), allowsByteOrderMark: true,
              outcome: "[1] [1]: malformed JSON: unexpected byte 0xEF at line 1, column 11 @10"),
        .init(name: "byte order mark at the start, allowed", bytes: byteOrderMark + text(#"[{"id":1},{"id":2}]"#), allowsByteOrderMark: true,
              outcome: "[1, 2] ok"),
        .init(name: "byte order mark at the start, refused", bytes: byteOrderMark + text(#"[{"id":1}]"#),
              outcome: "[] (root): malformed JSON: byte order mark is not allowed (set allowsByteOrderMark to skip it) at line 1, column 1 @0"),
        // Between elements and after the array.
        .init(name: "NUL after an element", bytes: text("[{\"id\":1}, {}\u{0}]"),
              outcome: "[1, 0] (root): malformed JSON: unexpected byte 0x00, expected ',' or ']' at line 1, column 14 @13"),
        .init(name: "DEL after an element", bytes: text("[{\"id\":1}\u{7f}]"),
              outcome: "[1] (root): malformed JSON: unexpected byte 0x7F, expected ',' or ']' at line 1, column 10 @9"),
        .init(name: "text after the array", bytes: text("\n  [{\"id\":1}] x"),
              outcome: "[1] (root): malformed JSON: unexpected character 'x' after the JSON value at line 2, column 14 @14"),
        // Elements that are not objects.
        .init(name: "a number", bytes: text(#"[{"id":1},2]"#), outcome: "[1] [1]: expected StreamRecord, found Int 2 -"),
        .init(name: "null", bytes: text(#"[{"id":1},null]"#), outcome: "[1] [1]: expected StreamRecord, found null (the property is not optional) -"),
        .init(name: "an array", bytes: text(#"[{"id":1},[]]"#), outcome: "[1] [1]: expected StreamRecord, found Array (0 elements) -"),
        .init(name: "a string holding brackets", bytes: text(#"[{"id":1},"x]"]"#), outcome: #"[1] [1]: expected StreamRecord, found String "x]" -"#),
        // Cut off.
        .init(name: "cut after a number", bytes: text(#"[{"id":1},12"#),
              outcome: "[1] (root): malformed JSON: unexpected end of input at line 1, column 13 @12"),
        .init(name: "cut after a number, skipping", bytes: text(#"[{"id":1},12"#), skipsInvalidElements: true,
              outcome: "[1] (root): malformed JSON: unexpected end of input at line 1, column 13 @12"),
        .init(name: "cut in a string", bytes: text(#"[{"id":1},"abc"#), skipsInvalidElements: true,
              outcome: "[1] [1]: malformed JSON: unexpected end of input at line 1, column 15 @14"),
        .init(name: "cut in a literal", bytes: text(#"[{"id":1},tr"#), skipsInvalidElements: true,
              outcome: "[1] [1]: malformed JSON: unexpected end of input at line 1, column 13 @12"),
        .init(name: "cut in an escape", bytes: text(#"[{"id":1},"\u12"#),
              outcome: "[1] [1]: malformed JSON: unexpected end of input at line 1, column 16 @15"),
        .init(name: "cut in an object", bytes: text(#"[{"id":1},{"name":"abc"#), skipsInvalidElements: true,
              outcome: "[1] [1].name: malformed JSON: unexpected end of input at line 1, column 23 @22"),
        .init(name: "cut before the closing bracket", bytes: text(#"[{"id":1},{"id":2}"#),
              outcome: "[1, 2] (root): malformed JSON: unexpected end of input at line 1, column 19 @18"),
        // Junk glued to a value that is not an object: the splitter's element runs to the next
        // delimiter, and what follows the value inside it is the document's syntax error, at
        // the root, skipping or not (never a skipped element).
        .init(name: "junk after a literal, skipping", bytes: text(#"[nullV,{"id":1}]"#), skipsInvalidElements: true,
              outcome: "[] (root): malformed JSON: unexpected character 'V', expected ',' or ']' at line 1, column 6 @5"),
        .init(name: "junk after a literal", bytes: text(#"[nullV,{"id":1}]"#),
              outcome: "[] (root): malformed JSON: unexpected character 'V', expected ',' or ']' at line 1, column 6 @5"),
        .init(name: "junk after a number, skipping", bytes: text(#"[{"id":1},1x,{"id":2}]"#), skipsInvalidElements: true,
              outcome: "[1] (root): malformed JSON: unexpected character 'x', expected ',' or ']' at line 1, column 12 @11"),
        .init(name: "junk after a literal at the end", bytes: text(#"[{"id":1},null@#!]"#), skipsInvalidElements: true,
              outcome: "[1] (root): malformed JSON: unexpected character '@', expected ',' or ']' at line 1, column 15 @14"),
        .init(name: "junk after a literal, cut off", bytes: text(#"[nullV"#), skipsInvalidElements: true,
              outcome: "[] (root): malformed JSON: unexpected character 'V', expected ',' or ']' at line 1, column 6 @5"),
        .init(name: "blank", bytes: text(" \n\t "),
              outcome: "[] (root): malformed JSON: the input is empty, expected a JSON array of StreamRecord @4"),
        // Other encodings.
        .init(name: "UTF-16LE", bytes: text(#"[{"id":1}]"#).flatMap { [$0, 0] },
              outcome: "[] (root): malformed JSON: the input is UTF-16 text (little-endian), not UTF-8 (JSON text must be UTF-8), expected a JSON array of StreamRecord -"),
        .init(name: "UTF-16BE", bytes: text(#"[{"id":1}]"#).flatMap { [0, $0] },
              outcome: "[] (root): malformed JSON: the input is UTF-16 text (big-endian), not UTF-8 (JSON text must be UTF-8), expected a JSON array of StreamRecord -"),
        .init(name: "UTF-32LE", bytes: text("[\0\0\0]\0\0\0"),
              outcome: "[] (root): malformed JSON: the input is UTF-32 text (little-endian), not UTF-8 (JSON text must be UTF-8), expected a JSON array of StreamRecord -"),
    ]

    /// A detected format names UTF-16 and UTF-32 text as the forced one does.
    @Test(arguments: [
        (text(#"[{"id":1}]"#).flatMap { [0, $0] }, "(root): malformed JSON: the input is UTF-16 text (big-endian), not UTF-8 (JSON text must be UTF-8), expected a JSON array of StreamRecord"),
        (text("{\"id\":1}\n").flatMap { [$0, 0, 0, 0] }, "(root): malformed JSON: the input is UTF-32 text (little-endian), not UTF-8 (JSON text must be UTF-8), expected JSON Lines of StreamRecord"),
    ] as [([UInt8], String)])
    func aDetectedFormatNamesAnotherEncoding(_ bytes: [UInt8], _ message: String) async {
        let (_, error) = await collect(KeyValueDecoder().models(of: StreamRecord.self, from: AsyncStream { continuation in
            for byte in bytes { continuation.yield(byte) }
            continuation.finish()
        }))
        #expect((error as? MappingError)?.description == message)
    }

    @Test(arguments: arrays)
    func arraysFailAsTheInMemoryDecode(_ hostile: HostileStreamCase) async throws {
        var memory: String
        do {
            memory = rendered(try hostile.decoder.decode([StreamRecord].self, fromJSON: Data(hostile.bytes)).map(\.id), nil)
        } catch {
            memory = rendered([], error)
        }
        let (sequence, file) = try await streamed(hostile.bytes, hostile.decoder, format: .jsonArray)
        #expect(sequence == hostile.outcome)
        #expect(file == hostile.outcome)
        #expect(memory == withoutModels(hostile.outcome))
    }

    /// Hostile JSON Lines: the stream (bytes and file) and `decode(_:fromJSONLines:)` fail alike,
    /// with the element's index and line; malformed and cut-off lines are never skipped.
    static let lines: [HostileStreamCase] = [
        .init(name: "a NUL line", bytes: text("{\"id\":1}\n\u{0}\n{\"id\":2}\n"),
              outcome: "[1] [1] (line 2): malformed JSON: unexpected byte 0x00 at line 2, column 1 @9"),
        .init(name: "a NUL line, skipping", bytes: text("{\"id\":1}\n\u{0}\n{\"id\":2}\n"), skipsInvalidElements: true,
              outcome: "[1] [1] (line 2): malformed JSON: unexpected byte 0x00 at line 2, column 1 @9"),
        .init(name: "NUL bytes after a value", bytes: text("{\"id\":1}\n{\"id\":2}\u{0}\u{0}\u{0}\u{0}\n"), skipsInvalidElements: true,
              outcome: "[1] [1] (line 2): malformed JSON: unexpected byte 0x00 after the JSON value at line 2, column 9 @17"),
        .init(name: "a letter line", bytes: text("{\"id\":1}\nhello\n"), skipsInvalidElements: true,
              outcome: "[1] [1] (line 2): malformed JSON: unexpected character 'h' at line 2, column 1 @9"),
        .init(name: "a malformed line, skipping", bytes: text("{\"id\":1}\n{\"id\":2,}\n{\"id\":3}\n"), skipsInvalidElements: true,
              outcome: "[1] [1] (line 2): malformed JSON: unexpected character '}', expected a string key at line 2, column 9 @17"),
        .init(name: "a cut-off last line, skipping", bytes: text("{\"id\":1}\n{\"id\":2"), skipsInvalidElements: true,
              outcome: "[1] [1] (line 2): malformed JSON: unexpected end of input at line 2, column 8 @16"),
        .init(name: "a cut-off string, skipping", bytes: text("{\"id\":1}\n{\"name\":\"ab"), skipsInvalidElements: true,
              outcome: "[1] [1].name (line 2): malformed JSON: unexpected end of input at line 2, column 12 @20"),
        .init(name: "a failing line, skipping", bytes: text("{\"id\":1}\n{\"id\":\"x\"}\n[3]\n{\"id\":4}"), skipsInvalidElements: true,
              outcome: "[1, 4] ok"),
        .init(name: "a byte order mark on line 2", bytes: text("{\"id\":1}\n") + byteOrderMark + text("{\"id\":2}\n"), allowsByteOrderMark: true,
              outcome: "[1] [1] (line 2): malformed JSON: unexpected byte 0xEF at line 2, column 1 @9"),
        .init(name: "a byte order mark at the start", bytes: byteOrderMark + text("{\"id\":1}\n{\"id\":2}\n"), allowsByteOrderMark: true,
              outcome: "[1, 2] ok"),
        .init(name: "an object across two lines", bytes: text("{\"id\":1}\n{\"id\":2,\n\"name\":\"x\"}\n"),
              outcome: "[1] [1] (line 2): malformed JSON: unexpected end of input at line 2, column 9 @17"),
        .init(name: "a closing brace on the next line", bytes: text("{\"id\":1}\n{\"id\":2\n}\n"),
              outcome: "[1] [1] (line 2): malformed JSON: unexpected end of input at line 2, column 8 @16"),
        .init(name: "a line feed inside an unknown member's array", bytes: text("{\"id\":1}\n{\"id\":2,\"x\":[1,\n2]}\n"),
              outcome: "[1] [1] (line 2): malformed JSON: unexpected end of input at line 2, column 16 @24"),
        .init(name: "a line feed inside an unknown member's array, skipping", bytes: text("{\"id\":1}\n{\"id\":2,\"x\":[1,\n2]}\n{\"id\":3}\n"), skipsInvalidElements: true,
              outcome: "[1] [1] (line 2): malformed JSON: unexpected end of input at line 2, column 16 @24"),
        .init(name: "carriage returns and tabs inside a line", bytes: text("{ \"id\" :\t1 ,\r\"name\":\"a\" }\r\n{\"id\":2}"),
              outcome: "[1, 2] ok"),
        .init(name: "UTF-16LE", bytes: text("{\"id\":1}\n").flatMap { [$0, 0] },
              outcome: "[] (root): malformed JSON: the input is UTF-16 text (little-endian), not UTF-8 (JSON text must be UTF-8), expected JSON Lines of StreamRecord -"),
    ]

    @Test(arguments: lines)
    func jsonLinesFailAsTheSynchronousDecode(_ hostile: HostileStreamCase) async throws {
        var synchronous: String
        do {
            synchronous = rendered(try hostile.decoder.decode([StreamRecord].self, fromJSONLines: hostile.bytes).map(\.id), nil)
        } catch {
            synchronous = rendered([], error)
        }
        let (sequence, file) = try await streamed(hostile.bytes, hostile.decoder, format: .jsonLines)
        #expect(sequence == hostile.outcome)
        #expect(file == hostile.outcome)
        #expect(synchronous == withoutModels(hostile.outcome))
    }

    /// Input that can never be JSON, from a source that never ends: the stream throws within
    /// about one read, holding no more than that.
    @Test(arguments: [
        ("JSON Lines of NUL bytes", "", UInt8(0), "[] [0] (line 1): malformed JSON: unexpected byte 0x00 at line 1, column 1"),
        ("an array of NUL bytes", "[ ", 0, "[] [0]: malformed JSON: unexpected byte 0x00 at line 1, column 3"),
        ("NUL bytes inside an object", "[{\"id\":1},{\"tags\":[", 0, "[1] [1].tags[0]: malformed JSON: unexpected byte 0x00 at line 1, column 20"),
        ("NUL bytes inside a string", "[{\"id\":1},{\"name\":\"", 0, "[1] [1].name: malformed JSON: unescaped control character 0x00 in string at line 1, column 20"),
        ("NUL bytes inside a JSON Lines string", "{\"id\":1}\n{\"name\":\"", 0, "[1] [1].name (line 2): malformed JSON: unescaped control character 0x00 in string at line 2, column 10"),
        ("letters for an element", "[{\"id\":1},", UInt8(ascii: "x"), "[1] [1]: malformed JSON: unexpected character 'x' at line 1, column 11"),
        ("letters for a line", "{\"id\":1}\n", UInt8(ascii: "x"), "[1] [1] (line 2): malformed JSON: unexpected character 'x' at line 2, column 1"),
    ] as [(String, String, UInt8, String)])
    func anEndlessSourceOfBytesThatAreNeverJSONFailsWithinARead(_ name: String, _ prefix: String, _ filler: UInt8, _ outcome: String) async {
        let bytes = GeneratedBytes(prefix: prefix) { _ in [UInt8](repeating: filler, count: 4096) }
        let stream = KeyValueDecoder().models(of: StreamRecord.self, from: bytes)
        let (models, error) = await collect(stream)
        #expect("\(models.map(\.id)) \(error.map { "\($0)" } ?? "ok")" == outcome)
        #expect(bytes.served.withLock { $0 } <= 64 * 1024 + prefix.utf8.count)
        #expect(stream.progress.peakBufferedBytes <= 64 * 1024 + prefix.utf8.count)
    }

    /// Where the stream and the in-memory decode differ, by rule (LargePayloads.md): when an
    /// element fails to map, the in-memory decode still checks the rest of the document (it
    /// scans it, reading nothing twice) and reports a syntax error anywhere in it; the stream
    /// reports the element's error once the structure right after it is sound, without reading
    /// further. A syntax error both meet is reported alike, where it is met.
    @Test(arguments: [
        (#"[{"id":"x"},{"id":2}] x"#, false,
         #"[0].id: expected Int, found String "x""#,
         "(root): malformed JSON: unexpected character 'x' after the JSON value at line 1, column 23"),
        (#"[{"id":"x"},{"id":2,}]"#, true,
         "[1]: malformed JSON: unexpected character '}', expected a string key at line 1, column 21",
         "[1]: malformed JSON: unexpected character '}', expected a string key at line 1, column 21"),
    ] as [(String, Bool, String, String)])
    func aLaterSyntaxErrorIsReportedWhereTheStreamMeetsIt(_ text: String, _ skipping: Bool, _ streamedMessage: String, _ memoryMessage: String) async {
        var decoder = KeyValueDecoder()
        if skipping { decoder.invalidElements = .skip }
        let (_, error) = await collect(decoder.models(of: StreamRecord.self, from: asyncBytes(text)))
        #expect((error as? MappingError)?.description == streamedMessage)
        #expect(mappingError { _ = try decoder.decode([StreamRecord].self, fromJSON: Data(text.utf8)) }?.description == memoryMessage)
    }
}
