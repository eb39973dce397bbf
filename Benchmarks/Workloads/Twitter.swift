import Foundation
import KeyValueMapping

// Models for Twitter's v1.1 search results. Ids above 2^53 are `Int64` and must arrive exact.
// `created_at` is Twitter's own text format (`Sun Aug 31 00:29:15 +0000 2014`), which neither
// the library's nor JSONDecoder's ISO 8601 strategy reads, so it stays `String`. Keys that are
// always null in the data (`geo`, `coordinates`, `place`, `contributors`) are not modelled.

/// The whole search response.
struct TwitterSearch: BenchmarkModel {
    var statuses: [TwitterStatus] = []
    var search_metadata = TwitterSearchMetadata()
}

/// Paging information of the search response.
struct TwitterSearchMetadata: BenchmarkModel {
    var completed_in = 0.0
    var max_id: Int64 = 0
    var max_id_str = ""
    var next_results = ""
    var query = ""
    var refresh_url = ""
    var count = 0
    var since_id: Int64 = 0
    var since_id_str = ""
}

/// Why a status was returned.
struct TwitterStatusMetadata: BenchmarkModel {
    var result_type = ""
    var iso_language_code = ""
}

/// A status (tweet), possibly a retweet of another.
struct TwitterStatus: BenchmarkModel, TwitterStatusFields {
    var metadata = TwitterStatusMetadata()
    var created_at = ""
    var id: Int64 = 0
    var id_str = ""
    var text = ""
    var source = ""
    var truncated = false
    var in_reply_to_status_id: Int64?
    var in_reply_to_status_id_str: String?
    var in_reply_to_user_id: Int64?
    var in_reply_to_user_id_str: String?
    var in_reply_to_screen_name: String?
    var user = TwitterUser()
    var retweeted_status: TwitterRetweetedStatus?
    var retweet_count = 0
    var favorite_count = 0
    var entities = TwitterEntities()
    var favorited = false
    var retweeted = false
    var possibly_sensitive: Bool?
    var lang = ""
}

/// The status a retweet quotes: the same fields, one level deep (a struct cannot contain
/// itself, and the payload never nests retweets further).
struct TwitterRetweetedStatus: BenchmarkModel, TwitterStatusFields {
    var metadata = TwitterStatusMetadata()
    var created_at = ""
    var id: Int64 = 0
    var id_str = ""
    var text = ""
    var source = ""
    var truncated = false
    var in_reply_to_status_id: Int64?
    var in_reply_to_status_id_str: String?
    var in_reply_to_user_id: Int64?
    var in_reply_to_user_id_str: String?
    var in_reply_to_screen_name: String?
    var user = TwitterUser()
    var retweet_count = 0
    var favorite_count = 0
    var entities = TwitterEntities()
    var favorited = false
    var retweeted = false
    var possibly_sensitive: Bool?
    var lang = ""
}

/// The author of a status.
struct TwitterUser: BenchmarkModel {
    var id: Int64 = 0
    var id_str = ""
    var name = ""
    var screen_name = ""
    var location = ""
    var description = ""
    var url: URL?
    var entities = TwitterUserEntities()
    var protected = false
    var followers_count = 0
    var friends_count = 0
    var listed_count = 0
    var created_at = ""
    var favourites_count = 0
    var utc_offset: Int?
    var time_zone: String?
    var geo_enabled = false
    var verified = false
    var statuses_count = 0
    var lang = ""
    var contributors_enabled = false
    var is_translator = false
    var is_translation_enabled = false
    var profile_background_color = ""
    var profile_background_image_url: URL?
    var profile_background_image_url_https: URL?
    var profile_background_tile = false
    var profile_image_url: URL?
    var profile_image_url_https: URL?
    var profile_banner_url: URL?
    var profile_link_color = ""
    var profile_sidebar_border_color = ""
    var profile_sidebar_fill_color = ""
    var profile_text_color = ""
    var profile_use_background_image = false
    var default_profile = false
    var default_profile_image = false
    var following = false
    var follow_request_sent = false
    var notifications = false
}

/// Links found in a user's profile.
struct TwitterUserEntities: BenchmarkModel {
    var url: TwitterURLList?
    var description = TwitterURLList()
}

/// A list of links.
struct TwitterURLList: BenchmarkModel {
    var urls: [TwitterURLEntity] = []
}

/// Hashtags, links, mentions and media found in a status.
struct TwitterEntities: BenchmarkModel {
    var hashtags: [TwitterHashtag] = []
    var urls: [TwitterURLEntity] = []
    var user_mentions: [TwitterMention] = []
    var media: [TwitterMedia]?
}

/// A hashtag and where it occurs in the text.
struct TwitterHashtag: BenchmarkModel {
    var text = ""
    var indices: [Int] = []
}

/// A shortened link.
struct TwitterURLEntity: BenchmarkModel {
    var url: URL?
    var expanded_url: URL?
    var display_url = ""
    var indices: [Int] = []
}

/// A mentioned user.
struct TwitterMention: BenchmarkModel {
    var screen_name = ""
    var name = ""
    var id: Int64 = 0
    var id_str = ""
    var indices: [Int] = []
}

/// An attached photo.
struct TwitterMedia: BenchmarkModel {
    var id: Int64 = 0
    var id_str = ""
    var indices: [Int] = []
    var media_url: URL?
    var media_url_https: URL?
    var url: URL?
    var display_url = ""
    var expanded_url: URL?
    var type = ""
    var sizes = TwitterMediaSizes()
    var source_status_id: Int64?
    var source_status_id_str: String?
}

/// The renditions of a photo.
struct TwitterMediaSizes: BenchmarkModel {
    var medium = TwitterMediaSize()
    var small = TwitterMediaSize()
    var thumb = TwitterMediaSize()
    var large = TwitterMediaSize()
}

/// One rendition's size.
struct TwitterMediaSize: BenchmarkModel {
    var w = 0
    var h = 0
    var resize = ""
}

/// The twitter workload: the whole `twitter.json` document as one object.
enum TwitterWorkload {
    /// The four-operation suite.
    static func suite() throws -> Suite<TwitterSearch> {
        let bytes = try DataFiles.load("twitter.json")
        return Suite(
            workload: .twitter, objects: 1, bytes: bytes,
            codecs: Codecs(document: TwitterSearch.self) { $0.statuses.count }
        )
    }
}
