import Foundation
import KeyValueMapping

// Twins of the Swift blocks of the DocC article "Coming from Codable, ObjectMapper, HandyJSON or
// MJExtension" (ComingFromOtherLibraries.md): each body between `// sample` and `// end sample`
// is its block verbatim, without the imports (see DocumentationSamples).
extension DocumentationSamples {
    static let comingFrom: [Sample] = [
        Sample("coming-from-codable", comingFromCodable),
        Sample("coming-from-objectmapper", comingFromObjectMapper),
        Sample("coming-from-mjextension", comingFromMJExtension),
    ]

    static func comingFromCodable() throws {
        // sample coming-from-codable

        // Codable: a rename, a nested key and a default need the whole initializer.
        struct CodableRepo: Decodable {
            var id: Int
            var fullName: String
            var owner: String
            var stars: Int

            enum CodingKeys: String, CodingKey { case id, fullName = "full_name", owner, stars = "stargazers_count" }
            enum OwnerKeys: String, CodingKey { case login }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                id = try container.decode(Int.self, forKey: .id)
                fullName = try container.decode(String.self, forKey: .fullName)
                owner = try container.nestedContainer(keyedBy: OwnerKeys.self, forKey: .owner).decode(String.self, forKey: .login)
                stars = try container.decodeIfPresent(Int.self, forKey: .stars) ?? 0
            }
        }

        // KeyValueMapping: defaults stay in the declaration; rules say the rest.
        struct Repo: Mappable {
            var id = 0
            var fullName = ""
            var owner = ""
            var stars = 0

            static var mappingRules: MappingRules {
                MappingRules()
                    .map(\Repo.fullName, to: "full_name")
                    .map(\Repo.owner, to: "owner.login")
                    .map(\Repo.stars, to: "stargazers_count")
                    .require(\Repo.id)
            }
        }

        let data = Data(#"{"id": 1, "full_name": "ada/engine", "owner": {"login": "ada"}}"#.utf8)
        let codable = try JSONDecoder().decode(CodableRepo.self, from: data)
        let repo = try KeyValueDecoder().decode(Repo.self, from: data)
        print(codable.fullName == repo.fullName, codable.owner == repo.owner, codable.stars == repo.stars)   // true true true
        print(try repo.jsonString(options: .sortedKeys))
        // {"full_name":"ada/engine","id":1,"owner":{"login":"ada"},"stargazers_count":0}
        // end sample
    }

    static func comingFromObjectMapper() throws {
        // sample coming-from-objectmapper

        struct Repo: Mappable {
            var id = 0
            var fullName = ""
            var owner = ""
            var createdAt = Date(timeIntervalSince1970: 0)

            static var mappingRules: MappingRules {
                MappingRules()
                    .map(\Repo.fullName, to: "full_name")
                    .map(\Repo.owner, to: "owner.login")
                    .map(\Repo.createdAt, to: "created_at")
                    .transform(\Repo.createdAt, with: .secondsSince1970)
            }
        }

        let repo = try Repo(dictionary: ["id": 7, "full_name": "ada/engine", "owner": ["login": "ada"], "created_at": 1_700_000_000])
        print(repo.id, repo.fullName, repo.owner, repo.createdAt.timeIntervalSince1970)   // 7 ada/engine ada 1700000000.0
        do {
            _ = try Repo(dictionary: ["id": "seven"])
        } catch {
            print(error)   // id: expected Int, found String "seven"
        }
        // end sample
    }

    static func comingFromMJExtension() throws {
        // sample coming-from-mjextension

        struct Friend: Mappable { var name = "" }

        struct User: Mappable {
            var userID = 0
            var avatar = ""
            var friends: [Friend] = []
            var cache: [String] = []

            static var mappingRules: MappingRules {
                MappingRules()
                    .map(\User.userID, to: "id")
                    .map(\User.avatar, to: "profile.avatar")
                    .ignore(\User.cache)
            }
        }

        let user = try User(dictionary: ["id": 3, "profile": ["avatar": "a.png"], "friends": [["name": "Charles"]], "cache": ["x"]])
        print(user.userID, user.avatar, user.friends.map(\.name), user.cache)   // 3 a.png ["Charles"] []
        // end sample
    }
}
