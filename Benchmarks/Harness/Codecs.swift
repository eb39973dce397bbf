import Foundation
import KeyValueMapping

/// A model that also has the hand-written mapping the floor uses. The names differ from
/// `Mappable`'s `init(dictionary:)` / `dictionary()` on purpose: with the same names the
/// library's extension would silently satisfy the requirement and the "floor" would be the
/// library itself.
protocol HandWrittenMapping {
    /// Decodes from a JSON dictionary with explicit `as?` checks, as an app would by hand.
    init(handWritten dictionary: [String: Any]) throws
    /// Encodes to a JSON-compatible dictionary, as an app would by hand.
    func handWrittenDictionary() -> [String: Any]
}

/// Everything a workload's models conform to: the library, Foundation's Codable, the floor.
typealias BenchmarkModel = Mappable & Codable & HandWrittenMapping & Equatable

/// An encoded dictionary form plus a cheap checksum of it (casting `[[String: Any]]` to
/// `[Any]` just to count it would cost a copy inside the timed region).
struct EncodedDictionary {
    /// `[String: Any]` or `[[String: Any]]`, ready for `JSONSerialization`.
    let value: Any
    /// Element or key count.
    let checksum: Int
}

/// Every conversion the benchmark times for one workload's root value (an array of models or
/// one document model), each as a closure so the runner treats them alike.
struct Codecs<Root: Equatable> {
    /// KeyValueMapping: JSONSerialization output to root.
    let decodeDictionary: (Any) throws -> Root
    /// The floor: JSONSerialization output to root by hand.
    let handDecodeDictionary: (Any) throws -> Root
    /// KeyValueMapping: bytes to root.
    let decodeBytes: (Data) throws -> Root
    /// Foundation's `JSONDecoder` with synthesized `Decodable`.
    let jsonDecoderDecode: (Data) throws -> Root
    /// KeyValueMapping: root to dictionary form.
    let encodeDictionary: (Root) throws -> EncodedDictionary
    /// The floor: root to dictionary form by hand.
    let handEncodeDictionary: (Root) -> EncodedDictionary
    /// KeyValueMapping: root to bytes.
    let encodeBytes: (Root) throws -> Data
    /// Foundation's `JSONEncoder` with synthesized `Encodable`.
    let jsonEncoderEncode: (Root) throws -> Data
    /// A cheap fingerprint of a decoded root (counts), consumed so decoding is not dead code.
    let checksum: (Root) -> Int
}

extension Codecs {
    /// Codecs for a top-level JSON array of `Model`.
    init<Model: BenchmarkModel>(arrayOf model: Model.Type) where Root == [Model] {
        let decoder = KeyValueDecoder()
        let encoder = KeyValueEncoder()
        let jsonDecoder = Foundation.JSONDecoder()
        jsonDecoder.dateDecodingStrategy = .iso8601
        let jsonEncoder = Foundation.JSONEncoder()
        jsonEncoder.dateEncodingStrategy = .iso8601
        decodeDictionary = { object in
            guard let array = object as? [Any] else { throw BenchmarkFailure("expected a JSON array of \(Model.self)") }
            return try [Model](dictionaries: array)
        }
        handDecodeDictionary = { object in
            guard let array = object as? [Any] else { throw BenchmarkFailure("expected a JSON array of \(Model.self)") }
            return try HandWritten.array(array) { try Model(handWritten: HandWritten.object($0)) }
        }
        decodeBytes = { try decoder.decode([Model].self, fromJSON: $0) }
        jsonDecoderDecode = { try jsonDecoder.decode([Model].self, from: $0) }
        encodeDictionary = { models in
            let list = try models.dictionaries()
            return EncodedDictionary(value: list, checksum: list.count)
        }
        handEncodeDictionary = { models in
            let list = models.map { $0.handWrittenDictionary() }
            return EncodedDictionary(value: list, checksum: list.count)
        }
        encodeBytes = { try encoder.encodeJSON($0) }
        jsonEncoderEncode = { try jsonEncoder.encode($0) }
        checksum = { $0.count }
    }

    /// Codecs for a document whose top level is one `Root` object.
    init(document: Root.Type, checksum: @escaping (Root) -> Int) where Root: BenchmarkModel {
        let decoder = KeyValueDecoder()
        let encoder = KeyValueEncoder()
        let jsonDecoder = Foundation.JSONDecoder()
        jsonDecoder.dateDecodingStrategy = .iso8601
        let jsonEncoder = Foundation.JSONEncoder()
        jsonEncoder.dateEncodingStrategy = .iso8601
        decodeDictionary = { object in
            guard let dictionary = object as? [String: Any] else { throw BenchmarkFailure("expected a JSON object for \(Root.self)") }
            return try Root(dictionary: dictionary)
        }
        handDecodeDictionary = { try Root(handWritten: HandWritten.object($0)) }
        decodeBytes = { try decoder.decode(Root.self, fromJSON: $0) }
        jsonDecoderDecode = { try jsonDecoder.decode(Root.self, from: $0) }
        encodeDictionary = { model in
            let dictionary = try model.dictionary()
            return EncodedDictionary(value: dictionary, checksum: dictionary.count)
        }
        handEncodeDictionary = { model in
            let dictionary = model.handWrittenDictionary()
            return EncodedDictionary(value: dictionary, checksum: dictionary.count)
        }
        encodeBytes = { try encoder.encodeJSON($0) }
        jsonEncoderEncode = { try jsonEncoder.encode($0) }
        self.checksum = checksum
    }
}
