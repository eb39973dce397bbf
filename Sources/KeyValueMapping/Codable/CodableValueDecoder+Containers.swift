import Foundation

/// The members of a JSON object, for a Codable type's `CodingKeys`.
struct CodableKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: CodableValueDecoder
    let object: JSONObject

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func path(_ key: Key) -> [MappingError.PathComponent] { decoder.path + [.key(key.stringValue)] }

    /// The member's value; a missing member is a missing key naming the type wanted there.
    private func value(for key: Key, expected: String) throws -> JSONValue {
        guard let value = object[key.stringValue] else {
            throw MappingError(.missingKey(expected: expected), path: path(key))
        }
        return value
    }

    private func scalar<Codec: ValueCodec>(_ codec: Codec, _ key: Key) throws -> Codec.Value {
        try decoder.scalar(codec, try value(for: key, expected: codec.typeName), path: path(key))
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(for: key, expected: "a value").isNull }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(BoolCodec(), key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(StringCodec(), key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(DoubleCodec(), key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(FloatCodec(), key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(IntegerCodec<Int>(), key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(IntegerCodec<Int8>(), key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(IntegerCodec<Int16>(), key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(IntegerCodec<Int32>(), key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(IntegerCodec<Int64>(), key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(IntegerCodec<UInt>(), key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(IntegerCodec<UInt8>(), key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(IntegerCodec<UInt16>(), key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(IntegerCodec<UInt32>(), key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(IntegerCodec<UInt64>(), key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let value = try value(for: key, expected: String(describing: T.self))
        return try decoder.decode(T.self, from: value, path: path(key), codingPath: codingPath + [key])
    }

    private func child(_ key: Key, expected: String) throws -> CodableValueDecoder {
        CodableValueDecoder(value: try value(for: key, expected: expected), session: decoder.session, path: path(key),
                            codingPath: codingPath + [key], typeName: expected)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key, expected: "an object").container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key, expected: "an array").unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = AnyCodingKey(stringValue: "super")
        return CodableValueDecoder(value: object[key.stringValue] ?? .null, session: decoder.session, path: decoder.path + [.key(key.stringValue)],
                                   codingPath: codingPath + [key], typeName: "a value")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        CodableValueDecoder(value: object[key.stringValue] ?? .null, session: decoder.session, path: path(key),
                            codingPath: codingPath + [key], typeName: "a value")
    }
}

/// The elements of a JSON array, in order. The position moves on only when a read succeeds.
struct CodableUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: CodableValueDecoder
    let elements: [JSONValue]
    private(set) var currentIndex = 0

    init(decoder: CodableValueDecoder, elements: [JSONValue]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var path: [MappingError.PathComponent] { decoder.path + [.index(currentIndex)] }

    /// The current element; past the end is an error naming the type wanted there.
    private func current(expected: String) throws -> JSONValue {
        guard currentIndex < elements.count else {
            throw MappingError(.typeMismatch(expected: expected, found: "the end of the array (\(elements.count) elements)"), path: path)
        }
        return elements[currentIndex]
    }

    private mutating func scalar<Codec: ValueCodec>(_ codec: Codec) throws -> Codec.Value {
        let result = try decoder.scalar(codec, try current(expected: codec.typeName), path: path)
        currentIndex += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard try current(expected: "a value").isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar(BoolCodec()) }
    mutating func decode(_ type: String.Type) throws -> String { try scalar(StringCodec()) }
    mutating func decode(_ type: Double.Type) throws -> Double { try scalar(DoubleCodec()) }
    mutating func decode(_ type: Float.Type) throws -> Float { try scalar(FloatCodec()) }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar(IntegerCodec<Int>()) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar(IntegerCodec<Int8>()) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar(IntegerCodec<Int16>()) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar(IntegerCodec<Int32>()) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar(IntegerCodec<Int64>()) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar(IntegerCodec<UInt>()) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(IntegerCodec<UInt8>()) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(IntegerCodec<UInt16>()) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(IntegerCodec<UInt32>()) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(IntegerCodec<UInt64>()) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try current(expected: String(describing: T.self))
        let result = try decoder.decode(T.self, from: value, path: path, codingPath: codingPath + [AnyCodingKey(index: currentIndex)])
        currentIndex += 1
        return result
    }

    private mutating func child(expected: String) throws -> CodableValueDecoder {
        let value = try current(expected: expected)
        let child = CodableValueDecoder(value: value, session: decoder.session, path: path,
                                        codingPath: codingPath + [AnyCodingKey(index: currentIndex)], typeName: expected)
        return child
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try child(expected: "an object").container(keyedBy: NestedKey.self)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try child(expected: "an array").unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let child = try child(expected: "a value")
        currentIndex += 1
        return child
    }
}
