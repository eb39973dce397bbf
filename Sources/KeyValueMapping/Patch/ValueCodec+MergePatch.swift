/// How a merge patch's (non-null) value merges into the JSON of a value of this codec's type.
/// Codecs that do not adopt this follow RFC 7396 as it stands; models and dictionaries adopt
/// it so a model found anywhere inside keeps the model's rule for `null` (see
/// ``ModelMetadata/mergeModelObject(_:into:_:)``).
protocol PatchMerging {
    func mergePatch(_ patch: JSONValue, into target: JSONValue?, _ session: PatchSession) throws -> JSONValue
}

enum PatchMerge {
    /// Merges `patch` (not null) into `target`, the JSON of a value `codec` converts.
    static func value(_ patch: JSONValue, into target: JSONValue?, codec: Any, _ session: PatchSession) throws -> JSONValue {
        if let merging = codec as? any PatchMerging {
            return try merging.mergePatch(patch, into: target, session)
        }
        return try MergePatch.merge(patch, into: target, session)
    }
}

extension ModelCodec: PatchMerging {
    func mergePatch(_ patch: JSONValue, into target: JSONValue?, _ session: PatchSession) throws -> JSONValue {
        guard case .object(let members) = patch else { return patch }
        return .object(try metadata.mergeModelObject(members, into: target, session))
    }
}

extension OptionalCodec: PatchMerging {
    func mergePatch(_ patch: JSONValue, into target: JSONValue?, _ session: PatchSession) throws -> JSONValue {
        try PatchMerge.value(patch, into: target, codec: wrapped, session)
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
}

extension ConcreteCodec where Self: PatchMerging {
    func mergePatch(_ patch: JSONValue, into target: JSONValue?, _ session: PatchSession) throws -> JSONValue {
        try PatchMerge.value(patch, into: target, codec: base, session)
    }
}

extension StringToIntCodec: PatchMerging {}
extension StringToStringCodec: PatchMerging {}
