import Foundation

/// Every fixed-width integer type. Only exact conversions succeed: `1.0` → `1`, `"12"` → `12`;
/// `1.5` is not exact, `300` into `UInt8` and `2^63` into `Int` overflow.
struct IntegerCodec<Value: FixedWidthInteger & Sendable>: ValueCodec {
    var typeName: String { String(describing: Value.self) }

    // The codec is created for a type known only at run time; these let the common widths
    // run specialised code instead of generic integer arithmetic.
    @_specialize(where Value == Int)
    @_specialize(where Value == Int64)
    @_specialize(where Value == Int32)
    @_specialize(where Value == UInt64)
    @_specialize(where Value == UInt8)
    func decode(_ value: Any, _ session: DecodingSession) throws -> Value {
        // The overwhelmingly common case: a native Int from a literal or JSONSerialization's bridge.
        if type(of: value) == Int.self, let number = value as? Int {
            guard let result = Value(exactly: number) else { throw MappingError.overflow(expected: typeName, found: value) }
            return result
        }
        switch JSONScalar(value) {
        case .int(let number):
            if let result = Value(exactly: number) { return result }
            throw MappingError.overflow(expected: typeName, found: value)
        case .uint(let number):
            if let result = Value(exactly: number) { return result }
            throw MappingError.overflow(expected: typeName, found: value)
        case .double(let number):
            return try fromDouble(number, original: value)
        case .decimal(let number):
            return try fromText(number.description, original: value)
        case .string(let text) where !session.isStrict:
            return try fromText(text, original: value)
        default:
            throw MappingError.typeMismatch(expected: typeName, found: value)
        }
    }

    @_specialize(where Value == Int)
    @_specialize(where Value == Int64)
    @_specialize(where Value == Int32)
    @_specialize(where Value == UInt64)
    @_specialize(where Value == UInt8)
    // Bytes path: an integer literal converts straight from its text; anything else takes the
    // general route, which also words any error exactly as the dictionary path does.
    func decode(json: JSONValue, _ session: DecodingSession) throws -> Value {
        if case .number(let number) = json, let integer = number.int64Value, let result = Value(exactly: integer) {
            return result
        }
        return try decode(json.foundationValue(), session)
    }

    func encode(_ value: Value, _ session: EncodingSession) throws -> Any {
        if let native = Int(exactly: value) { return native }
        return UInt64(truncatingIfNeeded: value)
    }

    var alwaysPassesThrough: Bool { Value.self == Int.self }

    private func fromDouble(_ number: Double, original: Any) throws -> Value {
        guard number.isFinite, number.rounded(.towardZero) == number else {
            throw MappingError.notExact(expected: typeName, found: original)
        }
        guard let result = Value(exactly: number) else {
            throw MappingError.overflow(expected: typeName, found: original)
        }
        return result
    }

    // Integer text parses exactly; other numeric text is either fractional (not exact) or,
    // when integral, out of range.
    private func fromText(_ text: String, original: Any) throws -> Value {
        if let result = Value(text, radix: 10) { return result }
        if NumericText.isInteger(text) {
            throw MappingError.overflow(expected: typeName, found: original)
        }
        if let decimal = NumericText.decimal(text) {
            var rounded = Decimal()
            var source = decimal
            NSDecimalRound(&rounded, &source, 0, .plain)
            if rounded != decimal { throw MappingError.notExact(expected: typeName, found: original) }
            if let result = Value(rounded.description, radix: 10) { return result }
            throw MappingError.overflow(expected: typeName, found: original)
        }
        throw MappingError.typeMismatch(expected: typeName, found: original)
    }
}

/// `Double`: integers convert only when exact (|n| ≤ 2^53 or exactly representable);
/// numeric text parses with correct rounding; NaN and infinities are rejected.
struct DoubleCodec: ValueCodec {
    var typeName: String { "Double" }

    // A literal such as 1e400 reaches us as infinity; say what it was, not "inf".
    static let outOfRange = MappingError(.overflow(expected: "Double", found: "a number beyond ±1.8e308"), foundValue: "a number beyond ±1.8e308")

    func decode(_ value: Any, _ session: DecodingSession) throws -> Double {
        if type(of: value) == Double.self, let number = value as? Double {
            if number.isFinite { return number }
            throw Self.outOfRange
        }
        if ObjectIdentifier(type(of: value)) == JSONScalar.decimalNumberClass, let decimal = value as? NSDecimalNumber {
            // Long literals arrive as NSDecimalNumber; convert directly rather than through Decimal.
            let number = decimal.doubleValue
            if number.isFinite { return number }
            throw MappingError.overflow(expected: typeName, found: value)
        }
        let scalar = JSONScalar(value)
        if case .double(let number) = scalar {
            if number.isFinite { return number }
            throw Self.outOfRange
        }
        switch scalar {
        case .double(let number):
            return number
        case .int(let number):
            if let result = Double(exactly: number) { return result }
            throw MappingError.notExact(expected: typeName, found: value)
        case .uint(let number):
            if let result = Double(exactly: number) { return result }
            throw MappingError.notExact(expected: typeName, found: value)
        case .decimal(let number):
            let result = NSDecimalNumber(decimal: number).doubleValue
            if result.isFinite { return result }
            throw MappingError.overflow(expected: typeName, found: value)
        case .string(let text) where !session.isStrict:
            guard NumericText.isNumber(text), let result = Double(text) else {
                throw MappingError.typeMismatch(expected: typeName, found: value)
            }
            if result.isFinite { return result }
            throw MappingError.overflow(expected: typeName, found: value)
        default:
            throw MappingError.typeMismatch(expected: typeName, found: value)
        }
    }

