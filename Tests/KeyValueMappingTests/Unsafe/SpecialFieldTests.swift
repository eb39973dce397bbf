import Foundation
import Testing
import KeyValueMapping

@propertyWrapper
struct Trimmed {
    private var value = ""
    var wrappedValue: String {
        get { value }
        set { value = newValue.trimmingCharacters(in: .whitespaces) }
    }
    init(wrappedValue: String) { self.wrappedValue = wrappedValue }
}

final class Parent: Mappable {
    var name = ""
    var child: Child?
    required init() {}
}

final class Child: Mappable {
    var name = ""
    weak var parent: Parent?
    unowned(unsafe) var owner: Parent = Child.placeholder
    required init() {}
    nonisolated(unsafe) static let placeholder = Parent()
}

/// A property wrapper that is itself a supported (Mappable) type, with an invariant.
@propertyWrapper
struct Clamped: Mappable {
    var storage = 0
    var wrappedValue: Int {
        get { storage }
        set { storage = min(max(newValue, 0), 10) }
    }
    init() {}
    init(wrappedValue: Int) { self.wrappedValue = wrappedValue }
}

/// A property wrapper whose storage is a plain supported value.
@propertyWrapper
struct Lowercased: Mappable {
    var text = ""
    var wrappedValue: String {
        get { text }
        set { text = newValue.lowercased() }
    }
    init() {}
    init(wrappedValue: String) { self.wrappedValue = wrappedValue }
}

struct Gauge: Mappable {
    @Clamped var level = 5
    @Lowercased var code = "ab"
    var name = ""
}

/// The same, whose rules name the storage of its wrappers: the model lets the payload set it.
struct OpenGauge: Mappable {
    @Clamped var level = 5
    @Lowercased var code = "ab"
    var name = ""
    static var mappingRules: MappingRules { MappingRules().map("_level", to: "_level").map("_code", to: "_code") }
}

/// Underscored fields of natively mapped types are ordinary properties (a rule may still map them).
struct UnderscoredKeys: Mappable {
    var _id = 0
    var _rev = ""
    var name = ""

    static var mappingRules: MappingRules { MappingRules().map("_rev", to: "_rev") }
}

final class Owner {}

/// `unowned var` whose object is gone as soon as `init()` returns: reading it traps, so
/// nothing may read it, not even while the type's metadata is built.
final class DanglingOwner: Mappable {
    var name = ""
    unowned var owner: Owner
    unowned(unsafe) var unsafeOwner: Owner
    weak var weakOwner: Owner?
    required init() {
        let temporary = Owner()
        owner = temporary
        unsafeOwner = temporary
    }
}

struct SpecialFields: Mappable {
    let constant = "fixed"
    var variable = 0
    lazy var lazyValue: Int = { 41 + 1 }()
    @Trimmed var wrapped = "w"
    var computed: Int { variable * 2 }
}

@Suite struct SpecialFieldTests {
    @Test func letPropertiesAreEncodedButNeverDecoded() throws {
        let decoded = try SpecialFields(dictionary: ["constant": "changed", "variable": 3])
        #expect(decoded.constant == "fixed")
        #expect(decoded.variable == 3)
        #expect(try decoded.dictionary()["constant"] as? String == "fixed")
    }

    @Test func letPropertiesStillValidateNothingOnDecode() throws {
        // A `let` is skipped entirely when decoding, so even a wrong type there is not an error.
        #expect(try SpecialFields(dictionary: ["constant": 12]).constant == "fixed")
    }

    @Test func lazyVarsMapUnderTheirOwnName() throws {
        var decoded = try SpecialFields(dictionary: ["lazyValue": 7])
        #expect(decoded.lazyValue == 7)
        var untouched = SpecialFields()
        #expect(try untouched.dictionary()["lazyValue"] == nil, "not computed yet, so not written")
        _ = untouched.lazyValue
        #expect(try untouched.dictionary()["lazyValue"] as? Int == 42)
        #expect(try decoded.dictionary()["lazyValue"] as? Int == 7)
    }

