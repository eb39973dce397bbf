import Foundation

// The floor for the Twitter models.

/// The fields a status and the status it retweets share, so the floor maps them once.
protocol TwitterStatusFields {
    var metadata: TwitterStatusMetadata { get set }
    var created_at: String { get set }
    var id: Int64 { get set }
    var id_str: String { get set }
    var text: String { get set }
    var source: String { get set }
    var truncated: Bool { get set }
    var in_reply_to_status_id: Int64? { get set }
    var in_reply_to_status_id_str: String? { get set }
    var in_reply_to_user_id: Int64? { get set }
    var in_reply_to_user_id_str: String? { get set }
    var in_reply_to_screen_name: String? { get set }
    var user: TwitterUser { get set }
    var retweet_count: Int { get set }
    var favorite_count: Int { get set }
    var entities: TwitterEntities { get set }
    var favorited: Bool { get set }
    var retweeted: Bool { get set }
    var possibly_sensitive: Bool? { get set }
    var lang: String { get set }
}

extension TwitterStatusFields {
    /// Reads the shared fields by hand.
    mutating func readStatusFields(_ dictionary: [String: Any]) throws {
        try dictionary.read("metadata", into: &metadata) { try TwitterStatusMetadata(handWritten: HandWritten.object($0)) }
        try dictionary.read("created_at", into: &created_at, HandWritten.string)
        try dictionary.read("id", into: &id, HandWritten.int64)
        try dictionary.read("id_str", into: &id_str, HandWritten.string)
        try dictionary.read("text", into: &text, HandWritten.string)
        try dictionary.read("source", into: &source, HandWritten.string)
        try dictionary.read("truncated", into: &truncated, HandWritten.bool)
        try dictionary.readOptional("in_reply_to_status_id", into: &in_reply_to_status_id, HandWritten.int64)
        try dictionary.readOptional("in_reply_to_status_id_str", into: &in_reply_to_status_id_str, HandWritten.string)
        try dictionary.readOptional("in_reply_to_user_id", into: &in_reply_to_user_id, HandWritten.int64)
        try dictionary.readOptional("in_reply_to_user_id_str", into: &in_reply_to_user_id_str, HandWritten.string)
        try dictionary.readOptional("in_reply_to_screen_name", into: &in_reply_to_screen_name, HandWritten.string)
        try dictionary.read("user", into: &user) { try TwitterUser(handWritten: HandWritten.object($0)) }
        try dictionary.read("retweet_count", into: &retweet_count, HandWritten.int)
        try dictionary.read("favorite_count", into: &favorite_count, HandWritten.int)
        try dictionary.read("entities", into: &entities) { try TwitterEntities(handWritten: HandWritten.object($0)) }
        try dictionary.read("favorited", into: &favorited, HandWritten.bool)
        try dictionary.read("retweeted", into: &retweeted, HandWritten.bool)
        try dictionary.readOptional("possibly_sensitive", into: &possibly_sensitive, HandWritten.bool)
        try dictionary.read("lang", into: &lang, HandWritten.string)
    }

    /// Writes the shared fields by hand.
    func statusFieldsDictionary() -> [String: Any] {
        var result: [String: Any] = [
            "metadata": metadata.handWrittenDictionary(), "created_at": created_at, "id": id, "id_str": id_str,
            "text": text, "source": source, "truncated": truncated, "user": user.handWrittenDictionary(),
            "retweet_count": retweet_count, "favorite_count": favorite_count,
            "entities": entities.handWrittenDictionary(), "favorited": favorited, "retweeted": retweeted, "lang": lang,
        ]
        if let in_reply_to_status_id { result["in_reply_to_status_id"] = in_reply_to_status_id }
        if let in_reply_to_status_id_str { result["in_reply_to_status_id_str"] = in_reply_to_status_id_str }
        if let in_reply_to_user_id { result["in_reply_to_user_id"] = in_reply_to_user_id }
        if let in_reply_to_user_id_str { result["in_reply_to_user_id_str"] = in_reply_to_user_id_str }
        if let in_reply_to_screen_name { result["in_reply_to_screen_name"] = in_reply_to_screen_name }
        if let possibly_sensitive { result["possibly_sensitive"] = possibly_sensitive }
        return result
    }
}

extension TwitterSearch {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.readArray("statuses", into: &statuses) { try TwitterStatus(handWritten: HandWritten.object($0)) }
        try dictionary.read("search_metadata", into: &search_metadata) { try TwitterSearchMetadata(handWritten: HandWritten.object($0)) }
    }

    func handWrittenDictionary() -> [String: Any] {
        ["statuses": statuses.map { $0.handWrittenDictionary() }, "search_metadata": search_metadata.handWrittenDictionary()]
    }
}

