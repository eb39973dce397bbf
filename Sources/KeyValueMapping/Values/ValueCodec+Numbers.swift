import Foundation

// Numbers are judged exactly, wherever they come from. Foundation values (`Int`, `UInt64`,
// `Double`, `Decimal`, NSNumber, NSDecimalNumber) are judged by their exact class and value;
// the reader and a parsed tree hand the number codecs the literal itself (`JSONScalar.literal`),
// judged from its text, so `1e-400` is a fraction and `1e400` an integer too large for any
// integer type, not the `0` and `inf` a Double would make of them. Each codec has one judgement
// for every source, and messages name the Swift value when it is the same number and the
// literal as written otherwise (see ``JSONNumber/valueDescription``).

/// How a number stands as an integer, judged exactly.
enum IntegerStanding {
    case signed(Int64)
    case unsigned(UInt64)
    /// Exactly an integer, beyond 64 bits (or an infinity).
    case beyond64Bits
    /// Not an integer: a fraction remains (or NaN).
    case fraction
}

extension IntegerStanding {
    /// How a Double stands: NaN is no integer, an infinity is beyond 64 bits.
    init(_ number: Double) {
        if number.isNaN {
            self = .fraction
        } else if number.isInfinite {
            self = .beyond64Bits
        } else if number.rounded(.towardZero) != number {
            self = .fraction
        } else if let integer = Int64(exactly: number) {
            self = .signed(integer)
        } else if let integer = UInt64(exactly: number) {
            self = .unsigned(integer)
        } else {
            self = .beyond64Bits
        }
    }

    /// How a Decimal stands, judged from its digits (a finite Decimal prints as a plain
    /// literal such as `-12.5`, never with an exponent).
    init(_ number: Decimal) {
        if let parts = DecimalParts(number) {
            self = parts.integerStanding
            return
        }
        guard !number.isNaN, let literal = JSONNumber(literal: number.description) else {
            self = .fraction
            return
        }
        self = literal.integerStanding
    }
}

extension JSONNumber {
    /// How this literal stands as an integer, from its text.
    var integerStanding: IntegerStanding {
        if let integer = int64Value { return .signed(integer) }
        if let integer = uint64Value { return .unsigned(integer) }
        return isIntegral ? .beyond64Bits : .fraction
    }
}

/// Every fixed-width integer type. Only exact conversions succeed: `1.0`, `1e2` and `"12"` convert;
/// `1.5`, `1e-400` and `1.0000000000000001` are not exact; `300` into `UInt8`, `2^63` into `Int`
/// and `1e400` into anything overflow.
struct IntegerCodec<Value: FixedWidthInteger & Sendable>: ValueCodec {
    var typeName: String { String(describing: Value.self) }

