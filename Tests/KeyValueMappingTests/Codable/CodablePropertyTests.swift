import Foundation
import Testing
import KeyValueMapping

struct Money: Codable, Equatable, Sendable {
    var amount: Decimal
    var currency: String
}

struct Order: Mappable, Equatable {
    var id = 0
    var total = Money(amount: 0, currency: "EUR")
    var discount: Money?
    var lines: [Money] = []
}

struct Customer: Mappable, Equatable {
    var name = ""
    var orders: [Order] = []
}

/// Foundation value types inside a Codable value follow the library's strategies.
struct CodedStamped: Codable, Equatable {
    var at: Date
    var link: URL
    var id: UUID
    var blob: Data
    var price: Decimal
}

struct StampedHolder: Mappable, Equatable {
    var stamp = CodedStamped(at: Date(timeIntervalSince1970: 0), link: URL(fileURLWithPath: "/"), id: UUID(), blob: Data(), price: 0)
}

/// A Codable value holding a CodableMappable model: the model maps through its rules.
struct Delivery: Codable, Equatable {
    var recipient: CodableUser
    var note: String
}

struct Shipment: Mappable, Equatable {
    var delivery = Delivery(recipient: CodableUser(), note: "")
}

enum Geometry: Codable, Equatable {
    case circle(radius: Double)
    case square(side: Double)
}

/// Odd numbers are refused with a Codable error, "x" with an error of its own.
struct EvenNumber: Codable, Equatable {
    var value: Int

    struct NotANumber: Error, CustomStringConvertible {
        var description: String { "x is not a number" }
    }

    init(_ value: Int) { self.value = value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if (try? container.decode(String.self)) == "x" { throw NotANumber() }
        value = try container.decode(Int.self)
        guard value.isMultiple(of: 2) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(value) is odd")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

final class Settings: Codable, Equatable {
    var theme = "light"
    var sizes: [String: Int] = [:]
    static func == (lhs: Settings, rhs: Settings) -> Bool { lhs.theme == rhs.theme && lhs.sizes == rhs.sizes }
}

/// A Codable linked list, for depth limits and cycles.
final class Link: Codable {
    var next: Link?
}

@propertyWrapper
struct CodedClamped: Codable, Equatable {
    var wrappedValue: Int
}

struct Everything: Mappable, Equatable {
    var geometry = Geometry.circle(radius: 0)
    var even = EvenNumber(0)
    var settings = Settings()
    var any: JSONValue = .null
    var anyOptional: JSONValue?
    var set: Set<String> = []
    @CodedClamped var clamped = 1
    var link: Link?

    static func == (lhs: Everything, rhs: Everything) -> Bool {
        lhs.geometry == rhs.geometry && lhs.even == rhs.even && lhs.settings == rhs.settings && lhs.any == rhs.any
            && lhs.anyOptional == rhs.anyOptional && lhs.set == rhs.set && lhs.clamped == rhs.clamped
    }
}

/// The two decoding entrances every table runs through.
enum DecodePath: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case dictionary, bytes

    var testDescription: String { rawValue }

    func decode<Model: Mappable>(_ type: Model.Type, _ text: String, with decoder: KeyValueDecoder = KeyValueDecoder()) throws -> Model {
        switch self {
        case .dictionary:
            guard let dictionary = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? [String: Any] else {
                throw MappingError(.other("the test's JSON is not an object"))
            }
            return try decoder.decode(Model.self, from: dictionary)
        case .bytes:
            return try decoder.decode(Model.self, fromJSON: Data(text.utf8))
        }
    }

    /// Encodes through this path and returns the JSON text with sorted keys.
    func encode<Model: Mappable>(_ model: Model, with encoder: KeyValueEncoder = KeyValueEncoder()) throws -> String {
        switch self {
        case .dictionary:
            let data = try JSONSerialization.data(withJSONObject: try encoder.encode(model), options: [.sortedKeys])
            return try JSONValue(jsonData: data).jsonString(options: .sortedKeys)
        case .bytes:
            return String(decoding: try encoder.encodeJSON(model, options: .sortedKeys), as: UTF8.self)
        }
    }
}

@Suite struct CodablePropertyTests {
    @Test(arguments: DecodePath.allCases)
    func codableTypesArePropertiesBothWays(_ path: DecodePath) throws {
        let text = #"{"id": 1, "total": {"amount": 12.5, "currency": "EUR"}, "discount": null, "lines": [{"amount": 1, "currency": "USD"}]}"#
        let order = try path.decode(Order.self, text)
        #expect(order == Order(id: 1, total: Money(amount: 12.5, currency: "EUR"), discount: nil, lines: [Money(amount: 1, currency: "USD")]))
        #expect(try path.encode(order) == #"{"id":1,"lines":[{"amount":1,"currency":"USD"}],"total":{"amount":12.5,"currency":"EUR"}}"#)
        #expect(try path.decode(Order.self, try path.encode(order)) == order)
    }

