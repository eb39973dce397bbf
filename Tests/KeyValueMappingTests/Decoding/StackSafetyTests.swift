import Foundation
import Testing
import KeyValueMapping

/// Models that nest without bound.
final class LinkedNode: Mappable, @unchecked Sendable {
    var value = 0
    var next: LinkedNode?
    required init() {}

    /// A chain of `count` nodes.
    static func chain(_ count: Int) -> LinkedNode {
        let head = LinkedNode()
        var tail = head
        for _ in 1..<count {
            let node = LinkedNode()
            tail.next = node
            tail = node
        }
        return head
    }

    /// Unlinks a chain one node at a time: releasing it whole would recurse once per node.
    static func dismantle(_ head: LinkedNode) {
        var node: LinkedNode? = head
        while let current = node {
            node = current.next
            current.next = nil
        }
    }
}

struct TreeNode: Mappable {
    var value = 0
    var children: [TreeNode] = []
}

struct AnyHolder: Mappable {
    var payload: Any = 0
}

struct DepthSiblings: Mappable {
    var a: [[[Int]]] = []
    var b: [[Int]] = []
    var c: [[Int]] = []
}

/// Every direction stops with an error carrying the key path — never a crash — however deep the
/// input and whatever `maximumDepth` says, on a thread with Apple's 512 KiB secondary-thread
/// stack, in debug and release builds and under the sanitizers.
@Suite struct StackSafetyTests {
    enum Direction: String, CaseIterable, Sendable {
        case linkedFromBytes, linkedFromDictionary, linkedToDictionary, linkedToBytes
        case treeFromBytes, treeFromDictionary, treeToDictionary, treeToBytes
        case anyFromBytes, anyFromDictionary, anyToDictionary, anyToBytes
    }

    static var decoder: KeyValueDecoder {
        var decoder = KeyValueDecoder()
        decoder.maximumDepth = .max
        decoder.jsonReading.maximumDepth = .max
        return decoder
    }

    static var encoder: KeyValueEncoder {
        var encoder = KeyValueEncoder()
        encoder.maximumDepth = .max
        return encoder
    }

    /// What each direction's error path repeats once per level.
    static func step(_ direction: Direction) -> [MappingError.PathComponent] {
        switch direction {
        case .linkedFromBytes, .linkedFromDictionary, .linkedToDictionary, .linkedToBytes: [.key("next")]
        case .treeFromBytes, .treeFromDictionary, .treeToDictionary, .treeToBytes: [.key("children"), .index(0)]
        case .anyFromBytes, .anyFromDictionary, .anyToDictionary, .anyToBytes: [.index(0)]
        }
    }

