import Foundation

/// A tag that stands inside the object it describes (an internally tagged enum, a polymorphic
/// property): read before the object is decoded, then counted as one of the object's own keys
/// by the model that decodes it.
enum InternalTag {
    /// The tag of the object at `source`'s cursor, nothing consumed; `nil` when the object has
    /// none (the caller decides: ``missing(_:of:tags:)``, or a fallback). `typeName` names what
    /// the object should be in the errors for a value that is not an object and a tag that is not text.
    static func read<Source: DecodingSource>(_ key: MemberName, of typeName: String,
                                             from source: inout Source, _ session: DecodingSession) throws -> String? {
        switch try source.peekMember(key, session) {
        case .text(let text):
            return text
        case .absent:
            return nil
        case .notObject:
            throw MappingError.typeMismatch(expected: "\(typeName) (an object with the tag \"\(key.text)\")", found: try source.readScalarValue(session))
        case .other(let found):
            throw MappingError.typeMismatch(expected: "String (the tag of \(typeName))", found: found).prepending([.key(key.text)])
        }
    }

    /// The error for an object without its tag `key`, at the tag's key: `typeName`'s tags are `tags`.
    static func missing(_ key: String, of typeName: String, tags: String) -> MappingError {
        MappingError(.missingKey(expected: "String (the tag of \(typeName): \(tags))"), path: [.key(key)])
    }

    /// The first key of `object` other than `known`, in UTF-8 order (a dictionary has no order
    /// of its own): the unknown member reported beside a tag.
    static func firstUnknownKey(in object: JSONObject, besides known: String...) -> String? {
        object.keys.filter { !known.contains($0) }.min { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Runs `decode`, which reads the object at the cursor as a model, with the tag's key
    /// counted as that model's own.
    static func decodeAdopting<Value>(_ key: MemberName, _ session: DecodingSession, _ decode: () throws -> Value) rethrows -> Value {
        let outer = session.adoptedKey
        session.adoptedKey = (key.text, session.depth + 1)
        defer { session.adoptedKey = outer }
        return try decode()
    }
}
