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

    @Test("a merge patch replaces a union value whole, in properties, optionals and dictionaries, and the smallest patch says so")
    func patchesReplaceUnionsWhole() throws {
        let old = UnionDrawing(main: .circle(UnionCircle(radius: 1)), byName: ["a": .circle(UnionCircle(radius: 1)), "b": .tags(["x"])],
                               token: .word("hi"))
        // A member of the case alone is no longer merged into the old value: it is the new value, without its tag.
        do {
            _ = try old.applyingMergePatch(try JSONValue(jsonString: #"{"main": {"radius": 2}}"#))
            Issue.record("merged")
        } catch let error as MappingError {
            #expect(error.description == "main.type: required key is missing (expected String (the tag of UnionShape: circle, square, label, unknown))")
        }
        let changes: [(UnionDrawing, String)] = [
            (UnionDrawing(main: .circle(UnionCircle(radius: 2)), byName: old.byName, token: old.token),
             #"{"main":{"radius":2.0,"type":"circle"}}"#),
            (UnionDrawing(main: .square(UnionSquare(side: 3)), byName: old.byName, token: old.token),
             #"{"main":{"side":3.0,"type":"square"}}"#),
            (UnionDrawing(main: old.main, byName: ["a": .circle(UnionCircle(radius: 5)), "b": .tags(["x"])], token: .end),
             #"{"byName":{"a":{"circle":{"radius":5.0}}},"token":{"t":"end"}}"#),
            (UnionDrawing(main: old.main, byName: ["b": .tags(["x", "y"])], token: nil),
             #"{"byName":{"b":{"tags":["x","y"]},"a":null},"token":null}"#),
            (old, "{}"),
        ]
        for (new, expected) in changes {
            let patch = try new.mergePatch(from: old)
            #expect(patch.jsonString() == expected, "\(patch.jsonString())")
            #expect(try old.applyingMergePatch(patch) == new)
        }
    }

    @Test("a merge patch replaces a polymorphic value whole")
    func patchesReplacePolymorphicValuesWhole() throws {
        var old = PolyFeed()
        old.pinned = PolyPost(id: 1, text: "a")
        old.byName = ["p": PolyPost(id: 2, text: "b")]
        var new = old
        new.pinned = PolyAd(id: 1, sponsor: "s")
        new.byName = ["p": PolyPost(id: 2, text: "c")]
        let patch = try new.mergePatch(from: old)
        #expect(patch.jsonString() == #"{"byName":{"p":{"id":2,"kind":"post","text":"c"}},"pinned":{"id":1,"kind":"ad","sponsor":"s"}}"#)
        #expect(try old.applyingMergePatch(patch).rendered == new.rendered)
        do {
            _ = try old.applyingMergePatch(try JSONValue(jsonString: #"{"pinned": {"text": "z"}}"#))
            Issue.record("merged")
        } catch let error as MappingError {
            #expect(error.description == "pinned.kind: required key is missing (expected String (the tag of PolyItem: post, ad))")
        }
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

struct PatchCircle: Mappable, Equatable { var radius = 0.0 }
struct PatchRing: Mappable, Equatable { var radius = 0.0; var width = 0.0; var note: String?? }
enum PatchShape: MappableEnum, Equatable {
    case circle(PatchCircle)
    case ring(PatchRing)
    static var enumRules: EnumRules<PatchShape> {
        EnumRules(.internallyTagged("type")).case("circle", PatchShape.circle).case("ring", PatchShape.ring)
    }
}
struct PatchDetails: Mappable, Equatable { var label = ""; var shape = PatchShape.circle(PatchCircle()) }
struct PatchFlat: Mappable, Equatable {
    var name = ""
    var details = PatchDetails()
    static var mappingRules: MappingRules { MappingRules().flatten("details") }
}
struct PatchGathered: Mappable, Equatable {
    var shapes: [String: PatchShape] = [:]
    static var mappingRules: MappingRules { MappingRules().gather("shapes", from: ["a", "b"]) }
}

@Suite struct UnionPatchReviewTests {
    @Test("a union read through a flattened model or a gathered key is replaced whole too")
    func flattenedAndGatheredUnions() throws {
        let flat = PatchFlat(name: "n", details: PatchDetails(label: "l", shape: .circle(PatchCircle(radius: 5))))
        #expect(try flat.applyingMergePatch(try JSONValue(jsonString: #"{"shape": {"type": "ring"}}"#)).details.shape == .ring(PatchRing()))
        var ringed = flat
        ringed.details.shape = .ring(PatchRing(radius: 5, note: .some("x")))
        let patch = try ringed.mergePatch(from: flat)
        #expect(patch.jsonString() == #"{"shape":{"note":"x","radius":5.0,"type":"ring","width":0.0}}"#)
        #expect(try flat.applyingMergePatch(patch) == ringed)

        let gathered = PatchGathered(shapes: ["a": .circle(PatchCircle(radius: 1)), "b": .circle(PatchCircle(radius: 2))])
        #expect(try gathered.applyingMergePatch(try JSONValue(jsonString: #"{"a": {"type": "ring"}}"#)).shapes["a"] == .ring(PatchRing()))
        var changed = gathered
        changed.shapes["b"] = .ring(PatchRing(radius: 2))
        #expect(try gathered.applyingMergePatch(try changed.mergePatch(from: gathered)) == changed)
    }

    @Test("an Optional holding nil inside a union's payload is an error, never a wrong patch")
    func collapsedValuesInsideUnions() throws {
        let old = PatchDetails(shape: .ring(PatchRing(note: .some("x"))))
        let new = PatchDetails(shape: .ring(PatchRing(note: .some(nil))))
        do {
            _ = try new.mergePatch(from: old)
            Issue.record("a patch was returned")
        } catch let error as MappingError {
            #expect(error.description == "shape.note: a JSON merge patch cannot express this change (an Optional holding nil is written as null, which decodes as nil)")
        }
    }
}
