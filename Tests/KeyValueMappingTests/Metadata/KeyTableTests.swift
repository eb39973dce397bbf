import Foundation
@testable import KeyValueMapping
import Testing

// Keys that collide under a decoder- or encoder-wide naming style are refused as the declared
// style's are: when the style's key table is built, on every route.

/// `userID` and `userId` are one key under snake_case and kebab-case, two under the others.
struct CollidingNames: Mappable, Equatable {
    var userID = 0
    var userId = 0
}

/// The same declared by the type.
struct CollidingNamesDeclared: Mappable {
    var userID = 0
    var userId = 0
    static var mappingRules: MappingRules { MappingRules().naming(.snakeCase) }
}

/// An explicit key that a styled key meets, and a styled key that another's path goes through.
struct ExplicitMeetsStyled: Mappable {
    var userId = 0
    var other = 0
    var bC = 0
    var deep = 0
    static var mappingRules: MappingRules { MappingRules().map("other", to: "user_id").map("deep", to: "b_c.d") }
}

/// Keys that share a length and their first, middle and last bytes (the bytes path's key
/// fingerprint), equal keys but for one byte, a one-byte key, and one not in plain ASCII.
struct SharedFingerprints: Mappable, Equatable {
    var axbd = 0
    var aybd = 0
    var axbe = 0
    var one = 0
    var accented = 0
    var many = 0
    static var mappingRules: MappingRules { MappingRules().map("one", to: "q").map("accented", to: "clé").map("many", to: "axbdd") }
}

struct HoldsColliding: Mappable {
    var items: [CollidingNames] = []
    var single = CollidingNames()
}

@Suite struct KeyTableTests {
    /// Members out of declaration order, so each key is looked up rather than predicted: each
    /// finds its own property (and an unknown key with a shared fingerprint, none).
    @Test(arguments: DecodeRoute.allCases)
    func keysWithTheSameFingerprintFindTheirOwnProperty(_ route: DecodeRoute) {
        let json = #"{"axbdd": 6, "clé": 5, "q": 4, "axbe": 3, "azbd": 99, "aybd": 2, "axbd": 1}"#
        let outcome = route.outcome(SharedFingerprints.self, json) { "\($0.axbd) \($0.aybd) \($0.axbe) \($0.one) \($0.accented) \($0.many)" }
        #expect(outcome == "1 2 3 4 5 6")
        var strict = KeyValueDecoder()
        strict.unknownKeys = .reject
        #expect(route.outcome(SharedFingerprints.self, json, strict) { _ in "decoded" } 
                == #"error: azbd: unknown key (SharedFingerprints has no property reading it); did you mean "axbd", which reads "axbd"?"#)
    }

    static func message(_ key: String, _ style: String, type: String = "CollidingNames") -> String {
        #"invalid mapping declaration for KeyValueMappingTests.\#(type): "userID" and "userId" are both written to the key \#(key) under the naming style \#(style)"#
    }

    static let styles: [(NamingStyle, String?)] = [
        (.snakeCase, message("user_id", ".snakeCase")),
        (.kebabCase, message("user-id", ".kebabCase")),
        (.pascalCase, nil),
        (.custom { _ in "same" }, message("same", ".custom")),
        (.custom { $0.lowercased() }, message("userid", ".custom")),
        (.asDeclared, nil),
    ]

    /// Decoding under a decoder-wide style: the same declaration error on every route.
    @Test(arguments: DecodeRoute.allCases, 0..<6)
    func aDecoderWideStyleRefusesCollidingKeys(_ route: DecodeRoute, _ row: Int) {
        let (style, expected) = Self.styles[row]
        var decoder = KeyValueDecoder()
        decoder.keyNamingStyle = style
        let json = #"{"user_id": 5, "user-id": 6, "same": 7, "userid": 8, "UserID": 1, "UserId": 2, "userID": 3, "userId": 4}"#
        let outcome = route.outcome(CollidingNames.self, json, decoder) { "\($0.userID)/\($0.userId)" }
        switch style {
        case .pascalCase: #expect(outcome == "1/2")
        case .asDeclared: #expect(outcome == "3/4")
        default: #expect(outcome == "error: (root): " + (expected ?? ""))
        }
    }