    @Test(arguments: DecodePath.allCases, [
        (#"{"orders": [{}, {}, {"total": {"amount": "lots", "currency": "EUR"}}]}"#, #"orders[2].total.amount: expected Decimal, found String "lots" (not a decimal number)"#),
        (#"{"orders": [{"total": {"amount": 1}}]}"#, "orders[0].total.currency: required key is missing (expected String)"),
        (#"{"orders": [{"total": null}]}"#, "orders[0].total: expected Money, found null (the property is not optional)"),
        (#"{"orders": [{"total": {"amount": null, "currency": "EUR"}}]}"#, "orders[0].total.amount: expected Decimal, found null (the property is not optional)"),
        (#"{"orders": [{"total": [1, 2]}]}"#, "orders[0].total: expected Money, found Array (2 elements)"),
        (#"{"orders": [{"lines": [{"amount": 1, "currency": "EUR"}, {"amount": 2, "currency": [7]}]}]}"#, #"orders[0].lines[1].currency: expected String, found Array (1 element)"#),
    ] as [(String, String)])
    func errorsNameTheFullKeyPath(_ path: DecodePath, _ testCase: (text: String, message: String)) {
        let error = mappingError { _ = try path.decode(Customer.self, testCase.text) }
        #expect(error?.description == testCase.message)
    }

    @Test(arguments: DecodePath.allCases)
    func coercionAndStrictModeApplyInside(_ path: DecodePath) throws {
        let text = #"{"total": {"amount": "12.50", "currency": "EUR"}}"#
        #expect(try path.decode(Order.self, text).total.amount == Decimal(string: "12.50"))
        var strict = KeyValueDecoder()
        strict.coercion = .strict
        let error = mappingError { _ = try path.decode(Order.self, text, with: strict) }
        #expect(error?.description == #"total.amount: expected Decimal, found String "12.50""#)
    }

    @Test(arguments: DecodePath.allCases)
    func foundationValuesInsideFollowTheLibrarysStrategies(_ path: DecodePath) throws {
        let id = UUID()
        let text = #"{"stamp": {"at": 1700000000000, "link": "https://example.org/a", "id": "\#(id.uuidString.lowercased())", "blob": "AQID", "price": 12345678901234567.89}}"#
        var decoder = KeyValueDecoder()
        decoder.dateDecoding = .millisecondsSince1970
        let holder = try path.decode(StampedHolder.self, text, with: decoder)
        #expect(holder.stamp == CodedStamped(at: Date(timeIntervalSince1970: 1_700_000_000), link: URL(string: "https://example.org/a")!,
                                        id: id, blob: Data([1, 2, 3]), price: Decimal(string: "12345678901234567.89")!))
        var encoder = KeyValueEncoder()
        encoder.dateEncoding = .secondsSince1970
        let written = try path.encode(holder, with: encoder)
        // JSONSerialization (the dictionary path's writer here) prints 1700000000.0 as 1700000000.
        let at = path == .bytes ? "1700000000.0" : "1700000000"
        #expect(written == #"{"stamp":{"at":\#(at),"blob":"AQID","id":"\#(id.uuidString)","link":"https://example.org/a","price":12345678901234567.89}}"#)
        let iso = try path.encode(holder)
        #expect(iso.contains(#""at":"2023-11-14T22:13:20Z""#))
        let bad = mappingError { _ = try path.decode(StampedHolder.self, text.replacingOccurrences(of: "AQID", with: "%%"), with: decoder) }
        #expect(bad?.description == #"stamp.blob: expected Data, found String "%%" (not base64)"#)
    }

    @Test(arguments: DecodePath.allCases)
    func mappableInsideCodableInsideMappable(_ path: DecodePath) throws {
        let text = #"{"delivery": {"recipient": {"id": 3, "full_name": "Ada"}, "note": "ring twice"}}"#
        let shipment = try path.decode(Shipment.self, text)
        #expect(shipment.delivery == Delivery(recipient: CodableUser(id: 3, fullName: "Ada"), note: "ring twice"))
        #expect(try path.encode(shipment) == #"{"delivery":{"note":"ring twice","recipient":{"full_name":"Ada","id":3,"tags":[]}}}"#)
        let error = mappingError { _ = try path.decode(Shipment.self, #"{"delivery": {"recipient": {"id": "three"}, "note": ""}}"#) }
        #expect(error?.description == #"delivery.recipient.id: expected Int, found String "three""#)
    }

    @Test(arguments: DecodePath.allCases)
    func enumsClassesJSONValuesAndThrowingTypes(_ path: DecodePath) throws {
        let text = #"{"geometry": {"square": {"side": 2}}, "even": 4, "settings": {"theme": "dark", "sizes": {"s": 1}}, "any": {"a": true, "b": [1, "x", null]}, "anyOptional": null, "set": ["a", "b", "a"], "_clamped": 9}"#
        let model = try path.decode(Everything.self, text)
        #expect(model.geometry == .square(side: 2) && model.even == EvenNumber(4))
        #expect(model.settings.theme == "dark" && model.settings.sizes == ["s": 1])
        #expect(model.any == ["a": true, "b": [1, "x", nil]])
        #expect(model.anyOptional == nil && model.set == ["a", "b"] && model.clamped == 1)
        #expect(try path.decode(Everything.self, try path.encode(model)) == model)
        let odd = mappingError { _ = try path.decode(Everything.self, #"{"even": 3}"#) }
        #expect(odd?.description == "even: expected EvenNumber, found Int 3 (3 is odd)")
        let custom = mappingError { _ = try path.decode(Everything.self, #"{"even": "x"}"#) }
        #expect(custom?.description == #"even: expected EvenNumber, found String "x" (x is not a number)"#)
        let null = mappingError { _ = try path.decode(Everything.self, #"{"geometry": null}"#) }
        #expect(null?.description == "geometry: expected Geometry, found null (the property is not optional)")
        #expect(try path.decode(Everything.self, #"{"any": null}"#).any == .null)
    }

    @Test func propertyWrapperStorageStaysUnmappedEvenWhenCodable() throws {
        let model = try Everything(dictionary: ["_clamped": 9, "clamped": 8])
        #expect(model.clamped == 1)
        let out = try model.dictionary()
        #expect(out["_clamped"] == nil && out["clamped"] == nil)
    }

    @Test(arguments: DecodePath.allCases)
    func deepCodableValuesAndCyclesFailCleanly(_ path: DecodePath) throws {
        var decoder = KeyValueDecoder()
        decoder.maximumDepth = 40
        let deep = String(repeating: #"{"next": "#, count: 60) + "null" + String(repeating: "}", count: 60)
        let error = mappingError { _ = try path.decode(Everything.self, #"{"link": \#(deep)}"#, with: decoder) }
        #expect(error?.reasonDescription == "nesting deeper than the maximum depth of 40")
        #expect(error?.keyPath.hasPrefix("link.next.next") == true)
        var model = Everything()
        let link = Link()
        link.next = link
        model.link = link
        let cycle = mappingError { _ = try path.encode(model) }
        #expect(cycle?.reasonDescription == "nesting deeper than the maximum depth of 512")
        link.next = nil
    }

    @Test(arguments: DecodePath.allCases)
    func nonFiniteNumbersInsideAreEncodingErrors(_ path: DecodePath) throws {
        struct Measure: Codable { var value: Double }
        struct Holder: Mappable { var measures: [Measure] = [] }
        var holder = Holder()
        holder.measures = [Measure(value: 1), Measure(value: .nan)]
        let error = mappingError { _ = try path.encode(holder) }
        #expect(error?.description == "measures[1].value: Double nan cannot be written as JSON (NaN and infinities have no JSON form)")
    }

    @Test func lenientDecodingSkipsAFailingCodableProperty() throws {
        let (order, skipped) = try KeyValueDecoder().decodeLeniently(Order.self, from: ["id": 2, "total": ["amount": "x", "currency": "EUR"]])
        #expect(order.id == 2 && order.total == Money(amount: 0, currency: "EUR"))
        #expect(skipped.map(\.description) == [#"total.amount: expected Decimal, found String "x" (not a decimal number)"#])
    }
}

/// Untyped properties holding numbers a Double does not hold exactly, through property lists.
@Suite struct CodableLooseNumberTests {
    @Test(arguments: ["123456789012345678901234567890", "0.1000000000000000000001", "-98765432109876543210.5"])
    func looseNumbersSurviveAPropertyListRoundTrip(_ literal: String) throws {
        var model = LooseCodable()
        model.any = ["big": try #require(Decimal(string: literal)), "list": [try #require(Decimal(string: literal))]]
        model.json = try JSONValue(jsonString: #"{"n": \#(literal)}"#)
        let back = try PropertyListDecoder().decode(LooseCodable.self, from: PropertyListEncoder().encode(model))
        #expect(try back.jsonString(options: .sortedKeys) == model.jsonString(options: .sortedKeys))
        #expect(try back.jsonString(options: .sortedKeys) == #"{"any":{"big":\#(literal),"list":[\#(literal)]},"json":{"n":\#(literal)}}"#)
    }
}

/// A Codable enum with no raw value, as a dictionary key.
enum CodedColor: Codable, Hashable, Sendable { case red, green }

/// Dictionaries whose keys the library does not map itself.
struct CodableKeyed: CodableMappable, Equatable {
    var values: [UUID: Int] = [:]
    var colors: [CodedColor: [String]] = [:]
}

/// A dictionary whose key type the library does not map (`UUID`, a Codable enum) is a Codable
/// property like any other: Swift writes it as an array of alternating keys and values.
@Suite struct CodableKeyedDictionaryTests {
    static let model = CodableKeyed(values: [UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!: 1], colors: [.red: ["a"]])
    static let json = #"{"values":["6F9619FF-8B86-D011-B42D-00C04FC964FF",1],"colors":[{"red":{}},["a"]]}"#

    @Test(arguments: DecodeRoute.allCases)
    func decodesOnEveryRoute(_ route: DecodeRoute) {
        #expect(route.outcome(CodableKeyed.self, Self.json) { "\($0 == Self.model)" } == "true")
    }

    @Test func encodesAndRoundTripsThroughEveryCoder() throws {
        #expect(try Self.model.jsonString() == Self.json)
        #expect(try KeyValueDecoder().decode(CodableKeyed.self, from: Self.model.dictionary()) == Self.model)
        #expect(try JSONDecoder().decode(CodableKeyed.self, from: JSONEncoder().encode(Self.model)) == Self.model)
        #expect(try PropertyListDecoder().decode(CodableKeyed.self, from: PropertyListEncoder().encode(Self.model)) == Self.model)
    }

    @Test(arguments: [
        (#"{"values": ["x", 1]}"#, #"values[0]: expected UUID, found String "x" (not a UUID)"#),
        (#"{"values": ["6F9619FF-8B86-D011-B42D-00C04FC964FF", "y"]}"#, #"values[1]: expected Int, found String "y""#),
        (#"{"colors": [{"blue": {}}, []]}"#, "colors[0]: expected CodedColor, found Dictionary (1 key)"),
        (#"{"values": {"a": 1}}"#, "values: expected Dictionary<UUID, Int>, found Dictionary (1 key)"),
    ])
    func errorsNameTheKeyPathOnEveryRoute(_ json: String, _ message: String) {
        for route in DecodeRoute.allCases {
            #expect(route.outcome(CodableKeyed.self, json) { _ in "decoded" } == "error: \(message)", "\(route)")
        }
        #expect(mappingError { _ = try JSONDecoder().decode(CodableKeyed.self, from: Data(json.utf8)) }?.description == message)
    }
}
