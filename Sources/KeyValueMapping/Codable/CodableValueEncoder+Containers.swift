import Foundation

/// Writes the members of an object for a Codable type's `CodingKeys`; a key written twice
/// keeps its last value, in the position where it was first written.
struct CodableKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: CodableValueEncoder
    let members: EncodedMembers

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func node(_ key: Key) -> EncodedNode {
        members.node(for: key.stringValue, path: encoder.path + [.key(key.stringValue)], depth: encoder.node.depth + 1)
    }

    private func child(_ key: Key) -> CodableValueEncoder {
        CodableValueEncoder(node: node(key), session: encoder.session, codingPath: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) throws { try child(key).encodeNil() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try child(key).encode(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { try child(key).encode(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try child(key).encode(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try child(key).encode(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try child(key).encode(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try child(key).encode(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try child(key).encode(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try child(key).encode(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try child(key).encode(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try child(key).encode(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try child(key).encode(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try child(key).encode(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try child(key).encode(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try child(key).encode(value) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let child = child(key)
        try encoder.encode(value, into: child.node, codingPath: child.codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        child(key).container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        child(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let key = AnyCodingKey(stringValue: "super")
        let node = members.node(for: key.stringValue, path: encoder.path + [.key(key.stringValue)], depth: encoder.node.depth + 1)
        return CodableValueEncoder(node: node, session: encoder.session, codingPath: codingPath + [key])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        child(key)
    }
}

/// Writes the elements of an array, in order.
struct CodableUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: CodableValueEncoder
    let elements: EncodedElements

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { elements.nodes.count }

    private func child() -> CodableValueEncoder {
        let index = elements.nodes.count
        let node = elements.append(path: encoder.path + [.index(index)], depth: encoder.node.depth + 1)
        return CodableValueEncoder(node: node, session: encoder.session, codingPath: codingPath + [AnyCodingKey(index: index)])
    }

    mutating func encodeNil() throws { try child().encodeNil() }
    mutating func encode(_ value: Bool) throws { try child().encode(value) }
    mutating func encode(_ value: String) throws { try child().encode(value) }
    mutating func encode(_ value: Double) throws { try child().encode(value) }
    mutating func encode(_ value: Float) throws { try child().encode(value) }
    mutating func encode(_ value: Int) throws { try child().encode(value) }
    mutating func encode(_ value: Int8) throws { try child().encode(value) }
    mutating func encode(_ value: Int16) throws { try child().encode(value) }
    mutating func encode(_ value: Int32) throws { try child().encode(value) }
    mutating func encode(_ value: Int64) throws { try child().encode(value) }
    mutating func encode(_ value: UInt) throws { try child().encode(value) }
    mutating func encode(_ value: UInt8) throws { try child().encode(value) }
    mutating func encode(_ value: UInt16) throws { try child().encode(value) }
    mutating func encode(_ value: UInt32) throws { try child().encode(value) }
    mutating func encode(_ value: UInt64) throws { try child().encode(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let child = child()
        try encoder.encode(value, into: child.node, codingPath: child.codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        child().container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        child().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        child()
    }
}
