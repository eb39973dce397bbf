import Foundation
import Testing
import KeyValueMapping

struct Transformed: Mappable {
    var iso = Date(timeIntervalSince1970: 0)
    var isoFraction = Date(timeIntervalSince1970: 0)
    var seconds = Date(timeIntervalSince1970: 0)
    var millis: Date?
    var day = Date(timeIntervalSince1970: 0)
    var berlinDay = Date(timeIntervalSince1970: 0)
    var link = URL(fileURLWithPath: "/")
    var id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var amount = Decimal(0)
    var blob = Data()
    var state = TicketStatus.unknown
    var stamps: [Date] = []
    var upper = ""

    static var mappingRules: MappingRules {
        MappingRules()
            .transform("iso", with: .iso8601)
            .transform("isoFraction", with: .iso8601WithFractionalSeconds)
            .transform("seconds", with: .secondsSince1970)
            .transform("millis", with: .millisecondsSince1970)
            .transform("day", with: .dateFormat("yyyy-MM-dd"))
            .transform("berlinDay", with: .dateFormat("dd.MM.yyyy HH:mm", locale: Locale(identifier: "de_DE"),
                                                       timeZone: TimeZone(identifier: "Europe/Berlin") ?? .current))
            .transform("link", with: .url)
            .transform("id", with: .uuid)
            .transform("amount", with: .decimal)
            .transform("blob", with: .base64)
            .transform("state", with: .valueTable(["open": TicketStatus.open, "closed": .closed]))
            .transform("stamps", with: .elementwise(.iso8601))
            .transform("upper", with: .custom(decode: { @Sendable json -> String in
                guard let text = json as? String else { throw MappingError(.other("not text")) }
                return text.uppercased()
            }, encode: { @Sendable value -> Any in value.lowercased() }))
    }
}

@Suite struct TransformerTests {
    static let decoding: [DecodeCase] = [
        DecodeCase("iso", "\"2024-05-01T13:45:30Z\"", "2024-05-01 13:45:30 +0000"),
        DecodeCase("iso", "\"2024-05-01T13:45:30.123456+05:30\"", "2024-05-01 08:15:30 +0000"),
        DecodeCase("iso", "1714571130", "error: iso: expected Date (ISO 8601 text), found Int 1714571130"),
        DecodeCase("seconds", "1714571130", "2024-05-01 13:45:30 +0000"),
        DecodeCase("seconds", "\"1714571130\"", "2024-05-01 13:45:30 +0000"),
        DecodeCase("millis", "1714571130000", "Optional(2024-05-01 13:45:30 +0000)"),
        DecodeCase("millis", "null", "nil"),
        DecodeCase("day", "\"2024-05-01\"", "2024-05-01 00:00:00 +0000"),
        DecodeCase("day", "\"01/05/2024\"", "error: day: expected Date, found String \"01/05/2024\" (does not match yyyy-MM-dd)"),
        DecodeCase("berlinDay", "\"01.05.2024 10:00\"", "2024-05-01 08:00:00 +0000"),
        DecodeCase("link", "\"https://example.com\"", "https://example.com"),
        DecodeCase("link", "\"/relative\"", "error: link: expected URL, found String \"/relative\" (not an absolute URL)"),
        DecodeCase("id", "\"e621e1f8-c36c-495a-93fc-0c247a3e6e5f\"", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
        DecodeCase("amount", "\"12.345678901234567890\"", "12.34567890123456789"),
        DecodeCase("amount", "7", "7"),
        DecodeCase("blob", "\"AAE=\"", "2 bytes"),
        DecodeCase("state", "\"open\"", "open"),
        DecodeCase("state", "\"reopened\"", "error: state: expected TicketStatus, found String \"reopened\" (not one of closed, open)"),
        DecodeCase("stamps", "[\"2024-05-01T00:00:00Z\", 5]", "error: stamps[1]: expected Date (ISO 8601 text), found Int 5"),
        DecodeCase("upper", "\"abc\"", "ABC"),
        DecodeCase("upper", "3", "error: upper: not text"),
        DecodeCase("upper", "null", "error: upper: expected String, found null (the property is not optional)"),
    ]

    @Test(arguments: decoding)
    func decodesThroughTransformers(_ row: DecodeCase) throws {
        #expect(try decodeProperty(row.key, json: row.json, into: Transformed.self) == row.expected)
    }

    @Test func encodesThroughTheReverseTransformers() throws {
        var model = Transformed()
        model.iso = Date(timeIntervalSince1970: 1_714_571_130)
        model.isoFraction = Date(timeIntervalSince1970: 1_714_571_130)
        model.seconds = Date(timeIntervalSince1970: 1.5)
        model.millis = Date(timeIntervalSince1970: 2)
        model.day = Date(timeIntervalSince1970: 1_714_521_600)
        model.berlinDay = Date(timeIntervalSince1970: 1_714_550_400)
        model.amount = Decimal(string: "0.1") ?? 0
        model.blob = Data([0, 1])
        model.state = .closed
        model.stamps = [Date(timeIntervalSince1970: 0)]
        model.upper = "ABC"
        let out = try model.dictionary()
        #expect(out["iso"] as? String == "2024-05-01T13:45:30Z")
        #expect(out["isoFraction"] as? String == "2024-05-01T13:45:30.000Z")
        #expect(out["seconds"] as? Double == 1.5)
        #expect(out["millis"] as? Int == 2000)
        #expect(out["day"] as? String == "2024-05-01")
        #expect(out["berlinDay"] as? String == "01.05.2024 10:00")
        #expect(out["amount"] as? String == "0.1")
        #expect(out["blob"] as? String == "AAE=")
        #expect(out["state"] as? String == "closed")
        #expect(out["stamps"] as? [String] == ["1970-01-01T00:00:00Z"])
        #expect(out["upper"] as? String == "abc")
        let again = try Transformed(dictionary: out)
        #expect(again.day == model.day && again.berlinDay == model.berlinDay && again.amount == model.amount)
    }

    @Test func aValueMissingFromTheTableIsAnEncodeErrorWithoutADefault() {
        var model = Transformed()
        model.state = .unknown
        let error = mappingError { _ = try model.dictionary() }
        #expect(error?.keyPath == "state")
    }
}

/// Declaring rules may itself decode other models: metadata is built outside the cache lock.
struct RulesThatDecode: Mappable {
    var value = 0
    static var mappingRules: MappingRules {
        let key = (try? Address(dictionary: ["city": "value_key"]))?.city ?? "value"
        return MappingRules().map("value", to: MappingKey.key(key))
    }
}

@Suite struct ReentrancyTests {
    @Test func rulesAndHooksMayDecodeOtherModels() throws {
        #expect(try RulesThatDecode(dictionary: ["value_key": 4]).value == 4)
    }
}
