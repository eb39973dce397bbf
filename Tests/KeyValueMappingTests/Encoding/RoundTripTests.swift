import Foundation
import Testing
import KeyValueMapping

/// Optionals whose prototype is not nil: decoding `null` gives `nil`, so encoding that `nil` must
/// write `null` — omitting the key would make the next decode restore the prototype's value.
struct PresetOptionals: Mappable {
    var url: URL? = URL(string: "https://example.com")
    var count: Int? = 3
    var tags: [String]? = ["default"]
    var plain: Int?
    var name = ""
    lazy var cached: String? = "computed"

    /// Every field, the lazy one as its storage would read (without running its initialiser).
    var rendering: String {
        let copy = self
        let cached = (try? copy.dictionary())?["cached"].map { "\($0)" } ?? "unset"
        return "\(url?.absoluteString ?? "nil") \(count.map(String.init) ?? "nil") \(tags?.joined(separator: ",") ?? "nil") "
            + "\(plain.map(String.init) ?? "nil") \(name) \(cached)"
    }
}

/// A required optional: `null` is a value for it, and an omitted key an error.
struct RequiredOptional: Mappable {
    var email: String?
    var name = ""
    static var mappingRules: MappingRules { MappingRules().require("email") }
}

@Suite struct RoundTripTests {
    enum Route: String, CaseIterable, Sendable { case dictionary, bytes }

    struct Case: Sendable, CustomTestStringConvertible {
        let payload: String
        /// What the decoded model renders as.
        let decoded: String
        /// What the default encoder (nils omitted) writes, keys sorted.
        let written: String
        var testDescription: String { payload }
    }

    static let cases: [Case] = [
        Case(payload: #"{"url": null, "count": null, "tags": null, "name": "a"}"#,
             decoded: "nil nil nil nil a unset",
             written: #"{"count":null,"name":"a","tags":null,"url":null}"#),
        Case(payload: #"{}"#,
             decoded: "https://example.com 3 default nil  unset",
             written: #"{"count":3,"name":"","tags":["default"],"url":"https://example.com"}"#),
        Case(payload: #"{"plain": null, "count": 4}"#,
             decoded: "https://example.com 4 default nil  unset",
             written: #"{"count":4,"name":"","tags":["default"],"url":"https://example.com"}"#),
        Case(payload: #"{"plain": 9, "cached": null}"#,
             decoded: "https://example.com 3 default 9  <null>",
             written: #"{"cached":null,"count":3,"name":"","plain":9,"tags":["default"],"url":"https://example.com"}"#),
        Case(payload: #"{"cached": "x", "url": "https://example.org/y"}"#,
             decoded: "https://example.org/y 3 default nil  x",
             written: #"{"cached":"x","count":3,"name":"","tags":["default"],"url":"https://example.org/y"}"#),
    ]

    static func decode(_ text: String, _ route: Route) throws -> PresetOptionals {
        switch route {
        case .bytes: return try PresetOptionals(jsonString: text)
        case .dictionary:
            return try PresetOptionals(dictionary: try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]))
        }
    }

    @Test(arguments: cases, Route.allCases)
    func encodeThenDecodeGivesTheSameModel(_ testCase: Case, _ route: Route) throws {
        let model = try Self.decode(testCase.payload, route)
        #expect(model.rendering == testCase.decoded)
        #expect(try model.jsonString(options: .sortedKeys) == testCase.written)
        // Back through both paths, and through the dictionary encoder too.
        #expect(try Self.decode(model.jsonString(), route).rendering == testCase.decoded)
        #expect(try PresetOptionals(dictionary: model.dictionary()).rendering == testCase.decoded)
        var nulls = KeyValueEncoder()
        nulls.nilEncoding = .writeNull
        let withNulls = String(decoding: try nulls.encodeJSON(model), as: UTF8.self)
        #expect(try Self.decode(withNulls, route).rendering == testCase.decoded)
    }

    @Test func aNilWhosePrototypeIsNilIsStillOmitted() throws {
        let model = try PresetOptionals(jsonString: #"{"plain": null}"#)
        #expect(try model.dictionary()["plain"] == nil)
        #expect(try model.dictionary()["count"] as? Int == 3)
    }

    @Test(arguments: Route.allCases)
    func aRequiredOptionalThatIsNilIsWrittenAsNull(_ route: Route) throws {
        let model = switch route {
        case .bytes: try RequiredOptional(jsonString: #"{"email": null, "name": "a"}"#)
        case .dictionary: try RequiredOptional(dictionary: ["email": NSNull(), "name": "a"])
        }
        #expect(model.email == nil)
        #expect(try model.jsonString() == #"{"email":null,"name":"a"}"#)
        #expect(try RequiredOptional(jsonString: model.jsonString()).email == nil)
        #expect(try RequiredOptional(dictionary: model.dictionary()).name == "a")
    }
}
