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
    /// Objects are compared by their members whatever their order, as RFC 7396 treats them:
    /// applying the patch to `old` gives this value's members, each in `old`'s order where both
    /// have it (a merge keeps the target's order, so no patch reorders members, and an object
    /// whose members only moved needs no patch). Every merge patch function compares objects
    /// this way; ``JSONValue``'s `==` also compares their order.
    ///
    /// - Throws: ``MappingError`` when no merge patch can produce this value, at the path where
    ///   it shows: RFC 7396 cannot set an object member to `null` (a `null` in a patch removes
    ///   the member, also inside an object the patch adds whole). Objects changed deeper than
    ///   512 levels fail with `depthLimitExceeded`, and levels the thread's stack could not hold
    ///   with `stackExhausted`, at the path where they do.
    public func mergePatch(from old: JSONValue) throws -> JSONValue {
        let session = PatchSession(maximumDepth: MergePatch.defaultLimit)
        let patch = try MergePatch.difference(from: old, to: self, session)
        // Checked by applying it: what a merge cannot say (a null member, also one deep inside an
        // object the patch adds whole) shows as a difference, wherever it is.
        let merged = try MergePatch.merge(patch, into: old, session)
        if let path = MergePatch.firstDifference(merged, self) {
            throw MergePatch.inexpressible(at: path, expected: self, merged: merged)
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

    /// The smallest patch from `old` to `new`: `new` itself unless both are objects, `{}` when
    /// they are equal objects. What a patch cannot express (a member that must become `null`)
    /// is left for the caller to find by merging the patch and comparing.
    static func difference(from old: JSONValue, to new: JSONValue, _ session: PatchSession) throws -> JSONValue {
        guard case .object = old, case .object = new else { return new }
        return try changes(from: old, to: new, session) ?? .object([:])
    }

    /// The patch from `old` to `new` (`nil` when they are the same), RFC 7396's way: objects
    /// member by member, anything else whole.
    static func changes(from old: JSONValue, to new: JSONValue, _ session: PatchSession) throws -> JSONValue? {
        try changedMembers(from: old, to: new, session) { _, previous, value in try changes(from: previous, to: value, session) }
    }

    /// The patch from `old` to `new` when both are objects: `member(key, old, new)` gives the
    /// patch of each member both have (`nil` when it did not change), members only `new` has
    /// are added whole and those only `old` has are removed with `null`; any other pair is
    /// `new` whole unless it equals `old`. Every difference of every kind nests through here,
    /// one level of `session` per object, as merges nest through
    /// ``mergeMembers(of:into:_:_:)``; each level compares only its own members, so every node
    /// is visited once.
    static func changedMembers(from old: JSONValue, to new: JSONValue, _ session: PatchSession,
                               _ member: (String, JSONValue, JSONValue) throws -> JSONValue?) throws -> JSONValue? {
        guard case .object(let before) = old, case .object(let after) = new else {
            return firstDifference(old, new) == nil ? JSONValue?.none : new
        }
        do {
            try session.enter()
        } catch {
            // Past the depth limit or the stack, equal values still give no patch: compared
            // without recursion, and the error stands only when they differ.
            if firstDifference(old, new) == nil { return JSONValue?.none }
            throw error
        }
        defer { session.leave() }
        var members: [(String, JSONValue)] = []
        for (key, value) in after {
            do {
                if let previous = before[key] {
                    guard let change = try member(key, previous, value) else { continue }
                    members.append((key, change))
                } else {
                    members.append((key, value))
                }
            } catch let error as MappingError {
                throw error.prepending(.key(key))
            }
        }
        for (key, _) in before where after[key] == nil {
            members.append((key, .null))
        }
        return members.isEmpty ? JSONValue?.none : .object(JSONObject(members))
    }

    /// The path of the first place where `lhs` and `rhs` differ as JSON (object members matched
    /// by key whatever their order, as RFC 7396 treats them; arrays element by element; numbers
    /// by their text), or `nil` when they are the same. Iterative, each node visited once, with
    /// one path that grows and shrinks as the walk does: the values may nest deeper than any
    /// stack allows.
    static func firstDifference(_ lhs: JSONValue, _ rhs: JSONValue) -> [MappingError.PathComponent]? {
        // `frames[i]` is a container pair being walked; `path[i]` names its child being compared.
        var frames: [(children: [Pair], next: Int)] = []
        var path: [MappingError.PathComponent] = []
        var pair = Pair(component: .index(0), left: lhs, right: rhs)
        while true {
            switch compare(pair.left, pair.right) {
            case .differs(let component?): return path + [component]
            case .differs(nil): return path
            case .same: break
            case .containers(let children):
                frames.append((children, 0))
                path.append(.index(0))
            }
            while let last = frames.last, last.next == last.children.count {
                frames.removeLast()
                path.removeLast()
            }
            guard !frames.isEmpty else { return nil }
            pair = frames[frames.count - 1].children[frames[frames.count - 1].next]
            frames[frames.count - 1].next += 1
            path[path.count - 1] = pair.component
        }
    }

    private struct Pair {
        let component: MappingError.PathComponent
        let left: JSONValue
        let right: JSONValue
    }

    private enum Comparison {
        case same
        /// They differ at this level, or at this child.
        case differs(MappingError.PathComponent?)
        /// Two containers of the same shape, whose children decide.
        case containers([Pair])
    }

    private static func compare(_ left: JSONValue, _ right: JSONValue) -> Comparison {
        switch (left, right) {
        case (.object(let before), .object(let after)):
            for (key, _) in before where after[key] == nil { return .differs(.key(key)) }
            var children: [Pair] = []
            children.reserveCapacity(after.count)
            for (key, value) in after {
                guard let other = before[key] else { return .differs(.key(key)) }
                children.append(Pair(component: .key(key), left: other, right: value))
            }
            return .containers(children)
        case (.array(let before), .array(let after)):
            guard before.count == after.count else { return .differs(.index(min(before.count, after.count))) }
            return .containers(before.indices.map { Pair(component: .index($0), left: before[$0], right: after[$0]) })
        case (.object, _), (.array, _), (_, .object), (_, .array):
            return .differs(nil)
        default:
            return left == right ? .same : .differs(nil)
        }
    }

    /// The error for a value the JSON form cannot give back (see ``NullCollapsing``).
    static func collapsed(at path: [MappingError.PathComponent]) -> MappingError {
        MappingError(.other("a JSON merge patch cannot express this change (an Optional holding nil is written as null, which decodes as nil)"), path: path)
    }

    /// The error for a change no merge patch can make, at the first place it shows: where
    /// merging the patch gave `merged` instead of `expected`.
    static func inexpressible(at path: [MappingError.PathComponent], expected: JSONValue, merged: JSONValue) -> MappingError {
        let detail: String
        switch (expected.value(at: path), merged.value(at: path)) {
        case (.null?, _):
            detail = "a JSON merge patch cannot set a member to null (null removes the member)"
        default:
            detail = "a JSON merge patch cannot express this change"
        }
        return MappingError(.other(detail), path: path)
    }
}

extension JSONValue {
    /// The value at `path` (keys and indexes), `nil` when a step is missing.
    func value(at path: [MappingError.PathComponent]) -> JSONValue? {
        var value = self
        for component in path {
            switch (component, value) {
            case (.key(let key), .object(let object)):
                guard let member = object[key] else { return JSONValue?.none }
                value = member
            case (.index(let index), .array(let array)) where array.indices.contains(index):
                value = array[index]
            default:
                return JSONValue?.none
            }
        }
        return value
    }

    /// This value with the value at `path` replaced by `replacement`; unchanged when a step is
    /// missing. Recursive: a model's key path is as short as its rules write it.
    func replacingValue(at path: ArraySlice<MappingError.PathComponent>, with replacement: JSONValue) -> JSONValue {
        guard let first = path.first else { return replacement }
        switch (first, self) {
        case (.key(let key), .object(let object)):
            guard object[key] != nil else { return self }
            return .object(JSONObject(object.map { member in
                (member.key, JSONObjectKey.same(member.key, key) ? member.value.replacingValue(at: path.dropFirst(), with: replacement) : member.value)
            }))
        case (.index(let index), .array(var array)) where array.indices.contains(index):
            array[index] = array[index].replacingValue(at: path.dropFirst(), with: replacement)
            return .array(array)
        default:
            return self
        }
    }
}
