import Foundation
import Testing
import KeyValueMapping

// MARK: - The unions under test

struct UnionCircle: Mappable, Equatable { var radius = 0.0 }
struct UnionSquare: Mappable, Equatable { var side = 0.0 }
struct UnionLabel: ImmutableMappable, Equatable { let text: String }

/// Internally tagged, with a case without a payload and a fallback.
enum UnionShape: MappableEnum, Equatable {
    case circle(UnionCircle)
    case square(UnionSquare)
    case label(UnionLabel)
    case unknown
    static var enumRules: EnumRules<UnionShape> {
        EnumRules(.internallyTagged("type"))
            .case("circle", UnionShape.circle)
            .case("square", UnionShape.square)
            .case("label", UnionShape.label)
            .case("unknown", UnionShape.unknown)
            .fallback(.unknown)
    }
}

/// Externally tagged (the default), no fallback.
enum UnionExternal: MappableEnum, Equatable {
    case circle(UnionCircle)
    case tags([String])
    case none
    static var enumRules: EnumRules<UnionExternal> {
        EnumRules().case("circle", UnionExternal.circle).case("tags", UnionExternal.tags).case("none", UnionExternal.none)
    }
}

/// Adjacently tagged, scalar payloads.
enum UnionToken: MappableEnum, Equatable {
    case word(String)
    case number(Int)
    case end
    static var enumRules: EnumRules<UnionToken> {
        EnumRules(.adjacentlyTagged("t", content: "c")).case("word", UnionToken.word).case("number", UnionToken.number).case("end", UnionToken.end)
    }
}

/// Untagged: the first case that decodes wins.
enum UnionLoose: MappableEnum, Equatable {
    case number(Int)
    case text(String)
    case circle(UnionCircle)
    case nothing
    static var enumRules: EnumRules<UnionLoose> {
        EnumRules(.untagged).case("number", UnionLoose.number).case("text", UnionLoose.text).case("circle", UnionLoose.circle).case("nothing", UnionLoose.nothing)
    }
}

struct UnionDrawing: Mappable, Equatable {
    var main = UnionShape.unknown
    var shapes: [UnionShape] = []
    var byName: [String: UnionExternal] = [:]
    var token: UnionToken?
    var loose: [UnionLoose] = []
}

struct UnionStrictDrawing: Mappable, Equatable {
    var main = UnionShape.unknown
    static var mappingRules: MappingRules { MappingRules() }
}

// MARK: - Tests

