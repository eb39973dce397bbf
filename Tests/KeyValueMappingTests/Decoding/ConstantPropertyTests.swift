import Foundation
import Testing
@testable import KeyValueMapping

/// A `let` of a `Mappable` model is encoded only. A payload value for it is never taken, and
/// with `unknownKeys = .reject` it is not dropped silently either: it is an unknown key whose
/// message says why, on every route, thrown or listed by lenient decoding.
@Suite struct ConstantPropertyTests {
    struct Account: Mappable {
        let id: Int = 7
        var name = ""
        let kind = "user"
        static var mappingRules: MappingRules { MappingRules().map("kind", to: "account_kind") }
    }

    static let hint = "; \"id\" is a `let`, which decoding never writes: declare it `var` to read this key"

    @Test(arguments: DecodeRoute.allCases)
    func aValueForALetIsAnErrorWhenUnknownKeysAreRejected(_ route: DecodeRoute) {
        var strict = KeyValueDecoder()
        strict.unknownKeys = .reject
        let json = #"{"name": "Ada", "id": 42}"#
        #expect(route.outcome(Account.self, json, strict) { "\($0.id) \($0.name)" }
            == "error: id: unknown key (Account has no property reading it)" + Self.hint)
        // The default ignores it, as it ignores any key no property reads: the value is not taken.
        #expect(route.outcome(Account.self, json) { "\($0.id) \($0.name)" } == "7 Ada")
    }

    @Test(arguments: [false, true])
    func lenientDecodingListsIt(_ bytes: Bool) {
        var strict = KeyValueDecoder()
        strict.unknownKeys = .reject
        let json = #"{"account_kind": "admin", "name": "Ada", "id": 42}"#
        let kindHint = "; \"kind\" is a `let`, which decoding never writes: declare it `var` to read this key"
        // Payload order from bytes, UTF-8 key order from a dictionary (which has none): the same here.
        let listed = ["account_kind: unknown key (Account has no property reading it)" + kindHint, "id: unknown key (Account has no property reading it)" + Self.hint]
        #expect(DecodeRoute.lenientOutcome(Account.self, json, strict, bytes: bytes) { "\($0.id) \($0.kind) \($0.name)" }
            == "7 user Ada | " + listed.joined(separator: "; "))
    }

    @Test func anAllowedKeyStaysQuiet() throws {
        struct Tolerant: Mappable {
            let id: Int = 7
            var name = ""
            static var mappingRules: MappingRules { MappingRules().allowUnknownKeys("id") }
        }
        var strict = KeyValueDecoder()
        strict.unknownKeys = .reject
        let model = try strict.decode(Tolerant.self, fromJSON: Data(#"{"id": 1, "name": "Ada"}"#.utf8))
        #expect(model.id == 7 && model.name == "Ada")
    }

    @Test func jsonLinesReportItAtTheElement() throws {
        var strict = KeyValueDecoder()
        strict.unknownKeys = .reject
        let lines = Data("{\"name\": \"a\"}\n{\"name\": \"b\", \"id\": 1}\n".utf8)
        do {
            _ = try strict.decode([Account].self, fromJSONLines: lines)
            Issue.record("expected an error")
        } catch let error as MappingError {
            #expect(error.description == "[1].id (line 2): unknown key (Account has no property reading it)" + Self.hint)
        }
    }

    /// The value a `let` holds already loses nothing: a model's own output reads back under
    /// `.reject`, and a merge patch of it applies; only a value the `let` would drop is reported.
    @Test(arguments: DecodeRoute.allCases)
    func theValueTheLetHoldsIsAccepted(_ route: DecodeRoute) throws {
        var strict = KeyValueDecoder()
        strict.unknownKeys = .reject
        let account = try strict.decode(Account.self, fromJSON: Data(#"{"name": "Ada"}"#.utf8))
        let json = try account.jsonString()
        #expect(json == #"{"id":7,"name":"Ada","account_kind":"user"}"#)
        #expect(route.outcome(Account.self, json, strict) { "\($0.id) \($0.name) \($0.kind)" } == "7 Ada user")
        #expect(route.outcome(Account.self, #"{"id": 8, "name": "Bo"}"#, strict) { "\($0.id) \($0.name)" }.hasPrefix("error: id: unknown key"))
        // Numbers compare by value: JSONSerialization writes 1.0 as 1.
        #expect(route.outcome(Account.self, #"{"id": 7.0, "name": "Bo"}"#, strict) { "\($0.id) \($0.name)" } == "7 Bo")
        let patched = try account.applyingMergePatch(JSONValue(jsonString: #"{"name": "Bo"}"#), decoder: strict)
        #expect(patched.name == "Bo")
    }

    /// The value compared is the one the model being decoded into holds: an update or a merge
    /// patch of a model whose `let` was set at its creation reads its own output back. A `let`
    /// of a model type is not compared (its encoding could run user code) and is reported.
    @Test func theInstancesOwnLetIsTheOneCompared() throws {
        struct Document: Mappable {
            var title = ""
            let id = UUID()
            var measure: Double?
            let scale: Double? = nil
        }
        struct Holder: Mappable {
            var name = ""
            let inner = Document()
        }
        var strict = KeyValueDecoder()
        strict.unknownKeys = .reject
        var document = Document()
        try strict.update(&document, from: try document.dictionary())
        let patched = try document.applyingMergePatch(JSONValue(jsonString: #"{"title": "new"}"#), decoder: strict)
        #expect(patched.title == "new" && patched.id == document.id)
        let error = mappingError { _ = try Holder().applyingMergePatch(JSONValue(jsonString: #"{"name": "z"}"#), decoder: strict) }
        #expect(error?.description.hasPrefix("inner: unknown key (Holder has no property reading it)") == true)
    }

    /// A key that a `var` reads (a candidate, a path's first step) is read, whoever else has it.
    @Test(arguments: DecodeRoute.allCases)
    func aKeyAVarReadsIsNotTheLets(_ route: DecodeRoute) {
        struct Shared: Mappable {
            let id = 7
            var ident = 0
            static var mappingRules: MappingRules { MappingRules().map("ident", toFirstOf: ["ident", "id"]) }
        }
        var strict = KeyValueDecoder()
        strict.unknownKeys = .reject
        #expect(route.outcome(Shared.self, #"{"id": 3}"#, strict) { "\($0.id) \($0.ident)" } == "7 3")
    }
}
