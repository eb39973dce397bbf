import Foundation

/// JSON Merge Patch (RFC 7396) on a model's JSON form, and the smallest patch between two models.
///
/// The JSON form is what the encoder writes (its options, keys under its naming style), with
/// `nil` optionals written as `null` so that a `nil` is never confused with an absent key; a
/// patch's keys are matched under the decoder's naming style. A patch merges into it by RFC 7396, with one
/// model rule: `null` for an optional property's key sets it to `nil` (as an explicit `null`),
/// while for any other property it removes the key, which resets the property to its prototype
/// value. The merged document is then decoded into the model with update semantics, through
/// the one model walk (`update` semantics, over the merged tree), so every rule applies and errors carry key paths.
extension ModelMetadata {
    /// The model's JSON form (see above).
    func patchForm(of model: Model, encoder: KeyValueEncoder) throws -> JSONValue {
        var encoder = encoder
        encoder.nilEncoding = .writeNull
        let dictionary = try encode(model, EncodingSession(options: encoder))
        do {
            return try JSONValue(foundationValue: dictionary)
        } catch {
            throw MappingError(.other("the encoded model is not JSON: \(error.description)"))
        }
    }

    /// Merges `patch` into this model's JSON object `target` (`nil` or a non-object merges into
    /// an empty object, as RFC 7396 says).
    func mergeModelObject(_ patch: JSONObject, into target: JSONValue?, _ session: PatchSession) throws -> JSONObject {
        try mergeBranch(patch, into: target, plan: patchPlan(style: session.keyNamingStyle), session)
    }

    private func mergeBranch(_ patch: JSONObject, into target: JSONValue?, plan: [String: PatchNode], _ session: PatchSession) throws -> JSONObject {
        try MergePatch.mergeMembers(of: patch, into: target, session) { key, current, value in
            switch plan[key] {
            case .member(let codec, let isOptional)?:
                if value.isNull { return isOptional ? .null : nil }
                return try PatchMerge.value(value, into: current, codec: codec, session)
            case .branch(let children)?:
                guard case .object(let members) = value else { return value.isNull ? JSONValue?.none : value }
                return .object(try mergeBranch(members, into: current, plan: children, session))
            case nil:
                return value.isNull ? JSONValue?.none : try MergePatch.merge(value, into: current, session)
            }
        }
    }

    /// The patch from this model's JSON object `old` to `new` (`nil` when they are the same):
    /// each property's member as its codec differs (a union's value whole), any other member as
    /// RFC 7396 does.
    func modelObjectDifference(from old: JSONValue, to new: JSONValue, _ session: PatchSession) throws -> JSONValue? {
        try differenceBranch(from: old, to: new, plan: patchPlan(style: session.keyNamingStyle), session)
    }

    private func differenceBranch(from old: JSONValue, to new: JSONValue, plan: [String: PatchNode], _ session: PatchSession) throws -> JSONValue? {
        try MergePatch.changedMembers(from: old, to: new, session) { key, previous, value in
            switch plan[key] {
            case .member(let codec, _)?:
                return try PatchMerge.difference(from: previous, to: value, codec: codec, session)
            case .branch(let children)?:
                return try differenceBranch(from: previous, to: value, plan: children, session)
            case nil:
                return try MergePatch.changes(from: previous, to: value, session)
            }
        }
    }

    /// Where each decoded property's value sits in the JSON form under `style`: its key, or the
    /// objects its key path walks through, with the codec that merges it. A gathered key (a
    /// flattened model's, or an entry of a gathered dictionary) is planned as the codec that
    /// gathers it says. Paths through an array index and the later candidates are left to
    /// RFC 7396 as it stands (arrays replace whole).
    func patchPlan(style: NamingStyle) throws -> [String: PatchNode] {
        let keys = try keyTable(for: style).decodeKeys
        var plan: [String: PatchNode] = [:]
        for (index, property) in decodedProperties.enumerated() {
            let member = PatchNode.member(codec: property.accessor.describedCodec, isOptional: property.isOptional)
            switch keys[index] {
            case .key(let key): PatchNode.insert(member, at: [.key(key)][...], into: &plan)
            case .path(let components): PatchNode.insert(member, at: components[...], into: &plan)
            case .candidates(let paths): PatchNode.insert(member, at: (paths.first ?? [])[...], into: &plan)
            case .gather(_, let gathered):
                guard let gathering = property.accessor.describedCodec as? any PatchGathering else { continue }
                for (name, path) in gathered {
                    guard let node = try gathering.patchNode(forGathered: name, style: style) else { continue }
                    PatchNode.insert(node, at: path[...], into: &plan)
                }
            }
        }
        return plan
    }

