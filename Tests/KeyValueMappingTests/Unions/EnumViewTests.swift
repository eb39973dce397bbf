import Foundation
import Testing
import KeyValueMapping

struct CodableDrawing: CodableMappable, Equatable {
    var main = UnionShape.unknown
    var tokens: [UnionToken] = []
    var byName: [String: UnionExternal] = [:]
}

@Suite("MappableEnum: schema, Codable bridge, patches, streams")
struct EnumViewTests {
    @Test("the schema describes each case as one alternative of a oneOf, told apart by its const tag")
    func schema() throws {
        let schema = try UnionDrawing.jsonSchema()
        let validator = SchemaValidator(root: schema)
        let payload = try JSONValue(jsonString: MappableEnumTests.drawingJSON.replacingOccurrences(of: #", {"type": "triangle", "sides": 3}"#, with: ""))
        #expect(validator.problems(in: payload) == [])
        let encoded = try JSONValue(jsonData: try KeyValueEncoder().encodeJSON(MappableEnumTests.expected))
        #expect(validator.problems(in: encoded) == [])
        for wrong in [#"{"main": {"type": "circle", "radius": "x"}}"#, #"{"main": {"radius": 1}}"#, #"{"token": {"t": "word", "c": 3}}"#,
                      #"{"byName": {"a": {"circle": {}, "tags": []}}}"#, #"{"loose": [true]}"#] {
            #expect(!validator.problems(in: try JSONValue(jsonString: wrong)).isEmpty, "\(wrong)")
        }
    }

    @Test("a CodableMappable model holding unions works through JSONDecoder and JSONEncoder")
    func codableBridge() throws {
        let json = #"{"main": {"type": "square", "side": 2}, "tokens": [{"t": "word", "c": "hi"}, {"t": "end"}], "byName": {"n": "none", "c": {"circle": {"radius": 1}}}}"#
        let model = try JSONDecoder().decode(CodableDrawing.self, from: Data(json.utf8))
        let expected = CodableDrawing(main: .square(UnionSquare(side: 2)), tokens: [.word("hi"), .end],
                                      byName: ["n": UnionExternal.none, "c": .circle(UnionCircle(radius: 1))])
        #expect(model == expected)
        #expect(try JSONDecoder().decode(CodableDrawing.self, from: try JSONEncoder().encode(model)) == expected)
        #expect(try KeyValueDecoder().decode(CodableDrawing.self, fromJSON: Data(json.utf8)) == expected)
        do {
            _ = try JSONDecoder().decode(CodableDrawing.self, from: Data(#"{"main": {"type": "circle", "radius": "x"}}"#.utf8))
            Issue.record("decoded")
        } catch let error as MappingError {
            #expect(error.description == #"main.radius: expected Double, found String "x""#)
        }
    }

    @Test("JSON Lines, streams and merge patches carry unions like any value")
    func streamsAndPatches() async throws {
        let lines = #"""
        {"main": {"type": "circle", "radius": 1}}
        {"main": {"type": "square", "side": 2}}
        """#
        let models = try KeyValueDecoder().decode([UnionDrawing].self, fromJSONLines: Data(lines.utf8))
        #expect(models.map(\.main) == [.circle(UnionCircle(radius: 1)), .square(UnionSquare(side: 2))])
        let bytes = AsyncBytes(Array(#"[{"main": {"type": "label", "text": "a"}}, {"main": {"type": "nope"}}]"#.utf8))
        var streamed: [UnionShape] = []
        for try await model in KeyValueDecoder().models(of: UnionDrawing.self, from: bytes) { streamed.append(model.main) }
        #expect(streamed == [.label(UnionLabel(text: "a")), .unknown])

        let old = UnionDrawing(main: .circle(UnionCircle(radius: 1)))
        let new = UnionDrawing(main: .square(UnionSquare(side: 3)))
        let patch = try new.mergePatch(from: old)
        #expect(try old.applyingMergePatch(patch) == new)
    }
}

/// Bytes handed out one at a time, as a network stream would.
struct AsyncBytes: AsyncSequence, Sendable {
    typealias Element = UInt8
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: ArraySlice<UInt8>
        mutating func next() async -> UInt8? { remaining.popFirst() }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: bytes[...]) }
}