    @_specialize(exported: false, where Value == Int, Source == JSONReader)
    @_specialize(exported: false, where Value == Int, Source == FoundationSource)
    @_specialize(exported: false, where Value == Int, Source == TreeSource)
    @_specialize(exported: false, where Value == Int64, Source == JSONReader)
    @_specialize(exported: false, where Value == Int64, Source == FoundationSource)
    @_specialize(exported: false, where Value == Int64, Source == TreeSource)
    @_specialize(exported: false, kind: partial, where Source == JSONReader)
    @_specialize(exported: false, kind: partial, where Source == FoundationSource)
    @_specialize(exported: false, kind: partial, where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Value {
        if let integer = try source.readInteger() {
            // A range test, not `Value(exactly:)`: a `Value?` in this generic function would
            // have its metadata looked up on every call.
            guard Self.holds(integer) else { throw MappingError.overflow(expected: typeName, found: JSONNumber(integer)) }
            return Value(truncatingIfNeeded: integer)
        }
        return try convert(try source.readScalarValue(session), session)
    }

    /// Whether `integer` is a value of `Value`.
    @inline(__always)
    static func holds(_ integer: Int64) -> Bool {
        let width = Value.bitWidth
        if Value.isSigned {
            return width >= 64 || (integer >= -(1 << (width - 1)) && integer < 1 << (width - 1))
        }
        return integer >= 0 && (width >= 64 || integer < 1 << width)
    }

    // The codec is created for a type known only at run time; these let the common widths
    // run specialised code instead of generic integer arithmetic.
    @_specialize(where Value == Int)
    @_specialize(where Value == Int64)
    @_specialize(where Value == Int32)
    @_specialize(where Value == UInt64)
    @_specialize(where Value == UInt8)
    func convert(_ value: Any, _ session: DecodingSession) throws -> Value {
        // The overwhelmingly common case: a native Int from a literal or JSONSerialization's bridge.
        if type(of: value) == Int.self, let number = value as? Int {
            guard let result = Value(exactly: number) else { throw MappingError.overflow(expected: typeName, found: value) }
            return result
        }
        // The classification is switched on where it is made: a JSONScalar kept in a variable
        // and matched again would be copied, payload and all.
        switch JSONScalar(value) {
        case .int(let number):
            if let result = Value(exactly: number) { return result }
            throw MappingError.overflow(expected: typeName, found: value)
        case .uint(let number):
            if let result = Value(exactly: number) { return result }
            throw MappingError.overflow(expected: typeName, found: value)
        case .double(let number):
            return try convert(IntegerStanding(number), original: value)
        case .decimal(let number):
            return try convert(IntegerStanding(number), original: value)
        case .literal(let number):
            return try convert(number.integerStanding, original: value)
        case .string(let text) where !session.isStrict:
            return try fromText(text, original: value)
        default:
            throw MappingError.typeMismatch(expected: typeName, found: value)
        }
    }

    func encode(_ value: Value, _ session: EncodingSession) throws -> Any {
        if let native = Int(exactly: value) { return native }
        return UInt64(truncatingIfNeeded: value)
    }

    var alwaysPassesThrough: Bool { Value.self == Int.self }

    private func convert(_ standing: IntegerStanding, original: Any) throws -> Value {
        switch standing {
        case .signed(let integer):
            if let result = Value(exactly: integer) { return result }
        case .unsigned(let integer):
            if let result = Value(exactly: integer) { return result }
        case .beyond64Bits:
            break
        case .fraction:
            throw MappingError.notExact(expected: typeName, found: original)
        }
        throw MappingError.overflow(expected: typeName, found: original)
    }

    // Integer text parses directly; other numeric text is judged as the number it spells.
    private func fromText(_ text: String, original: Any) throws -> Value {
        if let result = Value(text, radix: 10) { return result }
        guard let literal = NumericText.literal(text) else {
            throw MappingError.typeMismatch(expected: typeName, found: original)
        }
        return try convert(literal.integerStanding, original: original)
    }
}

/// `Double`: an integer within 64 bits converts only when exact (|n| ≤ 2^53 or exactly
/// representable); any other number, and numeric text, rounds correctly to the nearest Double
/// (an NSDecimalNumber from its exact digits); beyond ±1.8e308, NaN and infinities are errors.
struct DoubleCodec: ValueCodec {
    var typeName: String { "Double" }

    // An infinity can only come from a reader that overflowed; say so, not "inf".
    static let outOfRange = MappingError.overflow(expected: "Double", found: Double.infinity)

