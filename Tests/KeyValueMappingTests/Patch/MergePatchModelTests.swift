import Foundation
import Testing
import KeyValueMapping

struct PatchFriend: Mappable, Equatable {
    var name = ""
    var since: Int?
}

/// Every kind of property a patch meets: optionals with nil and non-nil prototypes, nested
/// models, containers, dictionaries of models, key paths, an ignored property and a `let`.
struct PatchPerson: Mappable, Equatable {
    var id = 0
    var name = "unnamed"
    var nickname: String? = "anon"
    var email: String?
    var score = 1.5
    var active = false
    var role = Role.member
    var tags: [String] = []
    var labels: Set<String> = []
    var address = Address(city: "Nowhere", zip: nil)
    var home: Address?
    var counts: [String: Int] = [:]
    var friends: [String: PatchFriend] = [:]
    var rank = 0
    var motto: String?
    var birthday = Date(timeIntervalSince1970: 0)
    var cache = 0
    let kind = "person"

    static var mappingRules: MappingRules {
        MappingRules().map("rank", to: "meta.rank").map("motto", to: "meta.motto").ignore("cache")
    }
}

final class PatchAccount: Mappable {
    var id = 0
    var owner = ""
    var limits: [String: Int] = [:]
    var cache = "prototype"
    required init() {}
    static var mappingRules: MappingRules { MappingRules().ignore("cache") }
}

/// A patch and the change it makes to ``MergePatchModelTests/ada``.
struct PatchCase: Sendable, CustomTestStringConvertible {
    let patch: String
    let change: @Sendable (inout PatchPerson) -> Void

    init(_ patch: String, _ change: @escaping @Sendable (inout PatchPerson) -> Void) {
        self.patch = patch
        self.change = change
    }

    var testDescription: String { patch }
}

@Suite struct MergePatchModelTests {
    static var ada: PatchPerson {
        var person = PatchPerson()
        person.id = 1
        person.name = "Ada"
        person.nickname = nil
        person.email = "ada@example.com"
        person.tags = ["math"]
        person.address = Address(city: "London", zip: "NW1")
        person.home = Address(city: "Marylebone", zip: nil)
        person.counts = ["a": 1, "b": 2]
        person.friends = ["charles": PatchFriend(name: "Charles", since: 1833)]
        person.rank = 3
        person.motto = "poetical science"
        person.cache = 42
        return person
    }

