import Foundation
import KeyValueMapping

/// A flat record, as the streams' tests and fixtures hold them.
struct StreamRecord: Mappable, Equatable, Sendable {
    var id = 0
    var name = ""
    var score = 0.0
    var tags: [String] = []
    var friends: [StreamFriend] = []
}

struct StreamFriend: Mappable, Equatable, Sendable {
    var id = 0
}

/// Bytes served one at a time from generated text, counting what was asked for; the text is
/// made on the fly (never held whole), so it can be larger than anything the test keeps.
struct GeneratedBytes: AsyncSequence, Sendable {
    typealias Element = UInt8

    /// The text of record `index`, or `nil` past the last one.
    let record: @Sendable (Int) -> [UInt8]?
    let prefix: [UInt8]
    let suffix: [UInt8]
    let served: LockedBox<Int>
    /// Called once when `served` reaches `trigger`.
    let trigger: Int?
    let onTrigger: @Sendable () -> Void

    init(prefix: String = "", suffix: String = "", trigger: Int? = nil, onTrigger: @escaping @Sendable () -> Void = {},
         record: @escaping @Sendable (Int) -> [UInt8]?) {
        self.prefix = Array(prefix.utf8)
        self.suffix = Array(suffix.utf8)
        self.record = record
        served = LockedBox(0)
        self.trigger = trigger
        self.onTrigger = onTrigger
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(source: self, pending: prefix[...])
    }

    struct Iterator: AsyncIteratorProtocol {
        let source: GeneratedBytes
        var pending: ArraySlice<UInt8>
        var index = 0
        var finished = false

        mutating func next() async -> UInt8? {
            while pending.isEmpty {
                guard !finished else { return nil }
                if let record = source.record(index) {
                    pending = record[...]
                    index += 1
                } else {
                    pending = source.suffix[...]
                    finished = true
                }
            }
            let count = source.served.withLock { $0 += 1; return $0 }
            if count == source.trigger { source.onTrigger() }
            return pending.popFirst()
        }
    }
}

/// `count` records as JSON text: an array (`[a,b]`) or JSON Lines (`a\nb\n`).
enum StreamText {
    static func record(_ index: Int) -> String {
        #"{"id":\#(index),"name":"name \#(index) \"quoted\" \\ back","score":\#(Double(index) / 4),"tags":["a","b,]}"],"friends":[{"id":\#(index + 1)}]}"#
    }

    static func expected(_ index: Int) -> StreamRecord {
        StreamRecord(id: index, name: "name \(index) \"quoted\" \\ back", score: Double(index) / 4, tags: ["a", "b,]}"], friends: [StreamFriend(id: index + 1)])
    }

    static func array(_ count: Int) -> String {
        "[" + (0..<count).map(record).joined(separator: ",\n ") + "]"
    }

    static func lines(_ count: Int) -> String {
        (0..<count).map { record($0) + "\n" }.joined()
    }
}

/// A temporary file holding `text`, removed by the caller.
func temporaryFile(_ text: String, name: String = UUID().uuidString) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("kvm-stream-\(name).json")
    try Data(text.utf8).write(to: url)
    return url
}

/// Every model of a stream, or the error that ended it with the models before it.
func collect<Model, Bytes>(_ stream: JSONModelStream<Model, Bytes>) async -> (models: [Model], error: (any Error)?) {
    var models: [Model] = []
    do {
        for try await model in stream { models.append(model) }
        return (models, nil)
    } catch {
        return (models, error)
    }
}