    @Test func lazyVarsReadNullAsNotComputed() throws {
        var decoded = try SpecialFields(dictionary: ["lazyValue": NSNull()])
        #expect(try decoded.dictionary()["lazyValue"] == nil, "not computed, so not written")
        #expect(decoded.lazyValue == 42)
    }

    @Test func propertyWrapperStorageIsNotMapped() throws {
        let decoded = try SpecialFields(dictionary: ["wrapped": "x", "_wrapped": "y"])
        #expect(decoded.wrapped == "w")
        let out = try decoded.dictionary()
        #expect(out["wrapped"] == nil && out["_wrapped"] == nil)
    }

    @Test func computedPropertiesDoNotExistForTheLibrary() throws {
        let out = try SpecialFields(dictionary: ["computed": 100, "variable": 2]).dictionary()
        #expect(out["computed"] == nil)
        #expect(Set(out.keys) == ["constant", "variable"])
    }

    @Test func weakAndUnownedReferencesAreNeverWrittenOrEncoded() throws {
        let parent = Parent()
        let child = try Child(dictionary: ["name": "c", "parent": ["name": "p"], "owner": ["name": "o"]])
        #expect(child.parent == nil)
        #expect(child.owner === Child.placeholder)
        child.parent = parent
        parent.child = child
        let out = try parent.dictionary()
        let encodedChild = try #require(out["child"] as? [String: Any])
        #expect(Set(encodedChild.keys) == ["name"])
    }

    @Test func unownedReferencesAreNeverReadEvenWhenDangling() throws {
        let payload = #"{"name": "n", "owner": {}, "unsafeOwner": {}, "weakOwner": {}}"#
        let fromDictionary = try DanglingOwner(dictionary: ["name": "n", "owner": [:], "unsafeOwner": [:], "weakOwner": [:]])
        let fromBytes = try DanglingOwner(jsonString: payload)
        #expect(fromDictionary.name == "n" && fromBytes.name == "n")
        #expect(fromBytes.weakOwner == nil)
        #expect(Set(try fromBytes.dictionary().keys) == ["name"])
        #expect(try fromBytes.jsonString() == #"{"name":"n"}"#)
    }

    /// A wrapper type that is itself `Mappable` could keep an invariant (`Clamped` keeps 0...10):
    /// its storage is left alone, so no payload sets a level of 99, unless a rule names the
    /// storage, where the model says the payload may write the wrapper's fields.
    @Test(arguments: [
        (#"{"_level": {"storage": 99}, "_code": {"text": "UPPER"}, "name": "g"}"#, "5 ab g", "99 UPPER g"),
        (#"{"_level": 99, "_code": "UPPER", "name": "g"}"#, "5 ab g", "error: _level: expected Clamped, found Int 99"),
    ])
    func mappableWrapperStorageIsLeftAloneUnlessARuleNamesIt(_ payload: String, _ guarded: String, _ named: String) throws {
        for route in DecodeRoute.allCases {
            #expect(route.outcome(Gauge.self, payload) { "\($0.level) \($0.code) \($0.name)" } == guarded, "\(route)")
            #expect(route.outcome(OpenGauge.self, payload) { "\($0.level) \($0.code) \($0.name)" } == named, "\(route)")
        }
        #expect(try Gauge().jsonString() == #"{"name":""}"#)
        #expect(try OpenGauge().jsonString(options: .sortedKeys) == #"{"_code":{"text":"ab"},"_level":{"storage":5},"name":""}"#)
    }

    @Test func underscoredFieldsOfNativeTypesAreMapped() throws {
        let payload = #"{"_id": 7, "_rev": "3-a", "name": "doc"}"#
        let dictionary = try #require(try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any])
        for document in [try UnderscoredKeys(dictionary: dictionary), try UnderscoredKeys(jsonString: payload)] {
            #expect(document._id == 7 && document._rev == "3-a" && document.name == "doc")
            #expect(try document.jsonString(options: .sortedKeys) == #"{"_id":7,"_rev":"3-a","name":"doc"}"#)
        }
    }
}
