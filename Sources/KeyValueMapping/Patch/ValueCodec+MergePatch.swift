/// How a merge patch's (non-null) value merges into the JSON of a value of this codec's type,
/// and the patch between two such values. Codecs that do not adopt this follow RFC 7396 as it
/// stands; models and dictionaries adopt it so a model found anywhere inside keeps the model's
/// rule for `null` (see ``ModelMetadata/mergeModelObject(_:into:_:)``), and unions so their
/// values replace whole.
protocol PatchMerging {
    func mergePatch(_ patch: JSONValue, into target: JSONValue?, _ session: PatchSession) throws -> JSONValue
    /// The patch from `old` to `new`, both JSON of values of this codec's type; `nil` when they
    /// are the same.
    func patchDifference(from old: JSONValue, to new: JSONValue, _ session: PatchSession) throws -> JSONValue?
}

enum PatchMerge {
    /// Merges `patch` (not null) into `target`, the JSON of a value `codec` converts.
    static func value(_ patch: JSONValue, into target: JSONValue?, codec: Any, _ session: PatchSession) throws -> JSONValue {
        if let merging = codec as? any PatchMerging {
            return try merging.mergePatch(patch, into: target, session)
        }
        return try MergePatch.merge(patch, into: target, session)
    }

    /// The patch from `old` to `new`, the JSON of values `codec` converts; `nil` when they are
    /// the same. What ``value(_:into:codec:_:)`` merges back.
    static func difference(from old: JSONValue, to new: JSONValue, codec: Any, _ session: PatchSession) throws -> JSONValue? {
        if let merging = codec as? any PatchMerging {
            return try merging.patchDifference(from: old, to: new, session)
        }
        return try MergePatch.changes(from: old, to: new, session)
    }
}

/// A codec whose values a patch replaces whole: a union's value is its tag and that case's
/// members together, so merging members of one case into another's would mix them.
protocol PatchReplacing: PatchMerging {}

extension PatchReplacing {
    func mergePatch(_ patch: JSONValue, into target: JSONValue?, _ session: PatchSession) throws -> JSONValue { patch }

    func patchDifference(from old: JSONValue, to new: JSONValue, _ session: PatchSession) throws -> JSONValue? {
        MergePatch.firstDifference(old, new) == nil ? JSONValue?.none : new
    }
}

extension EnumCodec: PatchReplacing {}
extension PolymorphicCodec: PatchReplacing {}

extension ModelCodec: PatchMerging {
    func mergePatch(_ patch: JSONValue, into target: JSONValue?, _ session: PatchSession) throws -> JSONValue {
        guard case .object(let members) = patch else { return patch }
        return .object(try metadata.mergeModelObject(members, into: target, session))
    }

    func patchDifference(from old: JSONValue, to new: JSONValue, _ session: PatchSession) throws -> JSONValue? {
        try metadata.modelObjectDifference(from: old, to: new, session)
    }
}

extension OptionalCodec: PatchMerging {
    func mergePatch(_ patch: JSONValue, into target: JSONValue?, _ session: PatchSession) throws -> JSONValue {
        try PatchMerge.value(patch, into: target, codec: wrapped, session)
    }

    func patchDifference(from old: JSONValue, to new: JSONValue, _ session: PatchSession) throws -> JSONValue? {
        guard !old.isNull, !new.isNull else { return MergePatch.firstDifference(old, new) == nil ? JSONValue?.none : new }
        return try PatchMerge.difference(from: old, to: new, codec: wrapped, session)
    }
}

extension DictionaryCodec: PatchMerging {
    // A dictionary's entries are plain members: `null` removes one; a model value inside still
    // merges as a model.
    func mergePatch(_ patch: JSONValue, into target: JSONValue?, _ session: PatchSession) throws -> JSONValue {
        guard case .object(let members) = patch else { return patch }
        return .object(try MergePatch.mergeMembers(of: members, into: target, session) { _, current, value in
            value.isNull ? JSONValue?.none : try PatchMerge.value(value, into: current, codec: element, session)
        })
    }