@Suite("MappableEnum: tagged unions")
struct MappableEnumTests {
    static let drawingJSON = #"""
    {"main": {"radius": 1.5, "type": "circle"},
     "shapes": [{"type": "square", "side": 2}, {"type": "label", "text": "hi"}, {"type": "unknown"}, {"type": "triangle", "sides": 3}],
     "byName": {"a": {"circle": {"radius": 3}}, "b": {"tags": ["x", "y"]}, "c": "none"},
     "token": {"c": 42, "t": "number"},
     "loose": [7, "seven", {"radius": 7}, null]}
    """#

    static let expected = UnionDrawing(
        main: .circle(UnionCircle(radius: 1.5)),
        shapes: [.square(UnionSquare(side: 2)), .label(UnionLabel(text: "hi")), .unknown, .unknown],
        byName: ["a": .circle(UnionCircle(radius: 3)), "b": .tags(["x", "y"]), "c": UnionExternal.none],
        token: .number(42),
        loose: [.number(7), .text("seven"), .circle(UnionCircle(radius: 7)), .nothing])

    @Test("every representation decodes alike on every route", arguments: DecodeRoute.allCases)
    func decodesOnEveryRoute(route: DecodeRoute) {
        let outcome = route.outcome(UnionDrawing.self, Self.drawingJSON) { "\($0 == Self.expected) \($0)" }
        #expect(outcome.hasPrefix("true"), "\(outcome)")
    }

    @Test("a model holding unions round-trips through bytes and dictionaries")
    func roundTrips() throws {
        let bytes = try KeyValueEncoder().encodeJSON(Self.expected)
        #expect(try KeyValueDecoder().decode(UnionDrawing.self, fromJSON: bytes) == Self.expected)
        let dictionary = try KeyValueEncoder().encode(Self.expected)
        #expect(try KeyValueDecoder().decode(UnionDrawing.self, from: dictionary) == Self.expected)
        let text = String(decoding: try KeyValueEncoder().encodeJSON(Self.expected, options: .sortedKeys), as: UTF8.self)
        #expect(text.contains(#""main":{"type":"circle","radius":1.5}"#))
        #expect(text.contains(#""byName":{"a":{"circle":{"radius":3.0}},"b":{"tags":["x","y"]},"c":"none"}"#))
        #expect(text.contains(#""token":{"t":"number","c":42}"#))
        #expect(text.contains(#""loose":[7,"seven",{"radius":7.0},null]"#))
        #expect(text.contains(#"{"type":"unknown"}"#))
    }

    @Test("top-level unions: bytes, dictionaries, arrays, both directions")
    func topLevel() throws {
        let decoder = KeyValueDecoder()
        let shape = try decoder.decode(UnionShape.self, fromJSON: Data(#"{"type": "circle", "radius": 1.5}"#.utf8))
        #expect(shape == .circle(UnionCircle(radius: 1.5)))
        #expect(try decoder.decode(UnionShape.self, from: ["type": "square", "side": 2]) == .square(UnionSquare(side: 2)))
        #expect(try decoder.decode(UnionExternal.self, from: "none") == UnionExternal.none)
        #expect(try decoder.decode(UnionExternal.self, fromJSON: Data(#""none""#.utf8)) == UnionExternal.none)
        #expect(try decoder.decode([UnionToken].self, fromJSON: Data(#"[{"t": "word", "c": "hello"}, {"t": "end"}]"#.utf8)) == [.word("hello"), .end])
        #expect(try decoder.decode([UnionToken].self, from: [["t": "number", "c": 1]]) == [.number(1)])
        let json = try KeyValueEncoder().encodeJSON(shape)
        #expect(String(decoding: json, as: UTF8.self) == #"{"type":"circle","radius":1.5}"#)
        #expect(try KeyValueEncoder().encode(UnionExternal.none) as? String == "none")
        #expect(String(decoding: try KeyValueEncoder().encodeJSON([UnionToken.word("a"), .end]), as: UTF8.self) == #"[{"t":"word","c":"a"},{"t":"end"}]"#)
    }

    @Test("errors name the key path, the tag and the known tags", arguments: [
        (#"{"shapes": [{"type": "circle", "radius": 1}, {"type": "square", "side": "x"}]}"#, "shapes[1].side: expected Double, found String \"x\""),
        (#"{"shapes": [{"radius": 1}]}"#, "shapes[0].type: required key is missing (expected String (the tag of UnionShape: circle, square, label, unknown))"),
        (#"{"shapes": [{"type": 3}]}"#, "shapes[0].type: expected String (the tag of UnionShape), found Int 3"),
        (#"{"shapes": [3]}"#, "shapes[0]: expected UnionShape (an object with the tag \"type\"), found Int 3"),
        (#"{"byName": {"k": {"square": {}}}}"#, "byName.k: expected a tag of UnionExternal (circle, tags, none), found tag \"square\""),
        (#"{"byName": {"k": {"circle": {"radius": true}}}}"#, "byName.k.circle.radius: expected Double, found Bool true"),
        (#"{"byName": {"k": {"circle": {}, "tags": []}}}"#, "byName.k: expected UnionExternal (an object with one member, the tag), found an object with more members"),
        (#"{"byName": {"k": "circle"}}"#, "byName.k: expected an object {\"circle\": …} holding the payload of case \"circle\""),
        (#"{"token": {"t": "number", "c": "x"}}"#, "token.c: expected Int, found String \"x\""),
        (#"{"token": {"c": 1}}"#, "token.t: required key is missing (expected String (the tag of UnionToken: word, number, end))"),
        (#"{"token": {"t": "word"}}"#, "token.c: required key is missing (expected the payload of case \"word\" (String))"),
        (#"{"loose": [true]}"#, "loose[0]: expected a value one of UnionLoose's cases decodes, found Bool true (number: expected Int, found Bool true; text: expected String, found Bool true; circle: expected UnionCircle, found Bool true; nothing: expected null)"),
    ])
    func errors(json: String, expected: String) {
        for route in DecodeRoute.allCases {
            let outcome = route.outcome(UnionDrawing.self, json) { "\($0)" }
            #expect(outcome.hasPrefix("error: " + expected), "\(route): \(outcome)")
        }
    }

    @Test("an internally tagged payload counts its tag as a known key when unknown keys are rejected")
    func tagIsKnownKey() throws {
        var decoder = KeyValueDecoder()
        decoder.unknownKeys = .reject
        for route in DecodeRoute.allCases {
            let good = route.outcome(UnionStrictDrawing.self, #"{"main": {"type": "circle", "radius": 2}}"#, decoder) { "\($0.main)" }
            #expect(good == "circle(KeyValueMappingTests.UnionCircle(radius: 2.0))", "\(route)")
            let bad = route.outcome(UnionStrictDrawing.self, #"{"main": {"type": "circle", "radius": 2, "color": 1}}"#, decoder) { "\($0.main)" }
            #expect(bad.hasPrefix("error: main.color: unknown key"), "\(route): \(bad)")
        }
    }

    @Test("skip and lenient treat an unknown tag as any invalid value")
    func skipAndLenient() throws {
        var decoder = KeyValueDecoder()
        decoder.invalidElements = .skip
        let json = #"{"byName": {"a": {"circle": {"radius": 1}}, "b": {"oval": {}}}}"#
        for route in DecodeRoute.allCases {
            let outcome = route.outcome(UnionDrawing.self, json, decoder) { "\($0.byName.keys.sorted())" }
            #expect(outcome == #"["a"]"#, "\(route)")
        }
        for bytes in [false, true] {
            let outcome = DecodeRoute.lenientOutcome(UnionDrawing.self, #"{"token": {"t": "letter", "c": 1}, "shapes": [{"type": "hexagon"}]}"#, bytes: bytes) {
                "\($0.token.map { "\($0)" } ?? "nil") \($0.shapes)"
            }
            #expect(outcome.hasPrefix("nil [KeyValueMappingTests.UnionShape.unknown] | "), "\(outcome)")
            #expect(outcome.contains("shapes[0]: expected a tag of UnionShape (circle, square, label, unknown), found tag \"hexagon\""), "\(outcome)")
            #expect(outcome.contains("token: expected a tag of UnionToken (word, number, end), found tag \"letter\""), "\(outcome)")
        }
    }
}

/// A payload whose `didDecode` counts its runs per radius (tests run in parallel: each test
/// uses its own radius).
struct CountedDisc: Mappable {
    var radius = 0.0
    static let runs = LockedBox<[Double: Int]>([:])
    mutating func didDecode() throws { Self.runs.withLock { $0[radius, default: 0] += 1 } }
}

enum CountedUnion: MappableEnum {
    case disc(CountedDisc)
    case other
    static var enumRules: EnumRules<CountedUnion> {
        EnumRules(.internallyTagged("kind")).case("disc", CountedUnion.disc).case("other", CountedUnion.other).fallback(.other)
    }
}

enum CountedAdjacent: MappableEnum {
    case disc(CountedDisc)
    static var enumRules: EnumRules<CountedAdjacent> { EnumRules(.adjacentlyTagged("t", content: "c")).case("disc", CountedAdjacent.disc) }
}

struct CountedHolder: Mappable {
    var items: [CountedUnion] = []
    var adjacent: [CountedAdjacent] = []
}

@Suite("MappableEnum: user code runs once")
struct EnumUserCodeTests {
    @Test("a payload's didDecode runs once per value on every route, whatever the member order", arguments: Array(0..<5))
    func didDecodeRunsOnce(route: Int) async throws {
        let radius = 9000.0 + Double(route)
        let element = #"{"radius": \#(radius), "kind": "disc"}"#
        let adjacent = #"{"c": {"radius": \#(radius)}, "t": "disc"}"#
        let json = #"{"items": [\#(element), {"kind": "zzz", "radius": \#(radius)}, \#(element)], "adjacent": [\#(adjacent)]}"#
        let decoder = KeyValueDecoder()
        switch route {
        case 0: _ = try decoder.decode(CountedHolder.self, fromJSON: Data(json.utf8))
        case 1: _ = try decoder.decode(CountedHolder.self, from: try DecodeRoute.dictionary(json))
        case 2: _ = try decoder.decode([CountedHolder].self, fromJSONLines: Data((json + "\n").utf8))
        case 3: _ = try decoder.decodeLeniently(CountedHolder.self, fromJSON: Data(json.utf8))
        default:
            for try await _ in decoder.models(of: CountedHolder.self, from: AsyncBytes(Array("[\(json)]".utf8))) {}
        }
        #expect(CountedDisc.runs.withLock { $0[radius] } == 3)
    }
}

@Suite("MappableEnum: finding an internal tag")
struct EnumTagScanTests {
    @Test("the tag is found wherever it stands, escaped or repeated, as the duplicate-key policy says", arguments: [
        (#"{"radius": 1, "type": "circle"}"#, JSONReadingOptions.DuplicateKeyPolicy.useLast, "circle(radius: 1.0)"),
        (#"{"t\u0079pe": "circle", "radius": 2}"#, .useLast, "circle(radius: 2.0)"),
        (#"{"type": "square", "side": 3, "type": "circle", "radius": 4}"#, .useLast, "circle(radius: 4.0)"),
        (#"{"type": "square", "side": 3, "type": "circle", "radius": 4}"#, .useFirst, "square(side: 3.0)"),
        (#"{"type": "square", "type": "circle"}"#, .reject, "error"),
        (#"{"nested": {"type": "square"}, "type": "circle", "radius": 5}"#, .useLast, "circle(radius: 5.0)"),
    ])
    func findsTheTag(json: String, duplicates: JSONReadingOptions.DuplicateKeyPolicy, expected: String) {
        var decoder = KeyValueDecoder()
        decoder.jsonReading.duplicateKeys = duplicates
        let outcome: String
        do {
            switch try decoder.decode(UnionShape.self, fromJSON: Data(json.utf8)) {
            case .circle(let circle): outcome = "circle(radius: \(circle.radius))"
            case .square(let square): outcome = "square(side: \(square.side))"
            default: outcome = "other"
            }
        } catch {
            outcome = "error"
        }
        #expect(outcome == expected)
    }
}
