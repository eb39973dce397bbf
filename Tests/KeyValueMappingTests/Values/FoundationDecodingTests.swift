import Foundation
import Testing
import KeyValueMapping

struct FoundationValues: Mappable {
    var date = Date(timeIntervalSince1970: -1)
    var url = URL(fileURLWithPath: "/")
    var uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var decimal = Decimal(0)
    var data = Data()
    var role = Role.member
    var level = Level.low
    var any: Any = 0
    var optionalAny: Any?
}

enum Level: Int, CaseIterable { case low = 1, high = 2 }

@Suite struct FoundationDecodingTests {
    static let cases: [DecodeCase] = [
        DecodeCase("date", "\"2024-05-01T13:45:30Z\"", "2024-05-01 13:45:30 +0000"),
        DecodeCase("date", "\"2024-05-01T13:45:30+02:00\"", "2024-05-01 11:45:30 +0000"),
        DecodeCase("date", "\"2024-05-01T13:45:30.250-0130\"", "2024-05-01 15:15:30 +0000"),
        DecodeCase("date", "\"2024-05-01\"", "2024-05-01 00:00:00 +0000"),
        DecodeCase("date", "\"2024\\u002d05-01T13:45:30z\"", "2024-05-01 13:45:30 +0000"),
        DecodeCase("date", "\"2024-05-01 13:45:30,5Z\"", "2024-05-01 13:45:30 +0000"),
        DecodeCase("date", "\"2024-05-01T13:45:30.1234567890Z\"", "2024-05-01 13:45:30 +0000"),
        DecodeCase("date", "\"2024-05-01T13:45:30.Z\"", "error: date: expected Date, found String \"2024-05-01T13:45:30.Z\" (not an ISO 8601 date with a time zone)"),
        DecodeCase("date", "\"2024-05-01T13:45:30+0200x\"", "error: date: expected Date, found String \"2024-05-01T13:45:30+0200x\" (not an ISO 8601 date with a time zone)"),
        DecodeCase("date", "\"2024-05-01T24:00:00Z\"", "error: date: expected Date, found String \"2024-05-01T24:00:00Z\" (not an ISO 8601 date with a time zone)"),
        DecodeCase("date", "\"2024-05-01T13:45:30Z\\u00e9\"", "error: date: expected Date, found String \"2024-05-01T13:45:30Zé\" (not an ISO 8601 date with a time zone)"),
        DecodeCase("date", "0", "1970-01-01 00:00:00 +0000"),
        DecodeCase("date", "1714571130", "2024-05-01 13:45:30 +0000"),
        DecodeCase("date", "\"2024-02-30T00:00:00Z\"", "error: date: expected Date, found String \"2024-02-30T00:00:00Z\" (not an ISO 8601 date with a time zone)"),
        DecodeCase("date", "\"2024-05-01T13:45:30\"", "error: date: expected Date, found String \"2024-05-01T13:45:30\" (not an ISO 8601 date with a time zone)"),
        DecodeCase("date", "true", "error: date: expected Date (ISO 8601 text or seconds since 1970), found Bool true"),
        DecodeCase("url", "\"https://example.com/a?b=c\"", "https://example.com/a?b=c"),
        DecodeCase("url", "\"/relative/path\"", "/relative/path"),
        DecodeCase("url", "\"https:\\/\\/example.com\\/a\"", "https://example.com/a"),
        DecodeCase("url", "\"not\\u0020a url\"", "error: url: expected URL, found String \"not a url\" (not a valid URL)"),
        DecodeCase("url", "\"https://example.com/caf\u{E9}\"", "error: url: expected URL, found String \"https://example.com/caf\u{E9}\" (not a valid URL)"),
        DecodeCase("url", "\"not a url\"", "error: url: expected URL, found String \"not a url\" (not a valid URL)"),
        DecodeCase("url", "\"\"", "error: url: expected URL, found String \"\" (not a valid URL)"),
        DecodeCase("url", "12", "error: url: expected URL, found Int 12"),
        DecodeCase("uuid", "\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
        DecodeCase("uuid", "\"e621e1f8-c36c-495a-93fc-0c247a3e6e5f\"", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
        DecodeCase("uuid", "\"E621E1F8\"", "error: uuid: expected UUID, found String \"E621E1F8\" (not a UUID)"),
        DecodeCase("decimal", "\"3.14159265358979323846\"", "3.14159265358979323846"),
        DecodeCase("decimal", "12345678901234567890123", "12345678901234567890123"),
        DecodeCase("decimal", "0.1", "0.1"),
        // Long fractions keep every digit on both paths (found by the fuzzer: the bytes path
        // went through Double and lost all but 17).
        DecodeCase("decimal", "1234560.101234567890123", "1234560.101234567890123"),
        DecodeCase("decimal", "-0.1012345678901234567", "-0.1012345678901234567"),
        DecodeCase("decimal", "12345678901234567890.5", "12345678901234567890.5"),
        DecodeCase("decimal", "\"1.5abc\"", "error: decimal: expected Decimal, found String \"1.5abc\" (not a decimal number)"),
        DecodeCase("data", "\"aGVsbG8=\"", "5 bytes"),
        DecodeCase("data", "\"!!\"", "error: data: expected Data, found String \"!!\" (not base64)"),
        DecodeCase("role", "\"admin\"", "admin"),
        DecodeCase("role", "\"adm\\u0069n\"", "admin"),
        DecodeCase("role", "null", "error: role: expected Role, found null (the property is not optional)"),
        DecodeCase("level", "null", "error: level: expected Level, found null (the property is not optional)"),
        DecodeCase("role", "\"owner\"", "error: role: expected Role, found String \"owner\" (not a raw value of Role)"),
        DecodeCase("role", "3", "error: role: expected Role, found Int 3 (not a raw value of Role)"),
        DecodeCase("role", "true", "error: role: expected Role (String raw value), found Bool true"),
        DecodeCase("level", "2", "high"),
        DecodeCase("level", "\"1\"", "low"),
        DecodeCase("level", "7", "error: level: expected Level, found Int 7 (not a raw value of Level)"),
        DecodeCase("any", "{\"a\": [1, 2.5, \"x\", true, null]}", "[\"a\": [1, 2.5, \"x\", true, <null>]]"),
        DecodeCase("any", "18446744073709551615", "18446744073709551615"),
        DecodeCase("any", "null", "error: any: expected Any, found null (the property is not optional)"),
        DecodeCase("optionalAny", "null", "nil"),
        DecodeCase("optionalAny", "false", "Optional(false)"),
    ]

    @Test(arguments: cases)
    func decodesFoundationTypes(_ row: DecodeCase) throws {
        #expect(try decodeProperty(row.key, json: row.json, into: FoundationValues.self) == row.expected)
    }

    @Test func anyPassesJSONValuesThroughAsSwiftValues() throws {
        let decoded = try FoundationValues(dictionary: try #require(
            try JSONSerialization.jsonObject(with: Data(#"{"any": {"n": 1, "f": 1.5, "b": true, "s": "x", "l": [1]}}"#.utf8)) as? [String: Any]))
        let object = try #require(decoded.any as? [String: Any])
        #expect(type(of: object["n"] ?? "") == Int.self)
        #expect(type(of: object["f"] ?? "") == Double.self)
        #expect(type(of: object["b"] ?? "") == Bool.self)
        #expect(object["l"] as? [Int] == [1])
    }

    @Test(arguments: [
        (DateCase.seconds, "1714571130.5", "2024-05-01 13:45:30 +0000"),
        (DateCase.milliseconds, "1714571130000", "2024-05-01 13:45:30 +0000"),
        (DateCase.iso8601Only, "1714571130", "error: date: expected Date (ISO 8601 text), found Int 1714571130"),
    ])
    func honoursTheDateStrategy(_ strategy: DateCase, _ json: String, _ expected: String) throws {
        var decoder = KeyValueDecoder()
        decoder.dateDecoding = strategy.strategy
        #expect(try decodeProperty("date", json: json, into: FoundationValues.self, decoder: decoder) == expected)
    }

    @Test func customDateStrategyErrorsCarryTheKeyPath() throws {
        struct Refused: Error {}
        var decoder = KeyValueDecoder()
        decoder.dateDecoding = .custom { _ in throw Refused() }
        let error = mappingError { _ = try decoder.decode(FoundationValues.self, from: ["date": "x"]) }
        #expect(error?.keyPath == "date")
        #expect(error?.underlyingError is Refused)
    }
}

enum DateCase: Sendable {
    case seconds, milliseconds, iso8601Only

    var strategy: KeyValueDecoder.DateDecodingStrategy {
        switch self {
        case .seconds: return .secondsSince1970
        case .milliseconds: return .millisecondsSince1970
        case .iso8601Only: return .iso8601
        }
    }
}
