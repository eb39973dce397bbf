import Foundation
import KeyValueMapping

// Twins of the Swift blocks in README.md: each body between `// sample` and `// end sample` is its
// block verbatim, without the imports (see DocumentationSamples).
extension DocumentationSamples {
    static let readme: [Sample] = [
        Sample("readme-first-screen", readmeFirstScreen),
        Sample("readme-tolerance", readmeTolerance),
        Sample("readme-rules", readmeRules),
        Sample("readme-key-path-rules", readmeKeyPathRules),
        Sample("readme-custom-transformers", readmeCustomTransformers),
        Sample("readme-entry-points", readmeEntryPoints),
        Sample("readme-json-value-access", readmeJSONValueAccess),
        Sample("readme-immutable-models", readmeImmutableModels),
        Sample("readme-polymorphism", readmePolymorphism),
        Sample("readme-polymorphic-properties", readmePolymorphicProperties),
    ]

    static func readmePolymorphicProperties() throws {
        // sample readme-polymorphic-properties

        struct Post: Mappable { var id = 0; var text = "" }
        struct Ad: Mappable { var id = 0; var sponsor = "" }
        struct Settings: Mappable { var theme = "light" }
        struct Feed: Mappable {
            var items: [any Mappable] = []   // or any protocol refining Mappable
            var settings = Settings()
            static var mappingRules: MappingRules {
                MappingRules()
                    .polymorphic("items", tag: "kind", ["post": Post.self, "ad": Ad.self])
                    .stringified("settings")   // "settings": "{\"theme\": \"dark\"}"
            }
        }

        let feed = try Feed(jsonString: #"""
            {"items": [{"kind": "post", "id": 1, "text": "Hello"}, {"kind": "ad", "id": 2, "sponsor": "ACME"}],
             "settings": "{\"theme\": \"dark\"}"}
            """#)
        print(feed.items.map { type(of: $0) == Post.self ? "post" : "ad" }, feed.settings.theme)   // ["post", "ad"] dark
        print(try feed.jsonString())
        // {"items":[{"kind":"post","id":1,"text":"Hello"},{"kind":"ad","id":2,"sponsor":"ACME"}],"settings":"{\"theme\":\"dark\"}"}
        // end sample
    }

    static func readmePolymorphism() throws {
        // sample readme-polymorphism

        struct TextMessage: Mappable { var id = 0; var body = "" }
        struct ImageMessage: Mappable { var id = 0; var url = ""; var width = 0 }

        enum ChatMessage: MappableEnum {
            case text(TextMessage)
            case image(ImageMessage)
            case typing
            case unsupported
            static var enumRules: EnumRules<ChatMessage> {
                EnumRules(.internallyTagged("type"))
                    .case("text", ChatMessage.text)            // {"type": "text", "id": 1, "body": "hi"}
                    .case("image", ChatMessage.image)
                    .case("typing", ChatMessage.typing)        // {"type": "typing"}
                    .case("unsupported", ChatMessage.unsupported)
                    .fallback(.unsupported)                    // a tag from a newer server
            }
        }
        struct Conversation: Mappable { var messages: [ChatMessage] = [] }

        let conversation = try Conversation(jsonString: #"""
            {"messages": [{"type": "text", "id": 1, "body": "hi"}, {"id": 2, "type": "image", "url": "a.png", "width": 64},
                          {"type": "typing"}, {"type": "poll", "id": 3}]}
            """#)
        if case .image(let image) = conversation.messages[1] { print(image.url, image.width) }   // a.png 64
        if case .unsupported = conversation.messages[3] { print("the poll is unsupported") }   // the poll is unsupported
        print(try conversation.jsonString())
        // {"messages":[{"type":"text","id":1,"body":"hi"},{"type":"image","id":2,"url":"a.png","width":64},{"type":"typing"},{"type":"unsupported"}]}
        do {
            _ = try Conversation(jsonString: #"{"messages": [{"type": "image", "id": 4, "width": "wide"}]}"#)
        } catch {
            print(error)   // messages[0].width: expected Int, found String "wide"
        }
        // end sample
    }

    static func readmeImmutableModels() throws {
        // sample readme-immutable-models

        struct Owner: ImmutableMappable { let login: String }
        struct Account: ImmutableMappable {
            let id: Int64
            let name: String
            let email: String?            // absent or null: nil
            let tags: [String]
            let owner: Owner              // Mappable or ImmutableMappable
            static var mappingRules: MappingRules { MappingRules().naming(.snakeCase) }
        }

        let account = try Account(jsonString: #"{"id": 7, "name": "Ada", "tags": ["admin"], "owner": {"login": "ada"}}"#)
        print(account.name, account.email as Any, account.owner.login)   // Ada nil ada
        let renamed = try account.updating(from: ["name": "Grace"])
        print(renamed.name, renamed.tags)                                 // Grace ["admin"]
        do {
            _ = try Account(jsonString: #"{"id": 8, "tags": [], "owner": {}}"#)
        } catch {
            print(error)   // name: required key is missing (expected String)
        }
        // end sample
    }

    static func readmeJSONValueAccess() throws {
        // sample readme-json-value-access

        let events = try JSONValue(jsonString: #"[{"actor": {"login": "ada", "id": 138052}, "score": 1.5}]"#)
        print(events[0]?["actor"]?["login"]?.stringValue ?? "-")   // ada
        print(events[0]?["actor"]?["id"]?.int64Value ?? 0)         // 138052
        print(events[0]?["score"]?.intValue as Any)                // nil
        print(events[1]?["actor"] as Any)                          // nil
        // end sample
    }

    static func readmeFirstScreen() throws {
        // sample readme-first-screen

        enum Role: String { case member, admin }
        struct Address: Mappable { var city = ""; var zip: String? }
        struct User: Mappable {
            var id: Int64 = 0
            var name = ""
            var email: String?
            var role = Role.member
            var address = Address()
            var friends: [User] = []
        }

        let json = Data("""
        {"id": 9007199254740993, "name": "Ada", "email": null, "role": "admin",
         "address": {"city": "London"},
         "friends": [{"id": 2, "name": "Charles"}]}
        """.utf8)

        let user = try User(jsonData: json)
        print(user.id, user.name, user.role, user.address.city, user.friends[0].name)
        // 9007199254740993 Ada admin London Charles

        print(try user.jsonString())
        // {"id":9007199254740993,"name":"Ada","role":"admin","address":{"city":"London"},"friends":[{"id":2,"name":"Charles","role":"member","address":{"city":""},"friends":[]}]}

        // A bad payload is a MappingError with the key path, what was expected and what was found.
        do {
            _ = try User(jsonData: Data(#"{"friends": [{"id": 1}, {"id": 2}, {"id": "twelve"}]}"#.utf8))
        } catch let error as MappingError {
            print(error.keyPath)   // friends[2].id
            print(error)           // friends[2].id: expected Int64, found String "twelve"
        }
        // end sample
    }

    static func readmeRules() throws {
        // sample readme-rules

        enum Status: Hashable, Sendable { case open, closed }

        struct Repo: Mappable {
            var id = 0
            var fullName = ""
            var owner = ""
            var stars = 0
            var location: [String: Double] = [:]
            var createdAt = Date(timeIntervalSince1970: 0)
            var status = Status.open
            var cache: [String] = []

            static var mappingRules: MappingRules {
                MappingRules()
                    .naming(.snakeCase)                                        // fullName ← "full_name"
                    .map("id", to: "repo_id")                                  // a rename beats the style
                    .map("owner", to: "owner.login")                           // key path (also "items[0].name")
                    .map("stars", toFirstOf: ["stargazers_count", "stars"])    // first present key wins
                    .gather("location", from: ["lat", "lng"])                 // ["lat": …, "lng": …]
                    .transform("createdAt", with: .millisecondsSince1970)
                    .transform("status", with: .valueTable(["open": Status.open, "closed": .closed]))
                    .ignore("cache")
                    .require("id")
            }
        }

        let repo = try Repo(dictionary: [
            "repo_id": 1, "full_name": "ada/engine", "owner": ["login": "ada"], "stars": 5,
            "lat": 51.5, "lng": -0.12, "created_at": 1_700_000_000_000, "status": "closed",
        ])
        print(repo.id, repo.fullName, repo.owner, repo.stars, repo.status)
        // 1 ada/engine ada 5 closed
        print(repo.location["lat"]!, repo.createdAt.timeIntervalSince1970)
        // 51.5 1700000000.0
        print(try repo.jsonString(options: .sortedKeys))
        // {"created_at":1700000000000,"full_name":"ada/engine","lat":51.5,"lng":-0.12,"owner":{"login":"ada"},"repo_id":1,"stargazers_count":5,"status":"closed"}
        // end sample
    }

    static func readmeKeyPathRules() throws {
        // sample readme-key-path-rules

        struct Repo: Mappable {
            var id = 0
            var fullName = ""
            var createdAt = Date(timeIntervalSince1970: 0)
            var cache: [String] = []

            static var mappingRules: MappingRules {
                MappingRules()
                    .map(\Repo.fullName, to: "full_name")
                    .map(\Repo.id, toFirstOf: ["repo_id", "id"])
                    .transform(\Repo.createdAt, with: .millisecondsSince1970)   // with: .uuid would not compile
                    .ignore(\Repo.cache)
                    .require(\Repo.id)
            }
        }

        let repo = try Repo(jsonString: #"{"repo_id": 1, "full_name": "ada/engine", "createdAt": 1700000000000}"#)
        print(repo.id, repo.fullName, repo.createdAt.timeIntervalSince1970)   // 1 ada/engine 1700000000.0
        // end sample
    }

    static func readmeCustomTransformers() throws {
        // sample readme-custom-transformers

        struct Span: Sendable { var low = 0; var high = 0 }

        struct Band: Mappable {
            var span = Span()
            var code = ""

            static var mappingRules: MappingRules {
                MappingRules()
                    // Typed both ways, on JSON values: {"min": 2, "max": 9}.
                    .transform("span", with: .custom(decodeJSON: { json in
                        guard let low = json["min"]?.intValue, let high = json["max"]?.intValue else {
                            throw MappingError(.other("a span needs integer min and max"))
                        }
                        return Span(low: low, high: high)
                    }, encodeJSON: { span in ["min": .number(JSONNumber(Int64(span.low))), "max": .number(JSONNumber(Int64(span.high)))] }))
                    // On plain Foundation values: "ab-7" ↔ "AB-7".
                    .transform("code", with: .custom(decode: { "\($0)".uppercased() }, encode: { $0.lowercased() }))
            }
        }

        let band = try Band(jsonString: #"{"span": {"min": 2, "max": 9}, "code": "ab-7"}"#)
        print(band.span.low, band.span.high, band.code)   // 2 9 AB-7
        print(try band.jsonString(options: .sortedKeys))
        // {"code":"ab-7","span":{"max":9,"min":2}}
        do {
            _ = try Band(jsonString: #"{"span": {"min": 2}}"#)
        } catch {
            print(error)   // span: a span needs integer min and max
        }
        // end sample
    }

    static func readmeEntryPoints() throws {
        // sample readme-entry-points

        struct Friend: Mappable { var name = ""; var active = false }
        struct Profile: Mappable { var name = ""; var age = 0; var friends: [Friend] = [] }

        let response: [String: Any] = ["data": ["profile": ["name": "Ada", "age": 36]]]
        let decoder = KeyValueDecoder()
        let profile = try decoder.decode(Profile.self, from: response, at: "data.profile")
        print(profile.name, profile.age)   // Ada 36

        let payload: [String: Any] = ["name": "Ada", "age": "old", "friends": [["name": "Charles", "active": "maybe"]]]
        let (model, skipped) = try decoder.decodeLeniently(Profile.self, from: payload)
        print(model.name, model.age, model.friends.count)   // Ada 0 1
        for error in skipped { print(error) }
        // age: expected Int, found String "old"
        // friends[0].active: expected Bool, found String "maybe" (text must be true, false, yes, no, 1 or 0)
        // end sample
    }

    static func readmeTolerance() throws {
        // sample readme-tolerance

        enum Role: String, UnknownCaseRepresentable {
            case admin, member, unknown
            static var unknownCase: Role { .unknown }   // any raw value that is not a case
        }
        enum Plan: String { case free, pro }

        struct Account: Mappable {
            var name = ""
            var count = 0
            var role = Role.member
            var plan = Plan.free
            var tags: [String] = []

            static var mappingRules: MappingRules {
                MappingRules()
                    .useDefaultForNull("count")        // null keeps the prototype's 0
                    .skipInvalidElements("tags")       // a bad tag is dropped, not fatal
                    .fallback("plan", to: Plan.free)   // a plan that does not convert becomes .free
            }
        }

        let payload = Data(#"{"name": "Ada", "count": null, "role": "owner", "plan": "gold", "tags": ["a", 7, "b", null]}"#.utf8)
        let account = try KeyValueDecoder().decode(Account.self, fromJSON: payload)
        print(account.count, account.role, account.plan, account.tags)
        // 0 unknown free ["a", "7", "b"]

        let (_, skipped) = try KeyValueDecoder().decodeLeniently(Account.self, fromJSON: payload)
        for relaxation in skipped { print(relaxation) }
        // count: expected Int, found null (the property is not optional)
        // role: expected Role, found String "owner" (not a raw value of Role)
        // plan: expected Plan, found String "gold" (not a raw value of Plan)
        // tags[3]: expected String, found null (the property is not optional)

        var strict = KeyValueDecoder()
        strict.unknownKeys = .reject
        strict.missingKeys = .reject
        do {
            _ = try strict.decode(Account.self, fromJSON: Data(#"{"name": "Ada", "emial": "a@b.c"}"#.utf8))
        } catch {
            print(error)   // emial: unknown key (Account has no property reading it)
        }
        // end sample
    }
}