extension TwitterSearchMetadata {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.read("completed_in", into: &completed_in, HandWritten.double)
        try dictionary.read("max_id", into: &max_id, HandWritten.int64)
        try dictionary.read("max_id_str", into: &max_id_str, HandWritten.string)
        try dictionary.read("next_results", into: &next_results, HandWritten.string)
        try dictionary.read("query", into: &query, HandWritten.string)
        try dictionary.read("refresh_url", into: &refresh_url, HandWritten.string)
        try dictionary.read("count", into: &count, HandWritten.int)
        try dictionary.read("since_id", into: &since_id, HandWritten.int64)
        try dictionary.read("since_id_str", into: &since_id_str, HandWritten.string)
    }

    func handWrittenDictionary() -> [String: Any] {
        [
            "completed_in": completed_in, "max_id": max_id, "max_id_str": max_id_str, "next_results": next_results,
            "query": query, "refresh_url": refresh_url, "count": count, "since_id": since_id, "since_id_str": since_id_str,
        ]
    }
}

extension TwitterStatusMetadata {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.read("result_type", into: &result_type, HandWritten.string)
        try dictionary.read("iso_language_code", into: &iso_language_code, HandWritten.string)
    }

    func handWrittenDictionary() -> [String: Any] {
        ["result_type": result_type, "iso_language_code": iso_language_code]
    }
}

extension TwitterStatus {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try readStatusFields(dictionary)
        try dictionary.readOptional("retweeted_status", into: &retweeted_status) { try TwitterRetweetedStatus(handWritten: HandWritten.object($0)) }
    }

    func handWrittenDictionary() -> [String: Any] {
        var result = statusFieldsDictionary()
        if let retweeted_status { result["retweeted_status"] = retweeted_status.handWrittenDictionary() }
        return result
    }
}

extension TwitterRetweetedStatus {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try readStatusFields(dictionary)
    }

    func handWrittenDictionary() -> [String: Any] {
        statusFieldsDictionary()
    }
}

