import Foundation
import Testing
import KeyValueMapping

enum ReflectingEnum: MappableEnum, CustomReflectable {
    case label(UnionLabel), gone
    static var enumRules: EnumRules<ReflectingEnum> { EnumRules().case("label", ReflectingEnum.label) }
    var customMirror: Mirror { Mirror(self, children: ["x": 1]) }
}

enum WrongConstructor: MappableEnum {
    case number(Int), unit
    static var enumRules: EnumRules<WrongConstructor> { EnumRules().case("x", { (_: Int) in WrongConstructor.unit }) }
}

struct NotAnEnum: MappableEnum {
    var x = 0
    static var enumRules: EnumRules<NotAnEnum> { EnumRules().case("s", { NotAnEnum(x: $0) }) }
}

indirect enum Chain: MappableEnum, Sendable {
    case leaf(Int), node(Chain)
    static var enumRules: EnumRules<Chain> { EnumRules().case("leaf", Chain.leaf).case("node", Chain.node) }
}

indirect enum UntaggedTree: MappableEnum {
    case leaf(Int), node([UntaggedTree])
    static var enumRules: EnumRules<UntaggedTree> { EnumRules(.untagged).case("leaf", UntaggedTree.leaf).case("node", UntaggedTree.node) }
}
struct HoldsTree: Mappable { var tree = UntaggedTree.leaf(0) }

struct SnakePayload: Mappable { var kindName = "" }
enum SnakeTagged: MappableEnum {
    case snake(SnakePayload)
    static var enumRules: EnumRules<SnakeTagged> { EnumRules(.internallyTagged("kind_name")).case("s", SnakeTagged.snake) }
}

struct HoldsUnions: Mappable {
    var token: UnionToken?
    var external: UnionExternal?
    var shape: UnionShape?
}

@Suite("MappableEnum: edge cases a hostile review found")
struct EnumEdgeCaseTests {
    @Test("a case the rules do not declare is an encode error even when the enum has a custom mirror")
    func customMirror() {
        #expect(throws: MappingError.self) { try KeyValueEncoder().encodeJSON(ReflectingEnum.gone) }
        #expect(throws: MappingError.self) { try KeyValueEncoder().encode(ReflectingEnum.gone) }
        #expect((try? KeyValueEncoder().encodeJSON(ReflectingEnum.label(UnionLabel(text: "a")))).map { String(decoding: $0, as: UTF8.self) } == #"{"label":{"text":"a"}}"#)
    }

    @Test("a constructor that is not the case itself, or a type that is not an enum, is a declaration error")
    func wrongConstructors() {
        for outcome in [Result { try KeyValueDecoder().decode(WrongConstructor.self, fromJSON: Data(#"{"x": 1}"#.utf8)) as Any },
                        Result { try KeyValueDecoder().decode(NotAnEnum.self, fromJSON: Data(#"{"s": 1}"#.utf8)) as Any }] {
            guard case .failure(let error as MappingError) = outcome, case .invalidDeclaration = error.reason else {
                Issue.record("expected a declaration error, got \(outcome)")
                continue
            }
        }
    }

    @Test("encoding a recursive union meets the depth limit, on any thread")
    func encodeDepth() async {
        var chain = Chain.leaf(1)
        for _ in 0..<600 { chain = .node(chain) }
        let value = chain
        #expect(throws: MappingError.self) { try KeyValueEncoder().encodeJSON(value) }
        #expect(throws: MappingError.self) { try KeyValueEncoder().encode(value) }
        let onSmallStack = await onThread { () -> String in
            do {
                _ = try KeyValueEncoder().encodeJSON(value)
                return "encoded"
            } catch {
                return "\(error)"
            }
        }
        #expect(onSmallStack.contains("depth") || onSmallStack.contains("stack"), "\(onSmallStack)")
    }

    @Test("a recursive union's schema is a definition it refers to")
    func recursiveSchema() throws {
        let schema = try HoldsTree.jsonSchema()
        let encoded = try JSONValue(jsonData: try HoldsTree(tree: .node([.leaf(1), .node([])])).jsonData())
        #expect(SchemaValidator(root: schema).problems(in: encoded) == [])
    }

    @Test("untagged trials convert strictly, so every value decodes back as the case that wrote it")
    func untaggedRoundTrip() throws {
        for value in [UnionLoose.text("42"), .number(42), .text("2.5"), .circle(UnionCircle(radius: 1)), .nothing] {
            #expect(try KeyValueDecoder().decode(UnionLoose.self, fromJSON: try KeyValueEncoder().encodeJSON(value)) == value)
        }
    }

    @Test("repeated keys in tagged objects give one value on every route", arguments: [
        #"{"token": {"t": "word", "c": "a", "t": "number", "c": 5}}"#,
        #"{"external": {"circle": {"radius": 1}, "circle": {"radius": 2}}}"#,
        #"{"external": {"none": null, "x": 1}}"#,
        #"{"token": {"t": "end", "c": 3}}"#,
    ])
    func repeatedKeys(json: String) {
        var decoder = KeyValueDecoder()
        decoder.unknownKeys = .reject
        let outcomes = Set(DecodeRoute.allCases.map { route in
            route.outcome(HoldsUnions.self, json, decoder) { "\($0.token.map { "\($0)" } ?? "-") \($0.external.map { "\($0)" } ?? "-")" }
        })
        #expect(outcomes.count == 1, "\(outcomes)")
    }

    @Test("unknown keys beside a tag are rejected when the decoder rejects unknown keys")
    func unknownKeysBesideTags() {
        var decoder = KeyValueDecoder()
        decoder.unknownKeys = .reject
        for (json, path) in [(#"{"shape": {"type": "unknown", "extra": 1}}"#, "shape.extra"), (#"{"token": {"t": "end", "x": 1}}"#, "token.x")] {
            for route in DecodeRoute.allCases {
                let outcome = route.outcome(HoldsUnions.self, json, decoder) { _ in "decoded" }
                #expect(outcome.hasPrefix("error: \(path): unknown key"), "\(route): \(outcome)")
            }
        }
    }

    @Test("an internal tag that is a payload key under the naming style in use is a declaration error")
    func styledTagCollision() {
        var encoder = KeyValueEncoder()
        encoder.keyNamingStyle = .snakeCase
        var decoder = KeyValueDecoder()
        decoder.keyNamingStyle = .snakeCase
        #expect(throws: MappingError.self) { try encoder.encodeJSON(SnakeTagged.snake(SnakePayload(kindName: "z"))) }
        #expect(throws: MappingError.self) { try encoder.encode(SnakeTagged.snake(SnakePayload(kindName: "z"))) }
        #expect(throws: MappingError.self) { try decoder.decode(SnakeTagged.self, fromJSON: Data(#"{"kind_name": "s"}"#.utf8)) }
        #expect((try? KeyValueDecoder().decode(SnakeTagged.self, fromJSON: Data(#"{"kind_name": "s", "kindName": "q"}"#.utf8))) != nil)
    }
}
