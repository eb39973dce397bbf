/// Everything KeyValueMapping knows about one model type (``KeyValueModel``), built once and cached.
// Every `var` below is written only by `populate`, before publication, and read-only after it;
// the dynamic exclusivity checks Swift would run on each read in the hot loops buy nothing.
final class ModelMetadata<Model: KeyValueModel> {
    let typeName = SwiftTypeName.qualified(Model.self)
    /// The type's own name, as messages about payloads give it (`User`).
    let shortTypeName = String(describing: Model.self)
    let isClass = Model.self is AnyClass
    /// `init()` of a ``Mappable`` model; `nil` for an ``ImmutableMappable`` one, which is built
    /// in fresh storage (``isImmutable``).
    let prototype = ModelPrototype.of(Model.self)
    /// Whether the model is built in fresh storage, each field initialised once (see
    /// ``ImmutableMappable``): its accessors initialise, never assign.
    var isImmutable: Bool { prototype == nil }
    /// The stored fields of an immutable model that no property maps (all optional): `nil` in a
    /// new value, the old value's in an update.
    @exclusivity(unchecked) private(set) var unmappedOptionalFields: [any OptionalField] = []
    /// Every mapped property, superclass properties first.
    @exclusivity(unchecked) private(set) var properties: [PropertyDescriptor] = []
    /// The subset that decoding writes (all but a `Mappable` model's `let`s).
    @exclusivity(unchecked) private(set) var decodedProperties: [PropertyDescriptor] = []
    /// Their accessors, for the dictionary path's loop.
    @exclusivity(unchecked) private(set) var decodedAccessors: [any PropertyAccessor] = []
    /// The same accessors, borrowed: the member loop's decode call (`decodedAccessors` keeps them alive).
    @exclusivity(unchecked) private(set) var borrowedAccessors: [BorrowedAccessor] = []
    /// Every mapped property's accessor, borrowed, by position in `properties`: the encode loops' call.
    @exclusivity(unchecked) private(set) var borrowedEncoders: [BorrowedAccessor] = []
    /// The keys under the type's own style (``NamingStyle/asDeclared`` when it declares none),
    /// which is every decode's and encode's when `keysAreFixed` or the session's style is
    /// `asDeclared`.
    @exclusivity(unchecked) private(set) var declaredKeys = KeyTable.empty
    /// An empty dictionary with room for every encoded property. Each encoded model starts
    /// from a copy: `Dictionary(minimumCapacity:)` is not specialised outside the standard
    /// library and looks up the storage class's generic metadata at run time on every call,
    /// while copying this one allocates the same storage through a cached type.
    @exclusivity(unchecked) private(set) var emptyEncodedDictionary: [String: Any] = [:]
    /// Encoded property indexes in declaration order.
    @exclusivity(unchecked) private(set) var declarationOrder: [Int] = []
    /// How many decoded properties are required.
    @exclusivity(unchecked) private(set) var requiredCount = 0
    /// Whether the rules let a model be read member by member (no hooks, no class cluster);
    /// `decodesStreaming` adds what depends on the decode.
    @exclusivity(unchecked) private(set) var rulesAllowStreaming = false
    /// `true` when every key is fixed by the type, so the decoder's naming style is irrelevant.
    @exclusivity(unchecked) private(set) var keysAreFixed = true
    /// Whether some property keeps its default for `null` by its own rule (`.useDefaultForNull`).
    @exclusivity(unchecked) private(set) var hasNullRules = false
    /// Whether some property has a null or fallback rule of its own.
    @exclusivity(unchecked) private(set) var hasRelaxations = false
    /// Whether the type exempts every key from `unknownKeys = .reject` (`.allowUnknownKeys()`).
    @exclusivity(unchecked) private(set) var allowsAllUnknownKeys = false
    /// Stored properties that are not mapped (ignored, outside the allow list, weak, unowned,
    /// wrapper storage): their keys are still the type's own, never unknown keys.
    @exclusivity(unchecked) private var unmappedNames: [String] = []
    @exclusivity(unchecked) private(set) var resolver: RulesResolver?
    /// Every stored property in declaration order, mapped or not (ignored, weak, wrapper
    /// storage): what the mapping table lists.
    @exclusivity(unchecked) private(set) var storedProperties: [StoredProperty] = []
    /// Tables under the built-in styles other than the declared one (by
    /// ``NamingStyle/builtInSlot``), built on first use; or the declaration error of a style
    /// under which two properties' keys collide, so it is found once and thrown on every use.
    private let styledKeys = Locked<[Result<KeyTable, MappingError>?]>([nil, nil, nil])
    /// The type's hooks from its rules; `nil` when not declared.
    @exclusivity(unchecked) private(set) var beforeDecoding: MappingRules.DictionaryHook?
    @exclusivity(unchecked) private(set) var afterEncoding: MappingRules.DictionaryHook?
    @exclusivity(unchecked) private(set) var subtypeResolver: MappingRules.SubtypeResolver?

