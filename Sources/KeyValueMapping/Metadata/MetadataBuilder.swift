/// Builds the metadata of one model type and every model type it reaches, on one thread,
/// outside the cache lock. Recursive types (`friends: [User]` inside `User`) get the metadata
/// object that is still being populated, which is complete before anything can use it.
final class MetadataBuilder {
    private var inProgress: [ObjectIdentifier: AnyObject] = [:]
    private var built: [(type: Any.Type, metadata: AnyObject)] = []

    func metadata<M: KeyValueModel>(for type: M.Type) throws -> ModelMetadata<M> {
        try metadataBuilt(M.self)
    }

    /// The metadata for an enum (``MappableEnum``), as ``metadata(for:)`` builds a model's.
    func enumMetadata<E: MappableEnum>(for type: E.Type) throws -> EnumMetadata<E> {
        try metadataBuilt(E.self)
    }

    /// The published metadata of `type`, the one being built (a recursive type), or a new one.
    private func metadataBuilt<Metadata: PopulatedMetadata>(_ type: Any.Type) throws -> Metadata {
        if case .ready(let object)? = MetadataCache.shared.entry(for: type), let ready = object as? Metadata {
            return ready
        }
        if let pending = inProgress[ObjectIdentifier(type)] as? Metadata {
            return pending
        }
        let metadata = Metadata()
        inProgress[ObjectIdentifier(type)] = metadata
        try metadata.populate(using: CodecFactory(builder: self))
        built.append((type, metadata))
        return metadata
    }

    /// The cached metadata of `type`, or, the first time, the metadata `build` makes with a new
    /// builder, published with everything it reached. A declaration error is cached too, and
    /// thrown on every use.
    static func cached<Metadata: AnyObject>(_ type: Any.Type, build: (MetadataBuilder) throws -> Metadata) throws -> Metadata {
        switch MetadataCache.shared.entry(for: type) {
        case .ready(let object)?:
            if let metadata = object as? Metadata { return metadata }
        case .failed(let error)?:
            throw error
        case nil:
            break
        }
        let builder = MetadataBuilder()
        let entry: MetadataCache.Entry
        do {
            _ = try build(builder)
            builder.publish()
            entry = MetadataCache.shared.entry(for: type) ?? .failed(MappingError(.other("metadata for \(SwiftTypeName.qualified(type)) was not published")))
        } catch let error as MappingError {
            entry = MetadataCache.shared.publish(.failed(error), for: type)
        }
        switch entry {
        case .ready(let object):
            guard let metadata = object as? Metadata else { throw MappingError(.other("metadata cache holds the wrong type for \(SwiftTypeName.qualified(type))")) }
            return metadata
        case .failed(let error):
            throw error
        }
    }

    /// Publishes everything built; the caller's own type is looked up again by the caller.
    func publish() {
        for (type, metadata) in built {
            _ = MetadataCache.shared.publish(.ready(metadata), for: type)
        }
    }
}

/// Metadata a builder makes empty, then populates (a model's, an enum's).
protocol PopulatedMetadata: AnyObject {
    init()
    func populate(using factory: CodecFactory) throws
}

extension ModelMetadata: PopulatedMetadata {}
extension EnumMetadata: PopulatedMetadata {}
