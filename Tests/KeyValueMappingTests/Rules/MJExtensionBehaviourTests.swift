import Foundation
import Testing
import KeyValueMapping

// Behaviours of MJExtension's test suite, expressed with this library's rules.
struct Bag: Mappable, Equatable {
    var name = ""
    var price = 0.0
}

struct Student: Mappable, Equatable {
    var ID = ""
    var desc = ""
    var nowName = ""
    var oldName = ""
    var otherName = ""
    var nameChangedTime = ""
    var bag = Bag()

    static var mappingRules: MappingRules {
        MappingRules()
            .map("ID", to: "id")
            .map("desc", to: "desciption")
            .map("oldName", to: "name.oldName")
            .map("nowName", to: "name.newName")
            .map("otherName", toFirstOf: ["otherName", "name.newName", "name.oldName"])
            .map("nameChangedTime", to: "name.info[1].nameChangedTime")
            .map("bag", to: "other.bag")
    }
}

/// MJ's "121" snake_case mapping: every property name converted, no table.
struct SnakeCaseStatus: Mappable, Equatable {
    var statusText = ""
    var retweetCount = 0
    var userID: Int64 = 0
    var profileImageURL: URL?

    static var mappingRules: MappingRules { MappingRules().naming(.snakeCase) }
}

struct StatusBox: Mappable, Equatable {
    var statuses: [SnakeCaseStatus] = []
    var ads: [Bag] = []
    var totalNumber = 0
}

/// MJ's old → new value hook: rewrite incoming values before they are decoded.
struct Book: Mappable, Equatable {
    var name = ""
    var publishedAt = Date(timeIntervalSince1970: 0)

    static var mappingRules: MappingRules {
        MappingRules()
            .transform("publishedAt", with: .dateFormat("yyyy-MM-dd"))
            .beforeDecoding { dictionary in
                if let name = dictionary["name"] as? String, name.isEmpty { dictionary["name"] = "untitled" }
            }
    }
}

@Suite struct MJExtensionBehaviourTests {
    @Test func keyMappingCase() throws {
        let student = try Student(dictionary: try Fixtures.dictionary("mj-student.json"))
        #expect(student == Student(ID: "20", desc: "好孩子", nowName: "lufy", oldName: "kitty", otherName: "lufy",
                                   nameChangedTime: "2013-08-07", bag: Bag(name: "小书包", price: 100.7)))
    }

    @Test func keyMappingEncodesBackIntoTheSameShape() throws {
        let student = try Student(dictionary: try Fixtures.dictionary("mj-student.json"))
        let out = try student.dictionary()
        let name = try #require(out["name"] as? [String: Any])
        #expect(name["oldName"] as? String == "kitty")
        #expect(name["newName"] as? String == "lufy")
        let info = try #require(name["info"] as? [Any])
        #expect(info.count == 2 && info[0] is NSNull)
        #expect((info[1] as? [String: Any])?["nameChangedTime"] as? String == "2013-08-07")
        #expect(out["otherName"] as? String == "lufy", "candidates are written to the first candidate key")
        #expect(((out["other"] as? [String: Any])?["bag"] as? [String: Any])?["price"] as? Double == 100.7)
        #expect(try Student(dictionary: out) == student)
    }

    @Test func nestedModelArraysWithSnakeCaseNames() throws {
        let payload: [String: Any] = [
            "statuses": [
                ["status_text": "hi", "retweet_count": 3, "user_id": 9_007_199_254_740_993, "profile_image_url": "https://x.test/a.png"],
                ["status_text": "yo", "retweet_count": "4"],
            ],
            "ads": [["name": "ad", "price": 1]],
            "totalNumber": "2014",
        ]
        let box = try StatusBox(dictionary: payload)
        #expect(box.statuses.map(\.statusText) == ["hi", "yo"])
        #expect(box.statuses.map(\.retweetCount) == [3, 4])
        #expect(box.statuses[0].userID == 9_007_199_254_740_993)
        #expect(box.statuses[0].profileImageURL?.absoluteString == "https://x.test/a.png")
        #expect(box.totalNumber == 2014)
        let out = try box.dictionary()
        let first = try #require((out["statuses"] as? [[String: Any]])?.first)
        #expect(Set(first.keys) == ["status_text", "retweet_count", "user_id", "profile_image_url"])
    }

    @Test func oldToNewValueHook() throws {
        let book = try Book(dictionary: ["name": "", "publishedAt": "2014-01-20"])
        #expect(book.name == "untitled")
        #expect(book.publishedAt == Date(timeIntervalSince1970: 1_390_176_000))
        #expect(try book.dictionary()["publishedAt"] as? String == "2014-01-20")
    }
}
