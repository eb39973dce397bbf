import Foundation

/// JSON Merge Patch (RFC 7396) on a model's JSON form, and the smallest patch between two models.
///
/// The JSON form is what the encoder writes, with `nil` optionals written as `null` so that a
/// `nil` is never confused with an absent key. A patch merges into it by RFC 7396, with one
/// model rule: `null` for an optional property's key sets it to `nil` (as an explicit `null`),
/// while for any other property it removes the key, which resets the property to its prototype
/// value. The merged document is then decoded into the model with update semantics, through
/// the decoder's shared `update`, so every rule applies and errors carry key paths.
extension ModelMetadata {
    /// The model's JSON form (see above).
    func patchForm(of model: Model) throws -> JSONValue {
        var encoder = KeyValueEncoder()
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
        try mergeBranch(patch, into: target, plan: patchPlan(), session)
    }

    private func mergeBranch(_ patch: JSONObject, into target: JSONValue?, plan: [String: PatchNode], _ session: PatchSession) throws -> JSONObject {
        try MergePatch.mergeMembers(of: patch, into: target, session) { key, current, value in
            switch plan[key] {
            case .property(let index)?:
                let property = decodedProperties[index]
                if value.isNull { return property.isOptional ? .null : nil }
                return try PatchMerge.value(value, into: current, codec: property.facts?.codecValue ?? (), session)
            case .branch(let children)?:
                guard case .object(let members) = value else { return value.isNull ? JSONValue?.none : value }
                return .object(try mergeBranch(members, into: current, plan: children, session))
            case nil:
                return value.isNull ? JSONValue?.none : try MergePatch.merge(value, into: current, session)
            }
        }
    }

    /// Where each decoded property's value sits in the JSON form: its key, or the objects its
    /// key path walks through. Paths through an array index, the later candidates and gathered
    /// keys are left to RFC 7396 as it stands (arrays replace whole; gathered keys are
    /// dictionary entries).
    private func patchPlan() -> [String: PatchNode] {
        var plan: [String: PatchNode] = [:]
        for index in decodedProperties.indices {
            let path: [MappingError.PathComponent]
            switch decodedProperties[index].key {
            case .key(let key): path = [.key(key)]
            case .path(let components): path = components
            case .candidates(let paths): path = paths.first ?? []
            case .gather: continue
            }
            PatchNode.insert(index, at: path[...], into: &plan)
        }
        return plan
    }

    /// Applies `patch` to `model`: merges it into the model's JSON form, resets the decoded
    /// properties the merged document no longer holds to their prototype values, and decodes
    /// the document into `model` with update semantics.
    ///
    /// `model` must be an instance of exactly `Model` (callers open a class's dynamic type).
    func applyMergePatch(_ patch: JSONValue, to model: inout Model) throws {
        let decoder = KeyValueDecoder()
        let merged: JSONValue
        if case .object(let members) = patch {
            merged = .object(try mergeModelObject(members, into: try patchForm(of: model), PatchSession(maximumDepth: decoder.maximumDepth)))
        } else {
            merged = patch
        }
        guard case .object(let document) = merged else {
            throw MappingError.typeMismatch(expected: SwiftTypeName.of(Model.self), json: merged)
        }
        var absent: [PropertyDescriptor] = []
        for property in decodedProperties where try property.key.lookup(in: document) == nil {
            // Decoding the merged document applies every rule, `.require` included, whatever
            // `update` does with it.
            if requiresKey(of: property, decoder: decoder) {
                throw MappingError(.missingKey(expected: property.accessor.typeName), path: property.key.encodedPaths.first ?? [.key(property.name)])
            }
            absent.append(property)
        }
        if !absent.isEmpty { copy(absent, from: Model(), to: &model) }
        guard let dictionary = JSONValue.object(document).foundationValue() as? [String: Any] else { return }
        try decoder.update(&model, from: dictionary)
    }

    /// A new instance of a class model with the mapped properties of `model` (its ignored
    /// properties keep their prototype values): what a non-mutating patch of a class works on.
    func mappedCopy(of model: Model) -> Model {
        var copy = Model()
        self.copy(properties, from: model, to: &copy)
        return copy
    }

    /// The smallest patch from `old` to `new`, checked by merging it into `old`'s JSON form.
    func mergePatch(from old: Model, to new: Model) throws -> JSONValue {
        let before = try patchForm(of: old)
        let after = try patchForm(of: new)
        let limit = KeyValueEncoder().maximumDepth
        let patch = try MergePatch.difference(from: before, to: after, PatchSession(maximumDepth: limit))
        guard case .object(let members) = patch else { return patch }
        let result = JSONValue.object(try mergeModelObject(members, into: before, PatchSession(maximumDepth: limit)))
        if let path = MergePatch.firstDifference(result, after) {
            throw MergePatch.inexpressible(at: path, expected: after)
        }
        return patch
    }
}

/// One step of the JSON form's key plan: a property's value, or an object key paths go through.
enum PatchNode {
    case property(Int)
    case branch([String: PatchNode])

    static func insert(_ index: Int, at path: ArraySlice<MappingError.PathComponent>, into plan: inout [String: PatchNode]) {
        guard case .key(let key)? = path.first else { return }
        let rest = path.dropFirst()
        if rest.isEmpty {
            plan[key] = .property(index)
            return
        }
        // An index step: the array replaces whole, so the plan stops above it.
        guard case .key? = rest.first else { return }
        var children: [String: PatchNode] = [:]
        if case .branch(let existing)? = plan[key] { children = existing }
        insert(index, at: rest, into: &children)
        plan[key] = .branch(children)
    }
}
