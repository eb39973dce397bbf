import Foundation
import KeyValueMapping
import Testing

// A field named `_x` is property-wrapper storage (left alone unless a rule names it) when no
// stored `x` exists and its type could be a wrapper (anything but a built-in value, or an optional
// or collection of mappable values); otherwise it is an ordinary property, mapped under its own
// name, such as MongoDB's `_id`.

struct MongoDocument: Mappable, Equatable {
    var _id = ""
    var name = ""
}

struct UnderscoreLinks: Mappable, Equatable {
    var href = ""
}

enum UnderscoreKind: String, Equatable { case a, b }

/// One underscored field of every kind of built-in type (and a model and a raw-value type,
/// which a rule names: they could be wrappers).
struct UnderscoredEverything: Mappable, Equatable {
    var _int = 0
    var _text: String?
    var _tags: [String] = []
    var _set: Set<Int> = []
    var _map: [String: Double] = [:]
    var _byNumber: [Int: UnderscoreKind] = [:]
    var _links = UnderscoreLinks()
    var _kind = UnderscoreKind.a
    var _at = Date(timeIntervalSince1970: 0)
    var _url: URL?
    var _uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var _data = Data()
    var _decimal = Decimal(0)
    var _nested: [[String: [UnderscoreLinks]]] = []
    static var mappingRules: MappingRules { MappingRules().map("_links", to: "_links").map("_kind", to: "_kind") }
}


@propertyWrapper
struct Padded: Equatable {
    var raw: String
    var wrappedValue: String {
        get { raw }
        set { raw = " \(newValue) " }
    }
    init(wrappedValue: String) { raw = " \(wrappedValue) " }
}

/// `_title` is wrapper storage: no stored `title`, and `Padded` is not mapped natively.
struct WrappedTitle: Mappable {
    @Padded var title = "t"
    var name = ""
}

/// A stored `cache` beside `_cache`: `_cache` is an ordinary property, of a type that cannot be mapped.
struct UnderscoreBesideItsName: Mappable {
    var _cache = Padded(wrappedValue: "")
    var cache = ""
}

/// The same, left out by the rules.
struct UnderscoreBesideItsNameIgnored: Mappable, Equatable {
    var _cache = Padded(wrappedValue: "")
    var cache = ""
    var _id = 0
    var id = 0
    static var mappingRules: MappingRules { MappingRules().ignore("_cache") }
}

