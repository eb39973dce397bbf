import Foundation
import Testing
import KeyValueMapping

enum DuplicateTags: MappableEnum {
    case a(Int), b(String)
    static var enumRules: EnumRules<DuplicateTags> { EnumRules().case("x", DuplicateTags.a).case("x", DuplicateTags.b) }
}

enum SeveralValues: MappableEnum {
    case point(Int, Int)
    static var enumRules: EnumRules<SeveralValues> { EnumRules().case("point", SeveralValues.point) }
}

enum ScalarInternally: MappableEnum {
    case word(String)
    static var enumRules: EnumRules<ScalarInternally> { EnumRules(.internallyTagged("type")).case("word", ScalarInternally.word) }
}

struct HasType: Mappable { var type = "" }

enum TagCollides: MappableEnum {
    case typed(HasType)
    static var enumRules: EnumRules<TagCollides> { EnumRules(.internallyTagged("type")).case("typed", TagCollides.typed) }
}

enum SameCaseTwice: MappableEnum {
    case word(String), other
    static var enumRules: EnumRules<SameCaseTwice> { EnumRules().case("one", SameCaseTwice.word).case("two", SameCaseTwice.word).case("other", SameCaseTwice.other) }
}

enum Undeclared: MappableEnum, Equatable {
    case known(Int), forgotten
    static var enumRules: EnumRules<Undeclared> { EnumRules().case("known", Undeclared.known) }
}

enum FallbackElsewhere: MappableEnum {
    case a, b
    static var enumRules: EnumRules<FallbackElsewhere> { EnumRules().case("a", FallbackElsewhere.a).fallback(.b) }
}

/// A recursive union: a group holds shapes of its own type.
indirect enum Tree: MappableEnum, Equatable {
    case leaf(Int)
    case node([Tree])
    static var enumRules: EnumRules<Tree> { EnumRules().case("leaf", Tree.leaf).case("node", Tree.node) }
}

@Suite("MappableEnum: declarations, recursion and encoding")
struct EnumDeclarationTests {
    @Test("declaration problems are reported together when the enum is first used", arguments: [
        ("DuplicateTags", #"two cases have the tag "x""#),
        ("SeveralValues", #"case "point" has several associated values (Swift.Int, Swift.Int)"#),
        ("ScalarInternally", #"case "word": an internally tagged payload must be a model (an object), not String"#),
        ("TagCollides", #"case "typed": the tag "type" is also a key of HasType"#),
        ("SameCaseTwice", #"the tags "one" and "two" build the same case `word`"#),
        ("FallbackElsewhere", "its fallback `b` is none of the declared cases"),
    ])
    func declarationErrors(name: String, problem: String) {
        let data = Data("{}".utf8)
        let decoder = KeyValueDecoder()
        let outcome: Result<Void, any Error> = Result {
            switch name {
            case "DuplicateTags": _ = try decoder.decode(DuplicateTags.self, fromJSON: data)
            case "SeveralValues": _ = try decoder.decode(SeveralValues.self, fromJSON: data)
            case "ScalarInternally": _ = try decoder.decode(ScalarInternally.self, fromJSON: data)
            case "TagCollides": _ = try decoder.decode(TagCollides.self, fromJSON: data)
            case "SameCaseTwice": _ = try decoder.decode(SameCaseTwice.self, fromJSON: data)
            default: _ = try decoder.decode(FallbackElsewhere.self, fromJSON: data)
            }
        }
        guard case .failure(let error as MappingError) = outcome, case .invalidDeclaration(_, let problems) = error.reason else {
            Issue.record("expected a declaration error, got \(outcome)")
            return
        }
        #expect(problems.contains { $0.hasPrefix(problem) }, "\(problems)")
    }

    @Test("a case the rules do not declare is an encode error, not a silent value")
    func undeclaredCase() throws {
        #expect(String(decoding: try KeyValueEncoder().encodeJSON(Undeclared.known(1)), as: UTF8.self) == #"{"known":1}"#)
        #expect(throws: MappingError.self) { try KeyValueEncoder().encodeJSON(Undeclared.forgotten) }
        do {
            _ = try KeyValueEncoder().encode(Undeclared.forgotten)
        } catch let error as MappingError {
            #expect(error.description.contains("found the case `forgotten`"), "\(error)")
        }
    }

    @Test("a recursive union decodes and encodes at depth, and refuses what is deeper than the limit")
    func recursion() throws {
        let tree = Tree.node([.leaf(1), .node([.leaf(2), .node([])])])
        let data = try KeyValueEncoder().encodeJSON(tree)
        #expect(String(decoding: data, as: UTF8.self) == #"{"node":[{"leaf":1},{"node":[{"leaf":2},{"node":[]}]}]}"#)
        #expect(try KeyValueDecoder().decode(Tree.self, fromJSON: data) == tree)
        let deep = String(repeating: #"{"node":["#, count: 600) + String(repeating: "]}", count: 600)
        #expect(throws: MappingError.self) { try KeyValueDecoder().decode(Tree.self, fromJSON: Data(deep.utf8)) }
        var nested: Any = ["leaf": 1]
        for _ in 0..<600 { nested = ["node": [nested]] }
        #expect(throws: MappingError.self) { try KeyValueDecoder().decode(Tree.self, from: nested) }
    }

    @Test("malformed JSON around a union is a syntax error on the bytes path")
    func malformed() {
        for text in [#"{"type": "circle", "radius": 1.5"#, #"{"type": "circle" "radius": 1}"#, "", #"{"circle": {}} x"#] {
            do {
                _ = try KeyValueDecoder().decode(UnionShape.self, fromJSON: Data(text.utf8))
                Issue.record("\(text) decoded")
            } catch let error as MappingError {
                guard case .malformedJSON = error.reason else {
                    Issue.record("\(text): \(error)")
                    continue
                }
            } catch {
                Issue.record("\(text): \(error)")
            }
        }
    }
}
