// `JSONValue` literals, so documents can be written as Swift literals:
//
//     let value: JSONValue = ["id": 1, "tags": ["a", "b"], "score": 4.5, "note": nil]

extension JSONValue: ExpressibleByNilLiteral {
    /// `nil` is JSON `null`.
    ///
    /// Where a `JSONValue?` is expected, `nil` still means "no value" (`object["a"] == nil`
    /// asks whether the member is absent), except in a conditional expression whose other
    /// branch is a plain `JSONValue`: `flag ? nil : value` is `.null`. Write
    /// `flag ? JSONValue?.none : value` for an absent value there.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// `true` and `false`.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// An integer literal, kept as its decimal digits.
    public init(integerLiteral value: Int64) {
        self = .number(JSONNumber(value))
    }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// A floating-point literal, written as Swift's shortest text for it (`4.5`, `1e-05`).
    public init(floatLiteral value: Double) {
        // A Swift float literal is always finite (`1e400` does not compile), so this is never nil.
        self = JSONNumber(value).map(JSONValue.number) ?? .null
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// A string.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// An array of values.
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// An object with the literal's members in order; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}
