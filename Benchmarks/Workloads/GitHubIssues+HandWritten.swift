import Foundation

// The floor for the GitHub models: what an app writes without a mapping library.

extension GitHubUser {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.read("login", into: &login, HandWritten.string)
        try dictionary.read("id", into: &id, HandWritten.int)
        try dictionary.read("node_id", into: &node_id, HandWritten.string)
        try dictionary.readOptional("avatar_url", into: &avatar_url, HandWritten.url)
        try dictionary.read("gravatar_id", into: &gravatar_id, HandWritten.string)
        try dictionary.readOptional("url", into: &url, HandWritten.url)
        try dictionary.readOptional("html_url", into: &html_url, HandWritten.url)
        try dictionary.readOptional("followers_url", into: &followers_url, HandWritten.url)
        try dictionary.read("following_url", into: &following_url, HandWritten.string)
        try dictionary.read("gists_url", into: &gists_url, HandWritten.string)
        try dictionary.read("starred_url", into: &starred_url, HandWritten.string)
        try dictionary.readOptional("subscriptions_url", into: &subscriptions_url, HandWritten.url)
        try dictionary.readOptional("organizations_url", into: &organizations_url, HandWritten.url)
        try dictionary.readOptional("repos_url", into: &repos_url, HandWritten.url)
        try dictionary.read("events_url", into: &events_url, HandWritten.string)
        try dictionary.readOptional("received_events_url", into: &received_events_url, HandWritten.url)
        try dictionary.read("type", into: &type) { ($0 as? String).flatMap(GitHubAccountType.init(rawValue:)) }
        try dictionary.read("site_admin", into: &site_admin, HandWritten.bool)
    }

    func handWrittenDictionary() -> [String: Any] {
        var result: [String: Any] = [
            "login": login, "id": id, "node_id": node_id, "gravatar_id": gravatar_id,
            "following_url": following_url, "gists_url": gists_url, "starred_url": starred_url,
            "events_url": events_url, "type": type.rawValue, "site_admin": site_admin,
        ]
        if let avatar_url { result["avatar_url"] = avatar_url.absoluteString }
        if let url { result["url"] = url.absoluteString }
        if let html_url { result["html_url"] = html_url.absoluteString }
        if let followers_url { result["followers_url"] = followers_url.absoluteString }
        if let subscriptions_url { result["subscriptions_url"] = subscriptions_url.absoluteString }
        if let organizations_url { result["organizations_url"] = organizations_url.absoluteString }
        if let repos_url { result["repos_url"] = repos_url.absoluteString }
        if let received_events_url { result["received_events_url"] = received_events_url.absoluteString }
        return result
    }
}

extension GitHubLabel {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.read("id", into: &id, HandWritten.int)
        try dictionary.read("node_id", into: &node_id, HandWritten.string)
        try dictionary.readOptional("url", into: &url, HandWritten.url)
        try dictionary.read("name", into: &name, HandWritten.string)
        try dictionary.read("color", into: &color, HandWritten.string)
        try dictionary.read("default", into: &`default`, HandWritten.bool)
        try dictionary.readOptional("description", into: &description, HandWritten.string)
    }

    func handWrittenDictionary() -> [String: Any] {
        var result: [String: Any] = ["id": id, "node_id": node_id, "name": name, "color": color, "default": `default`]
        if let url { result["url"] = url.absoluteString }
        if let description { result["description"] = description }
        return result
    }
}

extension GitHubMilestone {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.readOptional("url", into: &url, HandWritten.url)
        try dictionary.readOptional("html_url", into: &html_url, HandWritten.url)
        try dictionary.readOptional("labels_url", into: &labels_url, HandWritten.url)
        try dictionary.read("id", into: &id, HandWritten.int)
        try dictionary.read("node_id", into: &node_id, HandWritten.string)
        try dictionary.read("number", into: &number, HandWritten.int)
        try dictionary.read("title", into: &title, HandWritten.string)
        try dictionary.readOptional("description", into: &description, HandWritten.string)
        try dictionary.read("creator", into: &creator) { try GitHubUser(handWritten: HandWritten.object($0)) }
        try dictionary.read("open_issues", into: &open_issues, HandWritten.int)
        try dictionary.read("closed_issues", into: &closed_issues, HandWritten.int)
        try dictionary.read("state", into: &state) { ($0 as? String).flatMap(GitHubState.init(rawValue:)) }
        try dictionary.read("created_at", into: &created_at, HandWritten.date)
        try dictionary.read("updated_at", into: &updated_at, HandWritten.date)
        try dictionary.readOptional("due_on", into: &due_on, HandWritten.date)
        try dictionary.readOptional("closed_at", into: &closed_at, HandWritten.date)
    }

    func handWrittenDictionary() -> [String: Any] {
        var result: [String: Any] = [
            "id": id, "node_id": node_id, "number": number, "title": title,
            "creator": creator.handWrittenDictionary(), "open_issues": open_issues,
            "closed_issues": closed_issues, "state": state.rawValue,
            "created_at": DateText.format(created_at), "updated_at": DateText.format(updated_at),
        ]
        if let url { result["url"] = url.absoluteString }
        if let html_url { result["html_url"] = html_url.absoluteString }
        if let labels_url { result["labels_url"] = labels_url.absoluteString }
        if let description { result["description"] = description }
        if let due_on { result["due_on"] = DateText.format(due_on) }
        if let closed_at { result["closed_at"] = DateText.format(closed_at) }
        return result
    }
}