    func encode(_ value: Double, _ session: EncodingSession) throws -> Any {
        guard value.isFinite else { throw MappingError(.nonFiniteNumber("Double \(value)")) }
        return value
    }

    func passesThrough(_ values: [Double]) -> Bool { values.allSatisfy(\.isFinite) }

    func decode(json: JSONValue, _ session: DecodingSession) throws -> Double {
        if case .number(let number) = json, let result = number.doubleValue, number.isExactlyRepresentableAsDouble(result) {
            return result
        }
        return try decode(json.foundationValue(), session)
    }
}

/// `Float`: any finite number within Float's range converts to the nearest Float;
/// beyond it (`1e39`) is an overflow.
struct FloatCodec: ValueCodec {
    var typeName: String { "Float" }

    func decode(_ value: Any, _ session: DecodingSession) throws -> Float {
        let number: Double
        do {
            number = try DoubleCodec().decode(value, session)
        } catch let error as MappingError {
            guard case .typeMismatch = error.reason else { throw error }
            throw MappingError.typeMismatch(expected: typeName, found: value)
        }
        // Overflow means rounding to Float gives infinity; 3.4028235e38 (how Float.max prints)
        // still rounds to Float.max, so every Float's own text reads back.
        let result = Float(number)
        guard result.isFinite else {
            throw MappingError.overflow(expected: typeName, found: value)
        }
        return result
    }

    func encode(_ value: Float, _ session: EncodingSession) throws -> Any {
        guard value.isFinite else { throw MappingError(.nonFiniteNumber("Float \(value)")) }
        // Through the shortest decimal text so 0.1 as Float is written as 0.1, not 0.100000001490116.
        return Double(value.description) ?? Double(value)
    }
}

/// `Decimal` keeps every digit it can hold: text and NSDecimalNumber go straight in, Doubles
/// through their shortest text.
struct DecimalCodec: ValueCodec {
    var typeName: String { "Decimal" }

    func decode(_ value: Any, _ session: DecodingSession) throws -> Decimal {
        try Self.convert(value, acceptsText: !session.isStrict)
    }

    /// A number (or, when `acceptsText`, numeric text) → Decimal; shared with ``DecimalTransformer``.
    static func convert(_ value: Any, acceptsText: Bool) throws -> Decimal {
        switch JSONScalar(value) {
        case .decimal(let number): return number
        case .int(let number): return Decimal(number)
        case .uint(let number): return Decimal(number)
        case .double(let number):
            if let result = NumericText.decimal(number.description) { return result }
            throw MappingError.invalidValue(expected: "Decimal", found: value, detail: "not a finite number")
        case .string(let text) where acceptsText:
            if let result = NumericText.decimal(text) { return result }
            throw MappingError.invalidValue(expected: "Decimal", found: value, detail: "not a decimal number")
        default:
            throw MappingError.typeMismatch(expected: "Decimal", found: value)
        }
    }

    func encode(_ value: Decimal, _ session: EncodingSession) throws -> Any {
        guard value.isFinite else { throw MappingError(.nonFiniteNumber("Decimal \(value)")) }
        return value
    }
}

/// Checks on numeric text shared by the number codecs.
enum NumericText {
    /// `-?[0-9]+`
    static func isInteger(_ text: String) -> Bool {
        var digits = text.utf8[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// A JSON-style number (`-12`, `1.5`, `1e3`) as a Decimal; `nil` for anything else,
    /// including text `Decimal(string:)` would only partly read.
    static func decimal(_ text: String) -> Decimal? {
        guard isNumber(text) else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// The JSON number grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, plus leading
    /// zeros and a leading `+`, which people write in text fields.
    static func isNumber(_ text: String) -> Bool {
        var index = text.utf8.startIndex
        let bytes = text.utf8
        func digits() -> Int {
            var count = 0
            while index < bytes.endIndex, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                bytes.formIndex(after: &index)
                count += 1
            }
            return count
        }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            bytes.formIndex(after: &index)
        }
        guard digits() > 0 else { return false }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            bytes.formIndex(after: &index)
            guard digits() > 0 else { return false }
        }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            bytes.formIndex(after: &index)
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                bytes.formIndex(after: &index)
            }
            guard digits() > 0 else { return false }
        }
        return index == bytes.endIndex
    }
}