    // Inputs deep enough to exhaust any stack: JSON text as deep as the reader's ceiling (deeper
    // text is refused by the reader first, see `deeperThanTheCeiling`); Swift containers and
    // object graphs are released recursively by Swift itself, so they stay at a depth the thread
    // can release (and class chains are dismantled node by node).
    static func run(_ direction: Direction) -> MappingError? {
        let textDepth = JSONReadingOptions.depthCeiling, containerDepth = 1_500
        do {
            switch direction {
            case .linkedFromBytes:
                let text = String(repeating: #"{"next":"#, count: textDepth - 1) + "null" + String(repeating: "}", count: textDepth - 1)
                _ = try decoder.decode(LinkedNode.self, fromJSON: Data(text.utf8))
            case .linkedFromDictionary:
                var dictionary: [String: Any] = [:]
                for _ in 0..<containerDepth { dictionary = ["next": dictionary] }
                _ = try decoder.decode(LinkedNode.self, from: dictionary)
            case .linkedToDictionary, .linkedToBytes:
                let head = LinkedNode.chain(containerDepth)
                defer { LinkedNode.dismantle(head) }
                if direction == .linkedToBytes { _ = try encoder.encodeJSON(head) } else { _ = try encoder.encode(head) }
            case .treeFromBytes:
                let text = String(repeating: #"{"children":["#, count: textDepth / 2) + String(repeating: "]}", count: textDepth / 2)
                _ = try decoder.decode(TreeNode.self, fromJSON: Data(text.utf8))
            case .treeFromDictionary:
                var dictionary: [String: Any] = [:]
                for _ in 0..<containerDepth { dictionary = ["children": [dictionary]] }
                _ = try decoder.decode(TreeNode.self, from: dictionary)
            case .treeToDictionary, .treeToBytes:
                var tree = TreeNode()
                for _ in 0..<containerDepth { tree = TreeNode(value: 1, children: [tree]) }
                if direction == .treeToBytes { _ = try encoder.encodeJSON(tree) } else { _ = try encoder.encode(tree) }
            case .anyFromBytes:
                let text = #"{"payload":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
                _ = try decoder.decode(AnyHolder.self, fromJSON: Data(text.utf8))
            case .anyFromDictionary:
                var array: [Any] = []
                for _ in 0..<containerDepth { array = [array] }
                _ = try decoder.decode(AnyHolder.self, from: ["payload": array])
            case .anyToDictionary, .anyToBytes:
                var array: [Any] = []
                for _ in 0..<containerDepth { array = [array] }
                let holder = AnyHolder(payload: array)
                if direction == .anyToBytes { _ = try encoder.encodeJSON(holder) } else { _ = try encoder.encode(holder) }
            }
            return nil
        } catch let error as MappingError {
            return error
        } catch {
            return MappingError(.other("not a MappingError: \(error)"))
        }
    }

    @Test(arguments: Direction.allCases)
    func deepNestingStopsWithAnErrorOnASmallStack(_ direction: Direction) async throws {
        let error = try #require(await onThread { Self.run(direction) }, "\(direction) should fail")
        let step = Self.step(direction)
        switch error.reason {
        case .stackExhausted(let depth):
            #expect(depth > 8, "\(direction) stopped at depth \(depth)")
        case .malformedJSON(let detail) where direction == .anyFromBytes:
            // An `Any` value is read whole by the JSON reader first, which stops at its ceiling
            // (counted from the document's root).
            #expect(detail == "nesting exceeds the maximum depth of 1000 (the reader's ceiling) at line 1, column 1011")
            #expect(error.keyPath == "payload")
            return
        default:
            Issue.record("\(direction): \(error)")
        }
        // The key path names every level down to where the walk stopped.
        let prefix: [MappingError.PathComponent] = direction.rawValue.hasPrefix("any") ? [.key("payload")] : []
        #expect(error.path.starts(with: prefix), "\(direction): \(error.keyPath)")
        let levels = Array(error.path.dropFirst(prefix.count))
        #expect(levels.count > 4 * step.count)
        // Whole steps, then possibly the start of one more (a model stops inside its array).
        let whole = Array(Array(repeating: step, count: levels.count / step.count + 1).joined())
        #expect(levels == Array(whole.prefix(levels.count)), "\(direction): \(error.keyPath)")
    }

    @Test func theSameInputsDecodeOnABigStackUpToTheDepthLimit() async {
        // On a big stack the limits (512) are reached first: the reader's, at the bracket it
        // refuses, named by the stream with the key path.
        let outcome = await onThread(stackSize: 64 << 20) { () -> String in
            let text = String(repeating: #"{"next":"#, count: 600) + "null" + String(repeating: "}", count: 600)
            do {
                _ = try LinkedNode(jsonData: Data(text.utf8))
                return "decoded"
            } catch {
                return "\(error)"
            }
        }
        let path = Array(repeating: "next", count: 512).joined(separator: ".")
        #expect(outcome == "\(path): malformed JSON: nesting exceeds the maximum depth of 512 at line 1, column 4097")
    }

    /// Text nested deeper than the reader's ceiling is refused by the reader on every bytes path,
    /// wherever the stack would have run out: a stream that runs out first hands over to the
    /// parsed tree, whose reader refuses the document.
    @Test(arguments: [Direction.linkedFromBytes, .treeFromBytes])
    func deeperThanTheCeiling(_ direction: Direction) async throws {
        let error = try #require(await onThread { () -> MappingError? in
            let text = direction == .linkedFromBytes
                ? String(repeating: #"{"next":"#, count: 100_000) + "null" + String(repeating: "}", count: 100_000)
                : String(repeating: #"{"children":["#, count: 50_000) + String(repeating: "]}", count: 50_000)
            do {
                _ = direction == .linkedFromBytes
                    ? try Self.decoder.decode(LinkedNode.self, fromJSON: Data(text.utf8)) as Any
                    : try Self.decoder.decode(TreeNode.self, fromJSON: Data(text.utf8)) as Any
                return nil
            } catch {
                return error as? MappingError
            }
        })
        let column = direction == .linkedFromBytes ? 8 * 1000 + 1 : 13 * 500 + 1
        #expect(error.reason == .malformedJSON("nesting exceeds the maximum depth of 1000 (the reader's ceiling) at line 1, column \(column)"), "\(error)")
    }

    /// A level that is refused is not counted: in lenient mode the decode carries on after a
    /// depth error, and the next properties must see the depth they are really at.
    @Test(arguments: ["bytes", "dictionary"])
    func aRefusedLevelIsNotCounted(_ route: String) throws {
        var decoder = KeyValueDecoder()
        decoder.maximumDepth = 3
        let json = #"{"a": [[[1]]], "b": [[2]], "c": [[3]]}"#
        let (model, skipped) = route == "bytes"
            ? try decoder.decodeLeniently(DepthSiblings.self, fromJSON: Data(json.utf8))
            : try decoder.decodeLeniently(DepthSiblings.self, from: try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]))
        #expect(skipped.map(\.description) == ["a[0][0]: nesting deeper than the maximum depth of 3"])
        #expect(model.a.isEmpty && model.b == [[2]] && model.c == [[3]])
    }
}
