import Foundation

/// Where a model's property values come from: a `[String: Any]` (the dictionary path) or a
/// parsed JSON object (the bytes path, which never builds a dictionary). The decode loop is
/// written once, generic over the source, and specialised for each.
protocol PropertySource {
    /// Decodes the value at a single top-level key into the property; `false` when absent.
    mutating func decode(key: String, with accessor: any PropertyAccessor, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws -> Bool
    /// Decodes the value a key path, candidates or gather rule points at; `nil` when absent,
    /// else the path it was found at (errors thrown are relative to that path).
    func decode(at key: ResolvedKey, with accessor: any PropertyAccessor, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws -> [MappingError.PathComponent]?
}

extension Dictionary: PropertySource where Key == String, Value == Any {
    func decode(key: String, with accessor: any PropertyAccessor, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws -> Bool {
        guard let value = self[key] else { return false }
        try accessor.decode(value, into: base, session)
        return true
    }

    func decode(at key: ResolvedKey, with accessor: any PropertyAccessor, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws -> [MappingError.PathComponent]? {
        guard let (value, path) = try key.lookup(in: self) else { return nil }
        do {
            try session.withPath(path) { try accessor.decode(value, into: base, session) }
        } catch let error as MappingError {
            throw error.prepending(path)
        }
        return path
    }
}

/// A parsed JSON object as a property source, remembering where the last key was found.
struct JSONObjectSource: PropertySource {
    let object: JSONObject
    private var hint = 0

    init(_ object: JSONObject) {
        self.object = object
    }

    mutating func decode(key: String, with accessor: any PropertyAccessor, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws -> Bool {
        guard let value = object.value(forKey: key, hint: &hint) else { return false }
        try accessor.decode(json: value, into: base, session)
        return true
    }

    func decode(at key: ResolvedKey, with accessor: any PropertyAccessor, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws -> [MappingError.PathComponent]? {
        guard let (value, path) = try key.lookup(in: object) else { return nil }
        do {
            try session.withPath(path) { try accessor.decode(json: value, into: base, session) }
        } catch let error as MappingError {
            throw error.prepending(path)
        }
        return path
    }
}

extension JSONValue {
    /// Whether this value is JSON `null`.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
