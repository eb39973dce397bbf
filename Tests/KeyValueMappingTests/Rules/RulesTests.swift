import Foundation
import Testing
import KeyValueMapping

class BaseRecord: Mappable {
    var id = 0
    var secret = ""
    var cache = ""
    var note = ""
    required init() {}
    class var mappingRules: MappingRules { MappingRules().ignore("secret").require("id") }
}

class MiddleRecord: BaseRecord {
    var internalFlag = false
    var title = ""
    required init() {}
    override class var mappingRules: MappingRules { MappingRules().ignore("cache").map("title", to: "heading") }
}

final class LeafRecord: MiddleRecord {
    var extra = ""
    required init() {}
    override class var mappingRules: MappingRules { MappingRules().ignore("internalFlag") }
}

final class ReplacingRecord: MiddleRecord {
    required init() {}
    override class var mappingRules: MappingRules { MappingRules().inheriting(.replace).ignore("note") }
}

struct AllowListed: Mappable {
    var a = 0
    var b = 0
    var c = 0
    static var mappingRules: MappingRules { MappingRules().allow(only: "a", "b").ignore("b") }
}

struct Candidates: Mappable {
    var name: String?
    static var mappingRules: MappingRules { MappingRules().map("name", toFirstOf: ["full_name", "name", "login"]) }
}

struct LiteralDots: Mappable {
    var version = ""
    var escaped = ""
    var component = ""
    static var mappingRules: MappingRules {
        MappingRules()
            .map("version", to: .key("version.major"))
            .map("escaped", to: "meta.build\\.number")
            .map("component", to: .components([.key("a.b"), .index(1)]))
    }
}

struct Naming: Mappable {
    var userID = 0
    var URLString = ""
    var httpURLResponse = ""
    var version2Name = ""
    var plain = ""
}

struct BrokenDeclaration: Mappable {
    var a = 0
    var b = ""
    var c = 0.0
    var d: [String: Int] = [:]
    var e = 0
    static var mappingRules: MappingRules {
        MappingRules()
            .map("missing", to: "x")
            .map("b", to: "same")
            .map("d", to: "same")
            .map("e", to: "items[0")
            .ignore("ghost", "a")
            .transform("a", with: .iso8601)
            .transform("b", with: .iso8601)
            .gather("c", from: ["p", "q"])
    }
}

struct Hooked: Mappable {
    var name = ""
    var friend: Address?
    static var mappingRules: MappingRules {
        MappingRules()
            .beforeDecoding { dictionary in
                // Hooks may decode other models: they never run under the metadata lock.
                if let raw = dictionary["friendJSON"] as? [String: Any] {
                    dictionary["friend"] = try Address(dictionary: raw).dictionary()
                }
            }
            .afterEncoding { dictionary in dictionary["kind"] = "hooked" }
    }
}

@Suite struct RulesTests {
    @Test func listsAreInheritedAndMergedAcrossThreeClassLevels() throws {
        let leaf = try LeafRecord(dictionary: ["id": 1, "secret": "s", "cache": "c", "internalFlag": true, "heading": "T", "extra": "e", "note": "n"])
        #expect(leaf.secret == "" && leaf.cache == "" && leaf.internalFlag == false)
        #expect(leaf.title == "T" && leaf.extra == "e" && leaf.note == "n")
        #expect(Set(try leaf.dictionary().keys) == ["id", "heading", "extra", "note"])
        let error = mappingError { _ = try LeafRecord(dictionary: ["heading": "T"]) }
        #expect(error?.description == "id: required key is missing (expected Int)")
    }

    @Test func replaceStartsFromEmptyLists() throws {
        let record = try ReplacingRecord(dictionary: ["secret": "s", "cache": "c", "note": "n", "heading": "T"])
        #expect(record.secret == "s" && record.cache == "c" && record.note == "" && record.title == "T")
    }

    @Test func ignoredWinsOverAllowed() throws {
        let model = try AllowListed(dictionary: ["a": 1, "b": 2, "c": 3])
        #expect(model.a == 1 && model.b == 0 && model.c == 0)
        #expect(Set(try model.dictionary().keys) == ["a"])
    }

