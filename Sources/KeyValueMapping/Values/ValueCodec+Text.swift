import Foundation

/// `Bool`: JSON `true`/`false`; leniently also the numbers 1 and 0 (exactly: `1.0` and `1e0` too,
/// never `1.0000000000000001`) and the text `true`/`false`/`yes`/`no`/`1`/`0` (any letter case).
/// Any other number or text is an error.
struct BoolCodec: ValueCodec {
    var typeName: String { "Bool" }

    @_specialize(where Source == JSONReader)
    @_specialize(where Source == FoundationSource)
    @_specialize(where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Bool {
        if let flag = try source.readBool() { return flag }
        return try convert(try source.readScalarValue(session), session)
    }

    func convert(_ value: Any, _ session: DecodingSession) throws -> Bool {
        switch JSONScalar(value) {
        case .bool(let flag):
            return flag
        case .string(let text) where !session.isStrict:
            switch text.lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: throw MappingError.invalidValue(expected: typeName, found: value, detail: "text must be true, false, yes, no, 1 or 0")
            }
        case .int(let number) where !session.isStrict:
            return try flag(.signed(number), original: value)
        case .uint(let number) where !session.isStrict:
            return try flag(.unsigned(number), original: value)
        case .double(let number) where !session.isStrict:
            return try flag(IntegerStanding(number), original: value)
        case .decimal(let number) where !session.isStrict:
            return try flag(IntegerStanding(number), original: value)
        case .literal(let number) where !session.isStrict:
            return try flag(number.integerStanding, original: value)
        default:
            throw MappingError.typeMismatch(expected: typeName, found: value)
        }
    }

    /// A number as a flag: exactly 1 or 0.
    private func flag(_ standing: IntegerStanding, original: Any) throws -> Bool {
        switch standing {
        case .signed(1), .unsigned(1): return true
        case .signed(0), .unsigned(0): return false
        case .fraction: throw MappingError.notExact(expected: typeName, found: original)
        case .signed, .unsigned, .beyond64Bits:
            throw MappingError.invalidValue(expected: typeName, found: original, detail: "only 1 and 0 convert to Bool")
        }
    }

    func encode(_ value: Bool, _ session: EncodingSession) throws -> Any { value }

    var alwaysPassesThrough: Bool { true }
}

/// `String`: JSON text; leniently also numbers, as their exact text: the literal as written on
/// the bytes path (`1.0000000000000001`, `1e400`), the Swift value's own text on the dictionary
/// path (`12` → `"12"`, `2.5` → `"2.5"`, an NSDecimalNumber's digits).
struct StringCodec: ValueCodec {
    var typeName: String { "String" }

    @_specialize(where Source == JSONReader)
    @_specialize(where Source == FoundationSource)
    @_specialize(where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> String {
        if let text = try source.readText() { return text }
        return try convert(try source.readScalarValue(session), session)
    }

    func convert(_ value: Any, _ session: DecodingSession) throws -> String {
        if let text = value as? String { return text }
        switch JSONScalar(value) {
        case .string(let text): return text
        case .int(let integer) where !session.isStrict: return String(integer)
        case .uint(let integer) where !session.isStrict: return String(integer)
        case .literal(let literal) where !session.isStrict: return literal.description
        case .double(let double) where !session.isStrict:
            // Swift's shortest text that reads back as the same Double (`2.5`, `1e-05`).
            if double.isFinite { return double.description }
            if double.isNaN { throw MappingError.invalidValue(expected: typeName, found: value, detail: "not a number") }
            throw MappingError.overflow(expected: typeName, found: value)
        case .decimal(let decimal) where !session.isStrict:
            if decimal.isNaN { throw MappingError.invalidValue(expected: typeName, found: value, detail: "not a number") }
            return decimal.description
        default: throw MappingError.typeMismatch(expected: typeName, found: value)
        }
    }

    func encode(_ value: String, _ session: EncodingSession) throws -> Any { value }

    var alwaysPassesThrough: Bool { true }
}

/// `Character`: text of exactly one extended grapheme cluster; written as a one-character string.
struct CharacterCodec: ValueCodec {
    var typeName: String { "Character" }

    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Character {
        try convert(try source.readScalarValue(session))
    }

    func convert(_ value: Any) throws -> Character {
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
