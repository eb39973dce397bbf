import Foundation
import Testing
import KeyValueMapping

// Property names follow the payload's keys (key renaming is a per-type rule of its own).
struct TweetUser: Mappable, Equatable {
    var id: Int64 = 0
    var id_str = ""
    var name = ""
    var screen_name = ""
    var url: URL?
    var followers_count = 0
    var verified = false
    var utc_offset: Int?
    var profile_image_url_https: URL?
}

struct Hashtag: Mappable, Equatable {
    var text = ""
    var indices: [Int] = []
}

struct Mention: Mappable, Equatable {
    var id: UInt64 = 0
    var id_str = ""
    var screen_name = ""
}

struct Entities: Mappable, Equatable {
    var hashtags: [Hashtag] = []
    var user_mentions: [Mention] = []
}

struct StatusMetadata: Mappable, Equatable {
    var result_type = ""
    var iso_language_code = ""
}

struct Status: Mappable, Equatable {
    var id: Int64 = 0
    var id_str = ""
    var text = ""
    var truncated = false
    var in_reply_to_status_id: Int64?
    var in_reply_to_status_id_str: String?
    var in_reply_to_user_id: UInt64?
    var user = TweetUser()
    var entities = Entities()
    var metadata = StatusMetadata()
    var retweet_count = 0
    var favorite_count = 0
    var lang = ""
    var retweeted_status: RetweetedStatus?
}

struct RetweetedStatus: Mappable, Equatable {
    var id: Int64 = 0
    var id_str = ""
    var user = TweetUser()
}

@Suite struct TwitterTests {
    func statuses() throws -> [Any] {
        let object = try #require(try JSONSerialization.jsonObject(with: Fixtures.realWorld("twitter.json")) as? [String: Any])
        return try #require(object["statuses"] as? [Any])
    }

    @Test func decodesEveryStatusWithExactIDs() throws {
        let raw = try statuses()
        let decoded = try [Status](dictionaries: raw)
        #expect(decoded.count == 100)
        var largeIDs = 0
        for status in decoded {
            #expect(String(status.id) == status.id_str)
            #expect(String(status.user.id) == status.user.id_str)
            if let reply = status.in_reply_to_status_id { #expect(String(reply) == status.in_reply_to_status_id_str) }
            for mention in status.entities.user_mentions { #expect(String(mention.id) == mention.id_str) }
            if let retweet = status.retweeted_status { #expect(String(retweet.id) == retweet.id_str) }
            if status.id > 1 << 53 { largeIDs += 1 }
        }
        #expect(largeIDs == 100)
    }

    @Test func roundTripsEveryStatus() throws {
        let decoded = try [Status](dictionaries: try statuses())
        let again = try [Status](dictionaries: try decoded.dictionaries())
        #expect(again == decoded)
    }
}
