import Foundation
import Testing
import KeyValueMapping

/// The difference of two JSON values visits each node once: deep chains and wide objects
/// complete (no timing is asserted; a quadratic walk would not finish within the test's time).
@Suite struct MergePatchScaleTests {
    /// `levels` objects nested under key `a` around `leaf`, built without recursion.
    static func chain(_ levels: Int, leaf: JSONValue) -> JSONValue {
        var value = leaf
        for _ in 0..<levels { value = .object(["a": value]) }
        return value
    }

    static func flat(_ count: Int, changing changed: Int? = nil) -> JSONValue {
        .object(JSONObject((0..<count).map { ("k\($0)", .number(JSONNumber(Int64($0 == changed ? -1 : $0)))) }))
    }

    enum Pair: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// 500 levels (within the limit), differing at the bottom.
        case deepDiffering
        /// 1,000 identical levels: past the limit, but equal, so no patch is needed.
        case deepIdentical
        /// 1,000 levels differing at the bottom: stops at the limit.
        case deepPastTheLimit
        /// 20,000 identical levels (a walk that compared each subtree again at every level would
        /// visit 2 × 10^8 nodes). Not deeper: releasing the values recurses once per level, which
        /// overflows even the 64 MiB thread under ThreadSanitizer at 200,000.
        case veryDeepIdentical
        /// 200,000 members, one changed.
        case wideDiffering
        /// 200,000 members, the same.
        case wideIdentical

        var testDescription: String { rawValue }

        /// The patch, or the error's description.
        func outcome() -> String {
            let one = JSONValue.number(JSONNumber(Int64(1))), two = JSONValue.number(JSONNumber(Int64(2)))
            let (old, new): (JSONValue, JSONValue)
            switch self {
            case .deepDiffering: (old, new) = (chain(500, leaf: one), chain(500, leaf: two))
            case .deepIdentical: (old, new) = (chain(1000, leaf: one), chain(1000, leaf: one))
            case .deepPastTheLimit: (old, new) = (chain(1000, leaf: one), chain(1000, leaf: two))
            case .veryDeepIdentical: (old, new) = (chain(20_000, leaf: one), chain(20_000, leaf: one))
            case .wideDiffering: (old, new) = (flat(200_000), flat(200_000, changing: 123_456))
            case .wideIdentical: (old, new) = (flat(200_000), flat(200_000))
            }
            do {
                let patch = try new.mergePatch(from: old)
                switch self {
                case .deepDiffering: return patch == chain(500, leaf: two) ? "the 500-level chain to 2" : patch.jsonString()
                default: return patch.jsonString()
                }
            } catch let error as MappingError {
                guard error.path == Array(repeating: .key("a"), count: 512) else { return error.description }
                return "512 levels of a: \(error.reason)"
            } catch {
                return "\(error)"
            }
        }

        var expected: String {
            switch self {
            case .deepDiffering: "the 500-level chain to 2"
            case .deepIdentical, .veryDeepIdentical, .wideIdentical: "{}"
            case .deepPastTheLimit: "512 levels of a: \(MappingError.Reason.depthLimitExceeded(limit: 512))"
            case .wideDiffering: #"{"k123456":-1}"#
            }
        }
    }

    @Test(arguments: Pair.allCases)
    func theDifferenceIsOnePass(_ pair: Pair) async {
        #expect(await onThread(stackSize: 64 << 20) { pair.outcome() } == pair.expected)
    }

    /// On a 512 KiB stack, equal deep values still give `{}`: compared without recursion where
    /// the stack runs short. (Deeper values are built on the big stack: releasing a value
    /// recurses once per level.)
    @Test func equalDeepValuesNeedNoStack() async {
        #expect(await onThread { Pair.deepIdentical.outcome() } == "{}")
    }
}
