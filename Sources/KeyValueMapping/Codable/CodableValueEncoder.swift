import Foundation

/// A value an `Encodable` is writing. Containers are references into it, so a container the
/// type asked for early keeps filling the same value, as Codable requires.
final class EncodedNode {
    enum Content {
        case empty
        case value(JSONValue)
        case object(EncodedMembers)
        case array(EncodedElements)
    }

    private(set) var content = Content.empty
    /// Where the node is, from the property's value (for errors).
    let path: [MappingError.PathComponent]
    /// Containers above it.
    let depth: Int
    /// Set when the type asks one value for two different kinds of content (an object and then
    /// an array); reported when the value is finished instead of overwriting silently.
    private var conflict: String?

    init(path: [MappingError.PathComponent], depth: Int) {
        self.path = path
        self.depth = depth
    }

    func set(_ value: JSONValue) {
        switch content {
        case .object, .array: conflict = "a value was written where an object or array had been started"
        case .empty, .value: content = .value(value)
        }
    }

    func members() -> EncodedMembers {
        switch content {
        case .object(let members):
            return members
        case .empty:
            let members = EncodedMembers()
            content = .object(members)
            return members
        case .value, .array:
            conflict = "an object was started where another kind of value had been written"
            let members = EncodedMembers()
            content = .object(members)
            return members
        }
    }

    func elements() -> EncodedElements {
        switch content {
        case .array(let elements):
            return elements
        case .empty:
            let elements = EncodedElements()
            content = .array(elements)
            return elements
        case .value, .object:
            conflict = "an array was started where another kind of value had been written"
            let elements = EncodedElements()
            content = .array(elements)
            return elements
        }
    }

    /// The finished value; nodes nested deeper than `limit` containers are an error, so the
    /// recursion here is bounded whatever the type's `encode(to:)` did.
    func finish(limit: Int) throws -> JSONValue {
        if let conflict { throw MappingError(.other("the type's encode(to:) is inconsistent: \(conflict)"), path: path) }
        guard depth <= limit else { throw MappingError(.depthLimitExceeded(limit: limit), path: path) }
        switch content {
        case .empty:
            // A type that wrote nothing is an empty object, as Foundation's encoders write it.
            return .object(JSONObject([]))
        case .value(let value):
            return value
        case .object(let members):
            var builder = JSONObjectBuilder()
            builder.reserveCapacity(members.keys.count)
            for key in members.keys {
                guard let node = members.nodes[key] else { continue }
                _ = builder.insert(key: key, value: try node.finish(limit: limit), policy: .useLast)
            }
            return .object(JSONObject(builder))
        case .array(let elements):
            return .array(try elements.nodes.map { try $0.finish(limit: limit) })
        }
    }
}

/// An object being written: members in the order their keys were first written.
final class EncodedMembers {
    private(set) var keys: [String] = []
    private(set) var nodes: [String: EncodedNode] = [:]

    /// The member `key` (created empty the first time), at `path`.
    func node(for key: String, path: [MappingError.PathComponent], depth: Int) -> EncodedNode {
        if let node = nodes[key] { return node }
        let node = EncodedNode(path: path, depth: depth)
        keys.append(key)
        nodes[key] = node
        return node
    }
}

/// An array being written.
final class EncodedElements {
    private(set) var nodes: [EncodedNode] = []

    func append(path: [MappingError.PathComponent], depth: Int) -> EncodedNode {
        let node = EncodedNode(path: path, depth: depth)
        nodes.append(node)
        return node
    }
}

/// The `Encoder` a `Codable` property type encodes itself into: it builds one value of the
/// library's own JSON tree, inside one encode (its options and depth).
///
/// `Date`, `URL`, `UUID`, `Data` and `Decimal` follow the ``KeyValueEncoder``'s strategies, a
/// `Mappable` type is written through its rules, and non-finite numbers are errors, all at the
/// key path from the property's value down.
final class CodableValueEncoder: Encoder {
    let node: EncodedNode
    let session: EncodingSession
    let codingPath: [any CodingKey]

    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var path: [MappingError.PathComponent] { node.path }

    init(node: EncodedNode, session: EncodingSession, codingPath: [any CodingKey]) {
        self.node = node
        self.session = session
        self.codingPath = codingPath
    }

    /// Encodes a property's whole value.
    static func encode<T: Encodable>(_ value: T, _ session: EncodingSession) throws -> JSONValue {
        let root = EncodedNode(path: [], depth: 0)
        try CodableValueEncoder(node: root, session: session, codingPath: []).encode(value, into: root, codingPath: [])
        return try root.finish(limit: session.maximumDepth)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(CodableKeyedEncodingContainer<Key>(encoder: self, members: node.members()))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        CodableUnkeyedEncodingContainer(encoder: self, elements: node.elements())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        self
    }

