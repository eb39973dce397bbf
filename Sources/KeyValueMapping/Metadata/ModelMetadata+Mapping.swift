import Foundation

/// The per-model decode and encode loops over cached property descriptors.
extension ModelMetadata {
    /// Writes every present key of `dictionary` into `model`; absent keys leave fields untouched
    /// (an error for a required property when `requiresKeys`). Runs the `beforeDecoding` rule and
    /// the model's `didDecode` around the properties. `payloadOrder`: the keys in the order the
    /// JSON bytes listed them, when the dictionary was made from bytes (for the unknown-key check).
    func decode(_ dictionary: [String: Any], into model: inout Model, _ session: DecodingSession, requiresKeys: Bool = true,
                payloadOrder: [String]? = nil) throws {
        var dictionary = dictionary
        if let beforeDecoding { try Self.runHook { try beforeDecoding(&dictionary) } }
        if let payloadOrder, session.rejectsUnknownKeys {
            return try decodeProperties(from: OrderedDictionarySource(dictionary, payloadOrder: payloadOrder), into: &model, session, requiresKeys: requiresKeys)
        }
        try decodeProperties(from: dictionary, into: &model, session, requiresKeys: requiresKeys)
    }

    /// ``decode(_:into:_:requiresKeys:payloadOrder:)`` for a dictionary this type's
    /// `beforeDecoding` rule has already rewritten (an import reads the primary key from the
    /// rewritten element first): the rule runs once per element, as in any decode.
    func decode(hooked dictionary: [String: Any], into model: inout Model, _ session: DecodingSession, requiresKeys: Bool) throws {
        try decodeProperties(from: dictionary, into: &model, session, requiresKeys: requiresKeys)
    }

    /// Merges `dictionary` into an existing `model` (``KeyValueDecoder/update(_:from:)``): present
    /// keys are decoded, absent keys keep their values, required ones too. A class instance is
    /// updated as its dynamic type, so a subclass held as its base class gets its own properties,
    /// as encoding writes them.
    func update(_ model: inout Model, from dictionary: [String: Any], _ session: DecodingSession) throws {
        if isClass {
            let object = model as AnyObject
            if type(of: object) != Model.self, let dynamicType = type(of: object) as? any Mappable.Type {
                return try Self.update(object, as: dynamicType, from: dictionary, session)
            }
        }
        try decode(dictionary, into: &model, session, requiresKeys: false)
    }

    private static func update<Dynamic: Mappable>(_ object: AnyObject, as type: Dynamic.Type, from dictionary: [String: Any], _ session: DecodingSession) throws {
        guard var model = object as? Dynamic else {
            throw MappingError(.other("cannot view \(String(reflecting: Swift.type(of: object))) as \(String(reflecting: Dynamic.self))"))
        }
        // A class reference: decoding into this copy of the reference updates the one instance.
        try ModelMetadata<Dynamic>.of(Dynamic.self).decode(dictionary, into: &model, session, requiresKeys: false)
    }

    /// The bytes path: the same, from a parsed JSON object. Only a model whose rules declare a
    /// dictionary hook is turned into a dictionary first (its unknown keys still reported in
    /// payload order).
    func decode(json object: JSONObject, into model: inout Model, _ session: DecodingSession) throws {
        if beforeDecoding != nil {
            return try decode(Self.dictionary(of: object, session), into: &model, session, payloadOrder: object.keys)
        }
        try decodeProperties(from: JSONObjectSource(object), into: &model, session, requiresKeys: true)
    }

    static func dictionary(of object: JSONObject, _ session: DecodingSession) -> [String: Any] {
        session.foundationValue(of: .object(object)) as? [String: Any] ?? [:]
    }

    private func decodeProperties(from source: some PropertySource, into model: inout Model, _ session: DecodingSession, requiresKeys: Bool) throws {
        var source = source
        let table = try session.keyTable(for: self)
        if session.rejectsUnknownKeys { try checkUnknownKeys(source.keysInReportingOrder, table: table, session) }
        let singleKeys = table.decodedSingleKeys
        // Without any relaxation on the type or the decoder, `nil` is handed over as it stands:
        // reading each descriptor's reference would cost a retain and a release per property.
        let relaxes = hasRelaxations || session.nullKeepsDefault
        // Properties are read in place from a local copy of the list (one retain per model):
        // binding a descriptor to a local would copy it and retain every field, and reading the
        // class's property inside the loop copied each accessor out, per property, per model.
        let decodedProperties = self.decodedProperties
        // The accessors in a list of their own: reading one from a descriptor copied the whole
        // descriptor first.
        let accessors = decodedAccessors
        try ModelStorage.withMutableFields(of: &model, isClass: isClass) { base in
            for index in decodedProperties.indices {
                do {
                    if let key = singleKeys[index] {
                        // The common case: one top-level key, no allocation, no path until an error.
                        let found: Bool
                        do {
                            // Two calls rather than a conditional argument: reading the relaxations
                            // in the same expression made the descriptor's accessor be copied.
                            if relaxes {
                                found = try session.withPath(.key(key)) {
                                    try source.decode(key: key, with: accessors[index], decodedProperties[index].relaxations, into: base, session)
                                }
                            } else {
                                found = try session.withPath(.key(key)) {
                                    try source.decode(key: key, with: accessors[index], nil, into: base, session)
                                }
                            }
                        } catch let error as MappingError {
                            throw error.prepending(.key(key))
                        }
                        if !found, requiresKeys, decodedProperties[index].isRequired(in: session) {
                            throw missingKey(decodedProperties[index], path: [.key(key)])
                        }
                        continue
                    }
                    let key = table.decodeKeys[index]
                    if try source.decode(at: key, with: decodedProperties[index].accessor, decodedProperties[index].relaxations, into: base, session) == nil,
                       requiresKeys, decodedProperties[index].isRequired(in: session) {
                        throw missingKey(decodedProperties[index], path: key.errorPath)
                    }
                } catch let error as MappingError {
                    guard session.carriesOn(after: error) else { throw error }
                    session.skip(error)
                }
            }
        }
        try Self.validate(&model)
    }

