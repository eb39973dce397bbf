/// Everything KeyValueMapping knows about one `Mappable` type, built once and cached.
// Every `var` below is written only by `populate`, before publication, and read-only after it;
// the dynamic exclusivity checks Swift would run on each read in the hot loops buy nothing.
final class ModelMetadata<Model: Mappable> {
    let typeName = String(reflecting: Model.self)
    let isClass = Model.self is AnyClass
    /// Every mapped property, superclass properties first.
    @exclusivity(unchecked) private(set) var properties: [PropertyDescriptor] = []
    /// The subset that decoding writes (no `let`s).
    @exclusivity(unchecked) private(set) var decodedProperties: [PropertyDescriptor] = []
    /// `singleKey` of each decoded and each encoded property, read once per model in the loops.
    @exclusivity(unchecked) private(set) var decodedSingleKeys: [String?] = []
    @exclusivity(unchecked) private(set) var encodedSingleKeys: [String?] = []
    /// Each encoded property's key (its single key, else its name) as the JSON writer writes
    /// it, quoted and escaped once here instead of once per value.
    @exclusivity(unchecked) private(set) var encodedQuotedKeys: [[UInt8]] = []
    /// An empty dictionary with room for every encoded property. Each encoded model starts
    /// from a copy: `Dictionary(minimumCapacity:)` is not specialised outside the standard
    /// library and looks up the storage class's generic metadata at run time on every call,
    /// while copying this one allocates the same storage through a cached type.
    @exclusivity(unchecked) private(set) var emptyEncodedDictionary: [String: Any] = [:]
    /// Whether every encoded property has a single key (no key path), checked once here.
    @exclusivity(unchecked) private(set) var encodedKeysAreSingle = false
    /// Property index by single decode key, for the streaming bytes path.
    @exclusivity(unchecked) private(set) var decodedKeyIndex: [String: Int] = [:]
    /// The UTF-8 bytes of each single decode key that needs no escaping in JSON.
    @exclusivity(unchecked) private(set) var decodedKeyBytes: [[UInt8]?] = []
    /// For each entry of `decodedKeyBytes`: its length and first byte packed in one integer
    /// (`-1` for none), so a key read from the payload is compared byte by byte only with
    /// declared keys that can match.
    @exclusivity(unchecked) private(set) var decodedKeyProbes: [Int] = []
    /// Whether every single decode key is in `decodedKeyBytes` and plain ASCII, so a plain ASCII
    /// key in the payload that matches none of those bytes matches no property at all.
    @exclusivity(unchecked) private(set) var keyBytesAreComplete = false
    /// Encoded property indexes in UTF-8 key order, for `.sortedKeys`, and in declaration order.
    @exclusivity(unchecked) private(set) var encodedKeyOrder: [Int] = []
    @exclusivity(unchecked) private(set) var declarationOrder: [Int] = []
    /// How many decoded properties are required.
    @exclusivity(unchecked) private(set) var requiredCount = 0
    /// Whether the streaming bytes path applies (see `decodesStreaming`).
    @exclusivity(unchecked) private(set) var streamable = false
    /// `true` when every key is fixed by the type, so the decoder's naming style is irrelevant.
    @exclusivity(unchecked) private(set) var keysAreFixed = true
    @exclusivity(unchecked) private var resolver: RulesResolver?
    /// The type's hooks from its rules; `nil` when not declared.
    @exclusivity(unchecked) private(set) var beforeDecoding: MappingRules.DictionaryHook?
    @exclusivity(unchecked) private(set) var afterEncoding: MappingRules.DictionaryHook?
    @exclusivity(unchecked) private(set) var subtypeResolver: MappingRules.SubtypeResolver?
    /// For each decoded property, the JSON kind a foreign `Decoder` is asked for first.
    @exclusivity(unchecked) private(set) var codableHints: [CodableHint] = []