extension TwitterUser {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.read("id", into: &id, HandWritten.int64)
        try dictionary.read("id_str", into: &id_str, HandWritten.string)
        try dictionary.read("name", into: &name, HandWritten.string)
        try dictionary.read("screen_name", into: &screen_name, HandWritten.string)
        try dictionary.read("location", into: &location, HandWritten.string)
        try dictionary.read("description", into: &description, HandWritten.string)
        try dictionary.readOptional("url", into: &url, HandWritten.url)
        try dictionary.read("entities", into: &entities) { try TwitterUserEntities(handWritten: HandWritten.object($0)) }
        try dictionary.read("protected", into: &protected, HandWritten.bool)
        try dictionary.read("followers_count", into: &followers_count, HandWritten.int)
        try dictionary.read("friends_count", into: &friends_count, HandWritten.int)
        try dictionary.read("listed_count", into: &listed_count, HandWritten.int)
        try dictionary.read("created_at", into: &created_at, HandWritten.string)
        try dictionary.read("favourites_count", into: &favourites_count, HandWritten.int)
        try dictionary.readOptional("utc_offset", into: &utc_offset, HandWritten.int)
        try dictionary.readOptional("time_zone", into: &time_zone, HandWritten.string)
        try dictionary.read("geo_enabled", into: &geo_enabled, HandWritten.bool)
        try dictionary.read("verified", into: &verified, HandWritten.bool)
        try dictionary.read("statuses_count", into: &statuses_count, HandWritten.int)
        try dictionary.read("lang", into: &lang, HandWritten.string)
        try dictionary.read("contributors_enabled", into: &contributors_enabled, HandWritten.bool)
        try dictionary.read("is_translator", into: &is_translator, HandWritten.bool)
        try dictionary.read("is_translation_enabled", into: &is_translation_enabled, HandWritten.bool)
        try dictionary.read("profile_background_color", into: &profile_background_color, HandWritten.string)
        try dictionary.readOptional("profile_background_image_url", into: &profile_background_image_url, HandWritten.url)
        try dictionary.readOptional("profile_background_image_url_https", into: &profile_background_image_url_https, HandWritten.url)
        try dictionary.read("profile_background_tile", into: &profile_background_tile, HandWritten.bool)
        try dictionary.readOptional("profile_image_url", into: &profile_image_url, HandWritten.url)
        try dictionary.readOptional("profile_image_url_https", into: &profile_image_url_https, HandWritten.url)
        try dictionary.readOptional("profile_banner_url", into: &profile_banner_url, HandWritten.url)
        try dictionary.read("profile_link_color", into: &profile_link_color, HandWritten.string)
        try dictionary.read("profile_sidebar_border_color", into: &profile_sidebar_border_color, HandWritten.string)
        try dictionary.read("profile_sidebar_fill_color", into: &profile_sidebar_fill_color, HandWritten.string)
        try dictionary.read("profile_text_color", into: &profile_text_color, HandWritten.string)
        try dictionary.read("profile_use_background_image", into: &profile_use_background_image, HandWritten.bool)
        try dictionary.read("default_profile", into: &default_profile, HandWritten.bool)
        try dictionary.read("default_profile_image", into: &default_profile_image, HandWritten.bool)
        try dictionary.read("following", into: &following, HandWritten.bool)
        try dictionary.read("follow_request_sent", into: &follow_request_sent, HandWritten.bool)
        try dictionary.read("notifications", into: &notifications, HandWritten.bool)
    }

    func handWrittenDictionary() -> [String: Any] {
        var result: [String: Any] = [
            "id": id, "id_str": id_str, "name": name, "screen_name": screen_name, "location": location,
            "description": description, "entities": entities.handWrittenDictionary(), "protected": protected,
            "followers_count": followers_count, "friends_count": friends_count, "listed_count": listed_count,
            "created_at": created_at, "favourites_count": favourites_count, "geo_enabled": geo_enabled,
            "verified": verified, "statuses_count": statuses_count, "lang": lang,
            "contributors_enabled": contributors_enabled, "is_translator": is_translator,
            "is_translation_enabled": is_translation_enabled, "profile_background_color": profile_background_color,
            "profile_background_tile": profile_background_tile, "profile_link_color": profile_link_color,
            "profile_sidebar_border_color": profile_sidebar_border_color,
            "profile_sidebar_fill_color": profile_sidebar_fill_color, "profile_text_color": profile_text_color,
            "profile_use_background_image": profile_use_background_image, "default_profile": default_profile,
            "default_profile_image": default_profile_image, "following": following,
            "follow_request_sent": follow_request_sent, "notifications": notifications,
        ]
        if let url { result["url"] = url.absoluteString }
        if let utc_offset { result["utc_offset"] = utc_offset }
        if let time_zone { result["time_zone"] = time_zone }
        if let profile_background_image_url { result["profile_background_image_url"] = profile_background_image_url.absoluteString }
        if let profile_background_image_url_https { result["profile_background_image_url_https"] = profile_background_image_url_https.absoluteString }
        if let profile_image_url { result["profile_image_url"] = profile_image_url.absoluteString }
        if let profile_image_url_https { result["profile_image_url_https"] = profile_image_url_https.absoluteString }
        if let profile_banner_url { result["profile_banner_url"] = profile_banner_url.absoluteString }
        return result
    }
}

extension TwitterUserEntities {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.readOptional("url", into: &url) { try TwitterURLList(handWritten: HandWritten.object($0)) }
        try dictionary.read("description", into: &description) { try TwitterURLList(handWritten: HandWritten.object($0)) }
    }

    func handWrittenDictionary() -> [String: Any] {
        var result: [String: Any] = ["description": description.handWrittenDictionary()]
        if let url { result["url"] = url.handWrittenDictionary() }
        return result
    }
}

extension TwitterURLList {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.readArray("urls", into: &urls) { try TwitterURLEntity(handWritten: HandWritten.object($0)) }
    }

    func handWrittenDictionary() -> [String: Any] {
        ["urls": urls.map { $0.handWrittenDictionary() }]
    }
}

extension TwitterEntities {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.readArray("hashtags", into: &hashtags) { try TwitterHashtag(handWritten: HandWritten.object($0)) }
        try dictionary.readArray("urls", into: &urls) { try TwitterURLEntity(handWritten: HandWritten.object($0)) }
        try dictionary.readArray("user_mentions", into: &user_mentions) { try TwitterMention(handWritten: HandWritten.object($0)) }
        try dictionary.readOptionalArray("media", into: &media) { try TwitterMedia(handWritten: HandWritten.object($0)) }
    }

    func handWrittenDictionary() -> [String: Any] {
        var result: [String: Any] = [
            "hashtags": hashtags.map { $0.handWrittenDictionary() }, "urls": urls.map { $0.handWrittenDictionary() },
            "user_mentions": user_mentions.map { $0.handWrittenDictionary() },
        ]
        if let media { result["media"] = media.map { $0.handWrittenDictionary() } }
        return result
    }
}

