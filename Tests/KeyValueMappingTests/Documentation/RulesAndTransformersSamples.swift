import Foundation
import KeyValueMapping

// Twins of the Swift blocks in Sources/KeyValueMapping/KeyValueMapping.docc/RulesAndTransformers.md: each body between `// sample` and `// end sample` is its
// block verbatim, without the imports (see DocumentationSamples).
extension DocumentationSamples {
    static let rulesAndTransformers: [Sample] = [
        Sample("rules-declaring", rulesDeclaring),
    ]

    static func rulesDeclaring() throws {
        // sample rules-declaring

        struct Member: Mappable {
            var id = 0
            var avatar = ""
            var name = ""
            var location: [String: Double] = [:]
            var createdAt = Date(timeIntervalSince1970: 0)
            var cache: [String] = []

            static var mappingRules: MappingRules {
                MappingRules()
                    .naming(.snakeCase)
                    .map("id", to: "user_id")
                    .map("avatar", to: "profile.avatar.url")
                    .map("name", toFirstOf: ["full_name", "name", "login"])
                    .gather("location", from: ["lat", "lng"])
                    .ignore("cache")
                    .require("id")
                    .transform("createdAt", with: .iso8601)
            }
        }

        let member = try Member(jsonString: """
        {"user_id": 3, "profile": {"avatar": {"url": "https://example.com/a.png"}},
         "login": "ada", "lat": 51.5, "lng": -0.12, "created_at": "2024-05-01T12:00:00Z"}
        """)
        print(member.id, member.avatar, member.name, member.location["lng"]!)
        // 3 https://example.com/a.png ada -0.12
        print(try member.jsonString(options: .sortedKeys))
        // {"created_at":"2024-05-01T12:00:00Z","full_name":"ada","lat":51.5,"lng":-0.12,"profile":{"avatar":{"url":"https://example.com/a.png"}},"user_id":3}

        do {
            _ = try Member(jsonString: #"{"login": "ada"}"#)
        } catch {
            print(error)   // user_id: required key is missing (expected Int)
        }
        // end sample
    }
}
