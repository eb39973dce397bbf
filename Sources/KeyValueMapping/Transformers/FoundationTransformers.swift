import Foundation

/// Absolute URLs only: text with a scheme (`https:`, `mailto:`…) and no invalid characters.
public struct StrictURLTransformer: PropertyTransformer {
    /// Parses absolute URL text.
    public func decode(_ json: Any) throws -> URL {
        guard case .string(let text) = JSONScalar(json) else { throw MappingError.typeMismatch(expected: "URL", found: json) }
        guard let url = URLCodec.parse(text), url.scheme != nil else {
            throw MappingError.invalidValue(expected: "URL", found: json, detail: "not an absolute URL")
        }
        return url
    }

    /// Writes `absoluteString`.
    public func encode(_ value: URL) throws -> Any { value.absoluteString }
}

/// UUID text (either case), written upper-case.
public struct UUIDTransformer: PropertyTransformer {
    /// Parses UUID text.
    public func decode(_ json: Any) throws -> UUID { try UUIDCodec.parse(json) }
    /// Writes `uuidString`.
    public func encode(_ value: UUID) throws -> Any { value.uuidString }
}

/// `Decimal` from a number or numeric text, keeping every digit; written as text so no digit is
/// lost by readers that parse numbers into `Double`.
public struct DecimalTransformer: PropertyTransformer {
    /// Parses a number or numeric text.
    public func decode(_ json: Any) throws -> Decimal { try DecimalCodec.convert(json, acceptsText: true) }
    /// Writes the decimal's text.
    public func encode(_ value: Decimal) throws -> Any { value.description }
}

/// `Data` as base64 text.
public struct Base64Transformer: PropertyTransformer {
    /// Decodes base64 text.
    public func decode(_ json: Any) throws -> Data { try DataCodec.parse(json) }
    /// Writes base64 text.
    public func encode(_ value: Data) throws -> Any { value.base64EncodedString() }
}

/// Maps JSON text to values through a table, with optional defaults in both directions:
/// `.valueTable(["open": .open, "closed": .closed], default: .unknown)`.
public struct ValueTableTransformer<Value: Hashable & Sendable>: PropertyTransformer {
    let table: [String: Value]
    let reverse: [Value: String]
    let defaultValue: Value?
    let defaultKey: String?

    /// `table` maps JSON text to values; `defaultValue` is used for unknown text (otherwise an
    /// error), `defaultKey` for values missing from the table when encoding (otherwise an error).
    public init(_ table: [String: Value], default defaultValue: Value? = nil, defaultKey: String? = nil) {
        self.table = table
        var reverse: [Value: String] = [:]
        for (key, value) in table.sorted(by: { $0.key < $1.key }) where reverse[value] == nil { reverse[value] = key }
        self.reverse = reverse
        self.defaultValue = defaultValue
        self.defaultKey = defaultKey
    }

    /// Looks the text up in the table.
    public func decode(_ json: Any) throws -> Value {
        let text: String
        switch JSONScalar(json) {
        case .string(let string): text = string
        case .int(let number): text = String(number)
        case .bool(let flag): text = String(flag)
        default: throw MappingError.typeMismatch(expected: String(describing: Value.self), found: json)
        }
        if let value = table[text] ?? defaultValue { return value }
        throw MappingError.invalidValue(expected: String(describing: Value.self), found: json,
                                        detail: "not one of \(table.keys.sorted().joined(separator: ", "))")
    }

    /// Looks the value up in the reversed table.
    public func encode(_ value: Value) throws -> Any {
        if let key = reverse[value] ?? defaultKey { return key }
        throw MappingError(.invalidValue(expected: "a value in the table", found: "\(value)", detail: "no JSON text for this value"))
    }
}

extension PropertyTransformer where Self == StrictURLTransformer {
    /// Absolute URLs only.
    public static var url: StrictURLTransformer { StrictURLTransformer() }
}

extension PropertyTransformer where Self == UUIDTransformer {
    /// UUID text.
    public static var uuid: UUIDTransformer { UUIDTransformer() }
}

extension PropertyTransformer where Self == DecimalTransformer {
    /// Decimal from a number or text, written as text.
    public static var decimal: DecimalTransformer { DecimalTransformer() }
}

extension PropertyTransformer where Self == Base64Transformer {
    /// Base64 `Data`.
    public static var base64: Base64Transformer { Base64Transformer() }
}

extension PropertyTransformer {
    /// A value table; see ``ValueTableTransformer``.
    public static func valueTable<V>(_ table: [String: V], default defaultValue: V? = nil, defaultKey: String? = nil) -> ValueTableTransformer<V> where Self == ValueTableTransformer<V> {
        ValueTableTransformer(table, default: defaultValue, defaultKey: defaultKey)
    }
}
