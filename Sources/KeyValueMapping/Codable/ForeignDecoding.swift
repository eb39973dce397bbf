import Foundation

// Reading the content of any `Decoder` (JSONDecoder, PropertyListDecoder, …) into a JSONValue,
// for `CodableMappable` and `JSONValue`'s own `Decodable` conformance. A `Decoder` only answers
// questions such as "is this a String?" by throwing when it is not, and a thrown Codable error
// costs about as much as decoding a small value, so a model's properties say which question to
// ask first (`CodableHint`); anything else tries each JSON kind in turn.

/// The JSON a property most likely holds, so that a foreign decoder is asked for that first.
indirect enum CodableHint: Sendable {
    case unknown
    case string
    case integer
    case number
    case decimal
    case bool
    case array(CodableHint)
    case dictionary(CodableHint)
    case model(any ForeignObjectReading)
}

/// A model's metadata reading the model's object out of a foreign keyed container.
protocol ForeignObjectReading: AnyObject, Sendable {
    func readObject(from container: KeyedDecodingContainer<AnyCodingKey>, depth: Int) throws -> JSONObject
}

/// One value inside a foreign decoder: a keyed member, or a whole decoder's single value (an
/// array element is read through its own decoder, because an unkeyed container moves on after
/// every successful read, and a value may be asked more than once).
protocol ForeignSlot {
    var codingPath: [any CodingKey] { get }
    mutating func decodeNil() throws -> Bool
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T
    mutating func keyedContainer() throws -> KeyedDecodingContainer<AnyCodingKey>
    mutating func unkeyedContainer() throws -> any UnkeyedDecodingContainer
}

struct KeyedSlot: ForeignSlot {
    let container: KeyedDecodingContainer<AnyCodingKey>
    let key: AnyCodingKey

    var codingPath: [any CodingKey] { container.codingPath + [key] }
    func decodeNil() throws -> Bool { try container.decodeNil(forKey: key) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try container.decode(T.self, forKey: key) }
    func keyedContainer() throws -> KeyedDecodingContainer<AnyCodingKey> { try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key) }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try container.nestedUnkeyedContainer(forKey: key) }
}

struct SingleSlot: ForeignSlot {
    let decoder: any Decoder
    let single: (any SingleValueDecodingContainer)?

    init(_ decoder: any Decoder) {
        self.decoder = decoder
        single = try? decoder.singleValueContainer()
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    func decodeNil() throws -> Bool { single?.decodeNil() ?? false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard let single else { return try T(from: decoder) }
        return try single.decode(T.self)
    }
    func keyedContainer() throws -> KeyedDecodingContainer<AnyCodingKey> { try decoder.container(keyedBy: AnyCodingKey.self) }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try decoder.unkeyedContainer() }
}

/// Reads foreign values into JSONValues.
enum ForeignValues {
    /// Nesting accepted from a foreign decoder, as the library's own default.
    static let maximumDepth = 512

    /// The value in `slot`, asking first for what `hint` expects.
    static func read(_ slot: inout some ForeignSlot, hint: CodableHint, depth: Int) throws -> JSONValue {
        guard depth < maximumDepth else {
            throw MappingError(.depthLimitExceeded(limit: maximumDepth), path: MappingError.components(of: slot.codingPath))
        }
        if try slot.decodeNil() { return .null }
        switch hint {
        case .unknown:
            break
        case .string:
            if let text = try? slot.decode(String.self) { return .string(text) }
        case .integer:
            if let number = readNumber(&slot, preferringDouble: false) { return .number(number) }
        case .number:
            if let number = readNumber(&slot, preferringDouble: true) { return .number(number) }
        case .decimal:
            if let decimal = try? slot.decode(Decimal.self), let number = JSONNumber(decimal: decimal) { return .number(number) }
        case .bool:
            if let flag = try? slot.decode(Bool.self) { return .bool(flag) }
        case .array(let element):
            if var elements = try? slot.unkeyedContainer() { return .array(try readElements(&elements, hint: element, depth: depth + 1)) }
        case .dictionary(let element):
            if let members = try? slot.keyedContainer() { return .object(try readMembers(members, hint: element, depth: depth + 1)) }
        case .model(let metadata):
            if let members = try? slot.keyedContainer() { return .object(try metadata.readObject(from: members, depth: depth + 1)) }
        }
        return try readAnyKind(&slot, depth: depth)
    }

