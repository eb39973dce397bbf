import Foundation

// Renders offending JSON values for messages, short enough for a log line.
enum ValueDescription {
    static let maximumLength = 40

    /// `String "twelve"`, `Int 300`, `Double 1.5`, `Number 1e400`, `Bool true`, `null`,
    /// `Array (3 elements)`.
    static func describe(_ value: Any) -> String {
        switch JSONScalar(value) {
        case .null: return "null"
        case .bool(let flag): return "Bool \(flag)"
        case .int(let number): return "Int \(number)"
        case .uint(let number): return "Int \(number)"
        case .double(let number):
            // A JSON number never is infinite: an infinity means a reader overflowed.
            if number.isInfinite { return "a number beyond ±1.8e308" }
            return "Double \(number)"
        case .decimal(let number): return "Number \(number)"
        case .literal(let number): return number.valueDescription
        case .string(let text): return "String \(quoted(text))"
        case .array(let elements): return array(count: elements.count)
        case .dictionary(let members): return dictionary(count: members.count)
        case .other(let summary as ContainerSummary): return summary.description
        case .other(let other): return "\(type(of: other))"
        }
    }

    /// `Array (1 element)`, `Array (3 elements)`.
    static func array(count: Int) -> String {
        "Array (\(count) \(count == 1 ? "element" : "elements"))"
    }

    /// `Dictionary (1 key)`, `Dictionary (2 keys)`.
    static func dictionary(count: Int) -> String {
        "Dictionary (\(count) \(count == 1 ? "key" : "keys"))"
    }

    static func quoted(_ text: String) -> String {
        var body = text
        if body.count > maximumLength { body = String(body.prefix(maximumLength)) + "…" }
        return "\"" + body.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

extension MappingError {
    static func typeMismatch(expected: String, found value: Any) -> MappingError {
        let found = ValueDescription.describe(value)
        if case .null = JSONScalar(value) {
            return MappingError(.nullForNonOptional(expected: expected), foundValue: found)
        }
        return MappingError(.typeMismatch(expected: expected, found: found), foundValue: found)
    }

    static func overflow(expected: String, found value: Any) -> MappingError {
        let found = ValueDescription.describe(value)
        return MappingError(.overflow(expected: expected, found: found), foundValue: found)
    }

    static func notExact(expected: String, found value: Any) -> MappingError {
        let found = ValueDescription.describe(value)
        return MappingError(.notExact(expected: expected, found: found), foundValue: found)
    }

    static func invalidValue(expected: String, found value: Any, detail: String, underlying: (any Error)? = nil) -> MappingError {
        let found = ValueDescription.describe(value)
        return MappingError(.invalidValue(expected: expected, found: found, detail: detail), foundValue: found, underlyingError: underlying)
    }
}
