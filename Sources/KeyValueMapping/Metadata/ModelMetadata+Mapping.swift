/// The per-model decode and encode loops over cached property descriptors.
extension ModelMetadata {
    /// Writes every present key of `dictionary` into `model`; absent keys leave fields untouched.
    func decode(_ dictionary: [String: Any], into model: inout Model, _ session: DecodingSession) throws {
        try ModelStorage.withMutableFields(of: &model, isClass: isClass) { base in
            for property in decodedProperties {
                guard let value = dictionary[property.key] else { continue }
                do {
                    try property.accessor.decode(value, into: base, session)
                } catch let error as MappingError {
                    throw error.prepending(.key(property.key))
                }
            }
        }
    }

    /// A new model: the prototype `Model()` with `dictionary` applied.
    func makeModel(from dictionary: [String: Any], _ session: DecodingSession) throws -> Model {
        var model = Model()
        try decode(dictionary, into: &model, session)
        return model
    }

    /// The model's properties as a JSON-compatible dictionary. A class instance is encoded with
    /// the metadata of its dynamic type, so a subclass held as its base class keeps its fields.
    func encode(_ model: Model, _ session: EncodingSession) throws -> [String: Any] {
        guard isClass else { return try encodeFields(of: model, session) }
        let object = model as AnyObject
        if type(of: object) != Model.self, let dynamicType = type(of: object) as? any Mappable.Type {
            return try Self.encode(object, as: dynamicType, session)
        }
        try session.beginObject(object)
        defer { session.endObject() }
        return try encodeFields(of: model, session)
    }

    private static func encode<Dynamic: Mappable>(_ object: AnyObject, as type: Dynamic.Type, _ session: EncodingSession) throws -> [String: Any] {
        guard let model = object as? Dynamic else {
            throw MappingError(.other("cannot view \(String(reflecting: Swift.type(of: object))) as \(String(reflecting: Dynamic.self))"))
        }
        return try ModelMetadata<Dynamic>.of(Dynamic.self).encode(model, session)
    }

    private func encodeFields(of model: Model, _ session: EncodingSession) throws -> [String: Any] {
        try session.enter()
        defer { session.leave() }
        return try ModelStorage.withFields(of: model, isClass: isClass) { base in
            var result = [String: Any](minimumCapacity: properties.count)
            for property in properties {
                do {
                    if let value = try property.accessor.encode(from: base, session) {
                        result[property.key] = value
                    }
                } catch let error as MappingError {
                    throw error.prepending(.key(property.key))
                }
            }
            return result
        }
    }
}

/// A nested `Mappable` property.
struct ModelCodec<Model: Mappable>: ValueCodec {
    let metadata: ModelMetadata<Model>

    var typeName: String { String(describing: Model.self) }

    func decode(_ value: Any, _ session: DecodingSession) throws -> Model {
        let dictionary: [String: Any]
        if let native = value as? [String: Any] {
            dictionary = native
        } else if case .dictionary(let bridged) = JSONScalar(value) {
            dictionary = bridged
        } else {
            throw MappingError.typeMismatch(expected: typeName, found: value)
        }
        try session.enter()
        defer { session.leave() }
        return try metadata.makeModel(from: dictionary, session)
    }

    func encode(_ value: Model, _ session: EncodingSession) throws -> Any {
        try metadata.encode(value, session)
    }
}
