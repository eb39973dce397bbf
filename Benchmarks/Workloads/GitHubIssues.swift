import Foundation
import KeyValueMapping

// Models for GitHub's REST issue objects. Property names are the JSON keys (the library has no
// key renaming yet); `*_url` templates such as `following_url` (`…{/other_user}`) are not valid
// URLs and stay `String`. Keys some payloads omit are optional so synthesized `Decodable`
// accepts the same input as the library.

/// The kind of GitHub account.
enum GitHubAccountType: String, Codable, Sendable {
    case user = "User", organization = "Organization", bot = "Bot"
}

/// Open or closed, for issues and milestones.
enum GitHubState: String, Codable, Sendable {
    case open, closed
}

/// A GitHub account as embedded in issues (author, assignees, milestone creator).
struct GitHubUser: BenchmarkModel {
    var login = ""
    var id = 0
    var node_id = ""
    var avatar_url: URL?
    var gravatar_id = ""
    var url: URL?
    var html_url: URL?
    var followers_url: URL?
    var following_url = ""
    var gists_url = ""
    var starred_url = ""
    var subscriptions_url: URL?
    var organizations_url: URL?
    var repos_url: URL?
    var events_url = ""
    var received_events_url: URL?
    var type = GitHubAccountType.user
    var site_admin = false
}

/// An issue label.
struct GitHubLabel: BenchmarkModel {
    var id = 0
    var node_id = ""
    var url: URL?
    var name = ""
    var color = ""
    var `default` = false
    var description: String?
}

/// A milestone with its creator and dates.
struct GitHubMilestone: BenchmarkModel {
    var url: URL?
    var html_url: URL?
    var labels_url: URL?
    var id = 0
    var node_id = ""
    var number = 0
    var title = ""
    var description: String?
    var creator = GitHubUser()
    var open_issues = 0
    var closed_issues = 0
    var state = GitHubState.open
    var created_at = Date(timeIntervalSince1970: 0)
    var updated_at = Date(timeIntervalSince1970: 0)
    var due_on: Date?
    var closed_at: Date?
}

/// Reaction counts (`+1` and `-1` are left out: no Swift property can carry those names
/// until the library maps keys).
struct GitHubReactions: BenchmarkModel {
    var url: URL?
    var total_count = 0
    var laugh = 0
    var hooray = 0
    var confused = 0
    var heart = 0
    var rocket = 0
    var eyes = 0
}

/// Links present when the issue is a pull request.
struct GitHubPullRequestLinks: BenchmarkModel {
    var url: URL?
    var html_url: URL?
    var diff_url: URL?
    var patch_url: URL?
}

/// One issue from `GET /repos/{owner}/{repo}/issues`.
struct GitHubIssue: BenchmarkModel {
    var url: URL?
    var repository_url: URL?
    var labels_url = ""
    var comments_url: URL?
    var events_url: URL?
    var html_url: URL?
    var timeline_url: URL?
    var id = 0
    var node_id = ""
    var number = 0
    var title = ""
    var user = GitHubUser()
    var labels: [GitHubLabel]?
    var state: GitHubState?
    var locked: Bool?
    var assignee: GitHubUser?
    var assignees: [GitHubUser] = []
    var milestone: GitHubMilestone?
    var comments = 0
    var created_at = Date(timeIntervalSince1970: 0)
    var updated_at = Date(timeIntervalSince1970: 0)
    var closed_at: Date?
    var author_association = ""
    var active_lock_reason: String?
    var body: String?
    var draft: Bool?
    var pull_request: GitHubPullRequestLinks?
    var reactions = GitHubReactions()
    var state_reason: String?
}

/// The github-issues workload: `issues.json` and `paginate-issues.json` joined into one array.
enum GitHubIssuesWorkload {
    /// The input files, relative to the data folder.
    static let files = ["github/issues.json", "github/paginate-issues.json"]

    /// The two files joined into one array, byte for byte.
    static func bytes() throws -> Data {
        try DataFiles.concatenateArrays(try files.map(DataFiles.load), names: files)
    }

    /// The four-operation suite.
    static func suite() throws -> Suite<[GitHubIssue]> {
        let bytes = try bytes()
        let count = (try? JSONSerialization.jsonObject(with: bytes) as? [Any])?.count ?? 0
        return Suite(workload: .githubIssues, objects: count, bytes: bytes, codecs: Codecs(arrayOf: GitHubIssue.self))
    }
}
