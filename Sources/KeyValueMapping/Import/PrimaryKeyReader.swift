import Foundation

/// Reads the primary key of payload elements as decoding them as `Decoded` gives it: the type's
/// `beforeDecoding` rule rewrites the element first, then the key goes through the decode
/// loop's own validate-and-set step (transformer, coercion, null rule, fallback) into a scratch
/// model, whose key is then read back. Not a second reader of keys: what decoding accepts,
/// converts or replaces, this does too.
struct PrimaryKeyReader<Decoded: Mappable, Key: Hashable> {
    let metadata: ModelMetadata<Decoded>
    let property: PropertyDescriptor
    let key: ResolvedKey
    private let session: DecodingSession
    /// The prototype's key, written back before each read when `null` keeps the default: a
    /// fresh decode would leave the prototype's value there, not the previous element's.
    private let prototypeKey: Any?
    private var scratch: Decoded
    /// Whether the key is optional, so a `nil` key must be told apart (it identifies nothing).
    private let keyIsOptional = Key.self is any OptionalValue.Type

    init(_ metadata: ModelMetadata<Decoded>, keyName: String, _ session: DecodingSession) throws {
        guard let index = metadata.decodedProperties.firstIndex(where: { $0.name == keyName }) else {
            throw MappingError(.invalidDeclaration(type: metadata.typeName, problems: [
                "the primary key \"\(keyName)\" of its superclass is never decoded into \(metadata.shortTypeName)",
            ]))
        }
        self.metadata = metadata
        self.session = session
        property = metadata.decodedProperties[index]
        key = try session.keyTable(for: metadata).decodeKeys[index]
        scratch = Decoded()
        prototypeKey = PropertyRelaxations.keepsDefaultForNull(property.relaxations, property.accessor, session)
            ? metadata.value(of: property, in: scratch) : nil
    }

    /// The element rewritten by the type's `beforeDecoding` rule, and the key decoding it gives
    /// (before `didDecode`, which the caller checks on the decoded record). A missing or `nil`
    /// key is an error: such an element could match no record.
    mutating func read(_ element: [String: Any]) throws -> (hooked: [String: Any], identity: Key) {
        var hooked = element
        if let hook = metadata.beforeDecoding { try ModelMetadata<Decoded>.runHook { try hook(&hooked) } }
        if let prototypeKey { metadata.store(prototypeKey, in: property, of: &scratch) }
        guard try metadata.decode(property, at: key, from: hooked, into: &scratch, session) else {
            throw MappingError(.missingKey(expected: property.accessor.typeName), path: key.errorPath)
        }
        guard let identity = identity(of: &scratch) else {
            let path = (try? key.lookup(in: hooked))??.path ?? key.errorPath
            throw MappingError(.invalidValue(expected: property.accessor.typeName, found: "null", detail: "a primary key cannot be null"),
                               path: path, foundValue: "null")
        }
        return (hooked, identity)
    }

    /// The key `model` holds; `nil` when it is `nil` (or an uncomputed `lazy var`). Every key
    /// of one import is read here, so the payload's and the records' compare alike.
    func identity(of model: inout Decoded) -> Key? {
        guard let key = metadata.value(of: property, in: &model) as? Key else { return nil }
        if keyIsOptional, let optional = key as? any OptionalValue, optional.isNone { return nil }
        return key
    }
}
