import Foundation
import KeyValueMapping

// Twins of the Swift blocks in README.md's section on mapping tables, JSON Schema, merge patches
// and imports: each body between `// sample` and `// end sample` is its block verbatim, without
// the imports (see DocumentationSamples).
extension DocumentationSamples {
    static let readmeViews: [Sample] = [
        Sample("readme-mapping-table", readmeMappingTable),
        Sample("readme-json-schema", readmeJSONSchema),
        Sample("readme-merge-patch", readmeMergePatch),
        Sample("readme-upsert", readmeUpsert),
        Sample("readme-import", readmeImport),
    ]

    static func readmeMappingTable() throws {
        // sample readme-mapping-table

        struct Repo: Mappable {
            var id = 0
            var fullName = ""
            var owner = ""
            var stars = 0
            var createdAt = Date(timeIntervalSince1970: 0)
            var topics: [String]?
            let kind = "repository"
            var cache: [String] = []

            static var mappingRules: MappingRules {
                MappingRules()
                    .naming(.snakeCase)
                    .map("id", to: "repo_id")
                    .map("owner", to: "owner.login")
                    .map("stars", toFirstOf: ["stargazers_count", "stars"])
                    .transform("createdAt", with: .millisecondsSince1970)
                    .ignore("cache")
                    .require("id")
            }
        }

        print(try Repo.mappingTable())
        // property   key                       type       transformer             presence  direction
        // id         repo_id                   Int        –                       required  decoded, encoded
        // fullName   full_name                 String     –                       default   decoded, encoded
        // owner      owner.login               String     –                       default   decoded, encoded
        // stars      stargazers_count | stars  Int        –                       default   decoded, encoded
        // createdAt  created_at                Date       .millisecondsSince1970  default   decoded, encoded
        // topics     topics                    [String]?  –                       optional  decoded, encoded
        // kind       kind                      String     –                       –         encoded only
        // cache      –                         [String]   –                       ignored   –
        // end sample
    }

    static func readmeJSONSchema() throws {
        // sample readme-json-schema

        enum Species: String, CaseIterable { case cat, dog }
        struct Owner: Mappable { var name = ""; var phone: String? }
        struct Pet: Mappable {
            var name = ""
            var species = Species.cat
            var age: UInt8 = 0
            var owner = Owner()
            var tags: Set<String> = []

            static var mappingRules: MappingRules { MappingRules().require("name") }
        }

        print(try Pet.jsonSchema().jsonString(options: [.prettyPrinted, .sortedKeys]))
        // {
        //   "$defs": {
        //     "Owner": {
        //       "properties": {
        //         "name": {
        //           "type": "string"
        //         },
        //         "phone": {
        //           "type": [
        //             "string",
        //             "null"
        //           ]
        //         }
        //       },
        //       "type": "object"
        //     }
        //   },
        //   "$schema": "https://json-schema.org/draft/2020-12/schema",
        //   "properties": {
        //     "age": {
        //       "maximum": 255,
        //       "minimum": 0,
        //       "type": "integer"
        //     },
        //     "name": {
        //       "type": "string"
        //     },
        //     "owner": {
        //       "$ref": "#/$defs/Owner"
        //     },
        //     "species": {
        //       "enum": [
        //         "cat",
        //         "dog"
        //       ],
        //       "type": "string"
        //     },
        //     "tags": {
        //       "items": {
        //         "type": "string"
        //       },
        //       "type": "array",
        //       "uniqueItems": true
        //     }
        //   },
        //   "required": [
        //     "name"
        //   ],
        //   "type": "object"
        // }
        // end sample
    }

    static func readmeMergePatch() throws {
        // sample readme-merge-patch

        struct Address: Mappable, Equatable { var city = ""; var zip: String? }
        struct Profile: Mappable, Equatable {
            var name = ""
            var bio: String?
            var tags: [String] = []
            var address = Address()
        }

        var profile = Profile()
        profile.name = "Ada"
        profile.bio = "Mathematician"
        profile.address = Address(city: "London", zip: "W1")

        // RFC 7396: present members replace, null removes, objects merge, arrays replace whole.
        let patched = try profile.applyingMergePatch(JSONValue(jsonString: """
            {"bio": null, "tags": ["math"], "address": {"zip": "NW1"}}
            """))
        print(patched.bio as Any, patched.tags, patched.address.city, patched.address.zip!)
        // nil ["math"] London NW1

        // The smallest patch from one model to another.
        print(try patched.mergePatch(from: profile).jsonString(options: .sortedKeys))
        // {"address":{"zip":"NW1"},"bio":null,"tags":["math"]}

        do {
            _ = try profile.applyingMergePatch(JSONValue(jsonString: #"{"tags": [true]}"#))
        } catch let error as MappingError {
            print(error)   // tags[0]: expected String, found Bool true
        }
        // end sample
    }

    static func readmeUpsert() throws {
        // sample readme-upsert

        struct Person: Mappable {
            var id = 0
            var name = ""
            var email: String?
            static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
        }

        var people = [Person]()
        try people.upsert(from: [["id": 1, "name": "Ada"], ["id": 2, "name": "Grace"]])
        let summary = try people.upsert(fromJSON: Data("""
            [{"id": 2, "email": "grace@example.com"}, {"id": 3, "name": "Alan"}]
            """.utf8))
        print(summary)                                  // 1 inserted, 1 updated
        print(people.map { "\($0.id) \($0.name) \($0.email ?? "-")" })
        // ["1 Ada -", "2 Grace grace@example.com", "3 Alan -"]

        do {
            try people.upsert(from: [["id": 4, "name": "Edsger"], ["name": "nobody"]])
        } catch {
            print(error)   // [1].id: required key is missing (expected Int)
        }
        // end sample
    }

    static func readmeImport() throws {
        // sample readme-import

        struct Member: Mappable {
            var org = ""
            var number = 0
            var name = ""
            var role = "member"
            static var mappingRules: MappingRules { MappingRules().primaryKey("org", "number") }
        }

        var store: [PrimaryKey: Member] = [:]   // or an Array, or your database's ImportTarget
        let decoder = KeyValueDecoder()
        try decoder.importRecords(Member.self, fromJSON: Data("""
            [{"org": "acme", "number": 1, "name": "Ada"}, {"org": "acme", "number": 2, "name": "Grace"},
             {"org": "beta", "number": 1, "name": "Alan"}]
            """.utf8), into: &store)

        let report = try decoder.importRecords(Member.self, fromJSON: Data("""
            [{"org": "acme", "number": 1, "role": "admin"}, {"org": "acme", "number": 2, "name": "Grace"},
             {"org": "gamma", "number": 1, "name": "Barbara"}]
            """.utf8), into: &store, options: ImportOptions(deleteMissing: true, skipUnchanged: true))
        print(report)                           // 1 inserted, 1 updated, 1 unchanged, 1 deleted
        print(report.updated, report.deleted)   // [("acme", 1)] [("beta", 1)]
        let ada = store[PrimaryKey(.string("acme"), .integer(1))]
        print(ada?.name ?? "-", ada?.role ?? "-")   // Ada admin

        do {
            try decoder.importRecords(Member.self, fromJSON: Data(#"[{"org": "x", "number": 1}, {"org": "y"}]"#.utf8), into: &store)
        } catch {
            print(error)                        // [1].number: required key is missing (expected Int)
        }
        print(store.count)                      // 3
        // end sample
    }
}
