/// A model's object schema, built from its cached descriptors: keys under the encoder's naming
/// style, key paths as nested objects and arrays, candidates and gathered keys, `required` as
/// ``ModelMetadata/requiresKey(of:decoder:)`` decides, `additionalProperties` as
/// ``ModelMetadata/allowsAdditionalProperties(decoder:)`` decides.
extension ModelMetadata {
    func objectSchema(_ builder: SchemaBuilder) throws -> JSONValue {
        // A hook may rewrite the payload before decoding or the output after encoding: nothing
        // about either can be promised beyond "an object".
        if beforeDecoding != nil || afterEncoding != nil { return Schema.type("object") }
        let keys = try keyTable(for: builder.encoder.keyNamingStyle).encodeKeys
        let root = SchemaNode()
        // Later candidate keys are only read, never written: they are described after every
        // written key, as members where they cannot contradict what another property writes,
        // else as a condition (see below).
        var readOnlyPaths: [(path: [MappingError.PathComponent], earlier: [[MappingError.PathComponent]], schema: JSONValue)] = []
        let allowsAdditional = allowsAdditionalProperties(decoder: builder.decoder)
        let constantKeys = allowsAdditional ? [:] : try keyTable(for: builder.decoder.keyNamingStyle).constantKeys
        for index in properties.indices {
            let property = properties[index]
            let codec = property.accessor.describedCodec
            var value = try builder.schema(of: codec)
            if !property.isDecoded {
                value = Schema.adding([("readOnly", .bool(true))], to: value)
                // Rejecting unknown keys, the decoder takes a `let`'s key only with the value the
                // prototype's `let` holds (see `holdsConstant`), or not at all.
                if case .key(let key) = keys[index], constantKeys[key] == property.name, let prototype {
                    let held = ModelStorage.withFields(of: prototype.make(), isClass: isClass) { heldValue(of: property, in: $0, DecodingSession(options: builder.decoder)) }
                    value = held.map { Schema.adding([("const", $0)], to: value) } ?? .bool(false)
                }
            }
            if acceptsNullAsDefault(for: property, decoder: builder.decoder) || property.accessor.nullMeansUncomputed {
                value = Schema.nullable(value)
            }
            let required = requiresKey(of: property, decoder: builder.decoder)
            switch keys[index] {
            case .key(let key):
                root.insert(value, at: [.key(key)], required: required)
            case .path(let components):
                root.insert(value, at: components, required: required)
            case .candidates(let paths):
                // Every candidate is described (whichever is present is read); the first is the
                // one written. Required: at least one of them.
                if let first = paths.first { root.insert(value, at: first, required: paths.count == 1 && required) }
                for position in paths.indices.dropFirst() {
                    readOnlyPaths.append((paths[position], Array(paths[..<position]), value))
                }
                if required, paths.count > 1 { root.alternatives.append(paths.map(SchemaNode.requirement)) }
            case .gather(_, let gathered):
                let member = try builder.gatheredValueSchema(of: codec)
                for (_, path) in gathered { root.insert(member, at: path, required: gathered.count == 1 && required) }
                if required, gathered.count > 1 { root.alternatives.append(gathered.map { SchemaNode.requirement($0.path) }) }
            }
        }
        for (path, earlier, value) in readOnlyPaths {
            if root.isFree(path, for: value) {
                root.insert(value, at: path, required: false)
            } else {
                // Another property's key: the decoder still reads this property from it when
                // the earlier candidates are absent, so then it must hold this value too.
                root.conditions.append(SchemaNode.condition(absent: earlier, then: value, at: path))
            }
        }
        if !allowsAdditional {
            // Keys the decoder knows without a property reading them (ignored properties, weak
            // references, keys the rules allow) are accepted whatever they hold.
            for key in try keyTable(for: builder.decoder.keyNamingStyle).knownKeys.sorted() where root.isFree([.key(key)], for: .object([:])) {
                root.insert(.object([:]), at: [.key(key)], required: false)
            }
        }
        return root.objectSchema(additionalProperties: allowsAdditional)
    }
}

/// One location of a model's JSON object while its schema is assembled: the schemas a value
/// there must satisfy, and the members or elements that key paths reach through it.
final class SchemaNode {
    private var values: [JSONValue] = []
    private var members: [(key: String, node: SchemaNode)] = []
    private var required: [String] = []
    private var elements: [Int: SchemaNode] = [:]
    private var minimumCount = 0
    /// Groups of alternatives, at least one of each must hold (a required property with
    /// candidate or gathered keys).
    var alternatives: [[JSONValue]] = []
    /// `if`/`then` schemas that must all hold (later candidate keys that are other properties'
    /// keys).
    var conditions: [JSONValue] = []

    /// Adds `schema` at `path` below this node; `required` makes every step of the path required.
    func insert(_ schema: JSONValue, at path: [MappingError.PathComponent], required: Bool) {
        guard let first = path.first else {
            // A candidate key that is also another property's key needs both schemas, once each.
            if !values.contains(schema) { values.append(schema) }
            return
        }
        let rest = Array(path.dropFirst())
        switch first {
        case .key(let key):
            if required, !self.required.contains(key) { self.required.append(key) }
            member(key).insert(schema, at: rest, required: required)
        case .index(let index):
            if required { minimumCount = max(minimumCount, index + 1) }
            element(index).insert(schema, at: rest, required: required)
        }
    }

