import Foundation
import Testing
import KeyValueMapping

/// Used only by the cold-cache test, so its metadata is built there for the first time.
struct NeverSeenBefore: Mappable, Equatable {
    var id: Int64 = 0
    var name = ""
    var tags: [String] = []
    var nested = Address()
    var children: [NeverSeenBefore] = []
}

@Suite struct MetadataCacheTests {
    @Test func coldCacheFromEightThreadsGivesIdenticalResults() throws {
        let payload: [String: Any] = [
            "id": 9_007_199_254_740_993, "name": "n", "tags": ["a", "b"], "nested": ["city": "Rome"],
            "children": [["id": 1, "children": [["id": 2]]]],
        ]
        let results = LockedBox<[Result<NeverSeenBefore, MappingError>]>([])
        nonisolated(unsafe) let shared = payload
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let result = Result { try NeverSeenBefore(dictionary: shared) }.mapError { $0 as? MappingError ?? MappingError(.other("\($0)")) }
            results.withLock { $0.append(result) }
        }
        let decoded = try results.withLock { try $0.map { try $0.get() } }
        #expect(decoded.count == 8)
        #expect(decoded.allSatisfy { $0 == decoded[0] })
        #expect(decoded[0].id == 9_007_199_254_740_993)
        #expect(decoded[0].children.first?.children.first?.id == 2)
    }

    @Test func publicTypesAreSendable() {
        func requireSendable<T: Sendable>(_: T) {}
        requireSendable(KeyValueDecoder())
        requireSendable(KeyValueEncoder())
        requireSendable(MappingError(.other("x")))
        requireSendable(MappingError.PathComponent.key("k"))
    }
}
