import Foundation
import Synchronization
import Testing
import KeyValueMapping

/// Top-level collections on every path: `Data` read as JSON bytes by `decode(_:from:)`, and
/// arrays of models decoded leniently from bytes and from Foundation values alike.
@Suite struct TopLevelCollectionTests {
    /// `decode(_:from: Data)` is the bytes path: the same models, the same errors.
    @Test func dataIsReadAsJSONBytes() throws {
        let decoder = KeyValueDecoder()
        let one = Data(#"{"id": 7, "count": 2}"#.utf8)
        #expect(try decoder.decode(TallyModel.self, from: one) == decoder.decode(TallyModel.self, fromJSON: one))
        let many = Data(#"[{"id": 1}, {"id": 2, "count": 5}]"#.utf8)
        #expect(try decoder.decode([TallyModel].self, from: many) == decoder.decode([TallyModel].self, fromJSON: many))
        let named = Data(#"{"a": {"id": 1}, "b": {"id": 2}}"#.utf8)
        #expect(try decoder.decode([String: TallyModel].self, from: named) == decoder.decode([String: TallyModel].self, fromJSON: named))
        let broken = Data(#"[{"id": 1}, {"id": "x"}]"#.utf8)
        #expect(Self.failure { try decoder.decode([TallyModel].self, from: broken) } == #"[1].id: expected Int, found String "x""#)
        #expect(Self.failure { try decoder.decode(TallyModel.self, from: Data("[]".utf8)) }
            == Self.failure { try decoder.decode(TallyModel.self, fromJSON: Data("[]".utf8)) })
    }

    /// One payload read leniently from bytes and from what JSONSerialization makes of it.
    enum Route: String, CaseIterable, CustomTestStringConvertible {
        case bytes, foundation
        var testDescription: String { rawValue }

        func lenient(_ json: String, _ decoder: KeyValueDecoder = KeyValueDecoder()) throws -> (models: [TallyModel], skipped: [String]) {
            let data = Data(json.utf8)
            let result: (models: [TallyModel], skipped: [MappingError])
            switch self {
            case .bytes: result = try decoder.decodeLeniently([TallyModel].self, fromJSON: data)
            case .foundation: result = try decoder.decodeLeniently([TallyModel].self, from: try #require(try JSONSerialization.jsonObject(with: data) as? [Any]))
            }
            return (result.models, result.skipped.map(\.description))
        }
    }

    @Test(arguments: Route.allCases)
    func aFailingPropertyIsListedUnderItsElementsIndex(_ route: Route) throws {
        let (models, skipped) = try route.lenient(#"[{"id": 1, "count": "x"}, 5, {"id": 3, "count": 4}, {"count": null}]"#)
        #expect(models == [TallyModel(id: 1, count: 0), TallyModel(id: 3, count: 4), TallyModel(id: 0, count: 0)])
        #expect(skipped == [
            #"[0].count: expected Int, found String "x""#,
            "[1]: expected TallyModel, found Int 5",
            "[3].count: expected Int, found null (the property is not optional)",
        ])
    }

    @Test(arguments: Route.allCases)
    func aCleanArrayGivesThePlainDecode(_ route: Route) throws {
        let json = #"[{"id": 1}, {"id": 2, "count": 9}]"#
        let (models, skipped) = try route.lenient(json)
        #expect(models == (try KeyValueDecoder().decode([TallyModel].self, fromJSON: Data(json.utf8))))
        #expect(skipped.isEmpty)
    }

    /// With `invalidElements = .skip` the plain decode drops an element whose property fails:
    /// the lenient decode gives that same array and lists the drop.
    @Test(arguments: Route.allCases)
    func theElementPolicyStillDecides(_ route: Route) throws {
        var decoder = KeyValueDecoder()
        decoder.invalidElements = .skip
        let json = #"[{"id": 1, "count": "x"}, {"id": 2}]"#
        let (models, skipped) = try route.lenient(json, decoder)
        #expect(models == (try decoder.decode([TallyModel].self, fromJSON: Data(json.utf8))))
        #expect(models == [TallyModel(id: 2, count: 0)])
        #expect(skipped == [#"[0].count: expected Int, found String "x""#])
    }

    /// An object of models, leniently: a member that fails as a whole is dropped, a failing
    /// property keeps its prototype value, and every entry starts with the member's key (in
    /// payload order from bytes, in key order from a dictionary: the same order here).
    @Test(arguments: Route.allCases)
    func anObjectOfModelsIsReadLeniently(_ route: Route) throws {
        let json = #"{"ada": {"id": 1, "count": "x"}, "bob": 5, "cy": {"id": 3, "count": 4}}"#
        let data = Data(json.utf8)
        let decoder = KeyValueDecoder()
        let result = route == .bytes
            ? try decoder.decodeLeniently([String: TallyModel].self, fromJSON: data)
            : try decoder.decodeLeniently([String: TallyModel].self, from: try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
        #expect(result.models == ["ada": TallyModel(id: 1, count: 0), "cy": TallyModel(id: 3, count: 4)])
        #expect(result.skipped.map(\.description) == [#"ada.count: expected Int, found String "x""#, "bob: expected TallyModel, found Int 5"])
        let clean = #"{"a": {"id": 1}}"#
        #expect(try decoder.decodeLeniently([String: TallyModel].self, fromJSON: Data(clean.utf8)).models
            == decoder.decode([String: TallyModel].self, fromJSON: Data(clean.utf8)))
        #expect(throws: MappingError.self) { try decoder.decodeLeniently([String: TallyModel].self, fromJSON: Data("[]".utf8)) }
    }

    /// A key repeated in JSON text: its last value decides, leniently as strictly, and what an
    /// earlier member listed goes with it.
    @Test func aRepeatedKeyOfAnObjectOfModelsCountsOnce() throws {
        let decoder = KeyValueDecoder()
        let droppedLast = try decoder.decodeLeniently([String: TallyModel].self, fromJSON: Data(#"{"a": {"id": 1}, "a": 5}"#.utf8))
        #expect(droppedLast.models.isEmpty)
        #expect(droppedLast.skipped.map(\.description) == ["a: expected TallyModel, found Int 5"])
        let keptLast = try decoder.decodeLeniently([String: TallyModel].self, fromJSON: Data(#"{"a": 5, "b": {"id": 2, "count": "x"}, "a": {"id": 1}}"#.utf8))
        #expect(keptLast.models == ["a": TallyModel(id: 1, count: 0), "b": TallyModel(id: 2, count: 0)])
        #expect(keptLast.skipped.map(\.description) == [#"b.count: expected Int, found String "x""#])
        #expect(try decoder.decode([String: TallyModel].self, fromJSON: Data(#"{"a": 5, "a": {"id": 1}}"#.utf8)) == ["a": TallyModel(id: 1, count: 0)])
    }

    @Test func whatIsNotAnArrayStillThrows() {
        let decoder = KeyValueDecoder()
        #expect(throws: MappingError.self) { try decoder.decodeLeniently([TallyModel].self, fromJSON: Data(#"{"id": 1}"#.utf8)) }
        #expect(throws: MappingError.self) { try decoder.decodeLeniently([TallyModel].self, fromJSON: Data(#"[{"id": 1}"#.utf8)) }
        #expect(throws: MappingError.self) { try decoder.decodeLeniently([TallyModel].self, fromJSON: Data(#"[{"id": 1}] x"#.utf8)) }
    }

    /// `didDecode` runs once per element decoded, on both routes; never for a dropped element
    /// that was not an object, and once for an element kept with a relaxed property.
    @Test(.serialized, arguments: Route.allCases)
    func hooksRunOncePerKeptElement(_ route: Route) throws {
        let before = CountedTally.calls.load(ordering: .relaxed)
        let json = #"[{"id": 1, "count": "x"}, 5, {"id": 3}]"#
        let data = Data(json.utf8)
        let result: [CountedTally]
        switch route {
        case .bytes: result = try KeyValueDecoder().decodeLeniently([CountedTally].self, fromJSON: data).models
        case .foundation: result = try KeyValueDecoder().decodeLeniently([CountedTally].self, from: try #require(try JSONSerialization.jsonObject(with: data) as? [Any])).models
        }
        #expect(result.map(\.id) == [1, 3])
        #expect(CountedTally.calls.load(ordering: .relaxed) - before == 2)
    }

    /// `at:` on both paths: a model, an array of models and an object of models, with the
    /// full path in front of an element's error.
    @Test(arguments: Route.allCases)
    func collectionsAreFoundAtAPath(_ route: Route) throws {
        let json = #"{"data": {"users": [{"id": 1}, {"id": 2, "count": 3}], "byName": {"a": {"id": 4}}}, "bad": [{"id": 1}, {"id": "x"}]}"#
        let data = Data(json.utf8)
        let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let decoder = KeyValueDecoder()
        func both<T: Equatable>(_ bytes: () throws -> T, _ foundation: () throws -> T) rethrows -> T {
            route == .bytes ? try bytes() : try foundation()
        }
        let users = try both({ try decoder.decode([TallyModel].self, fromJSON: data, at: "data.users") },
                             { try decoder.decode([TallyModel].self, from: dictionary, at: "data.users") })
        #expect(users == [TallyModel(id: 1, count: 0), TallyModel(id: 2, count: 3)])
        let byName = try both({ try decoder.decode([String: TallyModel].self, fromJSON: data, at: "data.byName") },
                              { try decoder.decode([String: TallyModel].self, from: dictionary, at: "data.byName") })
        #expect(byName == ["a": TallyModel(id: 4, count: 0)])
        let second = try both({ try decoder.decode(TallyModel.self, fromJSON: data, at: "data.users[1]") },
                              { try decoder.decode(TallyModel.self, from: dictionary, at: "data.users[1]") })
        #expect(second == TallyModel(id: 2, count: 3))
        let failing = Self.failure {
            route == .bytes ? try decoder.decode([TallyModel].self, fromJSON: data, at: "bad") : try decoder.decode([TallyModel].self, from: dictionary, at: "bad")
        }
        #expect(failing == #"bad[1].id: expected Int, found String "x""#)
        let absent = Self.failure {
            route == .bytes ? try decoder.decode([TallyModel].self, fromJSON: data, at: "data.none") : try decoder.decode([TallyModel].self, from: dictionary, at: "data.none")
        }
        #expect(absent == "data.none: required key is missing (expected [TallyModel])")
    }

    /// A path may start with an index when the document is an array (bytes only: a
    /// dictionary's top level is an object).
    @Test func aPathMayStartWithAnIndex() throws {
        let data = Data(#"[{"actor": {"id": 5}}, {"actor": {"id": "x"}}]"#.utf8)
        let decoder = KeyValueDecoder()
        #expect(try decoder.decode(TallyModel.self, fromJSON: data, at: "[0].actor") == TallyModel(id: 5, count: 0))
        #expect(Self.failure { try decoder.decode(TallyModel.self, fromJSON: data, at: "[1].actor") } == #"[1].actor.id: expected Int, found String "x""#)
        #expect(Self.failure { try decoder.decode(TallyModel.self, fromJSON: data, at: "[2].actor") } == "[2].actor: required key is missing (expected TallyModel)")
        #expect(Self.failure { try decoder.decode(TallyModel.self, fromJSON: data, at: "actor") }
            == "(root): expected a JSON object containing actor, found Array (2 elements)")
    }

    static func failure(_ body: () throws -> some Any) -> String {
        do {
            _ = try body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }
}

struct TallyModel: Mappable, Equatable {
    var id = 0
    var count = 0

    init() {}
    init(id: Int, count: Int) {
        self.id = id
        self.count = count
    }
}

/// Counts its `didDecode` calls (tests that read the counter compare before and after, and
/// only these tests decode the type).
struct CountedTally: Mappable {
    static let calls = Atomic<Int>(0)
    var id = 0
    var count = 0

    mutating func didDecode() throws {
        Self.calls.add(1, ordering: .relaxed)
    }
}