extension GitHubReactions {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.readOptional("url", into: &url, HandWritten.url)
        try dictionary.read("total_count", into: &total_count, HandWritten.int)
        try dictionary.read("laugh", into: &laugh, HandWritten.int)
        try dictionary.read("hooray", into: &hooray, HandWritten.int)
        try dictionary.read("confused", into: &confused, HandWritten.int)
        try dictionary.read("heart", into: &heart, HandWritten.int)
        try dictionary.read("rocket", into: &rocket, HandWritten.int)
        try dictionary.read("eyes", into: &eyes, HandWritten.int)
    }

    func handWrittenDictionary() -> [String: Any] {
        var result: [String: Any] = [
            "total_count": total_count, "laugh": laugh, "hooray": hooray, "confused": confused,
            "heart": heart, "rocket": rocket, "eyes": eyes,
        ]
        if let url { result["url"] = url.absoluteString }
        return result
    }
}

extension GitHubPullRequestLinks {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.readOptional("url", into: &url, HandWritten.url)
        try dictionary.readOptional("html_url", into: &html_url, HandWritten.url)
        try dictionary.readOptional("diff_url", into: &diff_url, HandWritten.url)
        try dictionary.readOptional("patch_url", into: &patch_url, HandWritten.url)
    }

    func handWrittenDictionary() -> [String: Any] {
        var result: [String: Any] = [:]
        if let url { result["url"] = url.absoluteString }
        if let html_url { result["html_url"] = html_url.absoluteString }
        if let diff_url { result["diff_url"] = diff_url.absoluteString }
        if let patch_url { result["patch_url"] = patch_url.absoluteString }
        return result
    }
}

extension GitHubIssue {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.readOptional("url", into: &url, HandWritten.url)
        try dictionary.readOptional("repository_url", into: &repository_url, HandWritten.url)
        try dictionary.read("labels_url", into: &labels_url, HandWritten.string)
        try dictionary.readOptional("comments_url", into: &comments_url, HandWritten.url)
        try dictionary.readOptional("events_url", into: &events_url, HandWritten.url)
        try dictionary.readOptional("html_url", into: &html_url, HandWritten.url)
        try dictionary.readOptional("timeline_url", into: &timeline_url, HandWritten.url)
        try dictionary.read("id", into: &id, HandWritten.int)
        try dictionary.read("node_id", into: &node_id, HandWritten.string)
        try dictionary.read("number", into: &number, HandWritten.int)
        try dictionary.read("title", into: &title, HandWritten.string)
        try dictionary.read("user", into: &user) { try GitHubUser(handWritten: HandWritten.object($0)) }
        try dictionary.readOptionalArray("labels", into: &labels) { try GitHubLabel(handWritten: HandWritten.object($0)) }
        try dictionary.readOptional("state", into: &state) { ($0 as? String).flatMap(GitHubState.init(rawValue:)) }
        try dictionary.readOptional("locked", into: &locked, HandWritten.bool)
        try dictionary.readOptional("assignee", into: &assignee) { try GitHubUser(handWritten: HandWritten.object($0)) }
        try dictionary.readArray("assignees", into: &assignees) { try GitHubUser(handWritten: HandWritten.object($0)) }
        try dictionary.readOptional("milestone", into: &milestone) { try GitHubMilestone(handWritten: HandWritten.object($0)) }
        try dictionary.read("comments", into: &comments, HandWritten.int)
        try dictionary.read("created_at", into: &created_at, HandWritten.date)
        try dictionary.read("updated_at", into: &updated_at, HandWritten.date)
        try dictionary.readOptional("closed_at", into: &closed_at, HandWritten.date)
        try dictionary.read("author_association", into: &author_association, HandWritten.string)
        try dictionary.readOptional("active_lock_reason", into: &active_lock_reason, HandWritten.string)
        try dictionary.readOptional("body", into: &body, HandWritten.string)
        try dictionary.readOptional("draft", into: &draft, HandWritten.bool)
        try dictionary.readOptional("pull_request", into: &pull_request) { try GitHubPullRequestLinks(handWritten: HandWritten.object($0)) }
        try dictionary.read("reactions", into: &reactions) { try GitHubReactions(handWritten: HandWritten.object($0)) }
        try dictionary.readOptional("state_reason", into: &state_reason, HandWritten.string)
    }

    func handWrittenDictionary() -> [String: Any] {
        var result: [String: Any] = [
            "labels_url": labels_url, "id": id, "node_id": node_id, "number": number, "title": title,
            "user": user.handWrittenDictionary(), "assignees": assignees.map { $0.handWrittenDictionary() },
            "comments": comments, "created_at": DateText.format(created_at),
            "updated_at": DateText.format(updated_at), "author_association": author_association,
            "reactions": reactions.handWrittenDictionary(),
        ]
        if let url { result["url"] = url.absoluteString }
        if let repository_url { result["repository_url"] = repository_url.absoluteString }
        if let comments_url { result["comments_url"] = comments_url.absoluteString }
        if let events_url { result["events_url"] = events_url.absoluteString }
        if let html_url { result["html_url"] = html_url.absoluteString }
        if let timeline_url { result["timeline_url"] = timeline_url.absoluteString }
        if let labels { result["labels"] = labels.map { $0.handWrittenDictionary() } }
        if let state { result["state"] = state.rawValue }
        if let locked { result["locked"] = locked }
        if let assignee { result["assignee"] = assignee.handWrittenDictionary() }
        if let milestone { result["milestone"] = milestone.handWrittenDictionary() }
        if let closed_at { result["closed_at"] = DateText.format(closed_at) }
        if let active_lock_reason { result["active_lock_reason"] = active_lock_reason }
        if let body { result["body"] = body }
        if let draft { result["draft"] = draft }
        if let pull_request { result["pull_request"] = pull_request.handWrittenDictionary() }
        if let state_reason { result["state_reason"] = state_reason }
        return result
    }
}
