import Foundation
import Testing
import KeyValueMapping

/// A model whose `[String: Any]` property a patch may nest into without bound.
struct PatchPayloadNode: Mappable {
    var payload: [String: Any] = [:]
}

/// A model that nests through a dictionary of itself.
struct PatchDictionaryNode: Mappable {
    var children: [String: PatchDictionaryNode] = [:]
}

/// Merge patches recurse once per object level (several calls a level through a model), so
/// every level counts against the limit of 512 and checks the thread's stack: a patch nested
/// past what the stack holds stops with `stackExhausted` at the key path where it does, never a
/// crash, and past 512 levels with `depthLimitExceeded`.
@Suite struct MergePatchDepthTests {
    enum Shape: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// `JSONValue.null.applyingMergePatch` with a patch `levels` objects deep.
        case valuePatch
        /// `new.mergePatch(from: old)`, both `levels` objects deep, differing at the bottom.
        case valueDifference
        /// `applyingMergePatch(["payload": <levels objects>])` into a `[String: Any]` property.
        case anyProperty
        /// `applyingMergePatch` through `levels` models nested in dictionaries of models.
        case modelTree
        /// The same with the patch as JSON bytes.
        case modelTreeBytes

        var testDescription: String { rawValue }

        /// The key path's first components, then what it repeats once per level.
        var path: (prefix: [MappingError.PathComponent], step: [MappingError.PathComponent]) {
            switch self {
            case .valuePatch, .valueDifference: ([], [.key("a")])
            case .anyProperty: ([.key("payload")], [.key("a")])
            case .modelTree, .modelTreeBytes: ([], [.key("children"), .key("k")])
            }
        }
    }

    /// `levels` objects nested under key `a`, around `leaf`.
    static func nested(_ levels: Int, leaf: JSONValue = .number(JSONNumber(Int64(1)))) -> JSONValue {
        var value = leaf
        for _ in 0..<levels { value = .object(["a": value]) }
        return value
    }

    /// Runs `shape` at `levels` and checks a success's result; the error, or `nil`.
    static func run(_ shape: Shape, levels: Int) -> MappingError? {
        do {
            switch shape {
            case .valuePatch:
                let result = try JSONValue.null.applyingMergePatch(nested(levels))
                #expect(result == nested(levels))
            case .valueDifference:
                let old = nested(levels), new = nested(levels, leaf: .number(JSONNumber(Int64(2))))
                #expect(try new.mergePatch(from: old) == new)
            case .anyProperty:
                let patched = try PatchPayloadNode().applyingMergePatch(.object(["payload": nested(levels)]))
                #expect(try JSONValue(jsonData: KeyValueEncoder().encodeJSON(patched), options: ceiling) == .object(["payload": nested(levels)]))
            case .modelTree, .modelTreeBytes:
                var patch: JSONValue = .object([:])
                for _ in 0..<levels { patch = .object(["children": .object(["k": patch])]) }
                let patched = shape == .modelTree
                    ? try PatchDictionaryNode().applyingMergePatch(patch)
                    : try PatchDictionaryNode().applyingMergePatch(patch.jsonData())
                var depth = 0
                var node = patched
                while let child = node.children["k"] {
                    depth += 1
                    node = child
                }
                #expect(depth == levels)
            }
            return nil
        } catch let error as MappingError {
            return error
        } catch {
            return MappingError(.other("not a MappingError: \(error)"))
        }
    }

    static var ceiling: JSONReadingOptions {
        var options = JSONReadingOptions()
        options.maximumDepth = JSONReadingOptions.depthCeiling
        return options
    }

    /// Levels within the limit of 512 objects (the model tree nests two objects a level).
    static func withinTheLimit(_ shape: Shape) -> Int {
        switch shape {
        case .valuePatch, .valueDifference: 500
        case .anyProperty: 400
        case .modelTree, .modelTreeBytes: 200
        }
    }

    /// The key path of `count` components along `shape`'s path.
    static func path(_ shape: Shape, count: Int) -> [MappingError.PathComponent] {
        let (prefix, step) = shape.path
        let steps = Array(repeating: step, count: count / step.count + 1).joined()
        return Array((prefix + steps).prefix(count))
    }

    /// On a big stack every shape merges up to the limit, and past it fails at exactly the
    /// 513th object, naming the 512 keys above it.
    @Test(arguments: Shape.allCases)
    func theLimitIs512ObjectsOnABigStack(_ shape: Shape) async throws {
        let within = await onThread(stackSize: 64 << 20) { Self.run(shape, levels: Self.withinTheLimit(shape)) }
        #expect(within == nil, "\(shape): \(String(describing: within))")
        // The bytes overload reads the patch with the reader's own limit, also 512.
        let levels = shape == .modelTreeBytes ? 255 : 600
        let error = try #require(await onThread(stackSize: 64 << 20) { Self.run(shape, levels: levels + (shape == .modelTreeBytes ? 1 : 0)) })
        if shape == .modelTreeBytes {
            #expect(error.reason == .malformedJSON("nesting exceeds the maximum depth of 512 at line 1, column 4353"), "\(error)")
            return
        }
        #expect(error.reason == .depthLimitExceeded(limit: 512), "\(shape): \(error)")
        #expect(error.path == Self.path(shape, count: 512), "\(shape): \(error.keyPath)")
    }

    /// On a 512 KiB thread each shape either merges or stops with `stackExhausted`, its key path
    /// naming every level down to where it stopped; past the limit, `depthLimitExceeded` if the
    /// stack holds 512 levels. Never a crash.
    @Test(arguments: Shape.allCases, [false, true])
    func deepPatchesStopWithAnErrorOnASmallStack(_ shape: Shape, pastTheLimit: Bool) async throws {
        let levels = pastTheLimit && shape != .modelTreeBytes ? 600 : Self.withinTheLimit(shape)
        guard let error = await onThread({ Self.run(shape, levels: levels) }) else { return }
        switch error.reason {
        case .stackExhausted(let depth):
            #expect(depth > 8 && error.path == Self.path(shape, count: depth - 1), "\(shape): \(error)")
        case .depthLimitExceeded(limit: 512) where pastTheLimit:
            #expect(error.path == Self.path(shape, count: 512), "\(shape): \(error.keyPath)")
        default:
            Issue.record("\(shape): \(error)")
        }
    }
}