@Suite struct UnderscoreFieldTests {
    @Test(arguments: DecodeRoute.allCases, [KeyValueDecoder.UnknownKeyStrategy.ignore, .reject])
    func anUnderscoredFieldOfANativeTypeIsMappedUnderItsOwnName(_ route: DecodeRoute, _ unknownKeys: KeyValueDecoder.UnknownKeyStrategy) {
        var decoder = KeyValueDecoder()
        decoder.unknownKeys = unknownKeys
        #expect(route.outcome(MongoDocument.self, #"{"_id": "abc", "name": "n"}"#, decoder) { "\($0._id)/\($0.name)" } == "abc/n")
        let unknown = route.outcome(MongoDocument.self, #"{"id": "abc"}"#, decoder) { "\($0._id)/\($0.name)" }
        #expect(unknown == (unknownKeys == .reject ? #"error: id: unknown key (MongoDocument has no property reading it); did you mean "_id", which reads "_id"?"# : "/"))
    }

    @Test(arguments: DecodeRoute.allCases)
    func anUnderscoredFieldRoundTrips(_ route: DecodeRoute) throws {
        let model = MongoDocument(_id: "abc", name: "n")
        let json = try model.jsonString()
        #expect(json == #"{"_id":"abc","name":"n"}"#)
        #expect(route.outcome(MongoDocument.self, json) { "\($0 == model)" } == "true")
        #expect(try MongoDocument(dictionary: model.dictionary()) == model)
    }

    @Test func everyBuiltInTypeIsAnOrdinaryProperty() throws {
        var model = UnderscoredEverything()
        model._int = 1
        model._text = "t"
        model._tags = ["x"]
        model._set = [2]
        model._map = ["k": 1.5]
        model._byNumber = [3: .b]
        model._links = UnderscoreLinks(href: "h")
        model._kind = .b
        model._at = Date(timeIntervalSince1970: 10)
        model._url = URL(string: "https://example.com")
        model._uuid = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
        model._data = Data([1, 2])
        model._decimal = Decimal(string: "1.25") ?? 0
        model._nested = [["a": [UnderscoreLinks(href: "n")]]]
        let written = Set(try model.dictionary().keys)
        #expect(written == ["_int", "_text", "_tags", "_set", "_map", "_byNumber", "_links", "_kind", "_at", "_url", "_uuid", "_data", "_decimal", "_nested"])
        #expect(try UnderscoredEverything(jsonData: model.jsonData()) == model)
        #expect(try UnderscoredEverything(dictionary: model.dictionary()) == model)
    }

    /// Wrapper storage stays out of both directions; its key is the type's own, so it is not an
    /// unknown key, while the wrapped name, which nothing reads, is.
    @Test(arguments: DecodeRoute.allCases)
    func wrapperStorageOfAWrapperTypeIsLeftAlone(_ route: DecodeRoute) throws {
        #expect(route.outcome(WrappedTitle.self, #"{"_title": {"raw": "x"}, "title": "y", "name": "n"}"#) { "\($0.title)|\($0.name)" } == " t |n")
        var decoder = KeyValueDecoder()
        decoder.unknownKeys = .reject
        #expect(route.outcome(WrappedTitle.self, #"{"_title": 1, "name": "n"}"#, decoder) { "\($0.title)|\($0.name)" } == " t |n")
        #expect(route.outcome(WrappedTitle.self, #"{"title": "y"}"#, decoder) { $0.title } == "error: title: unknown key (WrappedTitle has no property reading it)")
        #expect(try WrappedTitle().jsonString() == #"{"name":""}"#)
    }

    /// Beside a stored property of its name, `_x` is an ordinary property: one whose type cannot
    /// be mapped is refused as any such property is, and `ignore` leaves it out.
    @Test func anUnderscoredFieldBesideItsNameIsOrdinary() throws {
        let error = mappingError { _ = try UnderscoreBesideItsName(dictionary: [:]) }
        #expect(error?.description == "_cache: unsupported property type: KeyValueMappingTests.UnderscoreBesideItsName._cache has type Padded, which cannot be mapped")
        let model = try UnderscoreBesideItsNameIgnored(jsonString: #"{"_cache": "x", "cache": "c", "_id": 1, "id": 2}"#)
        #expect(model.cache == "c" && model._id == 1 && model.id == 2 && model._cache.raw == "  ")
        #expect(try model.jsonString() == #"{"cache":"c","_id":1,"id":2}"#)
    }

    /// Naming styles keep a leading underscore, as Foundation's `convertToSnakeCase` does.
    @Test(arguments: [
        (NamingStyle.snakeCase, #"{"_id":"a","name":"n"}"#),
        (.kebabCase, #"{"_id":"a","name":"n"}"#),
        (.pascalCase, #"{"_id":"a","Name":"n"}"#),
    ])
    func namingStylesKeepTheLeadingUnderscore(_ style: NamingStyle, _ json: String) throws {
        var encoder = KeyValueEncoder()
        encoder.keyNamingStyle = style
        var decoder = KeyValueDecoder()
        decoder.keyNamingStyle = style
        let model = MongoDocument(_id: "a", name: "n")
        #expect(String(decoding: try encoder.encodeJSON(model), as: UTF8.self) == json)
        #expect(try decoder.decode(MongoDocument.self, fromJSON: Data(json.utf8)) == model)
        #expect(NamingStyle.snakeCase.key(for: "__createdAt") == "__created_at")
        #expect(NamingStyle.kebabCase.key(for: "_createdAt") == "_created-at")
    }
}