    /// Whether `schema` can be added at `path` without contradicting what is already there: no
    /// step passes through a value, and the end is new, or already holds exactly `schema`.
    func isFree(_ path: [MappingError.PathComponent], for schema: JSONValue) -> Bool {
        guard let first = path.first else {
            return (values.isEmpty || values == [schema]) && members.isEmpty && elements.isEmpty
        }
        if !values.isEmpty { return false }
        let next: SchemaNode?
        switch first {
        case .key(let key): next = members.first { $0.key == key }?.node
        case .index(let index): next = elements[index]
        }
        return next?.isFree(Array(path.dropFirst()), for: schema) ?? true
    }

    /// A schema that holds exactly when `path` is present.
    static func requirement(_ path: [MappingError.PathComponent]) -> JSONValue {
        let node = SchemaNode()
        node.insert(.object([:]), at: path, required: true)
        return node.structure(describingMembers: false) ?? .object([:])
    }

    /// `{"if": <every path in absent is absent>, "then": <schema at path, when present>}`.
    static func condition(absent: [[MappingError.PathComponent]], then schema: JSONValue, at path: [MappingError.PathComponent]) -> JSONValue {
        let present = absent.map(requirement)
        let noneIsPresent: JSONValue = present.count == 1 ? .object(["not": present[0]]) : .object(["not": .object(["anyOf": .array(present)])])
        let node = SchemaNode()
        node.insert(schema, at: path, required: false)
        return .object(JSONObject([("if", noneIsPresent), ("then", node.structure(describingMembers: true) ?? .object([:]))]))
    }

    private func member(_ key: String) -> SchemaNode {
        if let existing = members.first(where: { $0.key == key }) { return existing.node }
        let node = SchemaNode()
        members.append((key, node))
        return node
    }

    private func element(_ index: Int) -> SchemaNode {
        if let existing = elements[index] { return existing }
        let node = SchemaNode()
        elements[index] = node
        return node
    }

    /// The schema of a model's own object.
    func objectSchema(additionalProperties: Bool) -> JSONValue {
        var object: [(String, JSONValue)] = [("type", .string("object"))]
        if !members.isEmpty { object.append(("properties", .object(JSONObject(members.map { ($0.key, $0.node.schema) })))) }
        if !required.isEmpty { object.append(("required", .array(required.map(JSONValue.string)))) }
        if !additionalProperties { object.append(("additionalProperties", .bool(false))) }
        // One group or one condition is written in place; more go under `allOf`.
        var parts: [JSONValue] = []
        for list in [alternatives.map { JSONValue.object(["anyOf": .array($0)]) }, conditions] {
            if list.count == 1, case .object(let single) = list[0] {
                object.append(contentsOf: Array(single).map { ($0.key, $0.value) })
            } else {
                parts += list
            }
        }
        if !parts.isEmpty { object.append(("allOf", .array(parts))) }
        return .object(JSONObject(object))
    }

    /// The schema of this location: its values' schemas and, when key paths pass through it,
    /// the object or array they need, all of which must hold.
    private var schema: JSONValue {
        var parts = values
        if let structure = structure(describingMembers: true) { parts.append(structure) }
        switch parts.count {
        case 0: return .object([:])
        case 1: return parts[0]
        default: return .object(["allOf": .array(parts)])
        }
    }

    /// The object (or array) that key paths through this location need, `nil` when none does.
    /// Without `describingMembers`, only presence is stated (for `anyOf` requirements).
    private func structure(describingMembers: Bool) -> JSONValue? {
        var parts: [JSONValue] = []
        if !members.isEmpty {
            var object: [(String, JSONValue)] = describingMembers ? [("type", .string("object"))] : []
            let described = describingMembers ? members : members.filter { required.contains($0.key) }
            let properties = described.compactMap { member -> (String, JSONValue)? in
                let schema = describingMembers ? member.node.schema : member.node.structure(describingMembers: false)
                return schema.map { (member.key, $0) }
            }
            if !properties.isEmpty { object.append(("properties", .object(JSONObject(properties)))) }
            if !required.isEmpty { object.append(("required", .array(required.map(JSONValue.string)))) }
            parts.append(.object(JSONObject(object)))
        }
        if !elements.isEmpty {
            // A stride, not a range: a range with a negative end traps.
            let prefix = stride(from: 0, through: elements.keys.max() ?? -1, by: 1).map { index -> JSONValue in
                guard let node = elements[index] else { return .object([:]) }
                return describingMembers ? node.schema : (node.structure(describingMembers: false) ?? .object([:]))
            }
            var array: [(String, JSONValue)] = describingMembers ? [("type", .string("array"))] : []
            array.append(("prefixItems", .array(prefix)))
            if minimumCount > 0 { array.append(("minItems", .number(JSONNumber(Int64(minimumCount))))) }
            parts.append(.object(JSONObject(array)))
        }
        switch parts.count {
        case 0: return nil
        case 1: return parts[0]
        default: return .object(["allOf": .array(parts)])
        }
    }
}
