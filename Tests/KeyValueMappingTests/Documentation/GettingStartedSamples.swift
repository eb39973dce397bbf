import Foundation
import KeyValueMapping

// Twins of the Swift blocks in Sources/KeyValueMapping/KeyValueMapping.docc/GettingStarted.md: each body between `// sample` and `// end sample` is its
// block verbatim, without the imports (see DocumentationSamples).
extension DocumentationSamples {
    static let gettingStarted: [Sample] = [
        Sample("getting-started-decode", gettingStartedDecode),
        Sample("getting-started-update", gettingStartedUpdate),
        Sample("getting-started-encode", gettingStartedEncode),
    ]

    static func gettingStartedDecode() throws {
        // sample getting-started-decode

        enum Role: String { case member, admin }
        struct Address: Mappable { var city = ""; var zip: String? }

        class Account: Mappable {
            var id = 0
            var createdAt = Date(timeIntervalSince1970: 0)
            required init() {}
        }

        final class Admin: Account {
            var permissions: Set<String> = []
            var role = Role.admin
            var address = Address()
            required init() {}
        }

        let admin = try Admin(dictionary: [
            "id": 7, "createdAt": "2024-05-01T00:00:00Z",
            "permissions": ["read"], "address": ["city": "Oslo"],
        ])
        print(admin.id, admin.createdAt, admin.permissions, admin.address.city, admin.role.rawValue)
        // 7 2024-05-01 00:00:00 +0000 ["read"] Oslo admin

        let admins = try [Admin](jsonData: Data(#"[{"id": 1}, {"id": 2, "role": "member"}]"#.utf8))
        print(admins.map(\.id), admins.map(\.role.rawValue))
        // [1, 2] ["admin", "member"]
        // end sample
    }

    static func gettingStartedUpdate() throws {
        // sample getting-started-update

        struct Settings: Mappable { var theme = "light"; var fontSize = 12 }
        final class Session: Mappable { var user = ""; var token = ""; required init() {} }

        var settings = try Settings(dictionary: ["theme": "dark"])
        let before = settings
        try settings.update(from: ["fontSize": 14])
        print(before.theme, before.fontSize, settings.theme, settings.fontSize)
        // dark 12 dark 14

        let session = try Session(dictionary: ["user": "ada", "token": "a1"])
        var sameSession = session
        try sameSession.update(from: ["token": "b2"])
        print(session.user, session.token, session === sameSession)
        // ada b2 true
        // end sample
    }

    static func gettingStartedEncode() throws {
        // sample getting-started-encode

        struct Contact: Mappable { var name = ""; var email: String?; var since = Date(timeIntervalSince1970: 0) }

        let contact = try Contact(dictionary: ["name": "Ada", "since": 0])
        let dictionary = try contact.dictionary()
        print(JSONSerialization.isValidJSONObject(dictionary), dictionary.keys.sorted())
        // true ["name", "since"]
        print(try contact.jsonString())
        // {"name":"Ada","since":"1970-01-01T00:00:00Z"}

        var encoder = KeyValueEncoder()
        encoder.nilEncoding = .writeNull
        print(String(decoding: try encoder.encodeJSON(contact, options: .sortedKeys), as: UTF8.self))
        // {"email":null,"name":"Ada","since":"1970-01-01T00:00:00Z"}
        // end sample
    }
}