    @Test(arguments: [
        (["full_name": "Ada L", "name": "Ada", "login": "ada"], "Optional(\"Ada L\")"),
        (["name": "Ada", "login": "ada"], "Optional(\"Ada\")"),
        (["login": "ada"], "Optional(\"ada\")"),
        (["full_name": NSNull(), "login": "ada"], "nil"),
        ([:], "nil"),
    ] as [([String: any Sendable], String)])
    func candidateKeysFirstPresentWins(_ payload: [String: any Sendable], _ expected: String) {
        #expect(render("name", dictionary: payload, into: Candidates.self) == expected)
    }

    @Test func candidatesEncodeToTheFirstKey() throws {
        var model = Candidates()
        model.name = "x"
        #expect(try model.dictionary() as? [String: String] == ["full_name": "x"])
    }

    @Test func keysWithDotsAreExpressible() throws {
        let payload: [String: Any] = ["version.major": "6", "meta": ["build.number": "42"], "a.b": ["x", "y"]]
        let model = try LiteralDots(dictionary: payload)
        #expect(model.version == "6" && model.escaped == "42" && model.component == "y")
        let out = try model.dictionary()
        #expect(out["version.major"] as? String == "6")
        #expect((out["meta"] as? [String: Any])?["build.number"] as? String == "42")
        #expect(String(describing: out["a.b"] ?? "") == "[<null>, \"y\"]")
    }

    @Test(arguments: [
        (NamingStyle.snakeCase, ["user_id", "url_string", "http_url_response", "version2_name", "plain"]),
        (.kebabCase, ["user-id", "url-string", "http-url-response", "version2-name", "plain"]),
        (.pascalCase, ["UserID", "URLString", "HttpURLResponse", "Version2Name", "Plain"]),
        (.custom { $0.uppercased() }, ["USERID", "URLSTRING", "HTTPURLRESPONSE", "VERSION2NAME", "PLAIN"]),
    ])
    func namingStylesConvertAcronymsByTheDocumentedRule(_ style: NamingStyle, _ keys: [String]) throws {
        let names = ["userID", "URLString", "httpURLResponse", "version2Name", "plain"]
        #expect(names.map(style.key(for:)) == keys)
        var decoder = KeyValueDecoder()
        decoder.keyNamingStyle = style
        let decoded = try decoder.decode(Naming.self, from: [keys[0]: 5, keys[4]: "p"])
        #expect(decoded.userID == 5 && decoded.plain == "p")
        var encoder = KeyValueEncoder()
        encoder.keyNamingStyle = style
        #expect(Set(try encoder.encode(decoded).keys) == Set(keys))
    }