    /// Tries each JSON kind in turn, the most common first.
    private static func readAnyKind(_ slot: inout some ForeignSlot, depth: Int) throws -> JSONValue {
        if let text = try? slot.decode(String.self) { return .string(text) }
        if let number = readNumber(&slot, preferringDouble: false) { return .number(number) }
        if let flag = try? slot.decode(Bool.self) { return .bool(flag) }
        if let members = try? slot.keyedContainer() { return .object(try readMembers(members, hint: .unknown, depth: depth + 1)) }
        if var elements = try? slot.unkeyedContainer() { return .array(try readElements(&elements, hint: .unknown, depth: depth + 1)) }
        throw DecodingError.typeMismatch(JSONValue.self, DecodingError.Context(
            codingPath: slot.codingPath,
            debugDescription: "the value is none of null, a Boolean, a finite number, text, an array or an object"))
    }

    /// A number, read exactly where the decoder allows: integers as integers, integral values
    /// beyond 2^53 (where a Double is no longer exact) as `UInt64` or `Decimal` digits, and
    /// fractions as `Decimal` digits when they read back as the same Double. `nil` when the
    /// value is not a finite number.
    private static func readNumber(_ slot: inout some ForeignSlot, preferringDouble: Bool) -> JSONNumber? {
        if !preferringDouble, let integer = try? slot.decode(Int64.self) { return JSONNumber(integer) }
        guard let double = try? slot.decode(Double.self), double.isFinite else { return nil }
        let isIntegral = double.rounded(.towardZero) == double
        if isIntegral, double.magnitude >= 0x1p53 {
            if preferringDouble, let integer = try? slot.decode(Int64.self) { return JSONNumber(integer) }
            if let unsigned = try? slot.decode(UInt64.self) { return JSONNumber(unsigned) }
        }
        // A fraction may have more digits than a Double keeps (`0.1000000000000000000001`), and
        // so may an integer beyond 2^64: a Decimal keeps them where the decoder offers one. A
        // Double property wants only the Double, and its hint skips this.
        if !preferringDouble || isIntegral && double.magnitude >= 0x1p53,
           let decimal = try? slot.decode(Decimal.self), let number = JSONNumber(decimal: decimal), Double(number.text) == double {
            return number
        }
        return JSONNumber(double)
    }

    /// Every member of a keyed container, in the UTF-8 order of the keys (a `Decoder` does not
    /// say in which order they were written).
    static func readMembers(_ container: KeyedDecodingContainer<AnyCodingKey>, hint: CodableHint, depth: Int) throws -> JSONObject {
        var builder = JSONObjectBuilder()
        let keys = container.allKeys.sorted { $0.stringValue.utf8.lexicographicallyPrecedes($1.stringValue.utf8) }
        for key in keys {
            var slot = KeyedSlot(container: container, key: key)
            _ = builder.insert(key: key.stringValue, value: try read(&slot, hint: hint, depth: depth), policy: .useLast)
        }
        return JSONObject(builder)
    }

    /// Every element of an unkeyed container.
    static func readElements(_ container: inout any UnkeyedDecodingContainer, hint: CodableHint, depth: Int) throws -> [JSONValue] {
        var elements: [JSONValue] = []
        if let count = container.count { elements.reserveCapacity(count) }
        while !container.isAtEnd {
            let position = container.currentIndex
            var slot = SingleSlot(try container.superDecoder())
            elements.append(try read(&slot, hint: hint, depth: depth))
            // A decoder that did not move on would loop forever.
            guard container.currentIndex > position else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: container.codingPath, debugDescription: "the decoder did not advance past element \(position)"))
            }
        }
        return elements
    }
}

extension ModelMetadata: ForeignObjectReading {
    /// The members this model decodes, read from a foreign keyed container with each
    /// property's hint. A model whose rules need the whole object (key paths, candidates,
    /// gather, hooks, class clusters) reads every member.
    func readObject(from container: KeyedDecodingContainer<AnyCodingKey>, depth: Int) throws -> JSONObject {
        guard streamable else {
            var builder = JSONObjectBuilder()
            let keys = container.allKeys.sorted { $0.stringValue.utf8.lexicographicallyPrecedes($1.stringValue.utf8) }
            for key in keys {
                let hint = decodedKeyIndex[key.stringValue].map { codableHints[$0] } ?? .unknown
                var slot = KeyedSlot(container: container, key: key)
                _ = builder.insert(key: key.stringValue, value: try ForeignValues.read(&slot, hint: hint, depth: depth), policy: .useLast)
            }
            return JSONObject(builder)
        }
        var builder = JSONObjectBuilder()
        let keys = decodedSingleKeys
        let hints = codableHints
        for index in keys.indices {
            guard let key = keys[index] else { continue }
            let codingKey = AnyCodingKey(stringValue: key)
            guard container.contains(codingKey) else { continue }
            var slot = KeyedSlot(container: container, key: codingKey)
            _ = builder.insert(key: key, value: try ForeignValues.read(&slot, hint: hints[index], depth: depth), policy: .useLast)
        }
        return JSONObject(builder)
    }
}
