import Foundation
import KeyValueMapping

// Twins of the Swift blocks in Sources/KeyValueMapping/KeyValueMapping.docc/TablesSchemasPatchesAndImports.md:
// each body between `// sample` and `// end sample` is its block verbatim, without the imports
// (see DocumentationSamples).
extension DocumentationSamples {
    static let modelViews: [Sample] = [
        Sample("views-table", viewsTable),
        Sample("views-schema", viewsSchema),
        Sample("views-patch", viewsPatch),
        Sample("views-diff", viewsDiff),
        Sample("views-upsert", viewsUpsert),
    ]

    static func viewsTable() throws {
        // sample views-table

        class Account: Mappable {
            var id = 0
            var createdAt = Date(timeIntervalSince1970: 0)
            var secret = ""
            required init() {}
            class var mappingRules: MappingRules { MappingRules().ignore("secret").require("id") }
        }

        final class Admin: Account {
            var permissionLevel: UInt8 = 0
            var teams: [String: [Int]] = [:]
            required init() {}
            override class var mappingRules: MappingRules {
                MappingRules().transform("createdAt", with: .iso8601WithFractionalSeconds)
            }
        }

        var decoder = KeyValueDecoder()
        decoder.keyNamingStyle = .snakeCase
        var encoder = KeyValueEncoder()
        encoder.keyNamingStyle = .snakeCase
        let table = try Admin.mappingTable(decoder: decoder, encoder: encoder)
        print(table)
        // property         key               type             transformer                    presence  direction         declared in
        // id               id                Int              –                              required  decoded, encoded  Account
        // createdAt        created_at        Date             .iso8601WithFractionalSeconds  default   decoded, encoded  Account
        // secret           –                 String           –                              ignored   –                 Account
        // permissionLevel  permission_level  UInt8            –                              default   decoded, encoded  Admin
        // teams            teams             [String: [Int]]  –                              default   decoded, encoded  Admin

        for row in table.rows where row.presence == .ignored {
            print(row.property, row.owner, row.type)   // secret Account String
        }
        // end sample
    }

    static func viewsSchema() throws {
        // sample views-schema

        struct Tag: Mappable { var label = ""; var children: [Tag] = [] }
        struct Article: Mappable {
            var id: Int16 = 0
            var title = ""
            var author = ""
            var rating: Double?
            var publishedAt = Date(timeIntervalSince1970: 0)
            var tags: [Tag] = []
            var votes: [UInt8: Int] = [:]

            static var mappingRules: MappingRules {
                MappingRules()
                    .map("author", to: "meta.author.name")
                    .map("title", toFirstOf: ["headline", "title"])
                    .require("id", "author", "title")
            }
        }

        var encoder = KeyValueEncoder()
        encoder.dateEncoding = .secondsSince1970
        let schema = try Article.jsonSchema(decoder: KeyValueDecoder(), encoder: encoder)
        print(schema.jsonString(options: [.prettyPrinted, .sortedKeys]))
        // {
        //   "$defs": {
        //     "Tag": {
        //       "properties": {
        //         "children": {
        //           "items": {
        //             "$ref": "#/$defs/Tag"
        //           },
        //           "type": "array"
        //         },
        //         "label": {
        //           "type": "string"
        //         }
        //       },
        //       "type": "object"
        //     }
        //   },
        //   "$schema": "https://json-schema.org/draft/2020-12/schema",
        //   "anyOf": [
        //     {
        //       "required": [
        //         "headline"
        //       ]
        //     },
        //     {
        //       "required": [
        //         "title"
        //       ]
        //     }
        //   ],
        //   "properties": {
        //     "headline": {
        //       "type": "string"
        //     },
        //     "id": {
        //       "maximum": 32767,
        //       "minimum": -32768,
        //       "type": "integer"
        //     },
        //     "meta": {
        //       "properties": {
        //         "author": {
        //           "properties": {
        //             "name": {
        //               "type": "string"
        //             }
        //           },
        //           "required": [
        //             "name"
        //           ],
        //           "type": "object"
        //         }
        //       },
        //       "required": [
        //         "author"
        //       ],
        //       "type": "object"
        //     },
        //     "publishedAt": {
        //       "type": "number"
        //     },
        //     "rating": {
        //       "type": [
        //         "number",
        //         "null"
        //       ]
        //     },
        //     "tags": {
        //       "items": {
        //         "$ref": "#/$defs/Tag"
        //       },
        //       "type": "array"
        //     },
        //     "title": {
        //       "type": "string"
        //     },
        //     "votes": {
        //       "additionalProperties": {
        //         "maximum": 9223372036854775807,
        //         "minimum": -9223372036854775808,
        //         "type": "integer"
        //       },
        //       "propertyNames": {
        //         "pattern": "^(?:0|[1-9][0-9]{0,1}|1[0-9]{2}|2[0-4][0-9]|25[0-4]|255)$"
        //       },
        //       "type": "object"
        //     }
        //   },
        //   "required": [
        //     "id",
        //     "meta"
        //   ],
        //   "type": "object"
        // }
        // end sample
    }