    /// The metadata for `Model`, from the cache or built now.
    static func of(_ type: Model.Type) throws -> ModelMetadata<Model> {
        try MetadataBuilder.cached(Model.self) { try $0.metadata(for: Model.self) }
    }

    // Runs on the building thread before the object is published.
    func populate(using factory: CodecFactory) throws {
        let prototype = try self.prototype.map { $0.make() } ?? checkedImmutableModel()
        let enumerated = try PropertyEnumerator.properties(of: Model.self, prototype: prototype, isClass: isClass)
        var resolver = RulesResolver(for: Model.self)
        resolver.checkNames(enumerated.map(\.name))
        let roles = enumerated.map { resolver.role(of: $0, isNeverWrapperStorage: factory.isNeverWrapperStorage) }

        // The prototype's own values decide how a nil optional is written (see
        // `StoredPropertyAccessor.writesNullForNil`), so its fields are read while accessors are made.
        if let prototype {
            try ModelStorage.withFields(of: prototype, isClass: isClass) { prototypeFields in
                try addProperties(enumerated, roles: roles, prototype: prototypeFields, &resolver, factory: factory)
            }
        } else {
            try addProperties(enumerated, roles: roles, prototype: nil, &resolver, factory: factory)
        }
        checkPrimaryKey(&resolver, storedNames: enumerated.map(\.name))
        checkRelatedByKey(&resolver)
        let written = zip(enumerated, roles).compactMap { property, role -> EnumeratedProperty? in
            if case .skipped = role { return nil }
            return resolver.isMapped(property.name) ? property : nil
        }
        resolver.checkEncodedKeys(written.map { ($0.name, resolver.key(for: $0.name, style: .asDeclared)) })
        // A field neither decoded nor kept as an optional would be handed out uninitialised.
        if isImmutable, resolver.problems.isEmpty, properties.filter(\.isDecoded).count + unmappedOptionalFields.count != enumerated.count {
            resolver.report("some stored property of it could be built neither from the payload nor as nil: adopt Mappable (which starts from init())")
        }
        guard resolver.problems.isEmpty else {
            throw MappingError(.invalidDeclaration(type: typeName, problems: resolver.problems))
        }
        decodedProperties = properties.filter(\.isDecoded)
        decodedAccessors = decodedProperties.map(\.accessor)
        borrowedAccessors = decodedAccessors.map(BorrowedAccessor.init)
        borrowedEncoders = properties.map { BorrowedAccessor($0.accessor) }
        let mapped = Set(properties.map(\.name))
        unmappedNames = enumerated.map(\.name).filter { !mapped.contains($0) }
        self.resolver = resolver
        declaredKeys = makeKeyTable(style: .asDeclared)
        emptyEncodedDictionary = [String: Any](minimumCapacity: properties.count)
        declarationOrder = Array(properties.indices)
        requiredCount = decodedProperties.filter(\.isRequired).count
        rulesAllowStreaming = resolver.rules.beforeDecodingHook == nil && resolver.rules.subtypeResolver == nil
        allowsAllUnknownKeys = resolver.rules.unknownKeysAllowed.all
        hasNullRules = decodedProperties.contains { $0.relaxations?.nullKeepsDefault == true }
        hasRelaxations = decodedProperties.contains { $0.relaxations != nil }
        beforeDecoding = resolver.rules.beforeDecodingHook
        afterEncoding = resolver.rules.afterEncodingHook
        subtypeResolver = resolver.rules.subtypeResolver
        storedProperties = zip(enumerated, roles).map(StoredProperty.init)
        assert(invariantViolations().isEmpty, "\(typeName): \(invariantViolations())")
    }

