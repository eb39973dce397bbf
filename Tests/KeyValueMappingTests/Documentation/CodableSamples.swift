import Foundation
import KeyValueMapping

// Twins of the Swift blocks in Sources/KeyValueMapping/KeyValueMapping.docc/CodableInterop.md: each body between `// sample` and `// end sample` is its
// block verbatim, without the imports (see DocumentationSamples).
extension DocumentationSamples {
    static let codable: [Sample] = [
        Sample("codable-classes", codableClasses),
        Sample("codable-properties", codableProperties),
        Sample("codable-json-value", codableJSONValue),
    ]

    static func codableClasses() throws {
        // sample codable-classes

        class Shape: CodableMappable {
            var name = ""
            required init() {}
            required convenience init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }

            class var mappingRules: MappingRules {
                MappingRules().subtype { dictionary in dictionary["radius"] != nil ? Circle.self : nil }
            }
        }

        final class Circle: Shape {
            var radius = 0.0
            required init() {}
        }

        struct Drawing: Codable { var shapes: [Shape] }

        let json = Data(#"{"shapes": [{"name": "sun", "radius": 2}, {"name": "box"}]}"#.utf8)
        let drawing = try JSONDecoder().decode(Drawing.self, from: json)
        for shape in drawing.shapes {
            print(shape.name, shape is Circle)
        }
        // sun true
        // box false

        let archived = try PropertyListEncoder().encode(drawing)
        let restored = try PropertyListDecoder().decode(Drawing.self, from: archived)
        print(restored.shapes.count, (restored.shapes[0] as? Circle)?.radius ?? 0)   // 2 2.0
        // end sample
    }

    static func codableProperties() throws {
        // sample codable-properties

        struct Money: Codable {
            var amount: Decimal
            var currency: String
            var due: Date?
        }

        struct Invoice: Mappable {
            var id = 0
            var total = Money(amount: 0, currency: "EUR")
            var lines: [Money] = []
        }

        var decoder = KeyValueDecoder()
        decoder.dateDecoding = .millisecondsSince1970
        let invoice = try decoder.decode(Invoice.self, from: [
            "id": 1, "total": ["amount": 12.5, "currency": "EUR", "due": 1_700_000_000_000],
        ])
        print(invoice.total.amount, invoice.total.due?.timeIntervalSince1970 ?? 0)   // 12.5 1700000000.0
        print(try invoice.jsonString())
        // {"id":1,"total":{"amount":12.5,"currency":"EUR","due":"2023-11-14T22:13:20Z"},"lines":[]}

        for payload in [#"{"lines": [{"amount": 1, "currency": "EUR"}, {"amount": 2}]}"#, #"{"total": null}"#] {
            do {
                _ = try Invoice(jsonString: payload)
            } catch let error as MappingError {
                print(error)
            }
        }
        // lines[1].currency: required key is missing (expected String)
        // total: expected Money, found null (the property is not optional)
        // end sample
    }

    static func codableJSONValue() throws {
        // sample codable-json-value

        let value: JSONValue = ["id": 1, "tags": ["a", "b"], "score": 4.5, "note": nil]
        let data = try JSONEncoder().encode(value)
        let back = try JSONDecoder().decode(JSONValue.self, from: data)
        print(back.jsonString(options: .sortedKeys))   // {"id":1,"note":null,"score":4.5,"tags":["a","b"]}
        print(Set([value, back]).count)                 // 2
        print(back == (try JSONValue(jsonString: value.jsonString(options: .sortedKeys))))   // true
        // end sample
    }
}
