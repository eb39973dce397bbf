//! The Swift benchmark models (Benchmarks/Workloads/*.swift) as serde structs: the same fields,
//! the same optionality, the same numeric types (Swift `Int` and `Int64` are `i64`).
//!
//! What follows KeyValueMapping's defaults rather than serde's:
//! - a missing key keeps the field's default (`#[serde(default)]` on every struct), as decoding
//!   from a `Mappable` prototype does; `null` is still an error for a non-optional field;
//! - `None` is left out when encoding (`skip_serializing_if`), as `nilEncoding = .omit` does;
//! - a Swift `Date` (GitHub's `created_at` …) is a [`Timestamp`]: ISO 8601 text read into seconds
//!   and written back as ISO 8601, as the library's default date strategies do.
//! Swift `URL` is `String` here (serde_json has no URL type; the Swift side validates URLs, which
//! costs it extra). Unknown keys are ignored, as by both libraries' defaults.

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::collections::HashMap;
use std::fmt;

// ---------------------------------------------------------------------------------------------
// twitter.json (Twitter.swift)

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct TwitterSearch {
    pub statuses: Vec<TwitterStatus>,
    pub search_metadata: TwitterSearchMetadata,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct TwitterSearchMetadata {
    pub completed_in: f64,
    pub max_id: i64,
    pub max_id_str: String,
    pub next_results: String,
    pub query: String,
    pub refresh_url: String,
    pub count: i64,
    pub since_id: i64,
    pub since_id_str: String,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct TwitterStatusMetadata {
    pub result_type: String,
    pub iso_language_code: String,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct TwitterStatus {
    pub metadata: TwitterStatusMetadata,
    pub created_at: String,
    pub id: i64,
    pub id_str: String,
    pub text: String,
    pub source: String,
    pub truncated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_reply_to_status_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_reply_to_status_id_str: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_reply_to_user_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_reply_to_user_id_str: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_reply_to_screen_name: Option<String>,
    pub user: TwitterUser,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retweeted_status: Option<Box<TwitterRetweetedStatus>>,
    pub retweet_count: i64,
    pub favorite_count: i64,
    pub entities: TwitterEntities,
    pub favorited: bool,
    pub retweeted: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub possibly_sensitive: Option<bool>,
    pub lang: String,
}

/// A status without `retweeted_status`, as in Swift (one level deep).
#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct TwitterRetweetedStatus {
    pub metadata: TwitterStatusMetadata,
    pub created_at: String,
    pub id: i64,
    pub id_str: String,
    pub text: String,
    pub source: String,
    pub truncated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_reply_to_status_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_reply_to_status_id_str: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_reply_to_user_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_reply_to_user_id_str: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_reply_to_screen_name: Option<String>,
    pub user: TwitterUser,
    pub retweet_count: i64,
    pub favorite_count: i64,
    pub entities: TwitterEntities,
    pub favorited: bool,
    pub retweeted: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub possibly_sensitive: Option<bool>,
    pub lang: String,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct TwitterUser {
    pub id: i64,
    pub id_str: String,
    pub name: String,
    pub screen_name: String,
    pub location: String,
    pub description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    pub entities: TwitterUserEntities,
    pub protected: bool,
    pub followers_count: i64,
    pub friends_count: i64,
    pub listed_count: i64,
    pub created_at: String,
    pub favourites_count: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub utc_offset: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    pub geo_enabled: bool,
    pub verified: bool,
    pub statuses_count: i64,
    pub lang: String,
    pub contributors_enabled: bool,
    pub is_translator: bool,
    pub is_translation_enabled: bool,
    pub profile_background_color: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profile_background_image_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profile_background_image_url_https: Option<String>,
    pub profile_background_tile: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profile_image_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profile_image_url_https: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profile_banner_url: Option<String>,
    pub profile_link_color: String,
    pub profile_sidebar_border_color: String,
    pub profile_sidebar_fill_color: String,
    pub profile_text_color: String,
    pub profile_use_background_image: bool,
    pub default_profile: bool,
    pub default_profile_image: bool,
    pub following: bool,
    pub follow_request_sent: bool,
    pub notifications: bool,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct TwitterUserEntities {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<TwitterUrlList>,
    pub description: TwitterUrlList,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct TwitterUrlList {
    pub urls: Vec<TwitterUrlEntity>,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct TwitterEntities {
    pub hashtags: Vec<TwitterHashtag>,
    pub urls: Vec<TwitterUrlEntity>,
    pub user_mentions: Vec<TwitterMention>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub media: Option<Vec<TwitterMedia>>,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct TwitterHashtag {
    pub text: String,
    pub indices: Vec<i64>,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct TwitterUrlEntity {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expanded_url: Option<String>,
    pub display_url: String,
    pub indices: Vec<i64>,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct TwitterMention {
    pub screen_name: String,
    pub name: String,
    pub id: i64,
    pub id_str: String,
    pub indices: Vec<i64>,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct TwitterMedia {
    pub id: i64,
    pub id_str: String,
    pub indices: Vec<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub media_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub media_url_https: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    pub display_url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expanded_url: Option<String>,
    #[serde(rename = "type")]
    pub kind: String,
    pub sizes: TwitterMediaSizes,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_status_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_status_id_str: Option<String>,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct TwitterMediaSizes {
    pub medium: TwitterMediaSize,
    pub small: TwitterMediaSize,
    pub thumb: TwitterMediaSize,
    pub large: TwitterMediaSize,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct TwitterMediaSize {
    pub w: i64,
    pub h: i64,
    pub resize: String,
}

// ---------------------------------------------------------------------------------------------
// citm_catalog.json (Citm.swift). Swift `[Int: …]` dictionaries are `HashMap<i64, …>`: serde_json
// reads the numeric-string keys as integers and writes them back as strings.

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct CitmCatalog {
    pub area_names: HashMap<i64, String>,
    pub audience_sub_category_names: HashMap<i64, String>,
    pub block_names: HashMap<i64, String>,
    pub events: HashMap<i64, CitmEvent>,
    pub performances: Vec<CitmPerformance>,
    pub seat_category_names: HashMap<i64, String>,
    pub sub_topic_names: HashMap<i64, String>,
    pub subject_names: HashMap<i64, String>,
    pub topic_names: HashMap<i64, String>,
    pub topic_sub_topics: HashMap<i64, Vec<i64>>,
    pub venue_names: HashMap<String, String>,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct CitmEvent {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub id: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub logo: Option<String>,
    pub name: String,
    pub sub_topic_ids: Vec<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subject_code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    pub topic_ids: Vec<i64>,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct CitmPerformance {
    pub event_id: i64,
    pub id: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub logo: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub prices: Vec<CitmPrice>,
    pub seat_categories: Vec<CitmSeatCategory>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat_map_image: Option<String>,
    /// Milliseconds since 1970, a number as in Swift.
    pub start: i64,
    pub venue_code: String,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct CitmPrice {
    pub amount: i64,
    pub audience_sub_category_id: i64,
    pub seat_category_id: i64,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct CitmSeatCategory {
    pub areas: Vec<CitmArea>,
    pub seat_category_id: i64,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct CitmArea {
    pub area_id: i64,
    pub block_ids: Vec<i64>,
}

// ---------------------------------------------------------------------------------------------
// canada.json (Canada.swift)

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct CanadaFeatureCollection {
    #[serde(rename = "type")]
    pub kind: String,
    pub features: Vec<CanadaFeature>,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct CanadaFeature {
    #[serde(rename = "type")]
    pub kind: String,
    pub properties: HashMap<String, String>,
    pub geometry: CanadaGeometry,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct CanadaGeometry {
    #[serde(rename = "type")]
    pub kind: String,
    pub coordinates: Vec<Vec<Vec<f64>>>,
}

// ---------------------------------------------------------------------------------------------
// github/issues.json + github/paginate-issues.json (GitHubIssues.swift)

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
pub enum GitHubAccountType {
    #[default]
    User,
    Organization,
    Bot,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GitHubState {
    #[default]
    Open,
    Closed,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct GitHubUser {
    pub login: String,
    pub id: i64,
    pub node_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub avatar_url: Option<String>,
    pub gravatar_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub html_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub followers_url: Option<String>,
    pub following_url: String,
    pub gists_url: String,
    pub starred_url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subscriptions_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub organizations_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repos_url: Option<String>,
    pub events_url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub received_events_url: Option<String>,
    #[serde(rename = "type")]
    pub kind: GitHubAccountType,
    pub site_admin: bool,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct GitHubLabel {
    pub id: i64,
    pub node_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    pub name: String,
    pub color: String,
    pub default: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct GitHubMilestone {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub html_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub labels_url: Option<String>,
    pub id: i64,
    pub node_id: String,
    pub number: i64,
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub creator: GitHubUser,
    pub open_issues: i64,
    pub closed_issues: i64,
    pub state: GitHubState,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub due_on: Option<Timestamp>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed_at: Option<Timestamp>,
}

/// `+1` and `-1` are left out, as in Swift.
#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct GitHubReactions {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    pub total_count: i64,
    pub laugh: i64,
    pub hooray: i64,
    pub confused: i64,
    pub heart: i64,
    pub rocket: i64,
    pub eyes: i64,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct GitHubPullRequestLinks {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub html_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diff_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub patch_url: Option<String>,
}

#[derive(Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default)]
pub struct GitHubIssue {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repository_url: Option<String>,
    pub labels_url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comments_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub events_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub html_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timeline_url: Option<String>,
    pub id: i64,
    pub node_id: String,
    pub number: i64,
    pub title: String,
    pub user: GitHubUser,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub labels: Option<Vec<GitHubLabel>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<GitHubState>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub locked: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub assignee: Option<GitHubUser>,
    pub assignees: Vec<GitHubUser>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub milestone: Option<GitHubMilestone>,
    pub comments: i64,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed_at: Option<Timestamp>,
    pub author_association: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub active_lock_reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draft: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pull_request: Option<GitHubPullRequestLinks>,
    pub reactions: GitHubReactions,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state_reason: Option<String>,
}

// ---------------------------------------------------------------------------------------------
// Swift `Date` for GitHub: `2022-10-07T08:49:54Z` read into seconds since 1970, written back in
// the same form (whole seconds, UTC; what the payloads hold and what the Swift side writes).

#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Timestamp(pub i64);

impl Timestamp {
    fn parse(text: &str) -> Option<Timestamp> {
        let b = text.as_bytes();
        if b.len() != 20 || b[4] != b'-' || b[7] != b'-' || b[10] != b'T' || b[13] != b':' || b[16] != b':' || b[19] != b'Z' {
            return None;
        }
        let number = |range: std::ops::Range<usize>| -> Option<i64> {
            b[range].iter().try_fold(0i64, |n, &c| c.is_ascii_digit().then(|| n * 10 + i64::from(c - b'0')))
        };
        let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
        let (hour, minute, second) = (number(11..13)?, number(14..16)?, number(17..19)?);
        if !(1..=12).contains(&month) || !(1..=31).contains(&day) || hour > 23 || minute > 59 || second > 60 {
            return None;
        }
        Some(Timestamp(days_from_civil(year, month, day) * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    fn format(self) -> [u8; 20] {
        let (days, rest) = (self.0.div_euclid(86_400), self.0.rem_euclid(86_400));
        let (year, month, day) = civil_from_days(days);
        let mut out = *b"0000-00-00T00:00:00Z";
        let mut put = |at: usize, width: usize, mut value: i64| {
            for i in (at..at + width).rev() {
                out[i] = b'0' + (value % 10) as u8;
                value /= 10;
            }
        };
        put(0, 4, year);
        put(5, 2, month);
        put(8, 2, day);
        put(11, 2, rest / 3_600);
        put(14, 2, rest % 3_600 / 60);
        put(17, 2, rest % 60);
        out
    }
}

// Days since 1970-01-01 in the proleptic Gregorian calendar, and back (the usual era arithmetic).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let day_of_year = (153 * ((month + 9) % 12) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let days = days + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era = (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 { shifted_month + 3 } else { shifted_month - 9 };
    (year_of_era + era * 400 + i64::from(month <= 2), month, day)
}

impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let text = self.format();
        serializer.serialize_str(std::str::from_utf8(&text).expect("ASCII digits"))
    }
}

impl<'de> Deserialize<'de> for Timestamp {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Iso8601;
        impl<'de> Visitor<'de> for Iso8601 {
            type Value = Timestamp;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an ISO 8601 date such as 2022-10-07T08:49:54Z")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Timestamp, E> {
                Timestamp::parse(text).ok_or_else(|| E::invalid_value(de::Unexpected::Str(text), &self))
            }
        }
        deserializer.deserialize_str(Iso8601)
    }
}

#[cfg(test)]
mod tests {
    use super::Timestamp;

    #[test]
    fn timestamps_round_trip() {
        for text in ["1970-01-01T00:00:00Z", "2000-02-29T12:34:56Z", "2022-10-07T08:49:54Z", "1969-12-31T23:59:59Z"] {
            let stamp = Timestamp::parse(text).unwrap();
            assert_eq!(std::str::from_utf8(&stamp.format()).unwrap(), text);
        }
        assert_eq!(Timestamp::parse("2022-10-07T08:49:54Z").unwrap().0, 1_665_132_594);
    }
}
