import Foundation

/// The steps every import applies to one payload element (`upsert`, `importRecords`): decode it
/// once into a new model, without `didDecode`, knowing which class it was decoded as and which
/// properties it met and wrote; then either check a new record's required keys, or copy what
/// the element wrote into the stored record it matches; then run `didDecode` of that class.
struct ElementDecoder<Model: KeyValueModel> {
    let metadata: ModelMetadata<Model>
    let session: DecodingSession

    /// Decodes the element at `source`'s cursor into a new model of the class its rules name,
    /// without `didDecode` (which runs once the element's record is known); `facts` says which
    /// class and what the element wrote.
    /// `prototype` is the model's (an immutable model is built by its caller).
    func decode<Source: DecodingSource>(from source: inout Source, prototype: ModelPrototype<Model>, facts: inout ElementFacts) throws -> Model {
        guard metadata.readsRulesDictionary else {
            var model = prototype.make()
            facts = ElementFacts(decodedAs: Model.self, members: try metadata.decodeMembers(from: &source, into: &model, session, missingKeys: .rejectedWithFailure))
            return model
        }
        let object = try metadata.rulesDictionary(from: &source, session)
        if metadata.subtypeResolver != nil {
            if let concrete = try ModelMetadata<Model>.resolveSubtype(for: object.dictionary) {
                func decode<Concrete: Mappable>(as type: Concrete.Type) throws -> Model {
                    var model = Concrete()
                    let members = try ModelMetadata<Concrete>.of(Concrete.self).decode(rulesDictionary: object, into: &model, session,
                                                                                       missingKeys: .rejectedWithFailure)
                    let record = try ModelMetadata<Model>.asModel(model)
                    facts = ElementFacts(decodedAs: Concrete.self, members: members)
                    return record
                }
                return try decode(as: concrete)
            }
        }
        var model = prototype.make()
        facts = ElementFacts(decodedAs: Model.self, members: try metadata.decode(rulesDictionary: object, into: &model, session, missingKeys: .rejectedWithFailure))
        return model
    }

    /// A new record's required keys (the key itself was checked first).
    func checkRequiredKeys(of facts: ElementFacts) throws {
        if facts.decodedAs == Model.self { return try checkRequiredKeys(of: facts, in: metadata) }
        func checkSubclass<Decoded: KeyValueModel>(as type: Decoded.Type) throws {
            try checkRequiredKeys(of: facts, in: ModelMetadata<Decoded>.of(Decoded.self))
        }
        try checkSubclass(as: facts.decodedAs)
    }

    private func checkRequiredKeys<Decoded: KeyValueModel>(of facts: ElementFacts, in metadata: ModelMetadata<Decoded>) throws {
        guard metadata.requiredCount > 0 || session.rejectsMissingKeys else { return }
        for (index, property) in metadata.decodedProperties.enumerated()
        where !facts.members.found.contains(index) && property.isRequired(in: session) {
            throw MappingError(.missingKey(expected: property.accessor.typeName), path: try session.keyTable(for: metadata).decodeKeys[index].errorPath)
        }
    }

    /// Throws the missing-key error of the first of `names` the element did not hold, at its
    /// key under the class it was decoded as.
    func checkPresent(_ names: [String], in facts: ElementFacts) throws {
        func check<Decoded: KeyValueModel>(in metadata: ModelMetadata<Decoded>) throws {
            for name in names {
                guard let index = metadata.decodedProperties.firstIndex(where: { $0.name == name }) else {
                    throw MappingError(.invalidDeclaration(type: metadata.typeName, problems: [
                        "the primary key \"\(name)\" of its superclass is never decoded into \(metadata.shortTypeName)",
                    ]))
                }
                guard !facts.members.found.contains(index) else { continue }
                throw MappingError(.missingKey(expected: metadata.decodedProperties[index].accessor.typeName),
                                   path: try session.keyTable(for: metadata).decodeKeys[index].errorPath)
            }
        }
        if facts.decodedAs == Model.self { return try check(in: metadata) }
        func checkSubclass<Decoded: KeyValueModel>(as type: Decoded.Type) throws {
            try check(in: ModelMetadata<Decoded>.of(Decoded.self))
        }
        try checkSubclass(as: facts.decodedAs)
    }

    /// Throws when the element was decoded as another class than `record` is (the record at
    /// `position` of an array, when given): an import does not change a record's class.
    func checkSameClass(_ record: Model, as facts: ElementFacts, position: Int? = nil) throws {
        let recordType: Any.Type = metadata.isClass ? type(of: record as AnyObject) : Model.self
        guard ObjectIdentifier(recordType) != ObjectIdentifier(facts.decodedAs) else { return }
        let theRecord = position.map { "the record [\($0)]" } ?? "the record"
        throw MappingError(.invalidValue(expected: SwiftTypeName.of(recordType), found: SwiftTypeName.of(facts.decodedAs),
                                         detail: "the element is read as \(SwiftTypeName.of(facts.decodedAs)), but \(theRecord) it updates is a "
                                         + "\(SwiftTypeName.of(recordType)); an import does not change a record's class"))
    }

    /// Copies the values the element wrote into `record`, of the same class.
    func copy(_ model: Model, _ facts: ElementFacts, into record: inout Model) throws {
        if facts.decodedAs == Model.self {
            return metadata.copyDecoded(facts.members.written, from: model, to: &record)
        }
        func copy<Decoded: KeyValueModel>(as type: Decoded.Type) throws {
            let metadata = try ModelMetadata<Decoded>.of(Decoded.self)
            var target = try DynamicModel.cast(record, to: Decoded.self)
            let source = try DynamicModel.cast(model, to: Decoded.self)
            metadata.copyDecoded(facts.members.written, from: source, to: &target)
            record = try DynamicModel.cast(target, to: Model.self)
        }
        try copy(as: facts.decodedAs)
    }

    /// Runs `didDecode` of the class the model was decoded as.
    func validate(_ model: inout Model, as type: any KeyValueModel.Type) throws {
        if type == Model.self { return try ModelMetadata<Model>.validate(&model) }
        func validate<Decoded: KeyValueModel>(as type: Decoded.Type) throws {
            var typed = try DynamicModel.cast(model, to: Decoded.self)
            try ModelMetadata<Decoded>.validate(&typed)
            model = try DynamicModel.cast(typed, to: Model.self)
        }
        try validate(as: type)
    }
}

/// What one decoded element is, beside its model: the class it was decoded as, and the
/// properties it met and wrote. Not nested in the generic run: a nested type's metadata is looked
/// up at run time on every use in the run's unspecialised code (about 300 instructions each).
struct ElementFacts {
    var decodedAs: any KeyValueModel.Type
    var members: DecodedMembers

    init(decodedAs: any KeyValueModel.Type, members: DecodedMembers = DecodedMembers(found: PropertySet(count: 0), written: PropertySet(count: 0))) {
        self.decodedAs = decodedAs
        self.members = members
    }
}
