import Foundation
import KeyValueMapping

// Twins of the Swift blocks in Sources/KeyValueMapping/KeyValueMapping.docc/KeyValueMapping.md: each body between `// sample` and `// end sample` is its
// block verbatim, without the imports (see DocumentationSamples).
extension DocumentationSamples {
    static let overview: [Sample] = [
        Sample("overview-first-model", overviewFirstModel),
    ]

    static func overviewFirstModel() throws {
        // sample overview-first-model

        struct User: Mappable {
            var id: Int64 = 0
            var name = ""
            var email: String?
            var friends: [User] = []
        }

        let user = try User(dictionary: ["id": 1, "name": "Ada", "friends": [["id": 2]]])
        print(user.friends[0].id, user.email == nil)   // 2 true
        print(try user.jsonString())
        // {"id":1,"name":"Ada","friends":[{"id":2,"name":"","friends":[]}]}
        // end sample
    }
}
