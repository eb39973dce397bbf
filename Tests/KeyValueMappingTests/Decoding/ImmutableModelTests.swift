import Foundation
import KeyValueMapping
import Testing

/// Counts the instances of each token alive (one token per test case, so tests running in
/// parallel share none): a build that fails must destroy every value it initialised. The
/// library writes fields directly, so an instance is registered by its `didDecode`, weakly.
final class Tracked: Mappable, @unchecked Sendable {
    private struct Entry { weak var object: Tracked? }
    private static let registry = LockedBox<[String: [Entry]]>([:])
    var token = ""
    required init() {}

    func didDecode() throws {
        Self.registry.withLock { $0[token, default: []].append(Entry(object: self)) }
    }

    static func count(_ token: String) -> Int {
        registry.withLock { $0[token, default: []].filter { $0.object != nil }.count }
    }
}

struct ImmutableOwner: ImmutableMappable, Equatable {
    let login: String
    let siteAdmin: Bool
    static var mappingRules: MappingRules { MappingRules().naming(.snakeCase) }
}

struct ImmutableTeam: Mappable, Equatable {
    var name = ""
    var size = 0
}

struct ImmutableAccount: ImmutableMappable, Equatable {
    let id: Int64
    let name: String
    let email: String?
    let tags: [String]
    let owner: ImmutableOwner
    let createdAt: Date
    let team: ImmutableTeam?
    static var mappingRules: MappingRules {
        MappingRules().naming(.snakeCase).transform(\ImmutableAccount.createdAt, with: .iso8601)
    }
}

/// Values of many kinds, so a failure part-way leaves initialised fields of each to destroy.
struct ImmutableMix: ImmutableMappable {
    let first: Tracked
    let list: [Tracked]
    let text: String
    let last: Tracked
    let optional: Tracked?
    let number: Int
}

struct ImmutableCounted: ImmutableMappable {
    static let runs = LockedBox(0)
    let id: Int
    mutating func didDecode() throws {
        Self.runs.withLock { $0 += 1 }
        if id < 0 { throw MappingError(.validationFailed("id must not be negative")) }
    }
}

struct ImmutableRecord: ImmutableMappable, Equatable {
    let org: String
    let number: Int
    let title: String
    let note: String?
    static var mappingRules: MappingRules { MappingRules().primaryKey(\ImmutableRecord.number) }
}

struct ImmutableLazy: ImmutableMappable {
    let id: Int
    lazy var label: String = "computed \(id)"
}

struct ImmutableHooked: ImmutableMappable {
    let name: String
    let note: String?
    static var mappingRules: MappingRules {
        MappingRules().beforeDecoding { payload in
            if let name = payload["name"] as? String { payload["name"] = name.uppercased() }
        }
    }
}

struct ImmutableWithIgnored: ImmutableMappable, Equatable {
    let id: Int
    let cache: [String]?
    static var mappingRules: MappingRules { MappingRules().ignore(\ImmutableWithIgnored.cache) }
}

@Suite struct ImmutableModelTests {
    static let account = ImmutableAccount(
        id: 9_007_199_254_740_993, name: "Ada", email: nil, tags: ["admin", "founder"],
        owner: ImmutableOwner(login: "ada", siteAdmin: true), createdAt: Date(timeIntervalSince1970: 1_795_780_800),
        team: ImmutableTeam(name: "core", size: 3))

    static func fixture() throws -> Data {
        try Data(contentsOf: Fixtures.testsDirectory.appendingPathComponent("Fixtures/account.json"))
    }

    // MARK: Every entry point builds the same value

    @Test(arguments: DecodeRoute.allCases)
    func everyRouteBuildsTheValue(_ route: DecodeRoute) throws {
        let json = String(decoding: try Self.fixture(), as: UTF8.self)
        #expect(route.outcome(ImmutableAccount.self, json) { "\($0)" } == "\(Self.account)")
    }

