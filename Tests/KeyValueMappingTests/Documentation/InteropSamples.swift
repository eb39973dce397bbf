import Foundation
import KeyValueMapping

// Twins of the Swift blocks of README.md's "Codable" and "Large payloads" sections: each body
// between `// sample` and `// end sample` is its block verbatim, without the imports (see
// DocumentationSamples).
extension DocumentationSamples {
    static let readmeInterop: [Sample] = [
        Sample("readme-codable", readmeCodable),
        Sample("readme-large-payloads", readmeLargePayloads),
    ]

    static func readmeCodable() throws {
        // sample readme-codable

        struct User: CodableMappable {
            var id = 0
            var fullName = ""
            static var mappingRules: MappingRules { MappingRules().naming(.snakeCase) }
        }
        struct Envelope: Codable {             // plain Codable holding a model
            var user: User
            var sentAt: Date
        }
        struct Money: Codable {                // plain Codable as a model's property
            var amount: Decimal
            var currency: String
        }
        struct Order: Mappable {
            var id = 0
            var total = Money(amount: 0, currency: "EUR")
        }

        let user = try JSONDecoder().decode(User.self, from: Data(#"{"id": 7, "full_name": "Ada Lovelace"}"#.utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        print(String(decoding: try encoder.encode(user), as: UTF8.self))   // {"full_name":"Ada Lovelace","id":7}

        let archived = try PropertyListEncoder().encode(user)               // archiving round trip
        print(try PropertyListDecoder().decode(User.self, from: archived).fullName)   // Ada Lovelace

        let order = try Order(jsonString: #"{"id": 1, "total": {"amount": 12.50, "currency": "EUR"}}"#)
        print(order.total.amount, try order.jsonString())   // 12.5 {"id":1,"total":{"amount":12.5,"currency":"EUR"}}

        do {
            _ = try JSONDecoder().decode([Envelope].self, from: Data(#"[{"user": {"id": "x"}, "sentAt": 0}]"#.utf8))
        } catch let error as MappingError {
            print(error)   // [0].user.id: expected Int, found String "x"
        }
        do {
            _ = try Order(jsonString: #"{"total": {"amount": "lots", "currency": "EUR"}}"#)
        } catch let error as MappingError {
            print(error)   // total.amount: expected Decimal, found String "lots" (not a decimal number)
        }
        // end sample
    }

    static func readmeLargePayloads() async throws {
        // sample readme-large-payloads

        struct Event: Mappable { var id = 0; var kind = "" }

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString).jsonl")
        try Data("{\"id\": 1, \"kind\": \"open\"}\n{\"id\": 2, \"kind\": \"shut\"}\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        var decoder = KeyValueDecoder()
        let events = decoder.models(of: Event.self, fromJSONAt: url)   // a JSON array or JSON Lines
        for try await event in events {
            print(event.id, event.kind, "\(Int(100 * (events.progress.fractionCompleted ?? 0)))%")
        }
        // 1 open 50%
        // 2 shut 100%

        let lines = Data("{\"id\": 1}\n\n{\"id\": \"two\"}\n".utf8)
        do {
            _ = try decoder.decode([Event].self, fromJSONLines: lines)
        } catch let error as MappingError {
            print(error)   // [1].id (line 3): expected Int, found String "two"
        }
        decoder.invalidElements = .skip
        print(try decoder.decode([Event].self, fromJSONLines: lines).count)   // 1
        // end sample
    }
}