    private func missingKey(_ property: PropertyDescriptor, path: [MappingError.PathComponent]) -> MappingError {
        MappingError(.missingKey(expected: property.accessor.typeName), path: path)
    }

    /// With `unknownKeys = .reject`: the first key in `keys` that the type does not know is an
    /// error at that key; in lenient mode every one is listed and the decode carries on.
    func checkUnknownKeys(_ keys: [String], table: KeyTable, _ session: DecodingSession) throws {
        guard !allowsAllUnknownKeys else { return }
        for key in keys where !table.knownKeys.contains(key) {
            let error = MappingError(.unknownKey(type: shortTypeName), path: [.key(key)])
            guard session.carriesOn(after: error) else { throw error }
            session.skip(error)
        }
    }

    /// A new model: the prototype `Model()` — or, for a class cluster, the subclass the payload
    /// names — with `dictionary` applied (`payloadOrder` as for ``decode(_:into:_:requiresKeys:payloadOrder:)``).
    func makeModel(from dictionary: [String: Any], _ session: DecodingSession, payloadOrder: [String]? = nil) throws -> Model {
        if subtypeResolver != nil {
            let concrete = try Self.resolveSubtype(for: dictionary)
            if concrete != Model.self { return try Self.makeModel(of: concrete, from: dictionary, session, payloadOrder: payloadOrder) }
        }
        var model = Model()
        try decode(dictionary, into: &model, session, payloadOrder: payloadOrder)
        return model
    }

    /// The class a payload describes: the subtype rule of `Model` is asked, then the rule of the
    /// class it returned (its own, or the one it inherits), and so on — as Mantle asks each
    /// returned class again — until a class answers itself or `nil`.
    static func resolveSubtype(for dictionary: [String: Any]) throws -> any Mappable.Type {
        var current: any Mappable.Type = Model.self
        var visited = [ObjectIdentifier(Model.self)]
        while let next = try subtypeRule(of: current)?(dictionary), ObjectIdentifier(next) != ObjectIdentifier(current) {
            guard !visited.contains(ObjectIdentifier(next)) else {
                let names = ([current] + [next]).map { String(reflecting: $0) }
                throw MappingError(.invalidDeclaration(type: String(reflecting: Model.self), problems: [
                    "the subtype rules go round in a circle (\(names.joined(separator: " → ")) was asked before)",
                ]))
            }
            visited.append(ObjectIdentifier(next))
            current = next
        }
        return current
    }

    private static func subtypeRule(of type: any Mappable.Type) throws -> MappingRules.SubtypeResolver? {
        func rule<Level: Mappable>(_ level: Level.Type) throws -> MappingRules.SubtypeResolver? {
            try ModelMetadata<Level>.of(Level.self).subtypeResolver
        }
        return try rule(type)
    }

    /// A new model from a parsed JSON object (the bytes path).
    func makeModel(fromJSON object: JSONObject, _ session: DecodingSession) throws -> Model {
        if subtypeResolver != nil {
            return try makeModel(from: Self.dictionary(of: object, session), session, payloadOrder: object.keys)
        }
        var model = Model()
        try decode(json: object, into: &model, session)
        return model
    }

    private static func makeModel<Concrete: Mappable>(of type: Concrete.Type, from dictionary: [String: Any], _ session: DecodingSession,
                                                      payloadOrder: [String]?) throws -> Model {
        let metadata = try ModelMetadata<Concrete>.of(Concrete.self)
        var concrete = Concrete()
        try metadata.decode(dictionary, into: &concrete, session, payloadOrder: payloadOrder)
        guard let model = concrete as? Model else {
            throw MappingError(.invalidDeclaration(type: String(reflecting: Model.self), problems: [
                "the subtype rule returned \(String(reflecting: Concrete.self)), which is not a subtype of \(String(reflecting: Model.self))",
            ]))
        }
        return model
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
        // A local copy of the list (one retain per model): its elements are then borrowed in
        // place, where reading the class's property in the loop copied each accessor out.
        let properties = properties
        let empty = emptyEncodedDictionary
        var result = try ModelStorage.withFields(of: model, isClass: isClass) { base in
            var result = empty
            for index in properties.indices {
                do {
                    guard let value = try properties[index].accessor.encode(from: base, session) else { continue }
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
struct ModelCodec<Model: Mappable>: ValueCodec {
    let metadata: ModelMetadata<Model>

    var typeName: String { String(describing: Model.self) }

    func decode(_ value: Any, _ session: DecodingSession) throws -> Model {
        // The common case, a Swift `[String: Any]`, is taken as it is; anything else (an
        // NSDictionary, which a bridging cast would convert all the way down) through the
        // classifier, one level deep, and entered as a container that may be open already.
        if let dictionary = JSONScalar.swiftDictionary(value) {
            try session.enter()
            defer { session.leave() }
            return try metadata.makeModel(from: dictionary, session)
        }
        guard case .dictionary(let dictionary) = JSONScalar(value) else {
            throw MappingError.typeMismatch(expected: typeName, found: value)
        }
        let container = try session.enterContainer(value)
        defer { session.leaveContainer(container) }
        return try metadata.makeModel(from: dictionary, session)
    }

    func decode(json: JSONValue, _ session: DecodingSession) throws -> Model {
        guard case .object(let object) = json else { return try decode(session.foundationValue(of: json), session) }
        try session.enter()
        defer { session.leave() }
        return try metadata.makeModel(fromJSON: object, session)
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
