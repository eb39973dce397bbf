import Foundation
import Testing
import KeyValueMapping

struct Encodables: Mappable {
    var int = 1
    var uint64 = UInt64.max
    var double = 1.5
    var float: Float = 0.1
    var bool = true
    var string = "s"
    var optional: String?
    var date = Date(timeIntervalSince1970: 1_714_571_130)
    var preciseDate = Date(timeIntervalSince1970: 1_714_571_130.25)
    var url = URL(string: "https://example.com/x") ?? URL(fileURLWithPath: "/")
    var uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()
    var decimal = Decimal(string: "3.14159265358979323846") ?? 0
    var data = Data("hello".utf8)
    var role = Role.admin
    var level = Level.high
    var list: [Int?] = [1, nil]
    var byNumber: [Int: String] = [7: "seven"]
    var address = Address(city: "Oslo", zip: nil)
    var any: Any = ["k": [1, "x"]]
}

@Suite struct EncodingTests {
    static let expected: [(String, String)] = [
        ("int", "1"),
        ("uint64", "18446744073709551615"),
        ("double", "1.5"),
        ("float", "0.1"),
        ("bool", "true"),
        ("string", "s"),
        ("date", "2024-05-01T13:45:30Z"),
        ("preciseDate", "2024-05-01T13:45:30.250Z"),
        ("url", "https://example.com/x"),
        ("uuid", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
        ("decimal", "3.14159265358979323846"),
        ("data", "aGVsbG8="),
        ("role", "admin"),
        ("level", "2"),
        ("list", "[1, <null>]"),
        ("byNumber", "[\"7\": \"seven\"]"),
        ("address", "[\"city\": \"Oslo\"]"),
        ("any", "[\"k\": [1, \"x\"]]"),
    ]

    @Test(arguments: expected)
    func encodesEveryTypeAsJSONCompatibleValues(_ key: String, _ rendering: String) throws {
        let dictionary = try Encodables().dictionary()
        let value = try #require(dictionary[key])
        #expect(String(describing: value) == rendering)
    }

    @Test func outputIsValidForJSONSerialization() throws {
        let dictionary = try Encodables().dictionary()
        #expect(JSONSerialization.isValidJSONObject(dictionary))
        #expect(dictionary["optional"] == nil)
        #expect(try JSONSerialization.data(withJSONObject: dictionary).count > 0)
    }

    // Every encoded model starts from a copy of one shared empty dictionary per type.
    @Test func eachModelGetsADictionaryOfItsOwn() throws {
        var first = try Encodables().dictionary()
        let keys = first.count
        first["added"] = 1
        let models = try KeyValueEncoder().encode([Encodables(), Encodables()])
        #expect(models.map(\.count) == [keys, keys])
        #expect(models.allSatisfy { $0["added"] == nil })
    }

    @Test func writeNullStrategyWritesNSNull() throws {
        var encoder = KeyValueEncoder()
        encoder.nilEncoding = .writeNull
        let dictionary = try encoder.encode(Encodables())
        #expect(dictionary["optional"] is NSNull)
    }

    @Test func dateStrategies() throws {
        var encoder = KeyValueEncoder()
        encoder.dateEncoding = .secondsSince1970
        #expect(try encoder.encode(Encodables())["date"] as? Double == 1_714_571_130)
        encoder.dateEncoding = .millisecondsSince1970
        #expect(try encoder.encode(Encodables())["preciseDate"] as? Int == 1_714_571_130_250)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteNumbersAreErrorsWithTheKeyPath(_ number: Double) throws {
        var model = Encodables()
        model.double = number
        let error = mappingError { _ = try model.dictionary() }
        #expect(error?.keyPath == "double")
        #expect(error?.description == "double: Double \(number) cannot be written as JSON (NaN and infinities have no JSON form)")
    }

    @Test func nonJSONValuesInAnyAreErrors() throws {
        var model = Encodables()
        model.any = ["ok": 1, "bad": [NSObject()]]
        let error = mappingError { _ = try model.dictionary() }
        #expect(error?.keyPath == "any.bad[0]")
    }

    @Test func roundTripsThroughJSONBytes() throws {
        let user = try User(dictionary: try Fixtures.dictionary("user.json"))
        let bytes = try user.jsonData()
        #expect(try User(jsonData: bytes) == user)
        #expect(try User(jsonString: try user.jsonString()) == user)
    }

    @Test func malformedJSONIsAMappingError() {
        let error = mappingError { _ = try User(jsonString: "{\"id\": }") }
        if case .malformedJSON? = error?.reason {} else { Issue.record("expected malformedJSON, got \(String(describing: error))") }
    }
}
