import Foundation
import KeyValueMapping
import Testing

// Per-property rules on a property that is never mapped could never apply: the declaration check
// refuses them, with one message naming the property, why it is not mapped and the rules.

struct IgnoredWithRelaxations: Mappable {
    var count = 0
    static var mappingRules: MappingRules { MappingRules().ignore("count").fallback("count", to: 1).useDefaultForNull("count") }
}

struct IgnoredWithEveryRule: Mappable {
    var count = 0
    var counts: [Int] = []
    var spread: [String: Int] = [:]
    var first = 0
    static var mappingRules: MappingRules {
        MappingRules()
            .ignore("count", "counts", "spread", "first")
            .map("count", to: "n")
            .transform("count", with: .custom(decode: { @Sendable (json: Any) in json as? Int ?? 0 }, encode: { @Sendable (value: Int) in value }))
            .require("count")
            .useDefaultForNull("count")
            .fallback("count", to: 1)
            .skipInvalidElements("counts")
            .gather("spread", from: ["a", "b"])
            .map("first", toFirstOf: ["one", "uno"])
    }
}

struct OutsideTheAllowList: Mappable {
    var kept = 0
    var left = 0
    static var mappingRules: MappingRules { MappingRules().allow(only: "kept").require("left").map("left", to: "l") }
}

final class RuleTarget: Sendable {}

struct WeakWithRules: Mappable {
    var id = 0
    weak var owner: RuleTarget?
    static var mappingRules: MappingRules { MappingRules().useDefaultForNull("owner").require("owner") }
}

@propertyWrapper
struct RuleWrapper: Sendable {
    var stored: Int
    var wrappedValue: Int {
        get { stored }
        set { stored = newValue }
    }
    init(wrappedValue: Int) { stored = wrappedValue }
}

struct WrapperStorageWithRules: Mappable {
    @RuleWrapper var level = 1
    static var mappingRules: MappingRules { MappingRules().useDefaultForNull("_level").fallback("_level", to: RuleWrapper(wrappedValue: 2)) }
}

/// A base class with every per-property rule on `count`.
class RuledBase: Mappable, @unchecked Sendable {
    var count = 0
    var label = ""
    required init() {}
    class var mappingRules: MappingRules {
        MappingRules()
            .map("count", to: "n")
            .transform("count", with: .custom(decode: { @Sendable (json: Any) throws -> Int in
                guard let text = json as? String, let value = Int(text) else { throw MappingError(.other("want digits")) }
                return value
            }, encode: { @Sendable (value: Int) in String(value) }))
            .require("count")
            .useDefaultForNull("count")
            .fallback("count", to: -2)
    }
}

/// Ignores `count`: the base's rules for it go with it.
final class RuledSubclassIgnoring: RuledBase, @unchecked Sendable {
    override class var mappingRules: MappingRules { MappingRules().ignore("count") }
}

/// Starts its lists afresh and allows only `label`: the base's rules for `count` go with it too.
final class RuledSubclassAllowing: RuledBase, @unchecked Sendable {
    override class var mappingRules: MappingRules { MappingRules().inheriting(.replace).allow(only: "label") }
}

/// Ignores `count` and gives it a rule of its own, which could never apply.
final class RuledSubclassContradicting: RuledBase, @unchecked Sendable {
    override class var mappingRules: MappingRules { MappingRules().ignore("count").fallback("count", to: 3) }
}

class IgnoringBase: Mappable, @unchecked Sendable {
    var count = 0
    required init() {}
    class var mappingRules: MappingRules { MappingRules().ignore("count") }
}

/// Gives a rule to what its base ignores (and still ignores, as ignore lists merge).
final class RuleOnInheritedIgnore: IgnoringBase, @unchecked Sendable {
    override class var mappingRules: MappingRules { MappingRules().useDefaultForNull("count") }
}

/// An immutable class is Sendable, so it may be a fallback; every model that needs it shares it.
final class FallbackSettings: Sendable, Mappable {
    let volume: Int
    init() { volume = 1 }
    init(volume: Int) { self.volume = volume }
}

struct WithSettings: Mappable {
    var settings = FallbackSettings()
    static let shared = FallbackSettings(volume: 5)
    static var mappingRules: MappingRules { MappingRules().fallback("settings", to: WithSettings.shared) }
}

@Suite struct UnmappedPropertyRuleTests {
    static func problems(_ body: () throws -> Void) -> [String] {
        guard case .invalidDeclaration(_, let problems)? = mappingError(body)?.reason else { return ["not a declaration error"] }
        return problems
    }

