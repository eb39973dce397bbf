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
        var slot = SingleSlot(decoder)
        let value = try ForeignValues.read(&slot, hint: .unknown, depth: 0)
        self = try JSONValue(libraryValue: value, DecodingSession(options: KeyValueDecoder()), encoding: false)
    }

    /// Writes the value through the encoder's containers: objects keep their member order,
    /// numbers are written as `Int64`, `UInt64`, `Double` or `Decimal`, whichever holds the
    /// literal's value exactly.
    public func encode(to encoder: any Encoder) throws {
        if let own = encoder as? CodableValueEncoder {
            own.node.set(self)
            return
        }
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
            for element in elements {
                try container.encode(element)
            }
        case .object(let object):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for member in object {
                try container.encode(member.value, forKey: AnyCodingKey(stringValue: member.key))
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