    /// Applies `patch` to `model`: merges it into the model's JSON form, resets the decoded
    /// properties the merged document no longer holds to their prototype values, and decodes
    /// the document into `model` with update semantics (the walk reads the merged tree itself).
    ///
    /// `model` must be an instance of exactly `Model` (callers open a class's dynamic type).
    func applyMergePatch(_ patch: JSONValue, to model: inout Model, decoder: KeyValueDecoder, encoder: KeyValueEncoder) throws {
        let merged: JSONValue
        if case .object(let members) = patch {
            let session = PatchSession(maximumDepth: decoder.maximumDepth, keyNamingStyle: decoder.keyNamingStyle)
            merged = .object(try mergeModelObject(members, into: try patchForm(of: model, encoder: encoder), session))
        } else {
            merged = patch
        }
        guard case .object(let document) = merged else {
            throw MappingError.typeMismatch(expected: SwiftTypeName.of(Model.self), json: merged)
        }
        let keys = try keyTable(for: decoder.keyNamingStyle).decodeKeys
        var absent: [PropertyDescriptor] = []
        for (index, property) in decodedProperties.enumerated() where try keys[index].lookup(in: document) == nil {
            // Decoding the merged document applies every rule, `.require` included, whatever
            // `update` does with it.
            if requiresKey(of: property, decoder: decoder) {
                throw MappingError(.missingKey(expected: property.accessor.typeName), path: keys[index].encodedPaths.first ?? [.key(property.name)])
            }
            absent.append(property)
        }
        if isImmutable {
            // A new value from the merged document, read as `update` reads it (the
            // `beforeDecoding` hook first): what it no longer holds is nil (a non-optional,
            // required, was refused above); what no property maps stays the old value's.
            let old = model
            let session = DecodingSession(options: decoder)
            var source = TreeSource(.object(document))
            var built: Model
            if beforeDecoding != nil {
                var rules = try rulesSource(try rulesDictionary(from: &source, session))
                built = try buildModel(from: &rules, session, missingKeys: .rejected, unmappedFrom: old) { _, _ in nil }
            } else {
                built = try buildModel(from: &source, session, missingKeys: .rejected, unmappedFrom: old) { _, _ in nil }
            }
            try Self.validate(&built)
            model = built
            return
        }
        if !absent.isEmpty, let prototype { copy(absent, from: prototype.make(), to: &model) }
        // The merged document is read as it is, numbers exact and members in order: the same
        // walk `update(_:from:)` runs, over the tree instead of Foundation values.
        var source = TreeSource(.object(document))
        try update(&model, from: &source, DecodingSession(options: decoder))
    }

    /// A new instance of a class model with the mapped properties of `model` (its ignored
    /// properties keep their prototype values): what a non-mutating patch of a class works on.
    func mappedCopy(of model: Model) -> Model {
        guard let prototype else { return model }
        var copy = prototype.make()
        self.copy(properties, from: model, to: &copy)
        return copy
    }