    func patchDifference(from old: JSONValue, to new: JSONValue, _ session: PatchSession) throws -> JSONValue? {
        try MergePatch.changedMembers(from: old, to: new, session) { _, previous, value in
            try PatchMerge.difference(from: previous, to: value, codec: element, session)
        }
    }
}

extension ConcreteCodec where Self: PatchMerging {
    func mergePatch(_ patch: JSONValue, into target: JSONValue?, _ session: PatchSession) throws -> JSONValue {
        try PatchMerge.value(patch, into: target, codec: base, session)
    }

    func patchDifference(from old: JSONValue, to new: JSONValue, _ session: PatchSession) throws -> JSONValue? {
        try PatchMerge.difference(from: old, to: new, codec: base, session)
    }
}

extension StringToIntCodec: PatchMerging {}
extension StringToStringCodec: PatchMerging {}

/// A codec whose values can hold something their JSON form cannot give back: an `Optional`
/// holding `nil` inside another (`String??`'s `.some(nil)`) is written as `null`, which decodes
/// as the outer `nil`. Applying a patch reads every property back from JSON, so a difference
/// that needs such a value has no patch. Adopted by optionals and by the containers and
/// models that can hold one; the model's diff asks only properties whose codec can collapse.
protocol NullCollapsing {
    /// Whether some value of this codec's type collapses; `seen` holds the models already
    /// asked, so a recursive model ends.
    func canCollapse(_ seen: inout Set<ObjectIdentifier>) -> Bool
    /// The path inside `value` (a value of this codec's type) to the first part that collapses,
    /// keys under `style`; `nil` when none does.
    func collapsedPath(in value: Any, style: NamingStyle) throws -> [MappingError.PathComponent]?
}

enum NullCollapse {
    /// Whether `codec` can collapse.
    static func possible(_ codec: Any, _ seen: inout Set<ObjectIdentifier>) -> Bool {
        (codec as? any NullCollapsing)?.canCollapse(&seen) ?? false
    }

    /// ``NullCollapsing/collapsedPath(in:style:)`` for `codec`, after checking it can collapse.
    static func path(in value: Any, codec: Any, style: NamingStyle) throws -> [MappingError.PathComponent]? {
        var seen: Set<ObjectIdentifier> = []
        guard let collapsing = codec as? any NullCollapsing, collapsing.canCollapse(&seen) else { return nil }
        return try collapsing.collapsedPath(in: value, style: style)
    }
}

extension OptionalCodec: NullCollapsing {
    func canCollapse(_ seen: inout Set<ObjectIdentifier>) -> Bool {
        wrapped.acceptsNull || NullCollapse.possible(wrapped, &seen)
    }

    func collapsedPath(in value: Any, style: NamingStyle) throws -> [MappingError.PathComponent]? {
        guard let optional = value as? Value else { return nil }
        var path: [MappingError.PathComponent]?
        _ = try optional.withWrapped { inner in
            path = wrapped.isNil(inner) ? [] : try NullCollapse.path(in: inner, codec: wrapped, style: style)
        }
        return path
    }
}

extension ArrayCodec: NullCollapsing {
    func canCollapse(_ seen: inout Set<ObjectIdentifier>) -> Bool { NullCollapse.possible(element, &seen) }

    func collapsedPath(in value: Any, style: NamingStyle) throws -> [MappingError.PathComponent]? {
        guard let array = value as? [Element] else { return nil }
        for index in array.indices {
            if let path = try NullCollapse.path(in: array[index], codec: element, style: style) { return [.index(index)] + path }
        }
        return nil
    }
}

extension SetCodec: NullCollapsing {
    func canCollapse(_ seen: inout Set<ObjectIdentifier>) -> Bool { elements.canCollapse(&seen) }

    // The path names the element's place in the array the encoder writes.
    func collapsedPath(in value: Any, style: NamingStyle) throws -> [MappingError.PathComponent]? {
        guard let set = value as? Set<Element> else { return nil }
        return try elements.collapsedPath(in: Array(set), style: style)
    }
}

