import Foundation

/// A property's key after rules and naming style are applied, in the form the loops use.
enum ResolvedKey: Sendable {
    /// One top-level key: the fast path.
    case key(String)
    /// A path of keys and indexes.
    case path([MappingError.PathComponent])
    /// The first present of several keys or paths; encoding writes the first.
    case candidates([[MappingError.PathComponent]])
    /// Several keys or paths gathered into one dictionary keyed by their text, for the property
    /// named `property` (which names the gathered value in errors: it has no key of its own).
    case gather(property: String, keys: [(name: String, path: [MappingError.PathComponent])])

    init(_ key: MappingKey) {
        if let single = key.singleKey { self = .key(single) } else { self = .path(key.components) }
    }

    /// The key paths this property writes when encoding.
    var encodedPaths: [[MappingError.PathComponent]] {
        switch self {
        case .key(let key): return [[.key(key)]]
        case .path(let components): return [components]
        case .candidates(let paths): return paths.first.map { [$0] } ?? []
        case .gather(_, let keys): return keys.map(\.path)
        }
    }

    /// Where an error in the property's value is reported when encoding, or when its key is
    /// missing: the path it is written to, or a gathered property's name.
    var errorPath: [MappingError.PathComponent] {
        if case .gather(let property, _) = self { return [.key(property)] }
        return encodedPaths.first ?? []
    }

    /// Finds the property's value: `nil` when absent, else the value and the path it was found at.
    /// A path that runs through something other than an object or array is an error there; a
    /// `null` or a missing step on the way counts as absent.
    func lookup(in dictionary: [String: Any]) throws -> (value: Any, path: [MappingError.PathComponent])? {
        switch self {
        case .key(let key):
            return dictionary[key].map { ($0, [.key(key)]) }
        case .path(let components):
            return try Self.lookup(components, in: dictionary).map { ($0, components) }
        case .candidates(let paths):
            for path in paths {
                if let value = try Self.lookup(path, in: dictionary) { return (value, path) }
            }
            return nil
        case .gather(let property, let keys):
            var gathered: [String: Any] = [:]
            for (name, path) in keys {
                if let value = try Self.lookup(path, in: dictionary) { gathered[name] = value }
            }
            return gathered.isEmpty ? nil : (gathered, [.key(property)])
        }
    }

    /// The value at `components` inside `root` (a dictionary, or any value a path may start
    /// from); `nil` when a step is absent or `null`; an error naming the step where the value is
    /// of the wrong kind.
    static func lookup(_ components: [MappingError.PathComponent], in root: Any) throws -> Any? {
        var current: Any = root
        for (position, component) in components.enumerated() {
            let scalar = JSONScalar(current)
            if case .null = scalar { return nil }
            switch (component, scalar) {
            case (.key(let key), .dictionary(let object)):
                guard let next = object[key] else { return nil }
                current = next
            case (.index(let index), .array(let array)):
                guard array.indices.contains(index) else { return nil }
                current = array[index]
            case (.key, _), (.index, _):
                let expected = if case .key = component { "an object" } else { "an array" }
                let wanted = MappingError(.other(""), path: components).keyPath
                throw MappingError(.typeMismatch(expected: "\(expected) on the way to \(wanted)", found: scalar.typeName),
                                   path: Array(components.prefix(position)), foundValue: ValueDescription.describe(current))
            }
        }
        return current
    }

    /// ``lookup(in:)`` over a parsed JSON object (the bytes path), with the same rules and messages
    /// (a key matches a canonically equivalent member, as in a dictionary); a gathered
    /// dictionary is a JSON object.
    func lookup(in object: JSONObject) throws -> (value: JSONValue, path: [MappingError.PathComponent])? {
        switch self {
        case .key(let key):
            return object.value(matching: key).map { ($0, [.key(key)]) }
        case .path(let components):
            return try Self.lookup(components, in: .object(object)).map { ($0, components) }
        case .candidates(let paths):
            for path in paths {
                if let value = try Self.lookup(path, in: .object(object)) { return (value, path) }
            }
            return nil
        case .gather(let property, let keys):
            var gathered: [(String, JSONValue)] = []
            for (name, path) in keys {
                if let value = try Self.lookup(path, in: .object(object)) { gathered.append((name, value)) }
            }
            return gathered.isEmpty ? nil : (.object(JSONObject(gathered)), [.key(property)])
        }
    }

    /// The same lookup over a parsed value.
    static func lookup(_ components: [MappingError.PathComponent], in root: JSONValue) throws -> JSONValue? {
        var current = root
        for (position, component) in components.enumerated() {
            switch (component, current) {
            case (_, .null):
                return nil
            case (.key(let key), .object(let members)):
                guard let next = members.value(matching: key) else { return nil }
                current = next
            case (.index(let index), .array(let elements)):
                guard elements.indices.contains(index) else { return nil }
                current = elements[index]
            case (.key, _), (.index, _):
                let expected = if case .key = component { "an object" } else { "an array" }
                let wanted = MappingError(.other(""), path: components).keyPath
                throw MappingError(.typeMismatch(expected: "\(expected) on the way to \(wanted)", found: ValueDescription.typeName(json: current)),
                                   path: Array(components.prefix(position)), foundValue: ValueDescription.describe(json: current))
            }
        }
        return current
    }

    /// Writes an encoded value where this key says, building nested objects and arrays (arrays
    /// are padded with `null` up to an index). A gathered property's value (its own, or what its
    /// transformer wrote) must be a dictionary to spread over its keys.
    func store(_ value: Any, in dictionary: inout [String: Any]) throws {
        switch self {
        case .key(let key):
            dictionary[key] = value
        case .path(let components):
            try Self.store(value, at: components[...], in: &dictionary)
        case .candidates(let paths):
            if let first = paths.first { try Self.store(value, at: first[...], in: &dictionary) }
        case .gather(_, let keys):
            guard case .dictionary(let spread) = JSONScalar(value) else {
                throw MappingError.typeMismatch(expected: "a dictionary to spread over the gathered keys", found: value)
            }
            for (name, path) in keys {
                if let item = spread[name] { try Self.store(item, at: path[...], in: &dictionary) }
            }
        }
    }

    private static func store(_ value: Any, at components: ArraySlice<MappingError.PathComponent>, in dictionary: inout [String: Any]) throws {
        guard case .key(let key)? = components.first else { return }
        let rest = components.dropFirst()
        if rest.isEmpty {
            dictionary[key] = value
            return
        }
        var child: Any? = dictionary[key]
        try store(value, at: rest, into: &child)
        dictionary[key] = child
    }

    private static func store(_ value: Any, at components: ArraySlice<MappingError.PathComponent>, into container: inout Any?) throws {
        guard let component = components.first else {
            container = value
            return
        }
        switch component {
        // What is already there is read one level deep (a transformer may have written an
        // NSDictionary; a bridging cast would convert it all the way down).
        case .key:
            var object: [String: Any] = [:]
            if let existing = container, case .dictionary(let members) = JSONScalar(existing) { object = members }
            try store(value, at: components, in: &object)
            container = object
        case .index(let index):
            // The declaration check refuses negative indexes; this keeps a path that escaped it
            // from trapping.
            guard index >= 0 else {
                throw MappingError(.other("cannot write at the negative array index \(index)"))
            }
            var array: [Any] = []
            if let existing = container, case .array(let elements) = JSONScalar(existing) { array = elements }
            while array.count <= index { array.append(NSNull()) }
            var element: Any? = array[index] is NSNull ? nil : array[index]
            try store(value, at: components.dropFirst(), into: &element)
            array[index] = element ?? NSNull()
            container = array
        }
    }
}
