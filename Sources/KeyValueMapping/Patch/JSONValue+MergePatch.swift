extension JSONValue {
    /// This value with a JSON Merge Patch (RFC 7396) applied: members present in `patch`
    /// replace, `null` removes, objects merge recursively, anything else (arrays included)
    /// replaces whole.
    ///
    /// ```swift
    /// let target = try JSONValue(jsonString: #"{"a": "b", "c": {"d": "e", "f": "g"}}"#)
    /// let patch = try JSONValue(jsonString: #"{"a": "z", "c": {"f": null}}"#)
    /// try target.applyingMergePatch(patch).jsonString()   // {"a":"z","c":{"d":"e"}}
    /// ```
    ///
    /// - Throws: ``MappingError`` with reason `depthLimitExceeded` when the patch nests objects
    ///   deeper than 512 levels (the reader's default limit), or `stackExhausted` when the
    ///   thread's stack could not hold another level, at the path where it does.
    public func applyingMergePatch(_ patch: JSONValue) throws -> JSONValue {
        try MergePatch.merge(patch, into: self, PatchSession(maximumDepth: MergePatch.defaultLimit))
    }

    /// The smallest JSON Merge Patch that turns `old` into this value: members that changed,
    /// nested objects as nested patches, removed members as `null`; `{}` when nothing changed.
    ///
    /// ```swift
    /// let old = try JSONValue(jsonString: #"{"name": "Ada", "tags": ["a"], "age": 36}"#)
    /// let new = try JSONValue(jsonString: #"{"name": "Ada", "tags": ["a", "b"]}"#)
    /// try new.mergePatch(from: old).jsonString()   // {"tags":["a","b"],"age":null}
    /// ```
    ///
    /// - Throws: ``MappingError`` when no merge patch can produce this value: RFC 7396 cannot
    ///   set an object member to `null` (a `null` in a patch removes the member), so a change to a
    ///   member whose new value is `null` is reported at that member's path. Objects changed
    ///   deeper than 512 levels fail with `depthLimitExceeded`, and levels the thread's stack
    ///   could not hold with `stackExhausted`, at the path where they do.
    public func mergePatch(from old: JSONValue) throws -> JSONValue {
        let patch = try MergePatch.difference(from: old, to: self, PatchSession(maximumDepth: MergePatch.defaultLimit))
        let result = try old.applyingMergePatch(patch)
        if let path = MergePatch.firstDifference(result, self) {
            throw MergePatch.inexpressible(at: path, expected: self)
        }
        return patch
    }
}

/// RFC 7396 on JSON values, and the member-by-member merge the model-aware patch builds on.
enum MergePatch {
    /// The nesting a patch may reach: the JSON reader's default depth.
    static let defaultLimit = JSONReadingOptions().maximumDepth

    /// RFC 7396's MergePatch(Target, Patch), `target` `nil` when the member is absent.
    static func merge(_ patch: JSONValue, into target: JSONValue?, _ session: PatchSession) throws -> JSONValue {
        guard case .object(let members) = patch else { return patch }
        return .object(try mergeMembers(of: members, into: target, session) { _, current, value in
            value.isNull ? JSONValue?.none : try merge(value, into: current, session)
        })
    }

    /// Merges the members of `patch` into `target` (an empty object when it is not one):
    /// `member(key, current, patched)` gives each patched member's new value, or `nil` to
    /// remove it. Members keep the target's order; new ones follow in the patch's order. An
    /// error is reported at the member's key. Every merge of every kind nests through here, one
    /// level of `session` per object, so the depth limit and the stack check apply to them all.
    static func mergeMembers(of patch: JSONObject, into target: JSONValue?, _ session: PatchSession,
                             _ member: (String, JSONValue?, JSONValue) throws -> JSONValue?) throws -> JSONObject {
        try session.enter()
        defer { session.leave() }
        let base: JSONObject
        if case .object(let object)? = target { base = object } else { base = [:] }
        var members: [(String, JSONValue)] = []
        members.reserveCapacity(base.count + patch.count)
        func merged(_ key: String, _ current: JSONValue?, _ value: JSONValue) throws -> JSONValue? {
            do {
                return try member(key, current, value)
            } catch let error as MappingError {
                throw error.prepending(.key(key))
            }
        }
        for (key, current) in base {
            if let value = patch[key] {
                if let result = try merged(key, current, value) { members.append((key, result)) }
            } else {
                members.append((key, current))
            }
        }
        for (key, value) in patch where base[key] == nil {
            if let result = try merged(key, nil, value) { members.append((key, result)) }
        }
        return JSONObject(members)
    }

    /// The smallest patch from `old` to `new`: `new` itself unless both are objects.
    static func difference(from old: JSONValue, to new: JSONValue, _ session: PatchSession) throws -> JSONValue {
        guard case .object(let before) = old, case .object(let after) = new else { return new }
        try session.enter()
        defer { session.leave() }
        var members: [(String, JSONValue)] = []
        for (key, value) in after {
            guard let previous = before[key] else {
                members.append((key, value))
                continue
            }
            if firstDifference(previous, value) == nil { continue }
            if case .object = previous, case .object = value {
                do {
                    members.append((key, try difference(from: previous, to: value, session)))
                } catch let error as MappingError {
                    throw error.prepending(.key(key))
                }
            } else {
                members.append((key, value))
            }
        }
        for (key, _) in before where after[key] == nil {
            members.append((key, .null))
        }
        return .object(JSONObject(members))
    }

    /// The path of the first place where `lhs` and `rhs` differ as JSON (object members compared
    /// by key whatever their order, arrays element by element, numbers by their text), or `nil`
    /// when they are the same. Iterative: the values may nest deeper than any stack allows.
    static func firstDifference(_ lhs: JSONValue, _ rhs: JSONValue) -> [MappingError.PathComponent]? {
        var pending: [(JSONValue, JSONValue, [MappingError.PathComponent])] = [(lhs, rhs, [])]
        while let (left, right, path) = pending.popLast() {
            switch (left, right) {
            case (.object(let before), .object(let after)):
                for (key, _) in before where after[key] == nil { return path + [.key(key)] }
                var children: [(JSONValue, JSONValue, [MappingError.PathComponent])] = []
                for (key, value) in after {
                    guard let other = before[key] else { return path + [.key(key)] }
                    children.append((other, value, path + [.key(key)]))
                }
                pending.append(contentsOf: children.reversed())
            case (.array(let before), .array(let after)):
                guard before.count == after.count else { return path + [.index(min(before.count, after.count))] }
                pending.append(contentsOf: zip(before, after).enumerated().reversed().map { ($1.0, $1.1, path + [.index($0)]) })
            case (.object, _), (.array, _), (_, .object), (_, .array):
                return path
            default:
                if left != right { return path }
            }
        }
        return nil
    }

    /// The error for a change no merge patch can make, at the first place it shows.
    static func inexpressible(at path: [MappingError.PathComponent], expected: JSONValue) -> MappingError {
        var value: JSONValue? = expected
        for component in path {
            switch (component, value) {
            case (.key(let key), .object(let object)?): value = object[key]
            case (.index(let index), .array(let array)?) where index < array.count: value = array[index]
            default: value = nil
            }
        }
        let detail = value == .null
            ? "a JSON merge patch cannot set a member to null (null removes the member)"
            : "a JSON merge patch cannot express this change"
        return MappingError(.other(detail), path: path)
    }
}
