import Foundation

/// The value that identifies a stored record: the values of its primary key's properties
/// (``MappingRules/primaryKey(_:)-(String)``, or a composite
/// ``MappingRules/primaryKey(_:_:_:)-(String,String,String...)``), in the order the rules
/// declare them. What an ``ImportTarget`` looks records up by and what an ``ImportReport``
/// lists.
///
/// ```swift
/// let key = try PrimaryKey(of: user)        // ("acme", 7) for primaryKey("org", "number")
/// key.components                            // [.string("acme"), .integer(7)]
/// let id: PrimaryKey = 7                    // a one-property key, written as a literal
/// ```
public struct PrimaryKey: Hashable, Sendable, CustomStringConvertible {
    /// One property's value in a key. Every integer type is one `integer` (an `Int8` 5 and an
    /// `Int` 5 are the same key), so a store may hold keys in a wider type than the model.
    public enum Component: Hashable, Sendable, CustomStringConvertible {
        /// A signed or unsigned integer within `Int64`'s range.
        case integer(Int64)
        /// An unsigned integer above `Int64.max`.
        case unsigned(UInt64)
        case string(String)
        case uuid(UUID)
        case bool(Bool)
        /// A `Double` or `Float`.
        case double(Double)
        case date(Date)

        /// `7`, `"acme"` (quoted), `true`, a UUID's or date's text.
        public var description: String {
            switch self {
            case .integer(let value): return String(value)
            case .unsigned(let value): return String(value)
            case .string(let value): return ValueDescription.quoted(value)
            case .uuid(let value): return value.uuidString
            case .bool(let value): return String(value)
            case .double(let value): return String(value)
            case .date(let value): return value.formatted(.iso8601)
            }
        }

        /// The component for a property's value: `nil` when it is `nil` or of no key type.
        /// A `RawRepresentable` value is its raw value's component.
        static func of(_ value: Any) -> Component? {
            switch value {
            case let value as Int: return .integer(Int64(value))
            case let value as Int64: return .integer(value)
            case let value as Int32: return .integer(Int64(value))
            case let value as Int16: return .integer(Int64(value))
            case let value as Int8: return .integer(Int64(value))
            case let value as UInt: return integer(UInt64(value))
            case let value as UInt64: return integer(value)
            case let value as UInt32: return .integer(Int64(value))
            case let value as UInt16: return .integer(Int64(value))
            case let value as UInt8: return .integer(Int64(value))
            case let value as String: return .string(value)
            case let value as UUID: return .uuid(value)
            case let value as Bool: return .bool(value)
            case let value as Double: return .double(value)
            case let value as Float: return .double(Double(value))
            case let value as Date: return .date(value)
            case let value as any RawRepresentable: return of(value.rawValue)
            default: return nil
            }
        }

        private static func integer(_ value: UInt64) -> Component {
            value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsigned(value)
        }

        /// Whether values of `type` are components (see ``of(_:)``).
        static func isKeyType(_ type: Any.Type) -> Bool {
            let scalars: [Any.Type] = [Int.self, Int64.self, Int32.self, Int16.self, Int8.self, UInt.self, UInt64.self, UInt32.self,
                                       UInt16.self, UInt8.self, String.self, UUID.self, Bool.self, Double.self, Float.self, Date.self]
            if scalars.contains(where: { $0 == type }) { return true }
            guard let raw = type as? any RawRepresentable.Type else { return false }
            func rawValueType<Raw: RawRepresentable>(_: Raw.Type) -> Any.Type { Raw.RawValue.self }
            return isKeyType(rawValueType(raw))
        }

        /// The key types, for messages.
        static let keyTypes = "an integer, String, UUID, Bool, Double, Float, Date, or a RawRepresentable of one"
    }

    // A one-property key, the usual case, is held without an array: no allocation per key.
    private enum Storage: Hashable, Sendable {
        case one(Component)
        case many([Component])
    }

    private let storage: Storage

    /// The properties' values, in the rules' order.
    public var components: [Component] {
        switch storage {
        case .one(let component): return [component]
        case .many(let components): return components
        }
    }

    /// A key of the given components.
    public init(_ components: [Component]) {
        storage = components.count == 1 ? .one(components[0]) : .many(components)
    }

