import Foundation
import Testing
import KeyValueMapping

final class Node: Mappable {
    var value = 0
    var next: Node?
    var children: [Node] = []
    required init() {}
}

/// Runs `body` on a thread with a known stack size, so the test does not depend on the runner's threads.
func onThread(stackSize: Int, _ body: @escaping @Sendable () -> String) -> String {
    let result = LockedBox<String?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let value = body()
        result.withLock { $0 = value }
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return result.withLock { $0 } ?? "no result"
}

func nestedPayload(depth: Int) -> [String: Any] {
    var payload: [String: Any] = ["value": depth]
    for level in stride(from: depth - 1, through: 0, by: -1) {
        payload = ["value": level, "next": payload]
    }
    return payload
}

@Suite struct DepthAndCycleTests {
    @Test func deepDecodeFailsCleanlyAtTheLimit() {
        let description = onThread(stackSize: 16 << 20) { () -> String in
            do {
                _ = try Node(dictionary: nestedPayload(depth: 600))
                return "decoded"
            } catch let error as MappingError {
                return "\(error.reason) at depth \(error.path.count)"
            } catch {
                return "\(error)"
            }
        }
        #expect(description == "depthLimitExceeded(limit: 512) at depth 512")
    }

    @Test func customDepthLimit() throws {
        var decoder = KeyValueDecoder()
        decoder.maximumDepth = 10
        #expect(throws: MappingError.self) { try decoder.decode(Node.self, from: nestedPayload(depth: 20)) }
        let node = try decoder.decode(Node.self, from: nestedPayload(depth: 8))
        #expect(node.next?.next?.value == 2)
    }

    @Test func cyclesAreAnErrorNamingThePath() {
        let root = Node()
        let middle = Node()
        root.children = [Node(), middle]
        middle.next = root
        let error = mappingError { _ = try root.dictionary() }
        #expect(error?.description == "children[1].next: cycle detected: this KeyValueMappingTests.Node instance is already being mapped further up the path")
        root.children = []
        middle.next = nil
    }

    @Test func deepAcyclicEncodeFailsCleanlyAtTheLimit() {
        let description = onThread(stackSize: 16 << 20) { () -> String in
            let root = Node()
            var tail = root
            for _ in 0..<600 {
                let next = Node()
                tail.next = next
                tail = next
            }
            defer {
                // Unlink iteratively so deallocation does not recurse 600 levels deep.
                var current: Node? = root
                while let node = current { current = node.next; node.next = nil }
            }
            do {
                _ = try root.dictionary()
                return "encoded"
            } catch let error as MappingError {
                return "\(error.reason)"
            } catch {
                return "\(error)"
            }
        }
        #expect(description == "depthLimitExceeded(limit: 512)")
    }

    @Test func aSharedButAcyclicInstanceIsNotACycle() throws {
        let shared = Node()
        let root = Node()
        root.children = [shared, shared]
        #expect(try (root.dictionary()["children"] as? [Any])?.count == 2)
    }
}