    /// Makes an accessor for every mapped property, and reports those that cannot be mapped (of
    /// an immutable model, every field it could not build).
    private func addProperties(_ enumerated: [EnumeratedProperty], roles: [PropertyRole], prototype prototypeFields: UnsafeRawPointer?,
                               _ resolver: inout RulesResolver, factory: CodecFactory) throws {
        for (property, role) in zip(enumerated, roles) {
            guard resolver.isMapped(property.name) else {
                let reason = resolver.exclusionReason(of: property.name)
                resolver.checkUnmapped(property.name, reason: reason)
                keepUnmapped(property, reason: reason, &resolver)
                continue
            }
            // Reported already (see `RulesResolver.checkNames`): which rule was meant is unknown.
            if resolver.rules.repeatedRepresentations.contains(property.name) { continue }
            do {
                let transformer = resolver.rules.transformers[property.name]
                let representation = resolver.rules.representations[property.name]
                if resolver.rules.flattened.contains(property.name) {
                    try Self.flatten(property, &resolver, factory: factory)
                }
                let skipsInvalidElements = resolver.rules.skipsInvalidElements.contains(property.name)
                switch role {
                case .skipped(let reason):
                    resolver.checkUnmapped(property.name, reason: "never mapped (\(reason))")
                    keepUnmapped(property, reason: reason, &resolver)
                case .variable, .constant:
                    let accessor = try Self.storedAccessor(property.field.type, offset: property.field.offset, transformer: transformer,
                                                          representation: representation, skipsInvalidElements: skipsInvalidElements, isRequired: resolver.isRequired(property.name),
                                                          initializes: isImmutable, factory: factory, prototype: prototypeFields)
                    // An immutable model's `let`s are read like its `var`s: the value is built whole.
                    add(property, accessor: accessor, isDecoded: role == .variable || isImmutable, resolver: &resolver)
                case .lazyStorage(let wrappedType):
                    let accessor = try Self.lazyAccessor(wrappedType, offset: property.field.offset, transformer: transformer,
                                                        representation: representation, skipsInvalidElements: skipsInvalidElements, initializes: isImmutable, factory: factory)
                    add(property, accessor: accessor, isDecoded: true, resolver: &resolver)
                case .wrapperStorage:
                    // `resolver.role(of:)` has already decided it: mapped as a plain field, or skipped.
                    continue
                }
            } catch let mismatch as ElementSkippingMismatch {
                resolver.report(mismatch.hasTransformer
                    ? "skipInvalidElements names \"\(property.name)\", which has a transformer (the transformer decides about its elements)"
                    : "skipInvalidElements names \"\(property.name)\", whose type \(mismatch.propertyType) is not an array, set or dictionary")
            } catch let mismatch as TransformerMismatch {
                resolver.report("the transformer of \"\(property.name)\" converts \(mismatch.transformerType), but the property is \(mismatch.propertyType)")
            } catch let error as MappingError {
                throw Self.declarationError(error, property: property, in: typeName)
            }
        }
    }

    /// A stored field no property maps: of an immutable model it must still be built, which only
    /// an optional field can be (as `nil`, or in an update as the old value's).
    private func keepUnmapped(_ property: EnumeratedProperty, reason: String, _ resolver: inout RulesResolver) {
        guard isImmutable else { return }
        if property.field.isStrong, let optional = property.field.type as? any OptionalFieldType.Type {
            unmappedOptionalFields.append(optional.field(at: property.field.offset))
            return
        }
        let storedName = property.field.name
        resolver.report(property.field.isStrong
            ? "\"\(storedName)\" is not mapped (\(reason)), so an immutable model cannot be built without it: make it optional, map it, or adopt Mappable (which starts from init())"
            : "\"\(storedName)\" is a weak or unowned reference, which an immutable model cannot build: adopt Mappable (which starts from init())")
    }

