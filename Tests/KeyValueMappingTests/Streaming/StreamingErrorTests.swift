import Foundation
import Testing
import KeyValueMapping

@Suite struct StreamingErrorTests {
    @Test(arguments: [
        (#"[{"id":1},{"id":2},]"#, 2, "[2]: malformed JSON: unexpected character ']' at line 1, column 20"),
        (#"[{"id":1} {"id":2}]"#, 1, "(root): malformed JSON: unexpected character '{', expected ',' or ']' at line 1, column 11"),
        (#"[{"id":1},,{"id":2}]"#, 1, "[1]: malformed JSON: unexpected character ',' at line 1, column 11"),
        ("[{\"id\":1}]\n x", 1, "(root): malformed JSON: unexpected character 'x' after the JSON value at line 2, column 2"),
        (#"[{"id":1},{"id":2"#, 1, "[1]: malformed JSON: unexpected end of input at line 1, column 18"),
        (#"[{"id":1},{"name":"ab"#, 1, "[1].name: malformed JSON: unexpected end of input at line 1, column 22"),
        (#"[{"id":1},"#, 1, "[1]: malformed JSON: unexpected end of input at line 1, column 11"),
        ("[", 0, "(root): malformed JSON: unexpected end of input at line 1, column 2"),
        (#"[{"id":"x"}]"#, 0, #"[0].id: expected Int, found String "x""#),
        (#"[{"id":1},{"friends":[{"id":1},{"id":2},{"id":"z"}]}]"#, 1, #"[1].friends[2].id: expected Int, found String "z""#),
        ("[\n{\"id\":1},\n  {\"id\": tru}\n]", 1, "[1].id: malformed JSON: unexpected character '}' at line 3, column 13"),
        (#"[{"id":1}, 2]"#, 1, "[1]: expected StreamRecord, found Int 2"),
        (#"[{"id":1}, "}]"]"#, 1, #"[1]: expected StreamRecord, found String "}]""#),
        (#"[{"id":1}, nul]"#, 1, "[1]: malformed JSON: unexpected character ']' at line 1, column 15"),
        (#"[{"id":1}, 1.]"#, 1, "[1]: malformed JSON: unexpected character ']' in number, expected a digit at line 1, column 14"),
        ("[{\"name\":\"a\u{01}\"}]", 0, "[0].name: malformed JSON: unescaped control character 0x01 in string at line 1, column 12"),
    ] as [(String, Int, String)])
    func arrayErrorsNameTheElementAndThePlaceInTheWholeInput(_ text: String, _ before: Int, _ message: String) async {
        let (models, error) = await collect(KeyValueDecoder().models(of: StreamRecord.self, from: asyncBytes(text)))
        #expect(models.count == before)
        #expect((error as? MappingError)?.description == message, "\(String(describing: error))")
    }

    /// Found by a differential fuzz run: errors the reader raises between an element's members
    /// are placed in the whole input like any other (they once kept the element's own column).
    @Test(arguments: [
        #"[{"id":0,"tags":["t0",","}]}]"#,
        "[{\"id\":0},\n{\"id\":1,\"tags\":[\"t1\",\",\"\"]}]",
        #"[{"id":0{,"name":"a"}]"#,
        "[{\"id\":1},\n {\"friends\":[{\"id\":1}, {\"id\":\"q\"}]}]",
        "[{\"id\":1},\n {\"name\": \"x\" \"y\"}]",
    ])
    func errorsInsideElementsReadAsFromTheInMemoryDecode(_ text: String) async {
        let reference = mappingError { _ = try [StreamRecord](jsonData: Data(text.utf8)) }
        let (_, error) = await collect(KeyValueDecoder().models(of: StreamRecord.self, from: asyncBytes(text)))
        #expect((error as? MappingError)?.description == reference?.description)
    }

    @Test(arguments: [
        ("{\"id\":1}\n{\"id\":\"x\"}\n", 1, #"[1].id (line 2): expected Int, found String "x""#),
        ("{\"id\":1}\n\n\r\n{\"id\":2}\n{\"id\":3} x\n", 2, "[2] (line 5): malformed JSON: unexpected character 'x' after the JSON value at line 5, column 10"),
        ("{\"id\":1}\r\n  {\"friends\":[{\"id\":\"q\"}]}\r\n", 1, #"[1].friends[0].id (line 2): expected Int, found String "q""#),
        ("{\"id\":1}\n{\"id\":", 1, "[1].id (line 2): malformed JSON: unexpected end of input at line 2, column 7"),
        ("{\"id\":1}\n[1]\n", 1, "[1] (line 2): expected a JSON object for StreamRecord, found Array (1 element)"),
        // A raw line feed cannot be inside a string: it ends the line, and the string with it.
        ("{\"name\":\"a\nb\"}\n", 0, "[0].name (line 1): malformed JSON: unexpected end of input at line 1, column 11"),
    ] as [(String, Int, String)])
    func jsonLinesErrorsNameTheElementAndItsLine(_ text: String, _ before: Int, _ message: String) async throws {
        let (models, error) = await collect(KeyValueDecoder().models(of: StreamRecord.self, from: asyncBytes(text)))
        #expect(models.count == before)
        let streamed = try #require(error as? MappingError)
        #expect(streamed.description == message)
        let synchronous = mappingError { _ = try KeyValueDecoder().decode([StreamRecord].self, fromJSONLines: Data(text.utf8)) }
        #expect(synchronous?.description == message)
        #expect(synchronous?.line == streamed.line && streamed.line != nil)
    }

    @Test(arguments: [
        // Blank input: the words of `decode([StreamRecord].self, fromJSON:)`.
        ("", "(root): malformed JSON: the input is empty, expected a JSON array of StreamRecord"),
        (#"{"id":1}"#, "(root): malformed JSON: unexpected character '{', expected '[' at line 1, column 1"),
    ])
    func aForcedArrayMustBeOne(_ text: String, _ message: String) async {
        let (_, error) = await collect(KeyValueDecoder().models(of: StreamRecord.self, from: asyncBytes(text), format: .jsonArray))
        #expect((error as? MappingError)?.description == message)
    }

    @Test func aForcedJSONLinesStreamReadsALeadingArrayAsALine() async {
        let (models, error) = await collect(KeyValueDecoder().models(of: StreamRecord.self, from: asyncBytes("[{\"id\":1}]\n{\"id\":2}\n"), format: .jsonLines))
        #expect(models.isEmpty)
        #expect((error as? MappingError)?.description == "[0] (line 1): expected a JSON object for StreamRecord, found Array (1 element)")
    }

    @Test func elementsNestedTooDeeplyStopTheStreamAtOnce() async throws {
        var decoder = KeyValueDecoder()
        decoder.jsonReading.maximumDepth = 16
        // The input never ends: the stream must fail at the 17th bracket, within one read,
        // not buffer forever. The error is the one the in-memory decode gives: the array's own
        // bracket counts, so the 17th is the 15th of `tags`.
        let bytes = GeneratedBytes(prefix: #"[{"id":1},{"tags":"#) { _ in Array("[".utf8) }
        let (models, error) = await collect(decoder.models(of: StreamRecord.self, from: bytes))
        #expect(models.count == 1)
        #expect((error as? MappingError)?.description == "[1].tags[0]: malformed JSON: nesting exceeds the maximum depth of 16 at line 1, column 33")
        #expect(bytes.served.withLock { $0 } <= 64 * 1024 + 32)
        let lines = GeneratedBytes(prefix: "{\"id\":1}\n{\"tags\":") { _ in Array("[".utf8) }
        let (lineModels, lineError) = await collect(decoder.models(of: StreamRecord.self, from: lines))
        #expect(lineModels.count == 1)
        #expect((lineError as? MappingError)?.description == "[1].tags[0] (line 2): malformed JSON: nesting exceeds the maximum depth of 16 at line 2, column 24")
        // With .skip too: the element's end cannot be trusted.
        decoder.invalidElements = .skip
        let skipping = await collect(decoder.models(of: StreamRecord.self, from: GeneratedBytes(prefix: #"[{"tags":"#) { _ in Array("[".utf8) }))
        #expect((skipping.error as? MappingError)?.reasonDescription.hasPrefix("malformed JSON: nesting exceeds the maximum depth of 16") == true)
    }

    @Test func skippingLeavesOutBadElementsAndCountsThem() async throws {
        var decoder = KeyValueDecoder()
        decoder.invalidElements = .skip
        let array = #"[{"id":1},{"id":"x"},2,{"id":3, "friends": 7},{"id":4}]"#
        let stream = decoder.models(of: StreamRecord.self, from: asyncBytes(array))
        let (models, error) = await collect(stream)
        #expect(error == nil && models.map(\.id) == [1, 4])
        #expect(stream.progress.elementsSkipped == 3 && stream.progress.modelsDecoded == 2)
        let lines = "{\"id\":1}\n{\"id\":\"x\"}\n[3]\n{\"id\":4}"
        #expect(try decoder.decode([StreamRecord].self, fromJSONLines: Data(lines.utf8)).map(\.id) == [1, 4])
        // The structure between elements is never skipped.
        let broken = await collect(decoder.models(of: StreamRecord.self, from: asyncBytes(#"[{"id":1} {"id":2}]"#)))
        #expect(broken.models.map(\.id) == [1])
        #expect((broken.error as? MappingError)?.reasonDescription == "malformed JSON: unexpected character '{', expected ',' or ']' at line 1, column 11")
    }

    @Test func aDeclarationErrorIsThrownByTheFirstStep() async {
        struct Broken: Mappable {
            var id = 0
            static var mappingRules: MappingRules { MappingRules().map("missing", to: "x") }
        }
        let (_, error) = await collect(KeyValueDecoder().models(of: Broken.self, from: asyncBytes("[]")))
        guard case .invalidDeclaration? = (error as? MappingError)?.reason else {
            Issue.record("expected an invalid declaration, got \(String(describing: error))")
            return
        }
    }
}