    /// A key of the given components.
    public init(_ components: Component...) {
        self.init(components)
    }

    /// A one-property key.
    init(one component: Component) {
        storage = .one(component)
    }

    /// The key `record` holds.
    ///
    /// - Throws: ``MappingError``: `invalidDeclaration` when `Model` declares no primary key
    ///   (or one a key cannot hold), and an invalid value at the property when a key property
    ///   is `nil`.
    public init<Model: KeyValueModel>(of record: Model) throws {
        self = try PrimaryKeyReader(ModelMetadata.of(Model.self)).key(of: record)
    }

    /// `7` for one property, `("acme", 7)` for a composite key.
    public var description: String {
        switch storage {
        case .one(let component): return component.description
        case .many(let components): return "(" + components.map(\.description).joined(separator: ", ") + ")"
        }
    }
}

extension PrimaryKey: ExpressibleByIntegerLiteral {
    /// A key of one integer property.
    public init(integerLiteral value: Int64) {
        self.init(.integer(value))
    }
}

extension PrimaryKey: ExpressibleByStringLiteral {
    /// A key of one `String` property.
    public init(stringLiteral value: String) {
        self.init(.string(value))
    }
}

/// Reads a model's primary key: its key properties found once, their values read through the
/// model's metadata.
struct PrimaryKeyReader<Model: KeyValueModel> {
    let metadata: ModelMetadata<Model>
    /// The key properties, in the rules' order, with their positions among the decoded properties.
    let properties: [(descriptor: PropertyDescriptor, decodedIndex: Int)]

    init(_ metadata: ModelMetadata<Model>) throws {
        self.metadata = metadata
        let names = metadata.resolver?.rules.primaryKey ?? []
        func refuse(_ problem: String) -> MappingError {
            MappingError(.invalidDeclaration(type: metadata.typeName, problems: [problem]))
        }
        guard !names.isEmpty else {
            throw refuse("an import needs a primary key: declare one in the type's rules, such as MappingRules().primaryKey(\"id\")")
        }
        properties = try names.map { name in
            guard let index = metadata.decodedProperties.firstIndex(where: { $0.name == name }) else {
                throw refuse("the primary key \"\(name)\" is never decoded")
            }
            let property = metadata.decodedProperties[index]
            guard PrimaryKey.Component.isKeyType(property.accessor.valueType) else {
                throw refuse("the primary key \"\(name)\" has type \(SwiftTypeName.of(property.accessor.valueType)), "
                             + "which an import cannot key records by: \(PrimaryKey.Component.keyTypes)")
            }
            return (property, index)
        }
    }

    /// The key `model` holds; an error at the first key property that is `nil`.
    /// The key an element decoded into `model` (what `facts` says it wrote) holds; a key
    /// property the element left out, or that is `nil` once decoded, is an error at its key.
    func key(ofElement model: Model, _ facts: ElementFacts, _ elements: ElementDecoder<Model>) throws -> PrimaryKey {
        try elements.checkPresent(properties.map(\.descriptor.name), in: facts)
        do {
            return try key(of: model)
        } catch let error as MappingError {
            guard case .key(let name)? = error.path.first, let (_, index) = properties.first(where: { $0.descriptor.name == name }) else { throw error }
            throw MappingError(error.reason, path: try elements.session.keyTable(for: metadata).decodeKeys[index].errorPath, foundValue: "null")
        }
    }

    func key(of model: Model) throws -> PrimaryKey {
        if properties.count == 1 { return PrimaryKey(one: try component(properties[0].descriptor, of: model)) }
        var components: [PrimaryKey.Component] = []
        components.reserveCapacity(properties.count)
        for (property, _) in properties { components.append(try component(property, of: model)) }
        return PrimaryKey(components)
    }

    private func component(_ property: PropertyDescriptor, of model: Model) throws -> PrimaryKey.Component {
        guard let value = metadata.value(of: property, in: model), let component = PrimaryKey.Component.of(value) else {
            throw MappingError(.invalidValue(expected: property.accessor.typeName, found: "null", detail: "a primary key cannot be null"),
                               path: [.key(property.name)], foundValue: "null")
        }
        return component
    }
}