    /// Checks that `Model`, which has no prototype, can be built in fresh storage: an
    /// ``ImmutableMappable`` struct (the fields themselves are checked by the enumerator).
    private func checkedImmutableModel() throws -> Model? {
        guard Model.self is any ImmutableMappable.Type else {
            throw MappingError(.invalidDeclaration(type: typeName, problems: [
                "it adopts KeyValueModel alone: adopt Mappable (decoding starts from init()) or ImmutableMappable (a struct built as its memberwise initializer would)",
            ]))
        }
        guard !isClass else {
            throw MappingError(.invalidDeclaration(type: typeName, problems: [
                "ImmutableMappable is for structs: a class adopts Mappable and declares `required init()`",
            ]))
        }
        return nil
    }

    /// What disagrees among the per-property arrays (empty when they agree). Checked once per
    /// type in debug builds: every walk indexes these arrays by the same position, and the
    /// metadata is immutable once published, so agreeing once means agreeing for good.
    func invariantViolations() -> [String] {
        var violations: [String] = []
        if decodedProperties.map(\.name) != properties.filter(\.isDecoded).map(\.name) {
            violations.append("decodedProperties are not the decoded subset of properties")
        }
        if decodedAccessors.count != decodedProperties.count
            || !zip(decodedAccessors, decodedProperties).allSatisfy({ $0 === $1.accessor }) {
            violations.append("decodedAccessors do not match decodedProperties")
        }
        if borrowedAccessors.count != decodedAccessors.count || borrowedEncoders.count != properties.count {
            violations.append("the borrowed accessors do not match the accessors")
        }
        if declaredKeys.decodeKeys.count != decodedProperties.count || declaredKeys.decodedSingleKeys.count != decodedProperties.count
            || declaredKeys.decodedKeyBytes.count != decodedProperties.count {
            violations.append("the declared key table's decode columns do not have one entry per decoded property")
        }
        if declaredKeys.encodeKeys.count != properties.count || declaredKeys.encodedSingleKeys.count != properties.count
            || declaredKeys.encodedQuotedKeys.count != properties.count || Set(declaredKeys.encodedKeyOrder) != Set(properties.indices) {
            violations.append("the declared key table's encode columns do not have one entry per property")
        }
        if declarationOrder != Array(properties.indices) {
            violations.append("declarationOrder is not every property index in order")
        }
        if requiredCount != decodedProperties.filter(\.isRequired).count {
            violations.append("requiredCount disagrees with the required decoded properties")
        }
        if isImmutable, decodedProperties.count != properties.count {
            violations.append("an immutable model leaves a mapped property unbuilt")
        }
        if storedProperties.count != properties.count + unmappedNames.count
            || !Set(properties.map(\.name)).isDisjoint(with: unmappedNames) {
            violations.append("stored properties are not the mapped ones plus the unmapped ones")
        }
        return violations
    }

