import Foundation

/// `Bool`: JSON `true`/`false`; leniently also `1`/`0` and the text `true`/`false`/`yes`/`no`/`1`/`0`
/// (any letter case). Any other number or text is an error.
struct BoolCodec: ValueCodec {
    var typeName: String { "Bool" }

    func decode(_ value: Any, _ session: DecodingSession) throws -> Bool {
        switch JSONScalar(value) {
        case .bool(let flag):
            return flag
        case .int(let number) where !session.isStrict && (number == 0 || number == 1):
            return number == 1
        case .uint(let number) where !session.isStrict && (number == 0 || number == 1):
            return number == 1
        case .double(let number) where !session.isStrict && (number == 0 || number == 1):
            return number == 1
        case .string(let text) where !session.isStrict:
            switch text.lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: throw MappingError.invalidValue(expected: typeName, found: value, detail: "text must be true, false, yes, no, 1 or 0")
            }
        case .int, .uint, .double:
            if session.isStrict { throw MappingError.typeMismatch(expected: typeName, found: value) }
            throw MappingError.invalidValue(expected: typeName, found: value, detail: "only 1 and 0 convert to Bool")
        default:
            throw MappingError.typeMismatch(expected: typeName, found: value)
        }
    }

    func encode(_ value: Bool, _ session: EncodingSession) throws -> Any { value }

    func decode(json: JSONValue, _ session: DecodingSession) throws -> Bool {
        if case .bool(let flag) = json { return flag }
        return try decode(json.foundationValue(), session)
    }
    var alwaysPassesThrough: Bool { true }
}

/// `String`: JSON text; leniently also numbers, written as their shortest exact text (`12` → `"12"`).
struct StringCodec: ValueCodec {
    var typeName: String { "String" }

    func decode(_ value: Any, _ session: DecodingSession) throws -> String {
        if let text = value as? String { return text }
        switch JSONScalar(value) {
        case .string(let text): return text
        case .int(let number) where !session.isStrict: return String(number)
        case .uint(let number) where !session.isStrict: return String(number)
        case .double(let number) where !session.isStrict:
            if number.rounded(.towardZero) == number, let integer = Int64(exactly: number) { return String(integer) }
            return number.description
        case .decimal(let number) where !session.isStrict: return number.description
        default: throw MappingError.typeMismatch(expected: typeName, found: value)
        }
    }

    func encode(_ value: String, _ session: EncodingSession) throws -> Any { value }

    func decode(json: JSONValue, _ session: DecodingSession) throws -> String {
        if case .string(let text) = json { return text }
        return try decode(json.foundationValue(), session)
    }
    var alwaysPassesThrough: Bool { true }
}

/// `Character`: text of exactly one extended grapheme cluster; written as a one-character string.
struct CharacterCodec: ValueCodec {
    var typeName: String { "Character" }

    func decode(_ value: Any, _ session: DecodingSession) throws -> Character {
        guard case .string(let text) = JSONScalar(value) else {
            throw MappingError.typeMismatch(expected: typeName, found: value)
        }
        guard text.count == 1, let character = text.first else {
            throw MappingError.invalidValue(expected: typeName, found: value, detail: "text must be exactly one character")
        }
        return character
    }

    func encode(_ value: Character, _ session: EncodingSession) throws -> Any { String(value) }
}