    @Test func collectionsLinesStreamsAndTheCodableBridgeBuildItToo() async throws {
        let data = try Self.fixture()
        let decoder = KeyValueDecoder()
        let one = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\n", with: "")
        #expect(try decoder.decode([ImmutableAccount].self, fromJSON: Data("[\(one), \(one)]".utf8)) == [Self.account, Self.account])
        #expect(try decoder.decode([String: ImmutableAccount].self, fromJSON: Data(#"{"a": \#(one)}"#.utf8)) == ["a": Self.account])
        #expect(try decoder.decode([ImmutableAccount].self, fromJSONLines: Data("\(one)\n\(one)\n".utf8)) == [Self.account, Self.account])
        #expect(try ImmutableAccount(jsonData: data) == Self.account)
        var streamed: [ImmutableAccount] = []
        for try await account in decoder.models(of: ImmutableAccount.self, from: GeneratedBytes(prefix: "[\(one)]") { _ in nil }) {
            streamed.append(account)
        }
        #expect(streamed == [Self.account])
        let bridged = try JSONDecoder().decode([CodableImmutableUser].self, from: Data(#"[{"id": 1, "full_name": "Ada"}]"#.utf8))
        #expect(bridged == [CodableImmutableUser(id: 1, fullName: "Ada")])
        #expect(String(decoding: try JSONEncoder().encode(bridged[0]), as: UTF8.self).contains(#""full_name":"Ada""#))
    }

    @Test func encodingAndDecodingGiveTheValueBack() throws {
        let encoder = KeyValueEncoder()
        let bytes = try encoder.encodeJSON(Self.account)
        #expect(try ImmutableAccount(jsonData: bytes) == Self.account)
        #expect(try KeyValueDecoder().decode(ImmutableAccount.self, from: try encoder.encode(Self.account)).name == "Ada")
    }

    // MARK: What the payload must give

    @Test(arguments: [
        (#"{"id": 1, "tags": [], "owner": {"login": "a", "site_admin": false}, "created_at": "2026-01-01T00:00:00Z"}"#, "name: required key is missing (expected String)"),
        (#"{"id": 1, "name": "n", "tags": [], "owner": {"login": "a"}, "created_at": "2026-01-01T00:00:00Z"}"#, "owner.site_admin: required key is missing (expected Bool)"),
        (#"{"id": 1, "name": null, "tags": [], "owner": {"login": "a", "site_admin": false}, "created_at": "2026-01-01T00:00:00Z"}"#, "name: expected String, found null"),
        (#"{"id": "x", "name": "n", "tags": [], "owner": {"login": "a", "site_admin": false}, "created_at": "2026-01-01T00:00:00Z"}"#, "id: expected Int64"),
    ])
    func aNonOptionalMustBePresent(_ json: String, _ message: String) throws {
        for route in DecodeRoute.allCases {
            let outcome = route.outcome(ImmutableAccount.self, json) { "\($0)" }
            #expect(outcome.hasPrefix("error: " + message), "\(route): \(outcome)")
        }
    }

    @Test func absentOrNullOptionalsAreNil() throws {
        let json = #"{"id": 1, "name": "n", "tags": [], "owner": {"login": "a", "site_admin": false}, "created_at": "2026-01-01T00:00:00Z"}"#
        let account = try ImmutableAccount(jsonData: Data(json.utf8))
        #expect(account.email == nil && account.team == nil)
        let nulls = json.replacingOccurrences(of: #""id": 1"#, with: #""id": 1, "email": null, "team": null"#)
        #expect(try ImmutableAccount(jsonData: Data(nulls.utf8)) == account)
    }

    @Test func aNullNeverKeepsADefaultItDoesNotHave() throws {
        var decoder = KeyValueDecoder()
        decoder.nullDecoding = .useDefault
        let error = try #require(mappingError { _ = try decoder.decode(ImmutableOwner.self, fromJSON: Data(#"{"login": null, "site_admin": true}"#.utf8)) })
        #expect(error.path == [.key("login")])
        #expect("\(error)".contains("null"))
    }

    // MARK: Nothing half-built survives

    @Test(arguments: [
        // Fails after first, list and text are initialised.
        (#"{"first": {"token": "T1"}, "list": [{"token": "T1"}, {"token": "T1"}], "text": "t", "last": 5, "number": 1}"#, "T1"),
        // Fails at the end: every field but the number initialised.
        (#"{"first": {"token": "T2"}, "list": [{"token": "T2"}], "text": "t", "last": {"token": "T2"}, "optional": {"token": "T2"}, "number": "x"}"#, "T2"),
        // Fails after the walk: the number is missing.
        (#"{"first": {"token": "T3"}, "list": [], "text": "t", "last": {"token": "T3"}, "optional": {"token": "T3"}}"#, "T3"),
        // A repeated key: the first value is destroyed when the second is read.
        (#"{"first": {"token": "T4"}, "first": {"token": "T4"}, "list": [], "text": "t", "last": {"token": "T4"}, "number": "x"}"#, "T4"),
    ])
    func aFailedBuildDestroysWhatItInitialised(_ json: String, _ token: String) throws {
        for route in DecodeRoute.allCases {
            let outcome = route.outcome(ImmutableMix.self, json) { _ in "built" }
            #expect(outcome.hasPrefix("error: "), "\(route)")
            #expect(Tracked.count(token) == 0, "\(route): \(Tracked.count(token)) values of \(token) left alive")
        }
    }

    @Test func aRepeatedKeyKeepsItsLastValueAndReleasesTheFirst() throws {
        let json = #"{"first": {"token": "R1"}, "first": {"token": "R2"}, "list": [], "text": "t", "last": {"token": "R2"}, "number": 1}"#
        do {
            let mix = try KeyValueDecoder().decode(ImmutableMix.self, fromJSON: Data(json.utf8))
            #expect(mix.first.token == "R2")
            #expect(Tracked.count("R1") == 0)
            #expect(Tracked.count("R2") == 2)
        }
        #expect(Tracked.count("R2") == 0)
    }

    // MARK: User code, updates, views

    @Test func didDecodeRunsOnceOnTheBuiltValue() throws {
        let before = ImmutableCounted.runs.withLock { $0 }
        _ = try KeyValueDecoder().decode([ImmutableCounted].self, fromJSON: Data(#"[{"id": 1}, {"id": 2}]"#.utf8))
        #expect(ImmutableCounted.runs.withLock { $0 } - before >= 2)
        let error = try #require(mappingError { _ = try KeyValueDecoder().decode([ImmutableCounted].self, fromJSON: Data(#"[{"id": 1}, {"id": -1}]"#.utf8)) })
        #expect(error.path == [.index(1)])
    }

    @Test func updatingKeepsWhatThePayloadLeavesOut() throws {
        let renamed = try Self.account.updating(from: ["name": "Grace", "email": "g@example.com"])
        #expect(renamed.name == "Grace" && renamed.email == "g@example.com")
        #expect(renamed.tags == Self.account.tags && renamed.owner == Self.account.owner && renamed.id == Self.account.id)
        #expect(Self.account.name == "Ada")
        var decoder = KeyValueDecoder()
        decoder.nullDecoding = .useDefault
        #expect(try decoder.updating(Self.account, from: ["name": NSNull()]).name == "Ada")
        var account = Self.account
        try account.update(from: ["tags": ["x"]])
        #expect(account.tags == ["x"] && account.name == "Ada")
        let error = try #require(mappingError { _ = try Self.account.updating(from: ["owner": ["login": [3]]]) })
        #expect(error.path == [.key("owner"), .key("login")])
    }

    @Test func lazyStorageStartsUncomputedAndIgnoredOptionalsAreNil() throws {
        var lazy = try ImmutableLazy(jsonData: Data(#"{"id": 4}"#.utf8))
        #expect(lazy.label == "computed 4")
        var given = try ImmutableLazy(jsonData: Data(#"{"id": 4, "label": "given"}"#.utf8))
        #expect(given.label == "given")
        let ignored = try ImmutableWithIgnored(jsonData: Data(#"{"id": 1, "cache": ["x"]}"#.utf8))
        #expect(ignored == ImmutableWithIgnored(id: 1, cache: nil))
        #expect(try ignored.updating(from: ["id": 2]) == ImmutableWithIgnored(id: 2, cache: nil))
    }

    @Test func leniencyDropsOnlyWhatCannotBeBuilt() throws {
        let json = #"[{"login": "a", "site_admin": true}, {"login": [5], "site_admin": true}, {"login": "c", "site_admin": false}]"#
        let (owners, skipped) = try KeyValueDecoder().decodeLeniently([ImmutableOwner].self, fromJSON: Data(json.utf8))
        #expect(owners.map(\.login) == ["a", "c"])
        #expect(skipped.map(\.path) == [[.index(1), .key("login")]])
        let optional = #"{"id": 1, "name": "n", "email": [7], "tags": [], "owner": {"login": "a", "site_admin": false}, "created_at": "2026-01-01T00:00:00Z"}"#
        let (account, listed) = try KeyValueDecoder().decodeLeniently(ImmutableAccount.self, fromJSON: Data(optional.utf8))
        #expect(account.email == nil)
        #expect(listed.map(\.path) == [[.key("email")]])
    }

    @Test func mergePatchesAndUpsertsWork() throws {
        let patched = try Self.account.applyingMergePatch(try JSONValue(jsonData: Data(#"{"name": "Grace", "team": null}"#.utf8)))
        #expect(patched.name == "Grace" && patched.team == nil && patched.tags == Self.account.tags)
        let removed = try #require(mappingError { _ = try Self.account.applyingMergePatch(try JSONValue(jsonData: Data(#"{"name": null}"#.utf8))) })
        #expect(removed.path == [.key("name")])
        #expect(try Self.account.mergePatch(from: Self.account) == .object([:]))
        // What no property maps stays, and the beforeDecoding hook reads the merged document.
        let ignored = ImmutableWithIgnored(id: 1, cache: ["x"])
        #expect(try ignored.applyingMergePatch(.object([:])) == ignored)
        #expect(try ignored.applyingMergePatch(.object(["id": 2])) == ImmutableWithIgnored(id: 2, cache: ["x"]))
        let hooked = try ImmutableHooked(name: "ADA", note: "n").applyingMergePatch(.object(["name": "grace"]))
        #expect(hooked.name == "GRACE" && hooked.note == "n")
        #expect(try ImmutableHooked(name: "ADA", note: nil).updating(from: ["name": "grace"]).name == "GRACE")

        var records = [ImmutableRecord(org: "o", number: 1, title: "one", note: "kept")]
        let summary = try records.upsert(fromJSON: Data(#"[{"number": 1, "title": "uno"}, {"org": "o", "number": 2, "title": "two"}]"#.utf8))
        #expect(summary.inserted == 1 && summary.updated == 1)
        #expect(records == [ImmutableRecord(org: "o", number: 1, title: "uno", note: "kept"), ImmutableRecord(org: "o", number: 2, title: "two", note: nil)])
        let missing = try #require(mappingError { _ = try records.upsert(from: [["number": 3, "title": "three"]]) })
        #expect(missing.path == [.index(0), .key("org")])
        #expect(records.count == 2)
    }

    @Test func viewsListEveryNonOptionalAsRequired() throws {
        let schema = try ImmutableOwner.jsonSchema()
        #expect(schema["required"] == .array(["login", "site_admin"]))
        // No default to keep: a null stays an error, so the schema does not allow one.
        var lax = KeyValueDecoder()
        lax.nullDecoding = .useDefault
        let laxSchema = try ImmutableOwner.jsonSchema(decoder: lax, encoder: KeyValueEncoder())
        #expect(laxSchema["properties"]?["login"] == schema["properties"]?["login"])
        #expect(schema["properties"]?["login"]?["type"] == "string")
        let table = try ImmutableOwner.mappingTable()
        #expect(table.rows.map(\.property) == ["login", "siteAdmin"])
        #expect(table.rows.allSatisfy { $0.presence == .required && $0.isDecoded })
    }

    // MARK: What cannot be built is refused

    static let refused: [String: @Sendable () throws -> Void] = [
        "ImmutableWeak": { _ = try KeyValueDecoder().decode(ImmutableWeak.self, from: [:]) },
        "ImmutableWrapped": { _ = try KeyValueDecoder().decode(ImmutableWrapped.self, from: [:]) },
        "ImmutableIgnoredRequired": { _ = try KeyValueDecoder().decode(ImmutableIgnoredRequired.self, from: [:]) },
        "ImmutableClass": { _ = try KeyValueDecoder().decode(ImmutableClass.self, from: [:]) },
        "ImmutableEnum": { _ = try KeyValueDecoder().decode(ImmutableEnum.self, from: [:]) },
        "BareModel": { _ = try KeyValueDecoder().decode(BareModel.self, from: [:]) },
    ]

    @Test(arguments: [
        ("ImmutableWeak", "\"parent\" is a weak or unowned reference"),
        ("ImmutableWrapped", "\"_clamped\" is not mapped"),
        ("ImmutableIgnoredRequired", "\"cache\" is not mapped (ignored"),
        ("ImmutableClass", "ImmutableMappable is for structs: a class"),
        ("ImmutableEnum", "ImmutableMappable is for structs"),
        ("BareModel", "it adopts KeyValueModel alone"),
    ])
    func whatCannotBeBuiltIsADeclarationError(_ type: String, _ message: String) throws {
        let decode = try #require(Self.refused[type])
        let error = try #require(mappingError { try decode() })
        guard case .invalidDeclaration(_, let problems) = error.reason else {
            Issue.record("expected a declaration error, got \(error)")
            return
        }
        #expect(problems.contains { $0.contains(message) }, "\(problems)")
    }
}

struct CodableImmutableUser: CodableImmutableMappable, Equatable {
    let id: Int
    let fullName: String
    static var mappingRules: MappingRules { MappingRules().naming(.snakeCase) }
}

final class ImmutableParent {}
struct ImmutableWeak: ImmutableMappable {
    let id: Int
    weak var parent: ImmutableParent?
}

@propertyWrapper struct ImmutableClamp {
    var raw: Int
    var wrappedValue: Int { get { raw } set { raw = min(newValue, 10) } }
    init(wrappedValue: Int) { raw = min(wrappedValue, 10) }
}
struct ImmutableWrapped: ImmutableMappable {
    @ImmutableClamp var clamped: Int
}

struct ImmutableIgnoredRequired: ImmutableMappable {
    let id: Int
    let cache: [String]
    static var mappingRules: MappingRules { MappingRules().ignore("cache") }
}

final class ImmutableClass: ImmutableMappable {
    let id: Int
    init(id: Int) { self.id = id }
}

enum ImmutableEnum: ImmutableMappable { case one(Int), two(String) }

struct BareModel: KeyValueModel { let id: Int }
