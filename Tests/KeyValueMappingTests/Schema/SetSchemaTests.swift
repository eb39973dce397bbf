import Foundation
import Testing
import KeyValueMapping

struct SchemaSetItem: Mappable, Hashable {
    var name = ""
    var note = ""
    static var mappingRules: MappingRules { MappingRules().ignore("note") }
}

/// A set of every kind of element.
struct SchemaSets: Mappable {
    var strings: Set<String> = []
    var bytes: Set<Int8> = []
    var ints: Set<Int> = []
    var flags: Set<Bool> = []
    var ids: Set<UUID> = []
    var suits: Set<Suit> = []
    var priorities: Set<Priority> = []
    var letters: Set<Character> = []
    var optionalStrings: Set<String?> = []
    var doubleOptionals: Set<String??> = []
    var dates: Set<Date> = []
    var doubles: Set<Double> = []
    var data: Set<Data> = []
    var urls: Set<URL> = []
    var items: Set<SchemaSetItem> = []
}

/// `uniqueItems` is promised only where distinct elements are written as distinct JSON.
@Suite struct SetSchemaTests {
    static func compact(_ schema: JSONValue) -> String {
        schema.jsonString(options: .sortedKeys)
    }

    @Test(arguments: [
        ("strings", #"{"items":{"type":"string"},"type":"array","uniqueItems":true}"#),
        ("bytes", #"{"items":{"maximum":127,"minimum":-128,"type":"integer"},"type":"array","uniqueItems":true}"#),
        ("ints", #"{"items":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"},"type":"array","uniqueItems":true}"#),
        ("flags", #"{"items":{"type":"boolean"},"type":"array","uniqueItems":true}"#),
        ("ids", #"{"items":{"format":"uuid","type":"string"},"type":"array","uniqueItems":true}"#),
        ("suits", #"{"items":{"enum":["hearts","spades"],"type":"string"},"type":"array","uniqueItems":true}"#),
        ("priorities", #"{"items":{"enum":[1,10],"type":"integer"},"type":"array","uniqueItems":true}"#),
        ("letters", #"{"items":{"minLength":1,"type":"string"},"type":"array","uniqueItems":true}"#),
        ("optionalStrings", #"{"items":{"type":["string","null"]},"type":"array","uniqueItems":true}"#),
        ("doubleOptionals", #"{"items":{"type":["string","null"]},"type":"array"}"#),
        ("dates", #"{"items":{"format":"date-time","type":"string"},"type":"array"}"#),
        ("doubles", #"{"items":{"type":"number"},"type":"array"}"#),
        ("data", #"{"items":{"contentEncoding":"base64","type":"string"},"type":"array"}"#),
        ("urls", #"{"items":{"format":"uri-reference","minLength":1,"type":"string"},"type":"array"}"#),
        ("items", ##"{"items":{"$ref":"#/$defs/SchemaSetItem"},"type":"array"}"##),
    ])
    func uniqueItemsOnlyWhereTheWrittenFormIsDistinct(_ name: String, _ expected: String) throws {
        guard case .object(let root) = try SchemaSets.jsonSchema(), case .object(let properties)? = root["properties"] else {
            Issue.record("no properties")
            return
        }
        #expect(properties[name].map(Self.compact) == expected)
    }

    /// What the encoder writes for sets whose distinct elements are written alike validates.
    @Test func setsWrittenWithRepeatedItemsValidate() throws {
        var model = SchemaSets()
        model.items = [SchemaSetItem(name: "a", note: "1"), SchemaSetItem(name: "a", note: "2")]
        model.dates = [Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 1.000_000_1)]
        model.doubleOptionals = [nil, .some(nil)]
        #expect(model.items.count == 2 && model.dates.count == 2 && model.doubleOptionals.count == 2)
        let document = try JSONValue(jsonData: try KeyValueEncoder().encodeJSON(model))
        #expect(SchemaValidator(root: try SchemaSets.jsonSchema()).problems(in: document) == [])
    }
}