    @_specialize(where Source == JSONReader)
    @_specialize(where Source == FoundationSource)
    @_specialize(where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Double {
        if let number = try source.readDouble() { return number }
        // A literal the fast route left (more digits than it reads exactly) is judged as it is,
        // without passing through `Any` and the classifier.
        if let literal = try source.readNumberLiteral() { return try Self.convert(literal) }
        return try convert(try source.readScalarValue(session), session)
    }

    func convert(_ value: Any, _ session: DecodingSession) throws -> Double {
        if type(of: value) == Double.self, let number = value as? Double {
            if number.isFinite { return number }
            throw Self.nonFinite(number, original: value)
        }
        switch JSONScalar(value) {
        case .double(let number):
            if number.isFinite { return number }
            throw Self.nonFinite(number, original: value)
        case .int(let number):
            if let result = Double(exactly: number) { return result }
            throw MappingError.notExact(expected: typeName, found: value)
        case .uint(let number):
            if let result = Double(exactly: number) { return result }
            throw MappingError.notExact(expected: typeName, found: value)
        case .decimal(let number):
            return try Self.nearest(to: number, original: value)
        case .literal(let number):
            return try Self.convert(number, original: value)
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

    /// A literal: an integer literal within 64 bits must be exact; any other literal rounds to
    /// the nearest Double (bit-identical to `Double(String)`), and must not overflow.
    static func convert(_ number: JSONNumber) throws -> Double {
        if !number.isInteger, let result = number.doubleValue { return result }
        return try convert(number, original: number)
    }

    /// ``convert(_:)`` with the value an error names.
    static func convert(_ number: JSONNumber, original: Any) throws -> Double {
        if number.isInteger {
            if let integer = number.int64Value {
                // `-0` is an integer literal whose sign only a floating-point value keeps, as
                // the reader's fast route and JSONDecoder keep it.
                if integer == 0, number.isNegative { return -0.0 }
                if let result = Double(exactly: integer) { return result }
                throw MappingError.notExact(expected: "Double", found: original)
            }
            if let integer = number.uint64Value {
                if let result = Double(exactly: integer) { return result }
                throw MappingError.notExact(expected: "Double", found: original)
            }
        }
        guard let result = number.doubleValue else { throw MappingError.overflow(expected: "Double", found: original) }
        return result
    }

    /// The Double nearest a Decimal's exact digits (`NSDecimalNumber.doubleValue` is often an
    /// ulp or more away).
    static func nearest(to number: Decimal, original: Any, expected: String = "Double") throws -> Double {
        guard let result = number.nearestDouble else {
            throw MappingError.invalidValue(expected: expected, found: original, detail: "not a number")
        }
        if result.isFinite { return result }
        throw MappingError.overflow(expected: expected, found: original)
    }

    private static func nonFinite(_ number: Double, original: Any) -> MappingError {
        if number.isNaN { return MappingError.invalidValue(expected: "Double", found: original, detail: "not a number") }
        return outOfRange
    }

    func encode(_ value: Double, _ session: EncodingSession) throws -> Any {
        guard value.isFinite else { throw MappingError(.nonFiniteNumber("Double \(value)")) }
        return value
    }

    func passesThrough(_ values: [Double]) -> Bool { values.allSatisfy(\.isFinite) }
}

/// `Float`: any finite number within Float's range converts to the nearest Float (through the
/// nearest Double, as the dictionary path holds it); beyond it (`1e39`) is an overflow.
struct FloatCodec: ValueCodec {
    var typeName: String { "Float" }

    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Float {
        try convert(try source.readScalarValue(session), session)
    }

    func convert(_ value: Any, _ session: DecodingSession) throws -> Float {
        let number: Double
        switch JSONScalar(value) {
        case .int(let integer):
            return Float(integer)
        case .uint(let integer):
            return Float(integer)
        case .double(let double):
            guard !double.isNaN else { throw MappingError.invalidValue(expected: typeName, found: value, detail: "not a number") }
            number = double
        case .decimal(let decimal):
            number = try DoubleCodec.nearest(to: decimal, original: value, expected: typeName)
        case .literal(let literal):
            if literal.isInteger, let integer = literal.int64Value { return integer == 0 && literal.isNegative ? -0.0 : Float(integer) }
            if literal.isInteger, let integer = literal.uint64Value { return Float(integer) }
            guard let double = literal.doubleValue else { throw MappingError.overflow(expected: typeName, found: value) }
            number = double
        case .string(let text) where !session.isStrict:
            guard NumericText.isNumber(text), let double = Double(text) else {
                throw MappingError.typeMismatch(expected: typeName, found: value)
            }
            number = double
        default:
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

/// `Decimal` keeps every digit it can hold (38): literals, text and NSDecimalNumber go straight
/// in, Doubles through their shortest text. A number beyond Decimal's range is an overflow; a
/// non-zero one too small for it (`1e-400`) is not exact.
struct DecimalCodec: ValueCodec {
    var typeName: String { "Decimal" }

    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Decimal {
        try Self.convert(try source.readScalarValue(session), acceptsText: !session.isStrict)
    }

    /// A number (or, when `acceptsText`, numeric text) → Decimal; shared with ``DecimalTransformer``.
    static func convert(_ value: Any, acceptsText: Bool) throws -> Decimal {
        switch JSONScalar(value) {
        case .decimal(let number):
            guard !number.isNaN else { throw MappingError.invalidValue(expected: "Decimal", found: value, detail: "not a number") }
            return number
        case .int(let number): return Decimal(number)
        case .uint(let number): return Decimal(number)
        case .double(let number):
            guard !number.isNaN else { throw MappingError.invalidValue(expected: "Decimal", found: value, detail: "not a number") }
            guard number.isFinite, let literal = JSONNumber(number) else { throw MappingError.overflow(expected: "Decimal", found: value) }
            return try decimal(literal, original: value)
        case .literal(let number):
            return try decimal(number, original: value)
        case .string(let text) where acceptsText:
            guard let literal = NumericText.literal(text) else {
                throw MappingError.invalidValue(expected: "Decimal", found: value, detail: "not a decimal number")
            }
            return try decimal(literal, original: value)
        default:
            throw MappingError.typeMismatch(expected: "Decimal", found: value)
        }
    }

    private static func decimal(_ number: JSONNumber, original: Any) throws -> Decimal {
        if let result = number.decimalValue { return result }
        // Out of Decimal's range one way or the other: about 1e-128 to 1e127.
        if number.shape.scale >= 0 { throw MappingError.overflow(expected: "Decimal", found: original) }
        if let magnitude = number.doubleValue.map(abs), magnitude < 1 {
            throw MappingError.notExact(expected: "Decimal", found: original)
        }
        throw MappingError.overflow(expected: "Decimal", found: original)
    }

    func encode(_ value: Decimal, _ session: EncodingSession) throws -> Any {
        guard value.isFinite else { throw MappingError(.nonFiniteNumber("Decimal \(value)")) }
        return value
    }
}

/// Checks on numeric text shared by the number codecs.
enum NumericText {
    /// Numeric text (``isNumber(_:)``) as the JSON literal it spells: a leading `+` and
    /// leading zeros dropped (`+007.50` → `7.50`); `nil` for text that is not a number.
    static func literal(_ text: String) -> JSONNumber? {
        guard isNumber(text) else { return nil }
        var bytes = Array(text.utf8)
        var sign: [UInt8] = []
        if bytes.first == UInt8(ascii: "+") { bytes.removeFirst() }
        if bytes.first == UInt8(ascii: "-") { sign = [bytes.removeFirst()] }
        var leadingZeros = 0
        while leadingZeros + 1 < bytes.count, bytes[leadingZeros] == UInt8(ascii: "0"),
              bytes[leadingZeros + 1] >= UInt8(ascii: "0"), bytes[leadingZeros + 1] <= UInt8(ascii: "9") {
            leadingZeros += 1
        }
        return JSONNumber(literal: String(decoding: sign + bytes[leadingZeros...], as: UTF8.self))
    }

    /// How many significant digits a plain decimal literal such as `Decimal.description` has.
    static func significantDigits(_ text: String) -> Int {
        JSONNumber(literal: text)?.shape.significantDigits ?? 0
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
