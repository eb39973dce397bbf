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

    @Test func lazyVarsRejectNull() {
        let error = mappingError { _ = try SpecialFields(dictionary: ["lazyValue": NSNull()]) }
        #expect(error?.description == "lazyValue: expected Int, found null (the property is not optional)")
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
}
