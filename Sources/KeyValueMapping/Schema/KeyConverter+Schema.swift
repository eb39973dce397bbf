/// The `propertyNames` of a dictionary whose keys are not plain text (every key converter: a
/// ``KeyConverter`` requirement).
protocol KeySchemaDescribing {
    /// A schema every key text the decoder converts matches, or `nil` for any text.
    func propertyNames(_ builder: SchemaBuilder) -> JSONValue?
}

extension StringKeys: KeySchemaDescribing {
    func propertyNames(_ builder: SchemaBuilder) -> JSONValue? { nil }
}

extension IntegerKeys: KeySchemaDescribing {
    // Exactly the canonical texts of the integers in range, as the encoder writes them.
    func propertyNames(_ builder: SchemaBuilder) -> JSONValue? {
        .object(["pattern": .string(IntegerPattern.pattern(minimum: String(Key.min), maximum: String(Key.max)))])
    }
}

extension RawValueKeys: KeySchemaDescribing {
    func propertyNames(_ builder: SchemaBuilder) -> JSONValue? {
        guard let cases = CaseList.cases(of: Key.self) else {
            return raw.propertyNames(builder)
        }
        return .object(["enum": .array(cases.map { .string(print($0)) })])
    }
}

/// Regular expressions (ECMA-262, as JSON Schema uses) for integer texts within a range.
enum IntegerPattern {
    /// Matches exactly the canonical decimal texts (no sign on zero or positives, no leading
    /// zeros) of the integers from `minimum` to `maximum`, given as such texts with `minimum`
    /// at most zero and `maximum` at least zero.
    static func pattern(minimum: String, maximum: String) -> String {
        var alternatives = upTo(Array(maximum.utf8))
        if minimum.hasPrefix("-") {
            let magnitude = Array(minimum.utf8.dropFirst())
            let negatives = upTo(magnitude).filter { $0 != "0" }
            if !negatives.isEmpty { alternatives.append("-(?:" + negatives.joined(separator: "|") + ")") }
        }
        return "^(?:" + alternatives.joined(separator: "|") + ")$"
    }

    /// Alternatives matching 0 through `limit` (ASCII digits, no leading zeros).
    private static func upTo(_ limit: [UInt8]) -> [String] {
        let digits = limit.map { Int($0) - Int(UInt8(ascii: "0")) }
        var alternatives = ["0"]
        guard digits != [0] else { return alternatives }
        if digits.count >= 2 {
            alternatives.append(digits.count == 2 ? "[1-9]" : "[1-9][0-9]{0,\(digits.count - 2)}")
        }
        // Numbers with as many digits as the limit: the limit's first `position` digits, a
        // smaller digit, then any digits.
        for position in digits.indices {
            let lowest = position == 0 ? 1 : 0
            guard digits[position] > lowest else { continue }
            let prefix = digits[..<position].map(String.init).joined()
            let rest = digits.count - position - 1
            alternatives.append(prefix + range(lowest, digits[position] - 1) + (rest == 0 ? "" : rest == 1 ? "[0-9]" : "[0-9]{\(rest)}"))
        }
        alternatives.append(digits.map(String.init).joined())
        return alternatives
    }

    private static func range(_ low: Int, _ high: Int) -> String {
        low == high ? String(low) : "[\(low)-\(high)]"
    }
}
