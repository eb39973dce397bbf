import Foundation

// `JSONValue` through Codable. Inside the library's own coders (a Codable property of a model)
// the value passes as it is. Any other coder is asked through its containers: numbers keep the
// value the coder gives (a `Double`; exact `Int`, `UInt64` or `Decimal` digits for integers and
// for fractions with more digits than a Double keeps), objects come back with their keys in
// UTF-8 order (a `Decoder` does not keep the order), and a value no JSON holds (a property
// list's date) is a `DecodingError`.

extension JSONValue: Codable {
    /// Reads any value the decoder holds as JSON.
    public init(from decoder: any Decoder) throws {
        if let own = decoder as? CodableValueDecoder {
            self = own.value
            return
        }
        let session = DecodingSession(options: KeyValueDecoder())
        var slot = SingleSlot(decoder)
        let value: Any
        do {
            value = try ForeignValues.read(&slot, hint: .unknown, session)
        } catch let unreadable as UnreadableValue {
            throw unreadable.decodingError
        }
        self = try JSONValue(libraryValue: value, session, encoding: false)
    }

    /// Writes the value through the encoder's containers: objects keep their member order,
    /// numbers are written as `Int64`, `UInt64`, `Double` or `Decimal`, whichever holds the
    /// literal's value exactly. A value nested deeper than ``KeyValueEncoder/maximumDepth``'s
    /// default (512 levels, counted from the document's root) stops with a ``MappingError``
    /// (`depthLimitExceeded`), and one deeper than the thread's stack can hold with
    /// `stackExhausted`, at its key path.
    public func encode(to encoder: any Encoder) throws {
        if let own = encoder as? CodableValueEncoder {
            own.node.set(self)
            return
        }
        do {
            switch self {
            case .null:
                var container = encoder.singleValueContainer()
                try container.encodeNil()
            case .bool(let flag):
                var container = encoder.singleValueContainer()
                try container.encode(flag)
            case .number(let number):
                var container = encoder.singleValueContainer()
                try number.encode(into: &container)
            case .string(let text):
                var container = encoder.singleValueContainer()
                try container.encode(text)
            case .array(let elements):
                var container = encoder.unkeyedContainer()
                try Self.encode(elements, into: &container, Self.session(for: encoder))
            case .object(let object):
                var container = encoder.container(keyedBy: AnyCodingKey.self)
                try Self.encode(object, into: &container, Self.session(for: encoder))
            }
        } catch let error as MappingError {
            throw error.prepending(MappingError.components(of: encoder.codingPath))
        }
    }

    /// The levels a foreign encoder may nest this value to: the default encoder's
    /// ``KeyValueEncoder/maximumDepth``, counted from the value's place in the document (its
    /// coding path), as the library's own decoders count the levels they read back.
    private static func session(for encoder: any Encoder) -> EncodingSession {
        let session = EncodingSession(options: KeyValueEncoder())
        session.depth = encoder.codingPath.count
        return session
    }

    // Nested arrays and objects are written through nested containers here rather than through
    // each element's `encode(to:)`, so that every level passes the session's depth limit and
    // stack check; a level costs this function's frame and the encoder's container calls.
    private static func encode(_ elements: [JSONValue], into container: inout any UnkeyedEncodingContainer, _ session: EncodingSession) throws {
        try session.enter()
        defer { session.leave() }
        for index in elements.indices {
            do {
                switch elements[index] {
                case .array(let inner):
                    var nested = container.nestedUnkeyedContainer()
                    try encode(inner, into: &nested, session)
                case .object(let inner):
                    var nested = container.nestedContainer(keyedBy: AnyCodingKey.self)
                    try encode(inner, into: &nested, session)
                case let scalar:
                    try container.encode(scalar)
                }
            } catch let error as MappingError {
                throw error.prepending(.index(index))
            }
        }
    }

    private static func encode(_ object: JSONObject, into container: inout KeyedEncodingContainer<AnyCodingKey>, _ session: EncodingSession) throws {
        try session.enter()
        defer { session.leave() }
        for member in object {
            let key = AnyCodingKey(stringValue: member.key)
            do {
                switch member.value {
                case .array(let inner):
                    var nested = container.nestedUnkeyedContainer(forKey: key)
                    try encode(inner, into: &nested, session)
                case .object(let inner):
                    var nested = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
                    try encode(inner, into: &nested, session)
                case let scalar:
                    try container.encode(scalar, forKey: key)
                }
            } catch let error as MappingError {
                throw error.prepending(.key(member.key))
            }
        }
    }
}

extension JSONNumber {
    /// Writes the number as the Swift type that holds its value exactly: an integer type for
    /// integers, a `Double` when it reads back as the same value, else a `Decimal`.
    func encode(into container: inout some SingleValueEncodingContainer) throws {
        if isInteger {
            if let integer = int64Value { return try container.encode(integer) }
            if let unsigned = uint64Value { return try container.encode(unsigned) }
        }
        let decimal = decimalValue
        if let double = doubleValue {
            if let shortest = JSONNumber(double), shortest.text == text || (decimal != nil && shortest.decimalValue == decimal) {
                return try container.encode(double)
            }
        }
        if let decimal { return try container.encode(decimal) }
        if let double = doubleValue { return try container.encode(double) }
        throw EncodingError.invalidValue(self, EncodingError.Context(
            codingPath: container.codingPath, debugDescription: "the number \(text) fits neither a Double nor a Decimal"))
    }
}
