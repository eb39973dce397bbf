import Foundation

/// Reading into a value without pattern matching: subscripts that step into objects and
/// arrays, and accessors that give a scalar only when the value is exactly that.
///
/// ```swift
/// let events = try JSONValue(jsonData: data)
/// let login = events[0]?["actor"]?["login"]?.stringValue   // String?
/// let id = events[0]?["id"]?.int64Value                    // nil unless an exact integer in range
/// ```
///
/// Every accessor is `nil` for a value of another kind: numbers are never read from text,
/// text never from numbers, and `null` is only ``isNull``. The numeric accessors judge a number
/// as decoding into a property of that type judges it (see ``JSONNumber``), so a value read
/// here and the same value decoded into a model agree.
extension JSONValue {
    /// The member named `key` when this is an object that has it; `nil` otherwise (a missing
    /// key, or a value that is not an object).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index` when this is an array and `index` is within it; `nil` otherwise
    /// (an index out of range, or a value that is not an array). Never traps.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The text, when this is a string.
    public var stringValue: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// The flag, when this is `true` or `false`.
    public var boolValue: Bool? {
        guard case .bool(let flag) = self else { return nil }
        return flag
    }

    /// The number, when this is a number, with its literal text (see ``JSONNumber``).
    public var numberValue: JSONNumber? {
        guard case .number(let number) = self else { return nil }
        return number
    }

    /// The number as an `Int` when it is exactly an integer in `Int`'s range (`100`, `1e2` and
    /// `100.0` give 100; `1.5` and `2^63` give `nil`).
    public var intValue: Int? {
        int64Value.flatMap { Int(exactly: $0) }
    }

    /// The number as an `Int64` when it is exactly an integer in range; see
    /// ``JSONNumber/int64Value``.
    public var int64Value: Int64? {
        numberValue?.int64Value
    }

    /// The number as a `UInt64` when it is exactly a non-negative integer in range; see
    /// ``JSONNumber/uint64Value``.
    public var uint64Value: UInt64? {
        numberValue?.uint64Value
    }

    /// The number as a `Double`, as a `Double` property decodes it: the nearest `Double` of a
    /// literal with a fraction or an exponent, and of an integer literal beyond 64 bits; an
    /// integer literal within 64 bits only when a `Double` holds it exactly
    /// (`9007199254740993` gives `nil`); `nil` beyond `Double`'s range (`1e400`).
    public var doubleValue: Double? {
        numberValue.flatMap { try? DoubleCodec.convert($0) }
    }

    /// The number as a Foundation `Decimal`; see ``JSONNumber/decimalValue``.
    public var decimalValue: Decimal? {
        numberValue?.decimalValue
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    /// The members in payload order, when this is an object.
    public var objectValue: JSONObject? {
        guard case .object(let object) = self else { return nil }
        return object
    }
}