    private func add(_ property: EnumeratedProperty, accessor: any PropertyAccessor, isDecoded: Bool, resolver: inout RulesResolver) {
        // A gathered value is a dictionary: the property must be one, or have a transformer,
        // which then receives the dictionary and must give one back when encoding.
        if case .gather = resolver.key(for: property.name, style: .asDeclared), !accessor.isDictionary,
           resolver.rules.transformers[property.name] == nil, !resolver.rules.flattened.contains(property.name) {
            resolver.report("\"\(property.name)\" gathers several keys, so its type must be a dictionary (or have a transformer from one), not \(accessor.typeName)")
        }
        let fallback = resolver.rules.fallbacks[property.name]
        if let fallback {
            if !isDecoded {
                resolver.report("\"\(property.name)\" has a fallback but is a let, which is never decoded")
            } else if !accessor.accepts(fallback.value) {
                resolver.report("the fallback of \"\(property.name)\" is a \(fallback.typeName), but the property is \(accessor.typeName)")
            }
        }
        let fixed = resolver.keyIsFixed(for: property.name)
        keysAreFixed = keysAreFixed && fixed
        properties.append(PropertyDescriptor(
            name: property.name, key: resolver.key(for: property.name, style: .asDeclared), keyIsFixed: fixed,
            // An immutable model's non-optional property has no value unless the payload gives one.
            ownerName: property.ownerName, isDecoded: isDecoded, isRequired: resolver.isRequired(property.name) || (isImmutable && !accessor.acceptsNull),
            accessor: accessor,
            relaxations: PropertyRelaxations(nullKeepsDefault: resolver.rules.nullKeepsDefault.contains(property.name), fallback: fallback),
            flattensModel: resolver.flattenedModels[property.name] != nil))
    }

    /// The keys under `style`: the declared table when the type fixes its keys or `style` is
    /// ``NamingStyle/asDeclared``; for a built-in style a table built once and kept; for a custom
    /// style (a closure, which cannot be compared) a new table, which sessions keep per decode.
    /// Throws an `invalidDeclaration` error when two properties' keys collide under `style`
    /// (the declared style's collisions are refused when the metadata is built).
    func keyTable(for style: NamingStyle) throws -> KeyTable {
        guard !keysAreFixed, !style.isAsDeclared else { return declaredKeys }
        guard let slot = style.builtInSlot else { return try checkedKeyTable(style: style) }
        // Built inside the lock: a table costs microseconds, and racing builders would only
        // build the same table twice.
        return try styledKeys.withLock { tables in
            if let table = tables[slot] { return table }
            let table: Result<KeyTable, MappingError>
            do {
                table = .success(try checkedKeyTable(style: style))
            } catch let error as MappingError {
                table = .failure(error)
            }
            tables[slot] = table
            return table
        }.get()
    }

    /// The table under a style other than the declared one, refused when two properties write
    /// the same key under it, as the declaration check refuses it for the declared style.
    private func checkedKeyTable(style: NamingStyle) throws -> KeyTable {
        let table = makeKeyTable(style: style)
        let styledNames = Set(properties.filter { !$0.keyIsFixed }.map(\.name))
        let problems = RulesResolver.encodedKeyProblems(Array(zip(properties.map(\.name), table.encodeKeys)), styled: (style, styledNames))
        guard problems.isEmpty else { throw MappingError(.invalidDeclaration(type: typeName, problems: problems)) }
        return table
    }

    private func makeKeyTable(style: NamingStyle) -> KeyTable {
        guard let resolver else { return declaredKeys }
        return KeyTable(owner: ObjectIdentifier(self), properties: properties, decoded: decodedProperties, otherNames: unmappedNames,
                        allowedUnknownKeys: resolver.rules.unknownKeysAllowed.keys, keyFor: { resolver.key(for: $0, style: style) })
    }

    /// Registers a flattened property's keys: the top-level keys its model reads and writes,
    /// under each style, from that model's own key tables.
    private static func flatten(_ property: EnumeratedProperty, _ resolver: inout RulesResolver, factory: CodecFactory) throws {
        guard let model = property.field.type as? any KeyValueModel.Type else {
            resolver.report("flatten names \"\(property.name)\", whose type \(property.field.type) is not a model")
            return
        }
        func register<Nested: KeyValueModel>(_ type: Nested.Type) throws {
            let nested = try factory.builder.metadata(for: Nested.self)
            // What the parent gathers is the nested model's own keys: a class cluster's
            // subclasses read others, and hooks read and write keys no table names.
            if nested.subtypeResolver != nil || nested.beforeDecoding != nil || nested.afterEncoding != nil {
                resolver.report("flatten names \"\(property.name)\", whose model \(Nested.self) has a subtype rule or a dictionary hook, "
                                + "which read or write keys the parent cannot gather: map it as a nested object instead")
            }
            resolver.flattenedModels[property.name] = nested
        }
        try register(model)
    }