    /// Encodes `value` into `node`: the library's own conversion for the types it knows, else
    /// `value.encode(to:)`; errors become MappingErrors at their full path.
    func encode<T: Encodable>(_ value: T, into node: EncodedNode, codingPath: [any CodingKey]) throws {
        if let known = try encodeKnown(value, into: node) {
            node.set(known)
            return
        }
        let child = CodableValueEncoder(node: node, session: session, codingPath: codingPath)
        do {
            try session.enter()
            defer { session.leave() }
            try value.encode(to: child)
        } catch let error as MappingError {
            throw error.path.isEmpty ? error.prepending(node.path) : error
        } catch let error as EncodingError {
            throw MappingError(error)
        } catch {
            throw MappingError(.invalidValue(expected: "a JSON value", found: String(describing: T.self), detail: "\(error)"),
                               path: node.path, underlyingError: error)
        }
    }

    private func encodeKnown<T>(_ value: T, into node: EncodedNode) throws -> JSONValue? {
        do {
            switch value {
            case let json as JSONValue:
                // Built whole by someone else: its levels are counted here, as the decoder
                // would count them reading it back.
                try json.checkNesting(allowing: session.maximumDepth - session.depth - node.depth, limit: session.maximumDepth)
                return json
            case let date as Date: return try JSONValue(libraryValue: try DateCodec().encode(date, session), session, encoding: true)
            case let url as URL: return .string(url.absoluteString)
            case let uuid as UUID: return .string(uuid.uuidString)
            case let data as Data: return .string(data.base64EncodedString())
            case let decimal as Decimal: return .number(try Self.number(decimal))
            case let model as any KeyValueModel: return try encodeModel(model)
            default: return nil
            }
        } catch let error as MappingError {
            throw error.prepending(node.path)
        }
    }

    private func encodeModel<Model: KeyValueModel>(_ model: Model) throws -> JSONValue {
        let dictionary = try ModelCodec(metadata: try ModelMetadata.of(Model.self)).encode(model, session)
        return try JSONValue(libraryValue: dictionary, session, encoding: true)
    }

    /// A finite Decimal as a JSON number.
    static func number(_ decimal: Decimal) throws -> JSONNumber {
        guard decimal.isFinite, let number = JSONNumber(decimal: decimal) else { throw MappingError(.nonFiniteNumber("Decimal \(decimal)")) }
        return number
    }

    /// A finite Double as a JSON number.
    static func number(_ double: Double, _ typeName: String = "Double") throws -> JSONNumber {
        guard let number = JSONNumber(double) else { throw MappingError(.nonFiniteNumber("\(typeName) \(double)")) }
        return number
    }

    /// A finite Float as a JSON number, written as its own shortest text (`0.1`, not the
    /// Double nearest to it), as Float properties are.
    static func number(_ float: Float) throws -> JSONNumber {
        guard float.isFinite else { throw MappingError(.nonFiniteNumber("Float \(float)")) }
        return try number(Double(float.description) ?? Double(float), "Float")
    }
}

extension CodableValueEncoder: SingleValueEncodingContainer {
    private func write(_ value: () throws -> JSONValue) throws {
        do {
            node.set(try value())
        } catch let error as MappingError {
            throw error.prepending(node.path)
        }
    }

    func encodeNil() throws { node.set(.null) }
    func encode(_ value: Bool) throws { node.set(.bool(value)) }
    func encode(_ value: String) throws { node.set(.string(value)) }
    func encode(_ value: Double) throws { try write { .number(try Self.number(value)) } }
    func encode(_ value: Float) throws { try write { .number(try Self.number(value)) } }
    func encode(_ value: Int) throws { node.set(.number(JSONNumber(Int64(value)))) }
    func encode(_ value: Int8) throws { node.set(.number(JSONNumber(Int64(value)))) }
    func encode(_ value: Int16) throws { node.set(.number(JSONNumber(Int64(value)))) }
    func encode(_ value: Int32) throws { node.set(.number(JSONNumber(Int64(value)))) }
    func encode(_ value: Int64) throws { node.set(.number(JSONNumber(value))) }
    func encode(_ value: UInt) throws { node.set(.number(JSONNumber(UInt64(value)))) }
    func encode(_ value: UInt8) throws { node.set(.number(JSONNumber(UInt64(value)))) }
    func encode(_ value: UInt16) throws { node.set(.number(JSONNumber(UInt64(value)))) }
    func encode(_ value: UInt32) throws { node.set(.number(JSONNumber(UInt64(value)))) }
    func encode(_ value: UInt64) throws { node.set(.number(JSONNumber(value))) }

    func encode<T: Encodable>(_ value: T) throws {
        try encode(value, into: node, codingPath: codingPath)
    }
}
