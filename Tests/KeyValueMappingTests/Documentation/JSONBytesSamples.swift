import Foundation
import KeyValueMapping

// Twins of the Swift blocks in Sources/KeyValueMapping/KeyValueMapping.docc/JSONBytes.md: each body between `// sample` and `// end sample` is its
// block verbatim, without the imports (see DocumentationSamples).
extension DocumentationSamples {
    static let jsonBytes: [Sample] = [
        Sample("json-bytes-entry-points", jsonBytesEntryPoints),
    ]

    static func jsonBytesEntryPoints() throws {
        // sample json-bytes-entry-points

        struct User: Mappable { var id = 0; var name = ""; var tags: [String] = [] }

        let data = Data(#"{"id": 1, "name": "Ada", "tags": ["math"]}"#.utf8)
        let user = try User(jsonData: data)
        let users = try [User](jsonData: Data(#"[{"id": 1}, {"id": 2}]"#.utf8))
        let again = try KeyValueDecoder().decode(User.self, fromJSON: data)
        print(user.name, users.count, again.tags)   // Ada 2 ["math"]
        print(try user.jsonString(options: [.prettyPrinted, .sortedKeys]))
        // {
        //   "id": 1,
        //   "name": "Ada",
        //   "tags": [
        //     "math"
        //   ]
        // }

        do {
            _ = try User(jsonString: "{\"id\": 1,\n \"tags\": [\"math\",]}")
        } catch {
            print(error)
        }
        // tags[1]: malformed JSON: unexpected character ']' at line 2, column 18
        // end sample
    }
}