    private static func declarationError(_ error: MappingError, property: EnumeratedProperty, in typeName: String) -> MappingError {
        guard case .unsupportedType(let detail) = error.reason, error.path.isEmpty else {
            return error.prepending(.key(property.name))
        }
        let declared = String(describing: property.field.type)
        let message = detail == "\(declared) cannot be mapped"
            ? "\(typeName).\(property.name) has type \(declared), which cannot be mapped"
            : "\(typeName).\(property.name) has type \(declared): \(detail)"
        return MappingError(.unsupportedType(message), path: [.key(property.name)])
    }

    private static func codec<V>(_ type: V.Type, transformer: (any PropertyTransformer)?, representation: ValueRepresentation?,
                                 skipsInvalidElements: Bool, factory: CodecFactory) throws -> any ValueCodec<V> {
        switch representation {
        case .stringified?:
            return StringifiedCodec(inner: try codec(V.self, transformer: transformer, representation: nil,
                                                      skipsInvalidElements: skipsInvalidElements, factory: factory))
        case .polymorphic(let types)?:
            var polymorphic = factory
            polymorphic.polymorphicTypes = types
            return try codec(V.self, transformer: transformer, representation: nil, skipsInvalidElements: skipsInvalidElements, factory: polymorphic)
        case nil:
            break
        }
        if skipsInvalidElements {
            guard transformer == nil, let codec = try factory.elementSkippingCodec(for: V.self) else {
                throw ElementSkippingMismatch(propertyType: String(describing: V.self), hasTransformer: transformer != nil)
            }
            return codec
        }
        guard let transformer else { return try factory.codec(for: V.self) }
        guard let codec = factory.transformedCodec(for: V.self, transformer: transformer) else {
            throw TransformerMismatch(transformerType: transformer.valueTypeName, propertyType: String(describing: V.self))
        }
        return codec
    }

    private static func storedAccessor<V>(_ type: V.Type, offset: Int, transformer: (any PropertyTransformer)?, representation: ValueRepresentation?,
                                          skipsInvalidElements: Bool,
                                          isRequired: Bool, initializes: Bool, factory: CodecFactory, prototype: UnsafeRawPointer?) throws -> any PropertyAccessor {
        let storage = FieldStorage<V>(offset: offset)
        let codec = try codec(V.self, transformer: transformer, representation: representation, skipsInvalidElements: skipsInvalidElements, factory: factory)
        // Omitting a nil would decode back as the prototype's value, or, for a required key, fail
        // (an immutable model's absent optional is nil: omitting it loses nothing).
        let writesNullForNil = isRequired || prototype.map { !codec.isNil(storage.read(from: $0)) } ?? false
        return StoredPropertyAccessor<V>(storage: storage, codec: codec, writesNullForNil: writesNullForNil, initializes: initializes)
    }

    private static func lazyAccessor<V>(_ type: V.Type, offset: Int, transformer: (any PropertyTransformer)?, representation: ValueRepresentation?,
                                        skipsInvalidElements: Bool,
                                        initializes: Bool, factory: CodecFactory) throws -> any PropertyAccessor {
        LazyPropertyAccessor<V>(storage: FieldStorage(offset: offset),
                                codec: try codec(V.self, transformer: transformer, representation: representation,
                                                 skipsInvalidElements: skipsInvalidElements, factory: factory),
                                initializes: initializes)
    }
}

/// A transformer whose value type is not the property's type (a declaration problem).
struct TransformerMismatch: Error {
    let transformerType: String
    let propertyType: String
}

/// A `skipInvalidElements` rule on a property that is not a collection, or that has a
/// transformer (which decides about elements itself) — a declaration problem.
struct ElementSkippingMismatch: Error {
    let propertyType: String
    let hasTransformer: Bool
}

extension PropertyTransformer {
    var valueTypeName: String { String(describing: Value.self) }
}

// Safe because every stored property is assigned only by `populate`, on the building thread,
// before the object is published through the cache's lock; it is never mutated afterwards.
extension ModelMetadata: @unchecked Sendable {}
