import Foundation
import Testing
import KeyValueMapping

protocol PolyItem: Mappable {}
struct PolyPost: PolyItem, Equatable { var id = 0; var text = "" }
struct PolyAd: PolyItem, Equatable { var id = 0; var sponsor = "" }
struct PolyUnknown: PolyItem, Equatable { var id = 0 }

struct PolyFeed: Mappable {
    var items: [any PolyItem] = []
    var pinned: (any PolyItem)?
    var byName: [String: any PolyItem] = [:]
    static var mappingRules: MappingRules {
        MappingRules()
            .polymorphic("items", tag: "kind", ["post": PolyPost.self, "ad": PolyAd.self], fallback: PolyUnknown.self)
            .polymorphic("pinned", tag: "kind", ["post": PolyPost.self, "ad": PolyAd.self])
            .polymorphic("byName", tag: "kind", ["post": PolyPost.self, "ad": PolyAd.self])
    }

    /// The feed as text, for comparing routes.
    var rendered: String {
        func render(_ item: any PolyItem) -> String {
            switch item {
            case let post as PolyPost: return "post(\(post.id),\(post.text))"
            case let ad as PolyAd: return "ad(\(ad.id),\(ad.sponsor))"
            case let unknown as PolyUnknown: return "unknown(\(unknown.id))"
            default: return "?"
            }
        }
        return "\(items.map(render)) \(pinned.map(render) ?? "nil") \(byName.sorted { $0.key < $1.key }.map { "\($0.key)=\(render($0.value))" })"
    }
}

struct StrayItem: PolyItem { var id = 0 }

struct TextSettings: Mappable, Equatable { var theme = ""; var size = 0 }
struct TextCustomer: Mappable, Equatable {
    var name = ""
    var settings = TextSettings()
    var extras: [String: Int]?
    var tree = JSONValue.null
    static var mappingRules: MappingRules { MappingRules().stringified("settings").stringified("extras").stringified("tree") }
}