    /// A patch and the change it makes; every other property keeps its value.
    @Test(arguments: [
        PatchCase(#"{"name": "Augusta"}"#) { $0.name = "Augusta" },
        PatchCase(#"{"name": null}"#) { $0.name = "unnamed" },                        // non-optional: the prototype's value
        PatchCase(#"{"email": null}"#) { $0.email = nil },                            // optional: nil
        PatchCase(#"{"nickname": "Countess"}"#) { $0.nickname = "Countess" },
        PatchCase(#"{"address": {"city": "Paris"}}"#) { $0.address.city = "Paris" },
        PatchCase(#"{"address": {"zip": null}}"#) { $0.address.zip = nil },
        PatchCase(#"{"address": null}"#) { $0.address = Address(city: "Nowhere", zip: nil) },
        PatchCase(#"{"home": null}"#) { $0.home = nil },
        PatchCase(#"{"home": {"zip": "W1"}}"#) { $0.home?.zip = "W1" },
        PatchCase(#"{"tags": ["x", "y"]}"#) { $0.tags = ["x", "y"] },                 // arrays replace whole
        PatchCase(#"{"tags": null}"#) { $0.tags = [] },
        PatchCase(#"{"labels": ["a", "a", "b"]}"#) { $0.labels = ["a", "b"] },
        PatchCase(#"{"counts": {"a": null, "c": 3}}"#) { $0.counts = ["b": 2, "c": 3] },
        PatchCase(#"{"friends": {"charles": {"since": null}, "mary": {"name": "Mary"}}}"#) {
            $0.friends = ["charles": PatchFriend(name: "Charles", since: nil), "mary": PatchFriend(name: "Mary", since: nil)]
        },
        PatchCase(#"{"friends": {"mary": {"name": null}}}"#) { $0.friends["mary"] = PatchFriend() },
        PatchCase(#"{"friends": {"charles": null}}"#) { $0.friends = [:] },
        PatchCase(#"{"meta": {"rank": 7}}"#) { $0.rank = 7 },
        PatchCase(#"{"meta": {"motto": null}}"#) { $0.motto = nil },
        PatchCase(#"{"meta": {"rank": null}}"#) { $0.rank = 0 },
        PatchCase(#"{"meta": null}"#) { $0.rank = 0; $0.motto = nil },
        PatchCase(#"{"unknown": 1, "cache": 7, "kind": "other"}"#) { _ in },          // unknown keys ignored; ignored and let kept
        PatchCase(#"{}"#) { _ in },
        PatchCase(#"{"role": "admin", "score": 2, "active": "yes"}"#) { $0.role = .admin; $0.score = 2; $0.active = true },
        PatchCase(#"{"birthday": "2024-05-01T00:00:00Z"}"#) { $0.birthday = Date(timeIntervalSince1970: 1_714_521_600) },
    ])
    func aPatchChangesWhatItNamesAndNothingElse(_ patchCase: PatchCase) throws {
        var expected = Self.ada
        patchCase.change(&expected)
        #expect(try Self.ada.applyingMergePatch(try JSONValue(jsonString: patchCase.patch)) == expected)
    }

    @Test(arguments: [
        (#"{"tags": ["x", true]}"#, "tags[1]: expected String, found Bool true"),
        (#"{"address": {"city": ["x"]}}"#, "address.city: expected String, found Array (1 element)"),
        (#"{"friends": {"mary": 5}}"#, "friends.mary: expected PatchFriend, found Int 5"),
        (#"{"friends": {"mary": {"since": "soon"}}}"#, #"friends.mary.since: expected Int, found String "soon""#),
        (#"{"home": {"city": null, "zip": [1]}}"#, "home.zip: expected String, found Array (1 element)"),
        (#"{"meta": 5}"#, "meta: expected an object on the way to meta.rank, found Int"),
        (#"{"role": "queen"}"#, #"role: expected Role, found String "queen" (not a raw value of Role)"#),
        (#"{"name": {"first": "A"}}"#, "name: expected String, found Dictionary (1 key)"),
        (#"[1]"#, "(root): expected PatchPerson, found Array (1 element)"),
        (#""text""#, #"(root): expected PatchPerson, found String "text""#),
        ("null", "(root): expected PatchPerson, found null (the property is not optional)"),
    ])
    func aWrongValueIsAnErrorAtItsKeyPath(_ patch: String, _ expected: String) throws {
        let value = try JSONValue(jsonString: patch)
        #expect(mappingError { _ = try Self.ada.applyingMergePatch(value) }?.description == expected)
    }

    @Test func removingARequiredPropertyIsAMissingKey() throws {
        let record = try LeafRecord(dictionary: ["id": 4, "heading": "T"])
        #expect(mappingError { _ = try record.applyingMergePatch(try JSONValue(jsonString: #"{"id": null}"#)) }?.description
            == "id: required key is missing (expected Int)")
        #expect(try record.applyingMergePatch(try JSONValue(jsonString: #"{"heading": null, "id": 5}"#)).title == "")
    }

    @Test func theDataOverloadAndTheMutatingFormAgree() throws {
        let patch = #"{"name": "Augusta", "email": null}"#
        let fromValue = try Self.ada.applyingMergePatch(try JSONValue(jsonString: patch))
        let fromData = try Self.ada.applyingMergePatch(Data(patch.utf8))
        var mutated = Self.ada
        try mutated.applyMergePatch(Data(patch.utf8))
        #expect(fromValue == fromData && fromData == mutated && mutated.name == "Augusta" && mutated.email == nil)
        let error = mappingError { _ = try Self.ada.applyingMergePatch(Data(#"{"name": }"#.utf8)) }
        #expect(error?.description == "(root): malformed JSON: unexpected character '}' at line 1, column 10")
    }

    @Test func aClassIsPatchedOnACopyOrInPlace() throws {
        let account = try PatchAccount(dictionary: ["id": 1, "owner": "ada", "limits": ["a": 1]])
        account.cache = "warm"
        let copy = try account.applyingMergePatch(try JSONValue(jsonString: #"{"owner": "bob", "limits": {"b": 2}}"#))
        #expect(copy !== account)
        #expect(account.owner == "ada" && account.limits == ["a": 1])
        #expect(copy.owner == "bob" && copy.limits == ["a": 1, "b": 2] && copy.id == 1)
        #expect(copy.cache == "prototype")   // a new instance: ignored properties start from the prototype
        var same = account
        try same.applyMergePatch(try JSONValue(jsonString: #"{"owner": null}"#))
        #expect(same === account && account.owner == "" && account.cache == "warm")
    }

    @Test func aSubclassHeldAsItsBaseIsPatchedWithItsOwnProperties() throws {
        let shape: Shape = try #require(try Shape(dictionary: ["type": "circle", "name": "c", "radius": 1]) as? Circle)
        let patched = try shape.applyingMergePatch(try JSONValue(jsonString: #"{"radius": 2.5, "name": "d"}"#))
        let circle = try #require(patched as? Circle)
        #expect(circle.radius == 2.5 && circle.name == "d")
        var inPlace = shape
        try inPlace.applyMergePatch(try JSONValue(jsonString: #"{"radius": null}"#))
        #expect(inPlace === shape && (shape as? Circle)?.radius == 0)
    }

    @Test func theDifferenceOfTwoModelsIsTheSmallestPatch() throws {
        var new = Self.ada
        new.name = "Augusta"
        new.nickname = "anon"
        new.email = nil
        new.address.zip = nil
        new.home = nil
        new.counts["b"] = nil
        new.friends["charles"]?.since = nil
        new.motto = nil
        new.cache = 0
        let patch = try new.mergePatch(from: Self.ada)
        #expect(patch.jsonString(options: .sortedKeys) == """
            {"address":{"zip":null},"counts":{"b":null},"email":null,"friends":{"charles":{"since":null}},"home":null,\
            "meta":{"motto":null},"name":"Augusta","nickname":"anon"}
            """)
        var expected = new
        expected.cache = Self.ada.cache   // ignored: no patch carries it
        #expect(try Self.ada.applyingMergePatch(patch) == expected)
        #expect(try Self.ada.mergePatch(from: Self.ada) == .object([:]))
    }

    @Test func changesNoMergePatchCanExpressAreErrors() throws {
        struct WithNulls: Mappable { var values: [String: Int?] = [:]; var any: Any = 0 }
        var old = WithNulls()
        old.values = ["a": 1]
        var new = old
        new.values = ["a": nil]
        #expect(mappingError { _ = try new.mergePatch(from: old) }?.description
            == "values.a: a JSON merge patch cannot set a member to null (null removes the member)")
        new = old
        new.any = ["k": NSNull()]
        #expect(mappingError { _ = try new.mergePatch(from: old) }?.keyPath == "any.k")
        let circle: Shape = Circle()
        let square: Shape = Square()
        #expect(mappingError { _ = try square.mergePatch(from: circle) }?.description
            == "(root): a JSON merge patch cannot change the class of a model (from Circle to Square)")
    }

    @Test func deepPatchesStopAtTheDecodersDepthLimit() throws {
        var patch = JSONValue.object([:])
        for _ in 0..<1000 { patch = .object(["children": .array([]), "next": patch]) }
        let error = mappingError { _ = try Node().applyingMergePatch(patch) }
        #expect(error?.reason == .depthLimitExceeded(limit: 512))
        #expect(error?.path.first == .key("next") && error?.path.count == 512)
    }

    @Test func aPatchOfManyMembersIsMergedInOnePass() throws {
        var counts: [String: Any] = [:]
        for index in 0..<50_000 { counts["k\(index)"] = index }
        var person = PatchPerson()
        person.counts = ["k0": -1]
        let patch = try JSONValue(jsonData: JSONSerialization.data(withJSONObject: ["counts": counts]))
        let patched = try person.applyingMergePatch(patch)
        #expect(patched.counts.count == 50_000 && patched.counts["k0"] == 0 && patched.counts["k49999"] == 49_999)
    }
}