    /// The smallest patch from `old` to `new`, checked by merging it into `old`'s JSON form.
    ///
    /// Two things the JSON forms alone would get wrong are decided from the properties' codecs:
    /// a set equal to the old one as a Swift value gives no member whatever its order, and a
    /// value the JSON form cannot give back (``NullCollapsing``) is an error, since applying any
    /// patch reads every property back from JSON.
    func mergePatch(from old: Model, to new: Model, decoder: KeyValueDecoder, encoder: KeyValueEncoder) throws -> JSONValue {
        let before = try patchForm(of: old, encoder: encoder)
        var after = try patchForm(of: new, encoder: encoder)
        let keys = try keyTable(for: encoder.keyNamingStyle).encodeKeys
        for (index, property) in properties.enumerated() where property.isDecoded {
            let codec = property.accessor.describedCodec
            guard let path = keys[index].encodedPaths.first, let value = value(of: property, in: new) else { continue }
            if let inner = try NullCollapse.path(in: value, codec: codec, style: encoder.keyNamingStyle) {
                throw MergePatch.collapsed(at: path + inner)
            }
            if let comparing = codec as? any PatchValueComparing,
               let previous = self.value(of: property, in: old), comparing.isSame(previous, value) == true,
               let written = before.value(at: path) {
                after = after.replacingValue(at: path[...], with: written)
            }
        }
        let limit = encoder.maximumDepth
        let patch = try modelObjectDifference(from: before, to: after, PatchSession(maximumDepth: limit, keyNamingStyle: decoder.keyNamingStyle))
            ?? .object([:])
        guard case .object(let members) = patch else { return patch }
        let session = PatchSession(maximumDepth: limit, keyNamingStyle: decoder.keyNamingStyle)
        let result = JSONValue.object(try mergeModelObject(members, into: before, session))
        if let path = MergePatch.firstDifference(result, after) {
            throw MergePatch.inexpressible(at: path, expected: after, merged: result)
        }
        return patch
    }

    /// Whether some value of this model collapses (see ``NullCollapsing``).
    func canCollapse(_ seen: inout Set<ObjectIdentifier>) -> Bool {
        guard seen.insert(ObjectIdentifier(Model.self)).inserted else { return false }
        for property in decodedProperties {
            if NullCollapse.possible(property.accessor.describedCodec, &seen) { return true }
        }
        return false
    }

    /// The path, keys under `style`, to the first part of `model` that collapses.
    func collapsedPath(in model: Model, style: NamingStyle) throws -> [MappingError.PathComponent]? {
        let keys = try keyTable(for: style).encodeKeys
        for (index, property) in properties.enumerated() where property.isDecoded {
            let codec = property.accessor.describedCodec
            guard let path = keys[index].encodedPaths.first, let value = value(of: property, in: model) else { continue }
            if let inner = try NullCollapse.path(in: value, codec: codec, style: style) { return path + inner }
        }
        return nil
    }
}

/// One step of the JSON form's key plan: a value with the codec that merges it, or an object
/// key paths go through.
enum PatchNode {
    case member(codec: Any, isOptional: Bool)
    case branch([String: PatchNode])

    static func insert(_ node: PatchNode, at path: ArraySlice<MappingError.PathComponent>, into plan: inout [String: PatchNode]) {
        guard case .key(let key)? = path.first else { return }
        let rest = path.dropFirst()
        if rest.isEmpty {
            plan[key] = node
            return
        }
        // An index step: the array replaces whole, so the plan stops above it.
        guard case .key? = rest.first else { return }
        var children: [String: PatchNode] = [:]
        if case .branch(let existing)? = plan[key] { children = existing }
        insert(node, at: rest, into: &children)
        plan[key] = .branch(children)
    }
}

/// A codec whose value is gathered from keys of the enclosing object (a flattened model, a
/// gathered dictionary): how a patch merges the value of one gathered key.
protocol PatchGathering {
    /// The plan for the gathered key `name`, under `style`; `nil` to leave it to RFC 7396.
    func patchNode(forGathered name: String, style: NamingStyle) throws -> PatchNode?
}

extension ModelCodec: PatchGathering {
    // A flattened model's keys are its own keys, planned as the model plans them.
    func patchNode(forGathered name: String, style: NamingStyle) throws -> PatchNode? {
        try metadata.patchPlan(style: style)[name]
    }
}

extension DictionaryCodec: PatchGathering {
    // A gathered entry is a dictionary entry: `null` removes it.
    func patchNode(forGathered name: String, style: NamingStyle) throws -> PatchNode? {
        .member(codec: element, isOptional: false)
    }
}

extension OptionalCodec: PatchGathering {
    func patchNode(forGathered name: String, style: NamingStyle) throws -> PatchNode? {
        try (wrapped as? any PatchGathering)?.patchNode(forGathered: name, style: style)
    }
}