@Suite("Polymorphic properties and JSON inside strings")
struct PolymorphicTests {
    static let feedJSON = #"""
    {"items": [{"kind": "post", "id": 1, "text": "hi"}, {"id": 2, "sponsor": "ACME", "kind": "ad"}, {"kind": "video", "id": 3}],
     "pinned": {"kind": "ad", "id": 4, "sponsor": "B"}, "byName": {"x": {"kind": "post", "id": 5, "text": "yo"}}}
    """#

    @Test("the tag chooses the concrete type on every route", arguments: DecodeRoute.allCases)
    func decodes(route: DecodeRoute) {
        let outcome = route.outcome(PolyFeed.self, Self.feedJSON) { $0.rendered }
        #expect(outcome == #"["post(1,hi)", "ad(2,ACME)", "unknown(3)"] ad(4,B) ["x=post(5,yo)"]"#)
    }

    @Test("encoding writes the dynamic type's properties with its tag first, and reads back")
    func encodes() throws {
        let feed = try PolyFeed(jsonString: Self.feedJSON.replacingOccurrences(of: #", {"kind": "video", "id": 3}"#, with: ""))
        let text = try feed.jsonString()
        #expect(text == #"{"items":[{"kind":"post","id":1,"text":"hi"},{"kind":"ad","id":2,"sponsor":"ACME"}],"pinned":{"kind":"ad","id":4,"sponsor":"B"},"byName":{"x":{"kind":"post","id":5,"text":"yo"}}}"#)
        #expect(try PolyFeed(jsonString: text).rendered == feed.rendered)
        let dictionary = try feed.dictionary()
        #expect(try PolyFeed(dictionary: dictionary).rendered == feed.rendered)
        var stray = feed
        stray.pinned = StrayItem(id: 9)
        #expect(throws: MappingError.self) { try stray.jsonString() }
        do {
            _ = try stray.dictionary()
        } catch let error as MappingError {
            #expect(error.path.first == .key("pinned"))
        }
    }

    @Test("an unknown tag without a fallback is an error naming the known tags")
    func unknownTag() {
        for route in DecodeRoute.allCases {
            let outcome = route.outcome(PolyFeed.self, #"{"pinned": {"kind": "video"}}"#) { $0.rendered }
            #expect(outcome == #"error: pinned: expected a tag of PolyItem (post, ad), found tag "video" (no type has this tag; a `fallback:` type in the polymorphic rule decodes unknown tags)"#, "\(route)")
        }
    }

    @Test("JSON text inside a string decodes as the property's type and is written back as text", arguments: DecodeRoute.allCases)
    func stringified(route: DecodeRoute) {
        let json = #"{"name": "Ada", "settings": "{\"theme\": \"dark\", \"size\": 3}", "extras": "{\"a\": 1}", "tree": "[1, {\"b\": null}]"}"#
        let outcome = route.outcome(TextCustomer.self, json) { "\($0.settings.theme) \($0.settings.size) \($0.extras ?? [:]) \($0.tree.jsonString())" }
        #expect(outcome == #"dark 3 ["a": 1] [1,{"b":null}]"#)
        let bad = route.outcome(TextCustomer.self, #"{"settings": "{\"size\": \"x\"}"}"#) { "\($0)" }
        #expect(bad == #"error: settings.size: expected Int, found String "x""#, "\(route)")
        let broken = route.outcome(TextCustomer.self, #"{"settings": "{\"theme\": "}"#) { "\($0)" }
        #expect(broken.hasPrefix(#"error: settings: expected JSON text for TextSettings, found String "{\"theme\": " (the string is not JSON text: "#), "\(route): \(broken)")
        let null = route.outcome(TextCustomer.self, #"{"extras": null}"#) { "\($0.extras as Any)" }
        #expect(null == "nil")
    }

    @Test("stringified values round-trip")
    func stringifiedRoundTrip() throws {
        let customer = TextCustomer(name: "Ada", settings: TextSettings(theme: "dark", size: 2), extras: nil, tree: .array([.bool(true)]))
        let text = try customer.jsonString()
        #expect(text == #"{"name":"Ada","settings":"{\"theme\":\"dark\",\"size\":2}","tree":"[true]"}"#)
        #expect(try TextCustomer(jsonString: text) == customer)
        #expect(try TextCustomer(dictionary: try customer.dictionary()) == customer)
        let schema = try TextCustomer.jsonSchema()
        #expect(SchemaValidator(root: schema).problems(in: try JSONValue(jsonString: text)) == [])
    }

    @Test("the polymorphic schema accepts what the encoder writes and refuses a wrong tag")
    func polymorphicSchema() throws {
        let validator = SchemaValidator(root: try PolyFeed.jsonSchema())
        let feed = try PolyFeed(jsonString: Self.feedJSON)
        // The fallback type's value is written without a tag, and read back as the fallback.
        #expect(try PolyFeed(jsonData: try feed.jsonData()).rendered == feed.rendered)
        let problems = validator.problems(in: try JSONValue(jsonData: try feed.jsonData()))
        let schemaText = try PolyFeed.jsonSchema().jsonString()
        #expect(problems == [], "\(problems) \(schemaText)")
        #expect(!validator.problems(in: try JSONValue(jsonString: #"{"pinned": {"kind": "video"}}"#)).isEmpty)
    }
}

@Suite("The mapping table lists what a tag chooses")
struct UnionMappingTableTests {
    @Test("a union's cases and a polymorphic property's types, with their tags")
    func casesAndTags() throws {
        let union = try UnionDrawing.mappingTable()
        #expect(union.rows.first { $0.property == "shapes" }?.cases == ["circle: UnionCircle", "square: UnionSquare", "label: UnionLabel", "unknown"])
        #expect(union.rows.first { $0.property == "token" }?.cases == ["word: String", "number: Int", "end"])
        #expect(union.description.contains("[UnionShape] (circle: UnionCircle | square: UnionSquare | label: UnionLabel | unknown)"))
        let feed = try PolyFeed.mappingTable()
        #expect(feed.rows.first { $0.property == "items" }?.cases == ["post: PolyPost", "ad: PolyAd", "other tags: PolyUnknown"])
        #expect(feed.rows.first { $0.property == "pinned" }?.cases == ["post: PolyPost", "ad: PolyAd"])
        #expect(try TextCustomer.mappingTable().rows.allSatisfy { $0.cases.isEmpty })
    }
}

struct PolyEnvelope: Mappable {
    var items: [any PolyItem] = []
    static var mappingRules: MappingRules {
        MappingRules().map("items", to: "data.items").polymorphic("items", tag: "kind", ["post": PolyPost.self, "ad": PolyAd.self])
    }
}

@Suite("A polymorphic property under a key path")
struct PolymorphicKeyPathTests {
    @Test("the key path finds the values, the tag chooses their types", arguments: DecodeRoute.allCases)
    func keyPath(route: DecodeRoute) throws {
        let json = #"{"data": {"items": [{"kind": "ad", "id": 1, "sponsor": "A"}]}}"#
        #expect(route.outcome(PolyEnvelope.self, json) { "\($0.items.map { ($0 as? PolyAd)?.sponsor ?? "?" })" } == #"["A"]"#)
        let envelope = try PolyEnvelope(jsonString: json)
        let text = try envelope.jsonString()
        #expect(text == #"{"data":{"items":[{"id":1,"kind":"ad","sponsor":"A"}]}}"#, "\(text)")
    }
}

protocol PolyCard: Mappable {}
struct PolyPromo: PolyCard { var itemType = ""; var id = 0 }
struct PolyDeck: Mappable {
    var card: (any PolyCard)?
    static var mappingRules: MappingRules { MappingRules().polymorphic("card", tag: "item_type", ["promo": PolyPromo.self]) }
}
class PolyAnimal: PolyItem { var name = ""; required init() {} }
final class PolyDog: PolyAnimal { var barks = 0 }
struct PolyZoo: Mappable {
    var animals: [any PolyItem] = []
    static var mappingRules: MappingRules { MappingRules().polymorphic("animals", tag: "kind", ["animal": PolyAnimal.self]) }
}
struct PolyNotExistential: Mappable {
    var item = PolyPost()
    static var mappingRules: MappingRules { MappingRules().polymorphic("item", tag: "kind", ["post": PolyPost.self, "ad": PolyAd.self]) }
}

@Suite("Polymorphic rules: what a hostile review found")
struct PolymorphicEdgeCaseTests {
    @Test("a tag that a listed type reads under the naming style in use is a declaration error, both ways")
    func styledTagClash() {
        var encoder = KeyValueEncoder()
        encoder.keyNamingStyle = .snakeCase
        var decoder = KeyValueDecoder()
        decoder.keyNamingStyle = .snakeCase
        #expect(throws: MappingError.self) { try encoder.encodeJSON(PolyDeck(card: PolyPromo(itemType: "gold", id: 1))) }
        #expect(throws: MappingError.self) { try encoder.encode(PolyDeck(card: PolyPromo(itemType: "gold", id: 1))) }
        #expect(throws: MappingError.self) { try decoder.decode(PolyDeck.self, fromJSON: Data(#"{"card": {"item_type": "promo", "id": 1}}"#.utf8)) }
        #expect((try? KeyValueDecoder().decode(PolyDeck.self, fromJSON: Data(#"{"card": {"item_type": "promo", "id": 1}}"#.utf8)))?.card != nil)
    }

    @Test("a subclass of a listed class is written with the class's tag and its own properties")
    func subclass() throws {
        let dog = PolyDog()
        dog.name = "Rex"
        dog.barks = 3
        let text = try PolyZoo(animals: [dog]).jsonString()
        #expect(text == #"{"animals":[{"kind":"animal","name":"Rex","barks":3}]}"#)
    }

    @Test("a polymorphic rule on a property that is not an existential of the listed types is a declaration error")
    func notExistential() {
        #expect(throws: MappingError.self) { try PolyNotExistential(dictionary: [:]) }
    }
}

struct PolyTwoRules: Mappable {
    var item: (any PolyItem)?
    static var mappingRules: MappingRules {
        MappingRules().polymorphic("item", tag: "kind", ["post": PolyPost.self]).stringified("item")
    }
}

@Suite("Polymorphic rules: conflicting rules")
struct PolymorphicConflictTests {
    @Test("two representation rules on one property are a declaration error that says so")
    func twoRules() {
        do {
            _ = try PolyTwoRules(dictionary: [:])
            Issue.record("decoded")
        } catch let error as MappingError {
            #expect(error.description.contains("\"item\" has more than one stringified or polymorphic rule"), "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }
}
