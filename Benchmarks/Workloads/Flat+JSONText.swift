import Foundation
import KeyValueMapping

// Writes generated flat records straight to JSON text, record by record, into one buffer
// reserved up front. The memory probe needs this: building the records and a
// JSONSerialization tree first would raise the process's peak RSS (a high-water mark) far
// above the decode's own, before the decode even starts.

/// A record type the memory probe generates as JSON text, decodes, and builds directly.
protocol MemoryProbeRecord: Mappable, Equatable {
    /// The record with this `id` (from 1), drawn from `generator`.
    static func generate(id: Int, with generator: inout FlatGenerator) -> Self
    /// Appends the record as one compact JSON object.
    func appendJSON(to text: inout [UInt8])
}

/// A large, deterministic JSON array of flat records for the memory probe.
struct FlatText<Record: MemoryProbeRecord> {
    /// The JSON text: `[record,record,…]`, slightly over the requested size.
    let bytes: [UInt8]
    /// Records written.
    let records: Int
    /// A few records by index (spread through the array, the last included), kept to check
    /// the decoded result against.
    let samples: [(index: Int, record: Record)]

    /// Every this many records one is kept as a sample.
    private static var sampleStride: Int { 9_973 }

    /// Records from ``FlatGenerator`` (the same values the flat workload uses, continued)
    /// until the text reaches `target` bytes.
    static func make(bytes target: Int) -> FlatText {
        var generator = FlatGenerator()
        var text: [UInt8] = []
        // One record is a few hundred bytes; the slack means the buffer never grows, so
        // generation never holds two copies of it.
        text.reserveCapacity(target + 64 * 1024)
        text.append(UInt8(ascii: "["))
        var count = 0
        var samples: [(index: Int, record: Record)] = []
        var last: Record?
        while text.count < target {
            let record = Record.generate(id: count + 1, with: &generator)
            if count > 0 { text.append(UInt8(ascii: ",")) }
            record.appendJSON(to: &text)
            if count.isMultiple(of: sampleStride) { samples.append((count, record)) }
            last = record
            count += 1
        }
        text.append(UInt8(ascii: "]"))
        if let last, samples.last?.index != count - 1 { samples.append((count - 1, last)) }
        return FlatText(bytes: text, records: count, samples: samples)
    }
}

/// The eight fields both flat records start with, written the same way by both.
protocol FlatCoreFields {
    var id: Int { get }
    var score: Double { get }
    var active: Bool { get }
    var name: String { get }
    var nickname: String? { get }
    var tags: [String] { get }
    var location: FlatPoint { get }
    var kind: FlatKind { get }
}

extension FlatCoreFields {
    /// The object's opening brace and those eight members (an absent nickname is left out).
    var coreJSON: String {
        var json = "{\"id\":\(id),\"score\":\(score),\"active\":\(active),\"name\":\(JSONText.quoted(name))"
        if let nickname { json += ",\"nickname\":\(JSONText.quoted(nickname))" }
        json += ",\"tags\":[\(tags.map(JSONText.quoted).joined(separator: ","))]"
        json += ",\"location\":{\"x\":\(location.x),\"y\":\(location.y),\"label\":\(JSONText.quoted(location.label))}"
        return json + ",\"kind\":\(JSONText.quoted(kind.rawValue))"
    }
}

extension FlatRecord: MemoryProbeRecord, FlatCoreFields {
    static func generate(id: Int, with generator: inout FlatGenerator) -> FlatRecord {
        generator.record(id: id)
    }

    /// Appends the record as a compact JSON object with the keys and value forms of
    /// ``handWrittenDictionary()`` (absent optionals are left out, dates are ISO 8601 text).
    func appendJSON(to text: inout [UInt8]) {
        var json = coreJSON + ",\"created_at\":\(JSONText.quoted(DateText.format(created_at)))"
        if let homepage { json += ",\"homepage\":\(JSONText.quoted(homepage.absoluteString))" }
        json += ",\"revision\":\(revision),\"counters\":{"
        // Sorted so the text is the same on every run; dictionary order is randomly seeded.
        json += counters.sorted { $0.key < $1.key }.map { "\(JSONText.quoted($0.key)):\($0.value)" }.joined(separator: ",")
        json += "}}"
        text.append(contentsOf: json.utf8)
    }
}

/// JSON text for the generated records.
enum JSONText {
    /// `value` as a JSON string literal. The generated text holds no quotes or control
    /// characters today, but escaping keeps the writer correct if the generator changes.
    /// (Doubles need no such care: Swift's shortest `description` of a finite value, such as
    /// `12.5` or `1e-05`, is valid JSON.)
    static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
