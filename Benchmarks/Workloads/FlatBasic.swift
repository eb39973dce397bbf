import Foundation
import KeyValueMapping

/// The flat object exactly as the benchmark issue words it: twelve fields of only the eight
/// listed kinds (Int, Double, Bool, String, optional String, [String], a nested three-field
/// struct, a String-raw-value enum). The memory probe decodes it beside ``FlatRecord``, whose
/// extra kinds (`Date`, `URL?`, `Int64`, `[String: Int]`) are Foundation values and native
/// dictionaries that by themselves weigh twice the JSON they come from.
struct FlatBasicRecord: Mappable, Equatable, Sendable {
    var id = 0
    var score = 0.0
    var active = false
    var name = ""
    var nickname: String?
    var tags: [String] = []
    var location = FlatPoint()
    var kind = FlatKind.alpha
    var followers = 0
    var rating = 0.0
    var verified = false
    var email = ""

    init() {}
}

extension FlatGenerator {
    /// One basic record: the first eight fields drawn as in ``record(id:)``, then four more
    /// of the same kinds.
    mutating func basicRecord(id: Int) -> FlatBasicRecord {
        let full = record(id: id)
        var record = FlatBasicRecord()
        record.id = full.id
        record.score = full.score
        record.active = full.active
        record.name = full.name
        record.nickname = full.nickname
        record.tags = full.tags
        record.location = full.location
        record.kind = full.kind
        record.followers = next() % 5_000_000
        record.rating = Double(next() % 50_001) / 10_000
        record.verified = next() % 10 == 0
        record.email = "\(full.name)@example.org"
        return record
    }
}

extension FlatBasicRecord: MemoryProbeRecord, FlatCoreFields {
    static func generate(id: Int, with generator: inout FlatGenerator) -> FlatBasicRecord {
        generator.basicRecord(id: id)
    }

    func appendJSON(to text: inout [UInt8]) {
        let json = coreJSON + ",\"followers\":\(followers),\"rating\":\(rating),\"verified\":\(verified),\"email\":\(JSONText.quoted(email))}"
        text.append(contentsOf: json.utf8)
    }
}