extension DictionaryCodec: NullCollapsing {
    func canCollapse(_ seen: inout Set<ObjectIdentifier>) -> Bool { NullCollapse.possible(element, &seen) }

    func collapsedPath(in value: Any, style: NamingStyle) throws -> [MappingError.PathComponent]? {
        guard let dictionary = value as? [Key: Element] else { return nil }
        for (entry, member) in dictionary {
            if let path = try NullCollapse.path(in: member, codec: element, style: style) { return [.key(key.print(entry))] + path }
        }
        return nil
    }
}

extension EnumCodec: NullCollapsing {
    func canCollapse(_ seen: inout Set<ObjectIdentifier>) -> Bool {
        guard seen.insert(ObjectIdentifier(Enum.self)).inserted else { return false }
        return metadata.cases.contains { $0.payload.map { NullCollapse.possible($0.payloadCodec, &seen) } ?? false }
    }

    // The payload's path as the union writes it: under its tag, its content key, or in place.
    func collapsedPath(in value: Any, style: NamingStyle) throws -> [MappingError.PathComponent]? {
        guard let value = value as? Enum else { return nil }
        let entry = metadata.cases[try metadata.caseIndex(of: value)]
        guard let payload = entry.payload,
              let inner = try NullCollapse.path(in: EnumCase.payload(ofCaseWithPayload: value), codec: payload.payloadCodec, style: style) else { return nil }
        switch metadata.representation {
        case .externallyTagged: return [.key(entry.tag)] + inner
        case .adjacentlyTagged(_, let content): return [.key(content)] + inner
        case .internallyTagged, .untagged: return inner
        }
    }
}

extension PolymorphicCodec: NullCollapsing {
    func canCollapse(_ seen: inout Set<ObjectIdentifier>) -> Bool {
        (members + (fallback.map { [$0] } ?? [])).contains { NullCollapse.possible($0.modelCodec, &seen) }
    }

    func collapsedPath(in value: Any, style: NamingStyle) throws -> [MappingError.PathComponent]? {
        guard let value = value as? Value,
              let member = (members + (fallback.map { [$0] } ?? [])).first(where: { $0.holds(value) }) else { return nil }
        return try NullCollapse.path(in: value, codec: member.modelCodec, style: style)
    }
}

extension ModelCodec: NullCollapsing {
    func canCollapse(_ seen: inout Set<ObjectIdentifier>) -> Bool { metadata.canCollapse(&seen) }

    func collapsedPath(in value: Any, style: NamingStyle) throws -> [MappingError.PathComponent]? {
        guard let model = value as? Model else { return nil }
        return try metadata.collapsedPath(in: model, style: style)
    }
}

/// A codec whose equal values can have different JSON forms: a set, written in its own order.
/// The model's diff compares such properties as Swift values, so two equal sets give no patch.
protocol PatchValueComparing {
    /// Whether `old` and `new` (values of this codec's type) are equal; `nil` when this codec
    /// cannot tell.
    func isSame(_ old: Any, _ new: Any) -> Bool?
}

extension SetCodec: PatchValueComparing {
    func isSame(_ old: Any, _ new: Any) -> Bool? {
        guard let before = old as? Set<Element>, let after = new as? Set<Element> else { return nil }
        return before == after
    }
}

extension OptionalCodec: PatchValueComparing {
    func isSame(_ old: Any, _ new: Any) -> Bool? {
        guard let comparing = wrapped as? any PatchValueComparing,
              let before = old as? Value, let after = new as? Value else { return nil }
        var inner: (old: Any?, new: Any?) = (nil, nil)
        _ = before.withWrapped { inner.old = $0 as Any }
        _ = after.withWrapped { inner.new = $0 as Any }
        switch inner {
        case (nil, nil): return true
        case (let old?, let new?): return comparing.isSame(old, new)
        default: return false
        }
    }
}
