import Foundation

/// Where a model's property values come from: a `[String: Any]` (the dictionary path) or a
/// parsed JSON object (the bytes path, which never builds a dictionary). The decode loop is
/// written once, generic over the source, and specialised for each; both hand each value to the
/// one validate-and-set step, `PropertyRelaxations.set`.
protocol PropertySource {
    /// Decodes the value at a single top-level key into the property (its accessor and
    /// relaxations); `false` when absent.
    mutating func decode(key: String, with accessor: any PropertyAccessor, _ relaxations: PropertyRelaxations?,
                         into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws -> Bool
    /// Decodes the value a key path, candidates or gather rule points at; `nil` when absent,
    /// else the path it was found at (errors thrown are relative to that path).
    func decode(at key: ResolvedKey, with accessor: any PropertyAccessor, _ relaxations: PropertyRelaxations?,
                into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws -> [MappingError.PathComponent]?
    /// The top-level keys, in the order the unknown-key check reports them: payload order where
    /// there is one, else UTF-8 order.
    var keysInReportingOrder: [String] { get }
}

extension Dictionary: PropertySource where Key == String, Value == Any {
    func decode(key: String, with accessor: any PropertyAccessor, _ relaxations: PropertyRelaxations?,
                into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws -> Bool {
        guard let value = self[key] else { return false }
        if relaxations == nil, !session.nullKeepsDefault {
            try accessor.decode(value, into: base, session)
        } else {
            try PropertyRelaxations.set(FoundationPayload(value: value), with: accessor, relaxations: relaxations, into: base, session)
        }
        return true
    }

    func decode(at key: ResolvedKey, with accessor: any PropertyAccessor, _ relaxations: PropertyRelaxations?,
                into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws -> [MappingError.PathComponent]? {
        guard let (value, path) = try key.lookup(in: self) else { return nil }
        do {
            try session.withPath(path) {
                try PropertyRelaxations.set(FoundationPayload(value: value), with: accessor, relaxations: relaxations, into: base, session)
            }
        } catch let error as MappingError {
            throw error.prepending(path)
        }
        return path
    }

    // A dictionary has no order: UTF-8 order makes the first unknown key the same on every run.
    var keysInReportingOrder: [String] { JSONWriter.orderedKeys(keys) }
}

/// A dictionary made from a parsed JSON object for a rule that needs one (a `beforeDecoding`
/// hook, a subtype rule): values come from the dictionary, while unknown keys are reported in
/// the payload's order, as for any other model read from bytes.
struct OrderedDictionarySource: PropertySource {
    let dictionary: [String: Any]
    let payloadOrder: [String]

    init(_ dictionary: [String: Any], payloadOrder: [String]) {
        self.dictionary = dictionary
        self.payloadOrder = payloadOrder
    }

    func decode(key: String, with accessor: any PropertyAccessor, _ relaxations: PropertyRelaxations?,
                into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws -> Bool {
        try dictionary.decode(key: key, with: accessor, relaxations, into: base, session)
    }

    func decode(at key: ResolvedKey, with accessor: any PropertyAccessor, _ relaxations: PropertyRelaxations?,
                into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws -> [MappingError.PathComponent]? {
        try dictionary.decode(at: key, with: accessor, relaxations, into: base, session)
    }

    /// The payload's keys the dictionary still holds, in payload order, then the keys a hook
    /// added, in UTF-8 order.
    var keysInReportingOrder: [String] {
        let payloadKeys = Set(payloadOrder)
        return payloadOrder.filter { dictionary[$0] != nil } + JSONWriter.orderedKeys(dictionary.keys.filter { !payloadKeys.contains($0) })
    }
}

/// A parsed JSON object as a property source, remembering where the last key was found.
struct JSONObjectSource: PropertySource {
    let object: JSONObject
    private var hint = 0
    /// Whether every key of the object is plain ASCII, learnt at the first key that misses.
    private var keysAreASCII: Bool?

    init(_ object: JSONObject) {
        self.object = object
    }

    mutating func decode(key: String, with accessor: any PropertyAccessor, _ relaxations: PropertyRelaxations?,
                         into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws -> Bool {
        guard let value = object.value(forKey: key, hint: &hint) ?? canonicalValue(forKey: key) else { return false }
        try PropertyRelaxations.set(value, with: accessor, relaxations: relaxations, into: base, session)
        return true
    }

    func decode(at key: ResolvedKey, with accessor: any PropertyAccessor, _ relaxations: PropertyRelaxations?,
                into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws -> [MappingError.PathComponent]? {
        guard let (value, path) = try key.lookup(in: object) else { return nil }
        do {
            try session.withPath(path) { try PropertyRelaxations.set(value, with: accessor, relaxations: relaxations, into: base, session) }
        } catch let error as MappingError {
            throw error.prepending(path)
        }
        return path
    }

    var keysInReportingOrder: [String] { object.keys }

    /// A key whose bytes are not a member may still be one canonically (as the dictionary path
    /// and the stream match keys); whether the object's keys are all ASCII, which rules that out
    /// for an ASCII key, is found once per object, at the first miss.
    private mutating func canonicalValue(forKey key: String) -> JSONValue? {
        if keysAreASCII == nil { keysAreASCII = object.keysAreASCII }
        return object.canonicalValue(forKey: key, keysAreASCII: keysAreASCII)
    }
}

extension JSONValue {
    /// Whether this value is JSON `null`.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