    @Test(arguments: [
        ("IgnoredWithRelaxations", [#""count" is ignored, so its rules never apply (useDefaultForNull, fallback)"#]),
        ("IgnoredWithEveryRule", [
            #""count" is ignored, so its rules never apply (map, transform, require, useDefaultForNull, fallback)"#,
            #""counts" is ignored, so its rules never apply (skipInvalidElements)"#,
            #""spread" is ignored, so its rules never apply (gather)"#,
            #""first" is ignored, so its rules never apply (map)"#,
        ]),
        ("OutsideTheAllowList", [#""left" is not in the allow list, so its rules never apply (map, require)"#]),
        ("WeakWithRules", [#""owner" is never mapped (weak and unowned references are never mapped), so its rules never apply (require, useDefaultForNull)"#]),
        ("WrapperStorageWithRules", [#""_level" is never mapped (property-wrapper storage is mapped only by an explicit rule), so its rules never apply (useDefaultForNull, fallback)"#]),
        ("RuledSubclassContradicting", [#""count" is ignored, so its rules never apply (fallback)"#]),
        ("RuleOnInheritedIgnore", [#""count" is ignored, so its rules never apply (useDefaultForNull)"#]),
    ])
    func rulesOnAPropertyThatIsNeverMappedAreDeclarationErrors(_ model: String, _ expected: [String]) {
        let problems = switch model {
        case "IgnoredWithRelaxations": Self.problems { _ = try IgnoredWithRelaxations(dictionary: [:]) }
        case "IgnoredWithEveryRule": Self.problems { _ = try IgnoredWithEveryRule(dictionary: [:]) }
        case "OutsideTheAllowList": Self.problems { _ = try OutsideTheAllowList(dictionary: [:]) }
        case "WeakWithRules": Self.problems { _ = try WeakWithRules(dictionary: [:]) }
        case "WrapperStorageWithRules": Self.problems { _ = try WrapperStorageWithRules(dictionary: [:]) }
        case "RuledSubclassContradicting": Self.problems { _ = try RuledSubclassContradicting(dictionary: [:]) }
        default: Self.problems { _ = try RuleOnInheritedIgnore(dictionary: [:]) }
        }
        #expect(problems == expected)
    }

    @Test func theWholeMessageNamesTheTypeAndEveryRule() {
        let error = mappingError { _ = try IgnoredWithRelaxations(jsonString: "{}") }
        #expect(error?.description == #"(root): invalid mapping declaration for KeyValueMappingTests.IgnoredWithRelaxations: "count" is ignored, so its rules never apply (useDefaultForNull, fallback)"#)
    }

    /// A subclass that stops mapping a property drops every rule its base declared for it: the
    /// key, the transformer, require, the null rule and the fallback.
    @Test(arguments: DecodeRoute.allCases)
    func aSubclassThatLeavesAPropertyOutDropsItsInheritedRules(_ route: DecodeRoute) throws {
        let json = #"{"count": "5", "n": null, "label": "l"}"#
        #expect(route.outcome(RuledSubclassIgnoring.self, json) { "\($0.count) \($0.label)" } == "0 l")
        #expect(route.outcome(RuledSubclassAllowing.self, json) { "\($0.count) \($0.label)" } == "0 l")
        // The base class keeps them all: null keeps the default, "x" falls back, a missing key is an error.
        #expect(route.outcome(RuledBase.self, #"{"n": "7", "label": "l"}"#) { "\($0.count) \($0.label)" } == "7 l")
        #expect(route.outcome(RuledBase.self, #"{"n": null}"#) { "\($0.count)" } == "0")
        #expect(route.outcome(RuledBase.self, #"{"n": []}"#) { "\($0.count)" } == "-2")
        #expect(route.outcome(RuledBase.self, #"{"label": "l"}"#) { "\($0.count)" } == "error: n: required key is missing (expected Int)")
    }

    @Test func aSubclassThatLeavesAPropertyOutDoesNotWriteIt() throws {
        let model = RuledSubclassIgnoring()
        model.count = 3
        #expect(try model.jsonString(options: .sortedKeys) == #"{"label":""}"#)
        #expect(Set(try model.dictionary().keys) == ["label"])
    }

    /// `fallback` takes only `Sendable` values, so a shared fallback cannot be a mutable class
    /// instance; an immutable one is shared safely.
    @Test(arguments: DecodeRoute.allCases)
    func aSendableFallbackIsSharedSafely(_ route: DecodeRoute) {
        #expect(route.outcome(WithSettings.self, #"{"settings": "broken"}"#) { "\($0.settings.volume) \($0.settings === WithSettings.shared)" } == "5 true")
        #expect(route.outcome(WithSettings.self, #"{"settings": {"volume": 2}}"#) { "\($0.settings.volume)" } == "1")
    }
}
