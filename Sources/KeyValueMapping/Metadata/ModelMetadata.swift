/// Everything KeyValueMapping knows about one `Mappable` type, built once and cached.
final class ModelMetadata<Model: Mappable> {
    let typeName = String(reflecting: Model.self)
    let isClass = Model.self is AnyClass
    /// Every mapped property, superclass properties first.
    private(set) var properties: [PropertyDescriptor] = []
    /// The subset that decoding writes (no `let`s).
    private(set) var decodedProperties: [PropertyDescriptor] = []
    /// Properties the enumerator found but does not map, with the reason (for documentation and tests).
    private(set) var skippedProperties: [(name: String, reason: String)] = []

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
        for property in try PropertyEnumerator.properties(of: Model.self, prototype: prototype, isClass: isClass) {
            do {
                switch property.role {
                case .skipped(let reason):
                    skippedProperties.append((property.name, reason))
                case .variable, .constant:
                    let accessor = try Self.storedAccessor(property.field.type, offset: property.field.offset, factory: factory)
                    add(property, accessor: accessor, isDecoded: property.role == .variable)
                case .lazyStorage(let wrappedType):
                    let accessor = try Self.lazyAccessor(wrappedType, offset: property.field.offset, factory: factory)
                    add(property, accessor: accessor, isDecoded: true)
                }
            } catch let error as MappingError {
                // Property-wrapper storage (`_name`) of a wrapper type we cannot map is left alone.
                if case .unsupportedType = error.reason, property.name.hasPrefix("_"), error.path.isEmpty {
                    skippedProperties.append((property.name, "property wrapper storage is not mapped"))
                    continue
                }
                throw Self.declarationError(error, property: property, in: typeName)
            }
        }
        decodedProperties = properties.filter(\.isDecoded)
    }

    private func add(_ property: EnumeratedProperty, accessor: any PropertyAccessor, isDecoded: Bool) {
        properties.append(PropertyDescriptor(name: property.name, key: property.name, ownerName: property.ownerName,
                                             isDecoded: isDecoded, accessor: accessor))
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

    private static func storedAccessor<V>(_ type: V.Type, offset: Int, factory: CodecFactory) throws -> any PropertyAccessor {
        StoredPropertyAccessor<V>(storage: FieldStorage(offset: offset), codec: try factory.codec(for: V.self))
    }

    private static func lazyAccessor<V>(_ type: V.Type, offset: Int, factory: CodecFactory) throws -> any PropertyAccessor {
        LazyPropertyAccessor<V>(storage: FieldStorage(offset: offset), codec: try factory.codec(for: V.self))
    }
}

// Safe because every stored property is assigned only by `populate`, on the building thread,
// before the object is published through the cache's Mutex; it is never mutated afterwards.
extension ModelMetadata: @unchecked Sendable {}