extension TwitterHashtag {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.read("text", into: &text, HandWritten.string)
        try dictionary.read("indices", into: &indices, HandWritten.ints)
    }

    func handWrittenDictionary() -> [String: Any] {
        ["text": text, "indices": indices]
    }
}

extension TwitterURLEntity {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.readOptional("url", into: &url, HandWritten.url)
        try dictionary.readOptional("expanded_url", into: &expanded_url, HandWritten.url)
        try dictionary.read("display_url", into: &display_url, HandWritten.string)
        try dictionary.read("indices", into: &indices, HandWritten.ints)
    }

    func handWrittenDictionary() -> [String: Any] {
        var result: [String: Any] = ["display_url": display_url, "indices": indices]
        if let url { result["url"] = url.absoluteString }
        if let expanded_url { result["expanded_url"] = expanded_url.absoluteString }
        return result
    }
}

extension TwitterMention {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.read("screen_name", into: &screen_name, HandWritten.string)
        try dictionary.read("name", into: &name, HandWritten.string)
        try dictionary.read("id", into: &id, HandWritten.int64)
        try dictionary.read("id_str", into: &id_str, HandWritten.string)
        try dictionary.read("indices", into: &indices, HandWritten.ints)
    }

    func handWrittenDictionary() -> [String: Any] {
        ["screen_name": screen_name, "name": name, "id": id, "id_str": id_str, "indices": indices]
    }
}

extension TwitterMedia {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.read("id", into: &id, HandWritten.int64)
        try dictionary.read("id_str", into: &id_str, HandWritten.string)
        try dictionary.read("indices", into: &indices, HandWritten.ints)
        try dictionary.readOptional("media_url", into: &media_url, HandWritten.url)
        try dictionary.readOptional("media_url_https", into: &media_url_https, HandWritten.url)
        try dictionary.readOptional("url", into: &url, HandWritten.url)
        try dictionary.read("display_url", into: &display_url, HandWritten.string)
        try dictionary.readOptional("expanded_url", into: &expanded_url, HandWritten.url)
        try dictionary.read("type", into: &type, HandWritten.string)
        try dictionary.read("sizes", into: &sizes) { try TwitterMediaSizes(handWritten: HandWritten.object($0)) }
        try dictionary.readOptional("source_status_id", into: &source_status_id, HandWritten.int64)
        try dictionary.readOptional("source_status_id_str", into: &source_status_id_str, HandWritten.string)
    }

    func handWrittenDictionary() -> [String: Any] {
        var result: [String: Any] = [
            "id": id, "id_str": id_str, "indices": indices, "display_url": display_url, "type": type,
            "sizes": sizes.handWrittenDictionary(),
        ]
        if let media_url { result["media_url"] = media_url.absoluteString }
        if let media_url_https { result["media_url_https"] = media_url_https.absoluteString }
        if let url { result["url"] = url.absoluteString }
        if let expanded_url { result["expanded_url"] = expanded_url.absoluteString }
        if let source_status_id { result["source_status_id"] = source_status_id }
        if let source_status_id_str { result["source_status_id_str"] = source_status_id_str }
        return result
    }
}

extension TwitterMediaSizes {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.read("medium", into: &medium) { try TwitterMediaSize(handWritten: HandWritten.object($0)) }
        try dictionary.read("small", into: &small) { try TwitterMediaSize(handWritten: HandWritten.object($0)) }
        try dictionary.read("thumb", into: &thumb) { try TwitterMediaSize(handWritten: HandWritten.object($0)) }
        try dictionary.read("large", into: &large) { try TwitterMediaSize(handWritten: HandWritten.object($0)) }
    }

    func handWrittenDictionary() -> [String: Any] {
        [
            "medium": medium.handWrittenDictionary(), "small": small.handWrittenDictionary(),
            "thumb": thumb.handWrittenDictionary(), "large": large.handWrittenDictionary(),
        ]
    }
}

extension TwitterMediaSize {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.read("w", into: &w, HandWritten.int)
        try dictionary.read("h", into: &h, HandWritten.int)
        try dictionary.read("resize", into: &resize, HandWritten.string)
    }

    func handWrittenDictionary() -> [String: Any] {
        ["w": w, "h": h, "resize": resize]
    }
}
