/// Builds the metadata of one model type and every model type it reaches, on one thread,
/// outside the cache lock. Recursive types (`friends: [User]` inside `User`) get the metadata
/// object that is still being populated, which is complete before anything can use it.
final class MetadataBuilder {
    private var inProgress: [ObjectIdentifier: AnyObject] = [:]
    private var built: [(type: Any.Type, metadata: AnyObject)] = []

    func metadata<M: KeyValueModel>(for type: M.Type) throws -> ModelMetadata<M> {
        if case .ready(let object)? = MetadataCache.shared.entry(for: M.self), let ready = object as? ModelMetadata<M> {
            return ready
        }
        if let pending = inProgress[ObjectIdentifier(M.self)] as? ModelMetadata<M> {
            return pending
        }
        let metadata = ModelMetadata<M>()
        inProgress[ObjectIdentifier(M.self)] = metadata
        try metadata.populate(using: CodecFactory(builder: self))
        built.append((M.self, metadata))
        return metadata
    }

    /// Publishes everything built; the caller's own type is looked up again by the caller.
    func publish() {
        for (type, metadata) in built {
            _ = MetadataCache.shared.publish(.ready(metadata), for: type)
        }
    }
}