    /// The metadata for `Model`, from the cache or built now.
    static func of(_ type: Model.Type) throws -> ModelMetadata<Model> {
        switch MetadataCache.shared.entry(for: Model.self) {
        case .ready(let object)?:
            if let metadata = object as? ModelMetadata<Model> { return metadata }
        case .failed(let error)?:
            throw error
        case nil:
            break
        }
        let builder = MetadataBuilder()
        let entry: MetadataCache.Entry
        do {
            _ = try builder.metadata(for: Model.self)
            builder.publish()
            entry = MetadataCache.shared.entry(for: Model.self) ?? .failed(MappingError(.other("metadata for \(String(reflecting: Model.self)) was not published")))
        } catch let error as MappingError {
            entry = MetadataCache.shared.publish(.failed(error), for: Model.self)
        }
        switch entry {
        case .ready(let object):
            guard let metadata = object as? ModelMetadata<Model> else { throw MappingError(.other("metadata cache holds the wrong type for \(String(reflecting: Model.self))")) }
            return metadata
        case .failed(let error):
            throw error
        }
    }

    // Runs on the building thread before the object is published.
    func populate(using factory: CodecFactory) throws {
        let prototype = Model()
        let enumerated = try PropertyEnumerator.properties(of: Model.self, prototype: prototype, isClass: isClass)
        var resolver = RulesResolver(for: Model.self)
        resolver.checkNames(enumerated.map(\.name))

        for property in enumerated {
            guard resolver.isMapped(property.name) else { continue }
            do {
                let transformer = resolver.rules.transformers[property.name]
                switch property.role {
                case .skipped(let reason):
                    if transformer != nil || resolver.rules.keys[property.name] != nil {
                        resolver.report("\"\(property.name)\" has mapping rules but is never mapped (\(reason))")
                    }
                case .variable, .constant:
                    // `_name` is usually a property wrapper's storage, left alone unless its type
                    // maps without Codable (the wrapper may be Codable, but it is not the payload).
                    let factory = property.name.hasPrefix("_") ? factory.withoutCodable : factory
                    let accessor = try Self.storedAccessor(property.field.type, offset: property.field.offset, transformer: transformer, factory: factory)
                    add(property, accessor: accessor, isDecoded: property.role == .variable, resolver: &resolver)
                case .lazyStorage(let wrappedType):
                    let accessor = try Self.lazyAccessor(wrappedType, offset: property.field.offset, transformer: transformer, factory: factory)
                    add(property, accessor: accessor, isDecoded: true, resolver: &resolver)
                }
            } catch let mismatch as TransformerMismatch {
                resolver.report("the transformer of \"\(property.name)\" converts \(mismatch.transformerType), but the property is \(mismatch.propertyType)")
            } catch let error as MappingError {
                // Property-wrapper storage (`_name`) of a wrapper type we cannot map is left alone.
                if case .unsupportedType = error.reason, property.name.hasPrefix("_"), error.path.isEmpty {
                    continue
                }
                throw Self.declarationError(error, property: property, in: typeName)
            }
        }
        let written = enumerated.filter { property in
            if case .skipped = property.role { return false }
            return resolver.isMapped(property.name)
        }
        resolver.checkEncodedKeys(written.map { ($0.name, resolver.key(for: $0.name, style: .asDeclared)) })
        guard resolver.problems.isEmpty else {
            throw MappingError(.invalidDeclaration(type: typeName, problems: resolver.problems))
        }
        decodedProperties = properties.filter(\.isDecoded)
        codableHints = decodedProperties.map { CodableHint.of($0.accessor) }
        decodedSingleKeys = decodedProperties.map(\.singleKey)
        encodedSingleKeys = properties.map(\.singleKey)
        // The key each property is written under: its single key, else its name.
        let writtenKeys = properties.indices.map { encodedSingleKeys[$0] ?? properties[$0].name }
        encodedQuotedKeys = writtenKeys.map(JSONWriter.quoted)
        encodedKeysAreSingle = encodedSingleKeys.allSatisfy { $0 != nil }
        emptyEncodedDictionary = [String: Any](minimumCapacity: properties.count)
        for (index, key) in decodedSingleKeys.enumerated() {
            if let key, decodedKeyIndex[key] == nil { decodedKeyIndex[key] = index }
        }
        decodedKeyBytes = decodedSingleKeys.map { key in
            guard let bytes = key.map({ Array($0.utf8) }),
                  !bytes.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 })
            else { return nil }
            return bytes
        }
        decodedKeyProbes = decodedKeyBytes.map { bytes in bytes.map { Self.keyProbe(count: $0.count, first: $0.first) } ?? -1 }
        keyBytesAreComplete = decodedKeyBytes.allSatisfy { bytes in bytes.map { $0.allSatisfy { $0 < 0x80 } } ?? false }
        declarationOrder = Array(properties.indices)
        encodedKeyOrder = properties.indices.sorted { writtenKeys[$0].utf8.lexicographicallyPrecedes(writtenKeys[$1].utf8) }
        requiredCount = decodedProperties.filter(\.isRequired).count
        streamable = resolver.rules.beforeDecodingHook == nil && resolver.rules.subtypeResolver == nil
            && decodedSingleKeys.allSatisfy { $0 != nil }
        beforeDecoding = resolver.rules.beforeDecodingHook
        afterEncoding = resolver.rules.afterEncodingHook
        subtypeResolver = resolver.rules.subtypeResolver
        self.resolver = resolver
    }

    /// The value `decodedKeyProbes` holds for a key of `count` bytes starting with `first`.
    @inline(__always)
    static func keyProbe(count: Int, first: UInt8?) -> Int {
        count << 8 | Int(first ?? 0)
    }

    private func add(_ property: EnumeratedProperty, accessor: any PropertyAccessor, isDecoded: Bool, resolver: inout RulesResolver) {
        if case .gather = resolver.key(for: property.name, style: .asDeclared), !(accessor.isDictionary) {
            resolver.report("\"\(property.name)\" gathers several keys, so its type must be a dictionary, not \(accessor.typeName)")
        }
        let fixed = resolver.keyIsFixed(for: property.name)
        keysAreFixed = keysAreFixed && fixed
        properties.append(PropertyDescriptor(
            name: property.name, key: resolver.key(for: property.name, style: .asDeclared), keyIsFixed: fixed,
            ownerName: property.ownerName, isDecoded: isDecoded, isRequired: resolver.isRequired(property.name),
            accessor: accessor))
    }

    /// The keys of `properties` (or of `decodedProperties`) under another naming style.
    func keys(of list: [PropertyDescriptor], style: NamingStyle) -> [ResolvedKey] {
        list.map { property in
            property.keyIsFixed ? property.key : (resolver?.key(for: property.name, style: style) ?? property.key)
        }
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

    private static func codec<V>(_ type: V.Type, transformer: (any PropertyTransformer)?, factory: CodecFactory) throws -> any ValueCodec<V> {
        guard let transformer else { return try factory.codec(for: V.self) }
        guard let codec = factory.transformedCodec(for: V.self, transformer: transformer) else {
            throw TransformerMismatch(transformerType: transformer.valueTypeName, propertyType: String(describing: V.self))
        }
        return codec
    }

    private static func storedAccessor<V>(_ type: V.Type, offset: Int, transformer: (any PropertyTransformer)?, factory: CodecFactory) throws -> any PropertyAccessor {
        StoredPropertyAccessor<V>(storage: FieldStorage(offset: offset), codec: try codec(V.self, transformer: transformer, factory: factory))
    }

    private static func lazyAccessor<V>(_ type: V.Type, offset: Int, transformer: (any PropertyTransformer)?, factory: CodecFactory) throws -> any PropertyAccessor {
        LazyPropertyAccessor<V>(storage: FieldStorage(offset: offset), codec: try codec(V.self, transformer: transformer, factory: factory))
    }
}

/// A transformer whose value type is not the property's type (a declaration problem).
struct TransformerMismatch: Error {
    let transformerType: String
    let propertyType: String
}

extension PropertyTransformer {
    var valueTypeName: String { String(describing: Value.self) }
}

// Safe because every stored property is assigned only by `populate`, on the building thread,
// before the object is published through the cache's lock; it is never mutated afterwards.
extension ModelMetadata: @unchecked Sendable {}
