import Foundation
import Testing
@testable import KeyValueMapping

/// A chain whose last level holds a value the stream reads whole: an `Any`, or an `Int` given
/// an array (converted to Foundation values for the mismatch).
struct ReleaseChain: Mappable {
    var next: [ReleaseChain] = []
    var payload: Any?
    var count = 0
}

/// A model read as a tree (its key path keeps it off the stream).
struct ReleasePathNode: Mappable {
    var value = 0
    var next: [ReleasePathNode] = []
    static var mappingRules: MappingRules { MappingRules().map("next", to: "a.b.c") }
}

/// A streaming chain whose last level holds a model read as a tree.
struct ReleaseOuter: Mappable {
    var next: [ReleaseOuter] = []
    var tree: ReleasePathNode?
}

/// A chain with a hook: each level's object becomes a Foundation dictionary first.
struct ReleaseHooked: Mappable {
    var next: [ReleaseHooked] = []
    static var mappingRules: MappingRules { MappingRules().beforeDecoding { _ in } }
}

/// Values built without the stack check — read whole by the reader in the middle of a stream,
/// or converted to Foundation values — as deep as the reader allows and dropped deep in the
/// stack: each decode ends with its result or an error at its key path, never a crash, on a
/// 512 KiB thread in debug and release builds.
@Suite struct DeepValueReleaseTests {
    enum Shape: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// An `Any` property holding arrays nested to the reader's ceiling.
        case anyPayload
        /// A tree model holding an unknown member nested to the ceiling.
        case treeMember
        /// An `Int` property given arrays nested to the ceiling.
        case scalarMismatch
        /// A hooked model holding an unknown member nested to the ceiling.
        case hookedMember
        var testDescription: String { rawValue }
    }

    enum Route: String, CaseIterable, Sendable {
        case stream, tree
    }

    static var decoder: KeyValueDecoder {
        var decoder = KeyValueDecoder()
        decoder.maximumDepth = .max
        decoder.jsonReading.maximumDepth = .max
        return decoder
    }

    static func arrays(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    }

    /// `levels` levels of `{"next":[` (two containers each) around `leaf`, which fills the
    /// document up to the reader's ceiling of 1,000 levels.
    static func document(_ shape: Shape, levels: Int) -> String {
        let room = JSONReadingOptions.depthCeiling - 2 * levels
        let leaf = switch shape {
        case .anyPayload: #"{"payload":"# + arrays(room - 1) + "}"
        case .treeMember: #"{"tree":{"value":1,"zzz":"# + arrays(room - 2) + "}}"
        case .scalarMismatch: #"{"count":"# + arrays(room - 1) + "}"
        case .hookedMember: #"{"zzz":"# + arrays(room - 1) + "}"
        }
        return String(repeating: #"{"next":["#, count: levels) + leaf + String(repeating: "]}", count: levels)
    }

    static func decode(_ shape: Shape, levels: Int, _ route: Route) -> MappingError? {
        let bytes = Data(document(shape, levels: levels).utf8)
        do {
            switch (shape, route) {
            case (.anyPayload, .stream), (.scalarMismatch, .stream): _ = try decoder.decode(ReleaseChain.self, fromJSON: bytes)
            case (.treeMember, .stream): _ = try decoder.decode(ReleaseOuter.self, fromJSON: bytes)
            case (.hookedMember, .stream): _ = try decoder.decode(ReleaseHooked.self, fromJSON: bytes)
            case (.anyPayload, .tree), (.scalarMismatch, .tree): return try decoder.decodeLeniently(ReleaseChain.self, fromJSON: bytes).skipped.first
            case (.treeMember, .tree): return try decoder.decodeLeniently(ReleaseOuter.self, fromJSON: bytes).skipped.first
            case (.hookedMember, .tree): return try decoder.decodeLeniently(ReleaseHooked.self, fromJSON: bytes).skipped.first
            }
            return nil
        } catch {
            return error as? MappingError ?? MappingError(.other("not a MappingError: \(error)"))
        }
    }

    /// The levels of the chain: the hostile review's crashes were at 48–55 (debug) and 112–116
    /// (release) levels.
    static let levels = [10, 25, 48, 50, 52, 55, 100, 112, 114, 116, 150, 250, 400]

    @Test(arguments: Shape.allCases, levels)
    func deepValuesDroppedDeepInTheStack(_ shape: Shape, _ levels: Int) async {
        for route in Route.allCases {
            let error = await onThread { Self.decode(shape, levels: levels, route) }
            let chain = Array(Array(repeating: [MappingError.PathComponent.key("next"), .index(0)], count: levels).joined())
            switch error?.reason {
            case nil:
                #expect(shape != .scalarMismatch, "\(route) \(levels)")
            case .stackExhausted?:
                // Stopped on the way down the chain, or inside the value at its bottom.
                let path = error?.path ?? []
                let inChain = Array(path.prefix(chain.count))
                #expect(inChain == Array(chain.prefix(inChain.count)), "\(route) \(levels): \(String(describing: error))")
            case .typeMismatch(let expected, let found)? where shape == .scalarMismatch:
                #expect(expected == "Int" && found == "Array (1 element)")
                #expect(error?.path == chain + [.key("count")], "\(route) \(levels)")
            default:
                Issue.record("\(shape) \(route) \(levels): \(String(describing: error))")
            }
        }
    }

    /// The session takes a deep value apart one level at a time: this one, 100,000 levels deep,
    /// would overflow a 512 KiB stack if Swift released it whole.
    @Test(arguments: ["json", "array", "dictionary"])
    func aDeepValueIsReleasedWithoutRecursion(_ kind: String) async {
        let released = await onThread { () -> Bool in
            var values: [Any] = []
            switch kind {
            case "json":
                var value = JSONValue.null
                for _ in 0..<100_000 { value = .object(["a": .array([value, .string("x")])]) }
                values.append(value)
            case "array":
                var value: [Any] = []
                for _ in 0..<100_000 { value = [value, 1] }
                values.append(value)
            default:
                var value: [String: Any] = [:]
                for _ in 0..<100_000 { value = ["a": value, "b": NSNull()] }
                values.append(value)
            }
            DeepValues.release(&values)
            return values.isEmpty
        }
        #expect(released)
    }
}