    /// A decoder- or encoder-wide style resolves its keys once per type, so the bytes paths
    /// stream and write exactly as for a type-declared style: keys in declaration order.
    @Test(arguments: [NamingStyle.snakeCase, .kebabCase, .pascalCase, .custom { $0.uppercased() }])
    func decoderAndEncoderWideStylesKeepDeclarationOrder(_ style: NamingStyle) throws {
        let names = ["userID", "URLString", "httpURLResponse", "version2Name", "plain"]
        let keys = names.map(style.key(for:))
        let json = #"{"\#(keys[0])": 5, "\#(keys[1])": "u", "\#(keys[2])": "h", "\#(keys[3])": "v", "\#(keys[4])": "p"}"#
        var decoder = KeyValueDecoder()
        decoder.keyNamingStyle = style
        var encoder = KeyValueEncoder()
        encoder.keyNamingStyle = style
        for model in [try decoder.decode(Naming.self, fromJSON: Data(json.utf8)),
                      try decoder.decode(Naming.self, from: try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]))] {
            #expect(model.userID == 5 && model.URLString == "u" && model.httpURLResponse == "h" && model.version2Name == "v" && model.plain == "p")
            let written = String(decoding: try encoder.encodeJSON(model), as: UTF8.self)
            #expect(written == json.replacingOccurrences(of: ": ", with: ":").replacingOccurrences(of: ", ", with: ","))
            #expect(try decoder.decode(Naming.self, fromJSON: Data(written.utf8)).plain == "p")
            #expect(Set(try encoder.encode(model).keys) == Set(keys))
        }
    }

    @Test func anExplicitKeyBeatsTheNamingStyle() throws {
        var decoder = KeyValueDecoder()
        decoder.keyNamingStyle = .snakeCase
        // The type's own rules fix "title" to "heading"; the decoder's style changes the rest.
        let record = try decoder.decode(MiddleRecord.self, from: ["heading": "T", "internal_flag": true, "id": 1])
        #expect(record.title == "T" && record.internalFlag)
    }

    @Test func theDeclarationCheckReportsEveryProblemAtOnce() {
        let error = mappingError { _ = try BrokenDeclaration(dictionary: [:]) }
        #expect(error?.description == """
            (root): invalid mapping declaration for KeyValueMappingTests.BrokenDeclaration: \
            a key mapping names "missing", which is not a stored property; \
            the ignore list names "ghost", which is not a stored property; \
            the key of "e" is a malformed key path "items[0": an index must be a non-negative integer in brackets; \
            "a" is ignored, so its rules never apply (transform); \
            the transformer of "b" converts Date, but the property is String; \
            "c" gathers several keys, so its type must be a dictionary (or have a transformer from one), not Double; \
            "b" and "d" are both written to the key same
            """)
    }

    @Test func hooksRewriteValidateAndAdjust() throws {
        let model = try Hooked(dictionary: ["name": "n", "friendJSON": ["city": "Rome"]])
        #expect(model.friend?.city == "Rome")
        #expect(try model.dictionary()["kind"] as? String == "hooked")
        let fromBytes = try Hooked(jsonString: #"{"name": "n", "friendJSON": {"city": "Oslo"}}"#)
        #expect(fromBytes.friend?.city == "Oslo")
        #expect(try fromBytes.jsonString(options: [.sortedKeys]).contains(#""kind":"hooked""#))
    }

    @Test func aThrowingHookIsAModelLevelError() {
        struct Refusing: Mappable {
            var a = 0
            static var mappingRules: MappingRules {
                MappingRules().beforeDecoding { _ in throw MappingError(.validationFailed("no thanks")) }
            }
        }
        struct Holder: Mappable { var items: [Refusing] = [] }
        let error = mappingError { _ = try Holder(dictionary: ["items": [[:]]]) }
        #expect(error?.description == "items[0]: validation failed: no thanks")
    }

    @Test func decodesFromASubPath() throws {
        let response: [String: Any] = ["data": ["users": [["id": 1], ["id": 2, "name": 3]]]]
        let user = try KeyValueDecoder().decode(User.self, from: response, at: "data.users[1]")
        #expect(user.id == 2 && user.name == "3")
        let error = mappingError { _ = try KeyValueDecoder().decode(User.self, from: ["data": ["users": [["id": "x"]]]], at: "data.users[0]") }
        #expect(error?.keyPath == "data.users[0].id")
        let missing = mappingError { _ = try KeyValueDecoder().decode(User.self, from: response, at: "data.admins") }
        #expect(missing?.description == "data.admins: required key is missing (expected User)")
    }

    @Test func lenientModeSkipsFailuresAndReportsThem() throws {
        let payload: [String: Any] = [
            "id": "x", "name": "Ada", "score": "high",
            "friends": [["id": 2, "active": "maybe"], ["id": 3]],
            "address": ["city": ["nested"]],
        ]
        let (user, skipped) = try KeyValueDecoder().decodeLeniently(User.self, from: payload)
        #expect(user.id == 0 && user.name == "Ada" && user.score == 0)
        #expect(user.friends.map(\.id) == [2, 3])
        #expect(skipped.map(\.description) == [
            "id: expected Int64, found String \"x\"",
            "score: expected Double, found String \"high\"",
            "address.city: expected String, found Array (1 element)",
            "friends[0].active: expected Bool, found String \"maybe\" (text must be true, false, yes, no, 1 or 0)",
        ])
    }
}
