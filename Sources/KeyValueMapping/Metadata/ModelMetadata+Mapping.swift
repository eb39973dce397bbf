import Foundation

/// The rules around the walk (class clusters, hooks) and the encode loop over cached property
/// descriptors.
extension ModelMetadata {
    /// The class a payload describes: the subtype rule of `Model` is asked, then the rule of the
    /// class it returned (its own, or the one it inherits), and so on — as Mantle asks each
    /// returned class again — until a class answers itself or `nil`. `nil` when that is `Model`.
    static func resolveSubtype(for dictionary: [String: Any]) throws -> (any Mappable.Type)? {
        var current: (any Mappable.Type)?
        var visited = [ObjectIdentifier(Model.self)]
        while let next = try subtypeRule(of: current ?? Model.self)?(dictionary), ObjectIdentifier(next) != ObjectIdentifier(current ?? Model.self) {
            guard !visited.contains(ObjectIdentifier(next)) else {
                let names = [SwiftTypeName.qualified(current ?? Model.self), SwiftTypeName.qualified(next)]
                throw MappingError(.invalidDeclaration(type: SwiftTypeName.qualified(Model.self), problems: [
                    "the subtype rules go round in a circle (\(names.joined(separator: " → ")) was asked before)",
                ]))
            }
            // Checked before the class is asked anything or decoded into, so no code of a
            // class that cannot be used runs.
            guard next is Model.Type else { throw subtypeMismatch(next) }
            visited.append(ObjectIdentifier(next))
            current = next
        }
        return current
    }

    /// A value of the class a `subtype` rule chose, as `Model` (which ``resolveSubtype(for:)``
    /// has checked it is).
    static func asModel<Concrete: KeyValueModel>(_ value: Concrete) throws -> Model {
        guard let model = value as? Model else { throw subtypeMismatch(Concrete.self) }
        return model
    }

    /// A `subtype` rule chose, for this payload, a type that is not `Model` or a subclass of it:
    /// the payload's problem at its key path (the rule reads the payload), not the declaration's.
    private static func subtypeMismatch(_ chosen: any KeyValueModel.Type) -> MappingError {
        let model = SwiftTypeName.qualified(Model.self)
        let name = SwiftTypeName.qualified(chosen)
        return MappingError(.invalidValue(expected: "\(model) or a subclass of it", found: "an object the subtype rules map to \(name)",
                                          detail: "\(name) is not a subclass of \(model), so it cannot be decoded here"))
    }

    private static func subtypeRule(of type: any KeyValueModel.Type) throws -> MappingRules.SubtypeResolver? {
        func rule<Level: KeyValueModel>(_ level: Level.Type) throws -> MappingRules.SubtypeResolver? {
            try ModelMetadata<Level>.of(Level.self).subtypeResolver
        }
        return try rule(type)
    }

    /// Runs the model's `didDecode()`, reporting what it throws as ``runHook(_:)`` does.
    // Not through `runHook`: a closure capturing the model makes the caller copy it once more.
    static func validate(_ model: inout Model) throws {
        do {
            try model.didDecode()
        } catch {
            throw hookFailure(error)
        }
    }

    /// Runs user code, reporting a foreign error as a model-level validation failure.
    static func runHook(_ hook: () throws -> Void) throws {
        do {
            try hook()
        } catch {
            throw hookFailure(error)
        }
    }

    private static func hookFailure(_ error: any Error) -> MappingError {
        if let mapping = error as? MappingError { return mapping }
        return MappingError(.validationFailed(String(describing: error)), underlyingError: error)
    }

    /// The model's properties as a JSON-compatible dictionary. A class instance is encoded with
    /// the metadata of its dynamic type, so a subclass held as its base class keeps its fields.
    func encode(_ model: Model, _ session: EncodingSession) throws -> [String: Any] {
        guard isClass else { return try encodeFields(of: model, session) }
        if let dynamic = DynamicModel.type(of: model) {
            func encode<Dynamic: KeyValueModel>(as type: Dynamic.Type) throws -> [String: Any] {
                try ModelMetadata<Dynamic>.of(Dynamic.self).encode(try DynamicModel.cast(model, to: Dynamic.self), session)
            }
            return try encode(as: dynamic)
        }
        let object = model as AnyObject
        try session.beginObject(object)
        defer { session.endObject() }
        return try encodeFields(of: model, session)
    }

    /// The model's own fields as a dictionary (no dynamic-type or cycle handling: callers did that).
    func encodeDictionary(of model: Model, _ session: EncodingSession) throws -> [String: Any] {
        try encodeFields(of: model, session)
    }

    private func encodeFields(of model: Model, _ session: EncodingSession) throws -> [String: Any] {
        try session.enter()
        defer { session.leave() }
        let table = try session.keyTable(for: self)
        let keys = table.encodeKeys
        let singleKeys = table.encodedSingleKeys
        // A local copy of the list (one retain per model); each accessor is called borrowed,
        // without a retain and a release.
        let encoders = borrowedEncoders
        let empty = emptyEncodedDictionary
        var result = try ModelStorage.withFields(of: model, isClass: isClass) { base in
            var result = empty
            for index in encoders.indices {
                do {
                    guard let value = try encoders[index].encode(from: base, session) else { continue }
                    if let key = singleKeys[index] {
                        result[key] = value
                    } else {
                        try keys[index].store(value, in: &result)
                    }
                } catch let error as MappingError {
                    throw error.prepending(keys[index].errorPath)
                }
            }
            return result
        }
        if let afterEncoding { try Self.runHook { try afterEncoding(&result) } }
        return result
    }
}

/// A nested `Mappable` property.
struct ModelCodec<Model: KeyValueModel>: ValueCodec {
    let metadata: ModelMetadata<Model>

    var typeName: String { String(describing: Model.self) }

    @_specialize(exported: false, kind: partial, where Source == JSONReader)
    @_specialize(exported: false, kind: partial, where Source == FoundationSource)
    @_specialize(exported: false, kind: partial, where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Model {
        // Inside a related property of an imported element, the record is kept for its own store.
        if session.isRelatedCaptureArmed { return try decodeRelated(from: &source, session) }
        return try metadata.makeModel(from: &source, session)
    }

    // Out of line: the common path stays as small as it was.
    @inline(never)
    private func decodeRelated<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Model {
        guard let capture = session.relatedCapture else { return try metadata.makeModel(from: &source, session) }
        return try capture.decode(metadata, from: &source, session)
    }

    func encode(_ value: Model, _ session: EncodingSession) throws -> Any {
        try metadata.encode(value, session)
    }
}

extension MappingError {
    /// Returns this error with `components` in front of its path.
    func prepending(_ components: [PathComponent]) -> MappingError {
        var copy = self
        copy.path.insert(contentsOf: components, at: 0)
        return copy
    }
}
