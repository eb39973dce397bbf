import Foundation
import Testing
import KeyValueMapping

struct FlatAddress: Mappable, Equatable {
    var city = ""
    var zip = ""
    var countryCode = ""
    static var mappingRules: MappingRules { MappingRules().map("zip", to: "postal.code").naming(.snakeCase) }
}
struct FlatContact: Mappable, Equatable { var email = ""; var phone: String? }
struct FlatCustomer: Mappable, Equatable {
    var name = ""
    var address = FlatAddress()
    var contact = FlatContact()
    static var mappingRules: MappingRules { MappingRules().flatten("address", "contact") }
}
struct ClashingCustomer: Mappable {
    var city = ""
    var address = FlatAddress()
    static var mappingRules: MappingRules { MappingRules().flatten("address") }
}
struct FlattenScalar: Mappable {
    var count = 0
    static var mappingRules: MappingRules { MappingRules().flatten("count") }
}

@Suite("Flattening a nested model into its parent's object")
struct FlattenTests {
    static let json = #"{"name": "Ada", "city": "Paris", "postal": {"code": "75001"}, "country_code": "FR", "email": "ada@example.com"}"#
    static let expected = FlatCustomer(name: "Ada", address: FlatAddress(city: "Paris", zip: "75001", countryCode: "FR"),
                                       contact: FlatContact(email: "ada@example.com", phone: nil))

    @Test("the nested model's keys, renames, styles and key paths are read from the parent's object", arguments: DecodeRoute.allCases)
    func decodes(route: DecodeRoute) {
        #expect(route.outcome(FlatCustomer.self, Self.json) { $0 == Self.expected ? "equal" : "\($0)" } == "equal")
        var strict = KeyValueDecoder()
        strict.unknownKeys = .reject
        #expect(route.outcome(FlatCustomer.self, Self.json, strict) { $0 == Self.expected ? "equal" : "\($0)" } == "equal")
        let unknown = route.outcome(FlatCustomer.self, #"{"name": "Ada", "town": "Paris"}"#, strict) { "\($0)" }
        #expect(unknown.hasPrefix("error: town: unknown key"), "\(unknown)")
        let wrong = route.outcome(FlatCustomer.self, #"{"city": 5, "postal": {"code": true}}"#) { "\($0)" }
        #expect(wrong == "error: address.postal.code: expected String, found Bool true", "\(route): \(wrong)")
    }

    @Test("the nested model's keys are written into the parent's object and read back")
    func encodes() throws {
        let text = try Self.expected.jsonString(options: .sortedKeys)
        #expect(text == #"{"city":"Paris","country_code":"FR","email":"ada@example.com","name":"Ada","postal":{"code":"75001"}}"#)
        #expect(try FlatCustomer(jsonString: text) == Self.expected)
        #expect(try FlatCustomer(dictionary: try Self.expected.dictionary()) == Self.expected)
        let schema = try FlatCustomer.jsonSchema()
        #expect(SchemaValidator(root: schema).problems(in: try JSONValue(jsonString: text)) == [])
    }

    @Test("a key the parent and a flattened model both read, or a flattened value that is no model, is a declaration error")
    func declarationErrors() {
        for outcome in [Result { try ClashingCustomer(dictionary: [:]) as Any }, Result { try FlattenScalar(dictionary: [:]) as Any }] {
            guard case .failure(let error as MappingError) = outcome, case .invalidDeclaration(_, let problems) = error.reason else {
                Issue.record("expected a declaration error, got \(outcome)")
                continue
            }
            #expect(problems.contains { $0.contains("city") || $0.contains("count") }, "\(problems)")
        }
    }
}

struct HookedAddress: Mappable {
    var city = ""
    static var mappingRules: MappingRules { MappingRules().afterEncoding { $0["extra"] = "added" } }
}
struct FlattensHooked: Mappable {
    var address = HookedAddress()
    static var mappingRules: MappingRules { MappingRules().flatten("address") }
}

@Suite("Flatten: what a hostile review found")
struct FlattenEdgeCaseTests {
    @Test("a model whose hooks or subtype rules read keys no table names cannot be flattened")
    func hooksRefused() {
        #expect(throws: MappingError.self) { try FlattensHooked(dictionary: [:]) }
    }
}

struct KeyedFlatCustomer: Mappable, Equatable {
    var id = 0
    var address = FlatAddress()
    static var mappingRules: MappingRules { MappingRules().flatten("address").primaryKey("id") }
}

@Suite("Flatten: updates merge into the flattened model")
struct FlattenUpdateTests {
    @Test("update and updating keep the flattened model's absent keys, as a merge patch does")
    func updatesKeepAbsentKeys() throws {
        var customer = FlattenTests.expected
        try customer.update(from: ["city": "Lyon"])
        #expect(customer.address == FlatAddress(city: "Lyon", zip: "75001", countryCode: "FR"))
        #expect(try FlattenTests.expected.updating(from: ["country_code": "BE"]).address.zip == "75001")
        // An import decodes each element before it knows whether it updates a record: a
        // flattened model named by the element replaces the stored one whole.
        var records = [KeyedFlatCustomer(id: 1, address: FlatAddress(city: "Paris", zip: "75001", countryCode: "FR"))]
        try records.upsert(from: [["id": 1, "city": "Lyon"], ["id": 2, "city": "Nice"]])
        #expect(records == [KeyedFlatCustomer(id: 1, address: FlatAddress(city: "Lyon", zip: "", countryCode: "")),
                            KeyedFlatCustomer(id: 2, address: FlatAddress(city: "Nice", zip: "", countryCode: ""))])
        try records.upsert(from: [["id": 1]])
        #expect(records[0].address.city == "Lyon")
        let patched = try FlattenTests.expected.applyingMergePatch(try JSONValue(jsonString: #"{"city": "Lyon"}"#))
        #expect(patched.address == customer.address)
    }
}