    static func viewsPatch() throws {
        // sample views-patch

        final class Settings: Mappable {
            var theme = "light"
            var fontSize = 12
            var signature: String? = "Sent from my phone"
            var blocked: [String: Bool] = [:]
            required init() {}
        }

        let settings = Settings()
        settings.theme = "dark"
        settings.fontSize = 15
        settings.blocked = ["spam@example.com": true]

        var current = settings
        try current.applyMergePatch(Data("""
            {"theme": null, "signature": null, "blocked": {"spam@example.com": null, "ads@example.com": true}}
            """.utf8))
        print(current === settings, settings.theme, settings.fontSize, settings.signature as Any, settings.blocked)
        // true light 15 nil ["ads@example.com": true]

        do {
            try current.applyMergePatch(JSONValue(jsonString: #"{"fontSize": "large"}"#))
        } catch {
            print(error)   // fontSize: expected Int, found String "large"
        }
        // end sample
    }

    static func viewsDiff() throws {
        // sample views-diff

        struct Inventory: Mappable {
            var name = ""
            var counts: [String: Int?] = [:]
            var note: String?
        }

        var old = Inventory()
        old.name = "shelf"
        old.counts = ["apples": 3, "pears": 1]
        var new = old
        new.note = "restocked"
        new.counts["apples"] = 5
        new.counts["pears"] = nil
        print(try new.mergePatch(from: old).jsonString(options: .sortedKeys))
        // {"counts":{"apples":5,"pears":null},"note":"restocked"}

        new.counts["plums"] = .some(nil)
        do {
            _ = try new.mergePatch(from: old)
        } catch {
            print(error)   // counts.plums: a JSON merge patch cannot set a member to null (null removes the member)
        }
        // end sample
    }

    static func viewsUpsert() throws {
        // sample views-upsert

        class Record: Mappable {
            var uuid = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
            required init() {}
            class var mappingRules: MappingRules { MappingRules().primaryKey("uuid").map("uuid", to: "meta.id") }
        }

        final class Song: Record {
            var title = ""
            var plays = 0
            required init() {}
        }

        var songs = try [Song](dictionaries: [
            ["meta": ["id": "6F9619FF-8B86-D011-B42D-00C04FC964FF"], "title": "Intro", "plays": 2],
        ])
        let first = songs[0]
        let summary = try songs.upsert(from: [
            ["meta": ["id": "6f9619ff-8b86-d011-b42d-00c04fc964ff"], "plays": 3],
            ["meta": ["id": "7F9619FF-8B86-D011-B42D-00C04FC964FF"], "title": "Outro"],
        ])
        print(summary, songs.count, songs[0] === first, first.title, first.plays)   // 1 inserted, 1 updated 2 true Intro 3

        do {
            try songs.upsert(from: [["meta": ["id": "not a uuid"]]])
        } catch {
            print(error)   // [0].meta.id: expected UUID, found String "not a uuid" (not a UUID)
        }
        // end sample
    }
}
