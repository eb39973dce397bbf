import Foundation

/// A ``Mappable`` model that is also `Codable` through its mapping rules: `JSONDecoder`,
/// `JSONEncoder`, `PropertyListEncoder` and any other coder apply the same renames, key paths,
/// candidates, naming styles, transformers, hooks, validation and class clusters as
/// ``KeyValueDecoder`` and ``KeyValueEncoder`` (with their default options).
///
/// ```swift
/// struct User: CodableMappable {
///     var id = 0
///     var fullName = ""
///     static var mappingRules: MappingRules { MappingRules().naming(.snakeCase) }
/// }
///
/// let user = try JSONDecoder().decode(User.self, from: Data(#"{"id": 1, "full_name": "Ada"}"#.utf8))
/// let data = try JSONEncoder().encode(user)              // {"id":1,"full_name":"Ada"}
/// let archived = try PropertyListEncoder().encode(user)  // and back with PropertyListDecoder
/// ```
///
/// Structs and final classes conform with no code. A class that is not final must declare
/// `required init(from:)` itself (Swift requires it); make it one line with
/// ``init(mappingFrom:)``:
///
/// ```swift
/// class Shape: CodableMappable {
///     var name = ""
///     required init() {}
///     required convenience init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }
/// }
/// ```
///
/// The content is read through the coder's containers and written back through them, never as
/// text. A failure is a ``MappingError`` whose key path starts with the coder's coding path
/// (`users[2].friends[0].id: expected Int, found String "x"`), thrown out of the coder as it
/// is. Keep the coder's date strategies and any custom key strategy at their defaults: the
/// model's rules do that work (`.convertFromSnakeCase` and `.convertToSnakeCase` are
/// understood). A model inside another `Mappable` model, or read by ``KeyValueDecoder``, maps as
/// any model does; `init(from:)` and `encode(to:)` are only its Codable face.
public protocol CodableMappable: Mappable, Codable {}

extension CodableMappable {
    /// Decodes the model through its mapping rules from any `Decoder`.
    public init(from decoder: any Decoder) throws {
        self = try Self.mapped(from: decoder)
    }

    /// Decodes the model through its mapping rules from any `Decoder`: the body of a non-final
    /// class's `required convenience init(from:)`, which Swift asks such classes to declare.
    /// The instance is whatever the rules produce, a subclass chosen by a `subtype` rule
    /// included (it must be a subclass of the class being decoded).
    public init(mappingFrom decoder: any Decoder) throws {
        self = try Self.mapped(from: decoder)
    }

    /// Encodes the model through its mapping rules into any `Encoder`.
    public func encode(to encoder: any Encoder) throws {
        try mappedEncode(to: encoder)
    }
}

/// An ``ImmutableMappable`` model that is also `Codable` through its mapping rules, as a
/// ``CodableMappable`` model is: any `Decoder` builds it as ``KeyValueDecoder`` would, any
/// `Encoder` writes what ``KeyValueEncoder`` writes.
///
/// ```swift
/// struct User: CodableImmutableMappable {
///     let id: Int
///     let fullName: String
///     static var mappingRules: MappingRules { MappingRules().naming(.snakeCase) }
/// }
/// let user = try JSONDecoder().decode(User.self, from: Data(#"{"id": 1, "full_name": "Ada"}"#.utf8))
/// ```
public protocol CodableImmutableMappable: ImmutableMappable, Codable {}

extension CodableImmutableMappable {
    /// Builds the model through its mapping rules from any `Decoder`.
    public init(from decoder: any Decoder) throws {
        self = try Self.mapped(from: decoder)
    }

    /// Encodes the model through its mapping rules into any `Encoder`.
    public func encode(to encoder: any Encoder) throws {
        try mappedEncode(to: encoder)
    }
}

/// The Codable face both protocols share.
extension KeyValueModel where Self: Codable {
    fileprivate func mappedEncode(to encoder: any Encoder) throws {
        if let own = encoder as? CodableValueEncoder {
            return try own.encode(self, into: own.node, codingPath: own.codingPath)
        }
        let value: JSONValue
        do {
            let session = EncodingSession(options: KeyValueEncoder())
            let dictionary = try ModelMetadata.of(Self.self).encode(self, session)
            value = try JSONValue(libraryValue: dictionary, session, encoding: true)
        } catch let error as MappingError {
            throw error.prepending(MappingError.components(of: encoder.codingPath))
        }
        try value.encode(to: encoder)
    }

    fileprivate static func mapped(from decoder: any Decoder) throws -> Self {
        if let own = decoder as? CodableValueDecoder {
            return try own.decode(Self.self, from: own.value, path: own.path, codingPath: own.codingPath)
        }
        let path = MappingError.components(of: decoder.codingPath)
        // The dictionary path, with the default options: exactly `KeyValueDecoder().decode(_:from:)`.
        let session = DecodingSession(options: KeyValueDecoder())
        let metadata: ModelMetadata<Self>
        let value: Any
        do {
            metadata = try ModelMetadata.of(Self.self)
            if let members = try? decoder.container(keyedBy: AnyCodingKey.self) {
                value = try metadata.readObject(from: members, session)
            } else {
                // Not an object: read what it is, so the error below says what was found.
                var slot = SingleSlot(decoder)
                value = try ForeignValues.read(&slot, hint: .unknown, session)
            }
        } catch let error as DecodingError {
            throw MappingError(error)
        } catch let unreadable as UnreadableValue {
            throw unreadable.mappingError(expected: "a JSON value")
        } catch let error as MappingError {
            throw error.path.isEmpty ? error.prepending(path) : error
        }
        do {
            var source = FoundationSource(value)
            return try metadata.makeModel(from: &source, session)
        } catch let error as MappingError {
            throw error.prepending(path)
        }
    }
}
