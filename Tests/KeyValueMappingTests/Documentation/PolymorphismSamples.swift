import Foundation
import KeyValueMapping

// Twins of the Swift blocks in Sources/KeyValueMapping/KeyValueMapping.docc/Polymorphism.md: each body between `// sample` and `// end sample` is its
// block verbatim, without the imports (see DocumentationSamples).
extension DocumentationSamples {
    static let polymorphism: [Sample] = [
        Sample("polymorphism-feed", polymorphismFeed),
    ]

    static func polymorphismFeed() throws {
        // sample polymorphism-feed

        struct Post: Mappable { var id = 0; var text = "" }
        struct Ad: Mappable { var id = 0; var sponsor = "" }

        enum FeedItem: MappableEnum {
            case post(Post)
            case ad(Ad)
            case divider
            static var enumRules: EnumRules<FeedItem> {
                EnumRules(.adjacentlyTagged("kind", content: "item"))
                    .case("post", FeedItem.post)
                    .case("ad", FeedItem.ad)
                    .case("divider", FeedItem.divider)
            }
        }
        struct Feed: Mappable { var items: [FeedItem] = [] }

        let feed = try Feed(jsonString: #"""
            {"items": [{"kind": "post", "item": {"id": 1, "text": "Hello"}}, {"item": {"id": 2, "sponsor": "ACME"}, "kind": "ad"},
                       {"kind": "divider"}]}
            """#)
        print(feed.items.count)   // 3
        print(try feed.jsonString())
        // {"items":[{"kind":"post","item":{"id":1,"text":"Hello"}},{"kind":"ad","item":{"id":2,"sponsor":"ACME"}},{"kind":"divider"}]}
        do {
            _ = try Feed(jsonString: #"{"items": [{"kind": "video", "item": {}}]}"#)
        } catch {
            print(error)
            // items[0]: expected a tag of FeedItem (post, ad, divider), found tag "video" (no case has this tag; `.fallback(…)` in enumRules decodes unknown tags as one case)
        }
        // end sample
    }
}