    /// Encoding under an encoder-wide style: the error on both outputs, no key written twice or lost.
    @Test(arguments: 0..<6)
    func anEncoderWideStyleRefusesCollidingKeys(_ row: Int) throws {
        let (style, expected) = Self.styles[row]
        var encoder = KeyValueEncoder()
        encoder.keyNamingStyle = style
        let model = CollidingNames(userID: 1, userId: 2)
        guard let expected else {
            var decoder = KeyValueDecoder()
            decoder.keyNamingStyle = style
            #expect(try decoder.decode(CollidingNames.self, fromJSON: encoder.encodeJSON(model)) == model)
            #expect(try decoder.decode(CollidingNames.self, from: encoder.encode(model)) == model)
            return
        }
        #expect(mappingError { _ = try encoder.encode(model) }?.description == "(root): " + expected)
        #expect(mappingError { _ = try encoder.encodeJSON(model) }?.description == "(root): " + expected)
    }

    /// Inside another model the error carries the key path where the model was met.
    @Test(arguments: DecodeRoute.allCases)
    func aNestedModelsCollisionIsReportedWhereItIsMet(_ route: DecodeRoute) {
        var decoder = KeyValueDecoder()
        decoder.keyNamingStyle = .snakeCase
        let outcome = route.outcome(HoldsColliding.self, #"{"items": [{"user_id": 1}]}"#, decoder) { _ in "decoded" }
        #expect(outcome == "error: items[0]: " + Self.message("user_id", ".snakeCase"))
        var encoder = KeyValueEncoder()
        encoder.keyNamingStyle = .snakeCase
        #expect(mappingError { _ = try encoder.encodeJSON(HoldsColliding()) }?.description == "single: " + Self.message("user_id", ".snakeCase"))
    }

    /// Lenient decoding does not carry on past a broken declaration.
    @Test func lenientDecodingThrowsTheStylesDeclarationError() {
        var decoder = KeyValueDecoder()
        decoder.keyNamingStyle = .snakeCase
        let error = mappingError { _ = try decoder.decodeLeniently(HoldsColliding.self, fromJSON: Data(#"{"single": {}}"#.utf8)) }
        #expect(error?.description == "single: " + Self.message("user_id", ".snakeCase"))
    }

    @Test func theTypesOwnStyleIsRefusedWithTheSameWords() {
        let error = mappingError { _ = try CollidingNamesDeclared(dictionary: [:]) }
        #expect(error?.description == "(root): " + Self.message("user_id", ".snakeCase", type: "CollidingNamesDeclared"))
    }

    /// An explicit key or path is checked against the keys the style gives the others.
    @Test func explicitKeysAreCheckedAgainstStyledOnes() {
        var decoder = KeyValueDecoder()
        decoder.keyNamingStyle = .snakeCase
        guard case .invalidDeclaration(_, let problems)? = mappingError({ _ = try decoder.decode(ExplicitMeetsStyled.self, from: [:]) })?.reason else {
            Issue.record("expected invalidDeclaration")
            return
        }
        #expect(problems == [
            #""userId" and "other" are both written to the key user_id under the naming style .snakeCase"#,
            #""deep" is written inside "bC"'s key b_c under the naming style .snakeCase"#,
        ])
        #expect(throws: Never.self) { _ = try KeyValueDecoder().decode(ExplicitMeetsStyled.self, from: [:]) }
    }

    /// The views built from the style's keys refuse it too.
    @Test func tablesAndSchemasUnderTheStyleAreRefused() {
        var decoder = KeyValueDecoder()
        decoder.keyNamingStyle = .kebabCase
        let expected = "(root): " + Self.message("user-id", ".kebabCase")
        #expect(mappingError { _ = try CollidingNames.mappingTable(decoder: decoder, encoder: KeyValueEncoder()) }?.description == expected)
        var encoder = KeyValueEncoder()
        encoder.keyNamingStyle = .kebabCase
        #expect(mappingError { _ = try CollidingNames.mappingTable(decoder: KeyValueDecoder(), encoder: encoder) }?.description == expected)
        #expect(mappingError { _ = try CollidingNames.jsonSchema(decoder: KeyValueDecoder(), encoder: encoder) }?.description == expected)
        decoder.unknownKeys = .reject
        #expect(mappingError { _ = try CollidingNames.jsonSchema(decoder: decoder, encoder: KeyValueEncoder()) }?.description == expected)
    }

    /// A built-in style's table, or its error, is built once per type and kept.
    @Test func aBuiltInStylesTableIsBuiltOnce() throws {
        let metadata = try ModelMetadata.of(HoldsColliding.self)
        #expect(try metadata.keyTable(for: .snakeCase) === metadata.keyTable(for: .snakeCase))
        let colliding = try ModelMetadata.of(CollidingNames.self)
        let first = mappingError { _ = try colliding.keyTable(for: .kebabCase) }
        let second = mappingError { _ = try colliding.keyTable(for: .kebabCase) }
        #expect(first?.description == second?.description)
        #expect(try colliding.keyTable(for: .pascalCase) === colliding.keyTable(for: .pascalCase))
    }
}
