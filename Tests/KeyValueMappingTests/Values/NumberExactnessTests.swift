import Foundation
import Testing
import KeyValueMapping

/// One property of every type a JSON number can go into.
struct NumberTargets: Mappable {
    var int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    var bool = false
    var double = 0.0
    var float: Float = 0
    var decimal = Decimal(0)
    var string = ""
    var any: Any = 0
    var level = Level.low
    var date = Date(timeIntervalSince1970: 0)
}

/// What each path makes of `{"<key>": <json>}`: the dictionary path reads the text with
/// JSONSerialization, as an app would (`nil` when JSONSerialization rejects the text), the
/// bytes path with the library's own reader. Each is the decoded property or `error: …`.
func numberOutcomes(_ key: String, _ json: String, decoder: KeyValueDecoder = KeyValueDecoder()) -> (dictionary: String?, bytes: String) {
    let text = "{\"\(key)\": \(json)}"
    var dictionary: String?
    if let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] {
        dictionary = render(key, dictionary: object, into: NumberTargets.self, decoder: decoder)
    }
    let bytes: String
    do {
        bytes = propertyDescription(key, of: try decoder.decode(NumberTargets.self, fromJSON: Data(text.utf8)))
    } catch {
        bytes = "error: \(error)"
    }
    return (dictionary, bytes)
}

/// A row: a JSON number into one property, and what each path gives. Where the two differ the
/// difference is JSONSerialization's: it has already turned the text into a Double (`1e-400` is
/// `0.0`, `1e2` is `100.0`) or a Decimal of 38 digits, or it rejects the document (`1e400`).
struct NumberCase: Sendable, CustomTestStringConvertible {
    let key: String
    let json: String
    /// `nil`: JSONSerialization rejects the document, so the dictionary path never sees it.
    let dictionary: String?
    let bytes: String

    init(_ key: String, _ json: String, dictionary: String?, bytes: String) {
        self.key = key
        self.json = json
        self.dictionary = dictionary
        self.bytes = bytes
    }

    /// Both paths give `expected`.
    init(_ key: String, _ json: String, _ expected: String) {
        self.init(key, json, dictionary: expected, bytes: expected)
    }

    var testDescription: String { "\(key) <- \(json.prefix(60))" }
}

/// A `Double` and a `Float` for the sign of zero.
struct SignedZero: Mappable {
    var double = 1.0
    var float: Float = 1
}

@Suite struct NumberExactnessTests {
    /// `-0` and `-0.0` keep their sign in floating-point properties on every bytes route (the
    /// reader's fast route, a parsed tree, `at:`), as `JSONDecoder` keeps it; `JSONSerialization`
    /// gives the dictionary path an integer zero for `-0`.
    @Test(arguments: ["-0", "-0.0", "-0e0"], DecodeRoute.allCases)
    func negativeZeroKeepsItsSign(_ literal: String, _ route: DecodeRoute) {
        let outcome = route.outcome(SignedZero.self, #"{"double": \#(literal), "float": \#(literal)}"#) { "\($0.double) \($0.float)" }
        #expect(outcome == (route.readsBytes || literal != "-0" ? "-0.0 -0.0" : "0.0 0.0"), "\(route)")
    }

    static let huge = "1" + String(repeating: "0", count: 10_000)
    static let hugePrefix = "1" + String(repeating: "0", count: 39) + "…"
    static let tiny = "0." + String(repeating: "0", count: 42) + "1"
    static let nearOne = "1." + String(repeating: "0", count: 41) + "1"
    static let nearOnePrefix = "1." + String(repeating: "0", count: 38) + "…"
    static let fortyTwoDigits = "123456789012345678901234567890123456789012"
    static let decimalDigits = "123456789012345678901234567890123456789000"
    static let pi = "3.14159265358979323846264338327950288419716939937510"
    /// Just under 10, with more digits than Decimal keeps and an exponent that only the dropped
    /// digits bring into Decimal's range (found by attacking the change: it was an overflow).
    static let nines = String(repeating: "9", count: 401) + "e-400"
    static let ninesPrefix = String(repeating: "9", count: 40) + "…"

    /// Issue #12, section 4, case by case, for every target type.
    static let issueCases: [NumberCase] = [
        // Too large for a Double: never `inf`, and the message names the literal.
        NumberCase("int", "1e400", dictionary: nil, bytes: "error: int: Number 1e400 does not fit in Int"),
        NumberCase("int64", "1e400", dictionary: nil, bytes: "error: int64: Number 1e400 does not fit in Int64"),
        NumberCase("uint64", "1e400", dictionary: nil, bytes: "error: uint64: Number 1e400 does not fit in UInt64"),
        NumberCase("int8", "-1e400", dictionary: nil, bytes: "error: int8: Number -1e400 does not fit in Int8"),
        NumberCase("decimal", "1e400", dictionary: nil, bytes: "error: decimal: Number 1e400 does not fit in Decimal"),
        NumberCase("bool", "1e400", dictionary: nil, bytes: "error: bool: expected Bool, found Number 1e400 (only 1 and 0 convert to Bool)"),
        NumberCase("double", "1e400", dictionary: nil, bytes: "error: double: Number 1e400 does not fit in Double"),
        NumberCase("float", "-1e400", dictionary: nil, bytes: "error: float: Number -1e400 does not fit in Float"),
        NumberCase("any", "1e400", dictionary: nil, bytes: "error: any: Number 1e400 does not fit in Double"),
        NumberCase("level", "1e400", dictionary: nil, bytes: "error: level: Number 1e400 does not fit in Int"),
        NumberCase("date", "1e400", dictionary: nil, bytes: "error: date: Number 1e400 does not fit in Double"),
        NumberCase("string", "1e400", dictionary: nil, bytes: "1e400"),
        NumberCase("string", "-1E+400", dictionary: nil, bytes: "-1E+400"),
        NumberCase("string", huge, dictionary: nil, bytes: huge),
        NumberCase("int", huge, dictionary: nil, bytes: "error: int: Number \(hugePrefix) does not fit in Int"),
        NumberCase("double", huge, dictionary: nil, bytes: "error: double: Number \(hugePrefix) does not fit in Double"),
        NumberCase("decimal", huge, dictionary: nil, bytes: "error: decimal: Number \(hugePrefix) does not fit in Decimal"),
        // Fractions are never integers. JSONSerialization reads 1e-400 as 0.0 and the 43-digit
        // 1.000…1 as the Decimal 1, so the dictionary path cannot tell them from 0 and 1.
        NumberCase("int", "1e-400", dictionary: "0", bytes: "error: int: Number 1e-400 is not exactly representable as Int"),
        NumberCase("uint64", "1e-400", dictionary: "0", bytes: "error: uint64: Number 1e-400 is not exactly representable as UInt64"),
        NumberCase("bool", "1e-400", dictionary: "false", bytes: "error: bool: Number 1e-400 is not exactly representable as Bool"),
        NumberCase("int", tiny, dictionary: "error: int: Number \(tiny) is not exactly representable as Int",
                   bytes: "error: int: Double 1e-43 is not exactly representable as Int"),
        NumberCase("uint64", tiny, dictionary: "error: uint64: Number \(tiny) is not exactly representable as UInt64",
                   bytes: "error: uint64: Double 1e-43 is not exactly representable as UInt64"),
        NumberCase("bool", tiny, dictionary: "error: bool: Number \(tiny) is not exactly representable as Bool",
                   bytes: "error: bool: Double 1e-43 is not exactly representable as Bool"),
        NumberCase("int", "1.0000000000000001", "error: int: Number 1.0000000000000001 is not exactly representable as Int"),
        NumberCase("uint64", "1.0000000000000001", "error: uint64: Number 1.0000000000000001 is not exactly representable as UInt64"),
        NumberCase("bool", "1.0000000000000001", "error: bool: Number 1.0000000000000001 is not exactly representable as Bool"),
        NumberCase("int", nearOne, dictionary: "1", bytes: "error: int: Number \(nearOnePrefix) is not exactly representable as Int"),
        NumberCase("uint64", nearOne, dictionary: "1", bytes: "error: uint64: Number \(nearOnePrefix) is not exactly representable as UInt64"),
        NumberCase("bool", nearOne, dictionary: "true", bytes: "error: bool: Number \(nearOnePrefix) is not exactly representable as Bool"),
        NumberCase("level", "1e-400", dictionary: "error: level: expected Level, found Double 0.0 (not a raw value of Level)",
                   bytes: "error: level: Number 1e-400 is not exactly representable as Int"),
        NumberCase("level", "1.0000000000000001", "error: level: Number 1.0000000000000001 is not exactly representable as Int"),
        // A number into a String is its exact text: as written on the bytes path; on the
        // dictionary path, the text of the value JSONSerialization made of it.
        NumberCase("string", "1.0000000000000001", "1.0000000000000001"),
        NumberCase("string", fortyTwoDigits, dictionary: decimalDigits, bytes: fortyTwoDigits),
        NumberCase("string", "1e-400", dictionary: "0.0", bytes: "1e-400"),
        NumberCase("string", tiny, tiny),
        NumberCase("string", nearOne, dictionary: "1", bytes: nearOne),
        NumberCase("string", pi, dictionary: "3.14159265358979323846264338327950288419", bytes: pi),
        NumberCase("string", "1e2", dictionary: "100.0", bytes: "1e2"),
        NumberCase("string", "-0", dictionary: "0", bytes: "-0"),
        NumberCase("string", "-0.0", "-0.0"),
        NumberCase("string", "1.0", "1.0"),
        NumberCase("string", "2.50", dictionary: "2.5", bytes: "2.50"),
        NumberCase("string", "12", "12"),
        NumberCase("string", "-1.5", "-1.5"),
        NumberCase("string", "18446744073709551616", "18446744073709551616"),
        // Decimal keeps every digit it holds (38 or 39), on both paths.
        NumberCase("decimal", fortyTwoDigits, decimalDigits),
        NumberCase("decimal", pi, "3.14159265358979323846264338327950288419"),
        NumberCase("decimal", "1.0000000000000001", "1.0000000000000001"),
        NumberCase("decimal", tiny, tiny),
        NumberCase("decimal", "1e-400", dictionary: "0", bytes: "error: decimal: Number 1e-400 is not exactly representable as Decimal"),
        NumberCase("decimal", "0e999999", "0"),
        NumberCase("decimal", nines, dictionary: "10", bytes: "9.9999999999999999999999999999999999999"),
        NumberCase("int", nines, dictionary: "10", bytes: "error: int: Number \(ninesPrefix) is not exactly representable as Int"),
        NumberCase("any", nines, dictionary: "10.0", bytes: "9.9999999999999999999999999999999999999"),
        // Double: an integer within 64 bits only when exact; longer numbers round correctly.
        NumberCase("double", "9007199254740993", "error: double: Int 9007199254740993 is not exactly representable as Double"),
        NumberCase("double", "18446744073709551615", "error: double: Int 18446744073709551615 is not exactly representable as Double"),
        NumberCase("double", "9007199254740993.0", "9007199254740992.0"),
        NumberCase("double", "100000000000000000000000", "1e+23"),
        NumberCase("double", pi, "3.141592653589793"),
        NumberCase("double", "1e-400", "0.0"),
        NumberCase("float", "3.4028235e38", "3.4028235e+38"),
        NumberCase("float", "1e39", "error: float: Double 1e+39 does not fit in Float"),
        NumberCase("float", fortyTwoDigits, dictionary: "error: float: Number \(decimalDigits) does not fit in Float",
                   bytes: "error: float: Number \(String(fortyTwoDigits.prefix(40)))… does not fit in Float"),
        // Any: plain values, a Decimal where a Double would lose digits.
        NumberCase("any", "1.0000000000000001", "1.0000000000000001"),
        NumberCase("any", fortyTwoDigits, decimalDigits),
        NumberCase("any", "0.30000000000000004", "0.30000000000000004"),
        NumberCase("date", "1.5", "1970-01-01 00:00:01 +0000"),
    ]

    @Test(arguments: issueCases)
    func eachNumberIsExactOrAnError(_ row: NumberCase) {
        let outcome = numberOutcomes(row.key, row.json)
        #expect(outcome.dictionary == row.dictionary, "dictionary path")
        #expect(outcome.bytes == row.bytes, "bytes path")
    }

    /// `coercion = .strict`: numbers only for numbers (still exact), never into String or Bool.
    static let strictCases: [NumberCase] = [
        NumberCase("int", "1e-400", dictionary: "0", bytes: "error: int: Number 1e-400 is not exactly representable as Int"),
        NumberCase("int", "1.0", "1"),
        NumberCase("int", "\"12\"", "error: int: expected Int, found String \"12\""),
        NumberCase("uint8", "1e400", dictionary: nil, bytes: "error: uint8: Number 1e400 does not fit in UInt8"),
        NumberCase("string", "12", "error: string: expected String, found Int 12"),
        NumberCase("string", "1e400", dictionary: nil, bytes: "error: string: expected String, found Number 1e400"),
        NumberCase("string", "1.0000000000000001", "error: string: expected String, found Number 1.0000000000000001"),
        NumberCase("bool", "1", "error: bool: expected Bool, found Int 1"),
        NumberCase("bool", "1e400", dictionary: nil, bytes: "error: bool: expected Bool, found Number 1e400"),
        NumberCase("bool", "1.0000000000000001", "error: bool: expected Bool, found Number 1.0000000000000001"),
        NumberCase("decimal", fortyTwoDigits, decimalDigits),
        NumberCase("decimal", "\"1.5\"", "error: decimal: expected Decimal, found String \"1.5\""),
        NumberCase("double", "1e400", dictionary: nil, bytes: "error: double: Number 1e400 does not fit in Double"),
    ]

    @Test(arguments: strictCases)
    func strictCoercionKeepsNumbersExact(_ row: NumberCase) {
        var decoder = KeyValueDecoder()
        decoder.coercion = .strict
        let outcome = numberOutcomes(row.key, row.json, decoder: decoder)
        #expect(outcome.dictionary == row.dictionary, "dictionary path")
        #expect(outcome.bytes == row.bytes, "bytes path")
    }

    /// Numeric text (lossless coercion) is judged as the number it spells, on both paths.
    static let textCases: [NumberCase] = [
        NumberCase("int", "\"1e400\"", "error: int: String \"1e400\" does not fit in Int"),
        NumberCase("int", "\"1e-400\"", "error: int: String \"1e-400\" is not exactly representable as Int"),
        NumberCase("int", "\"+0012.000\"", "12"),
        NumberCase("bool", "\"1.0\"", "error: bool: expected Bool, found String \"1.0\" (text must be true, false, yes, no, 1 or 0)"),
        NumberCase("decimal", "\"1e400\"", "error: decimal: String \"1e400\" does not fit in Decimal"),
        NumberCase("decimal", "\"1e-400\"", "error: decimal: String \"1e-400\" is not exactly representable as Decimal"),
        NumberCase("decimal", "\"-007.50\"", "-7.5"),
        NumberCase("double", "\"1e400\"", "error: double: String \"1e400\" does not fit in Double"),
    ]

    @Test(arguments: textCases)
    func numericTextIsJudgedAsItsNumber(_ row: NumberCase) {
        let outcome = numberOutcomes(row.key, row.json)
        #expect(outcome.dictionary == row.dictionary, "dictionary path")
        #expect(outcome.bytes == row.bytes, "bytes path")
    }

    // MARK: - Swift and Foundation values on the dictionary path

    /// A Swift or Foundation value on the dictionary path, and the JSON literal that says the
    /// same thing on the bytes path (`nil`: JSON has none).
    struct NativeCase: Sendable, CustomTestStringConvertible {
        let key: String
        let make: @Sendable () -> Any
        let dictionary: String
        let json: String?
        let bytes: String?

        init(_ key: String, _ make: @escaping @Sendable () -> Any, _ dictionary: String, json: String?, bytes: String? = nil) {
            self.key = key
            self.make = make
            self.dictionary = dictionary
            self.json = json
            self.bytes = json == nil ? nil : bytes ?? dictionary
        }

        var testDescription: String {
            let value = make()
            var type = "\(Swift.type(of: value))"
            if let number = value as? NSNumber, !(value is NSDecimalNumber) { type += " '\(String(cString: number.objCType))'" }
            return "\(key) <- \(type) \(value)"
        }
    }

    static let nativeCases: [NativeCase] = [
        // NSNumber of every C type JSONSerialization or an app produces.
        NativeCase("int8", { NSNumber(value: Int8.min) }, "-128", json: "-128"),
        NativeCase("uint8", { NSNumber(value: UInt8.max) }, "255", json: "255"),
        NativeCase("int16", { NSNumber(value: Int16.min) }, "-32768", json: "-32768"),
        NativeCase("uint16", { NSNumber(value: UInt16.max) }, "65535", json: "65535"),
        NativeCase("int32", { NSNumber(value: Int32.min) }, "-2147483648", json: "-2147483648"),
        NativeCase("uint32", { NSNumber(value: UInt32.max) }, "4294967295", json: "4294967295"),
        NativeCase("int64", { NSNumber(value: Int64.min) }, "-9223372036854775808", json: "-9223372036854775808"),
        NativeCase("uint64", { NSNumber(value: UInt64.max) }, "18446744073709551615", json: "18446744073709551615"),
        NativeCase("int", { NSNumber(value: UInt64.max) }, "error: int: Int 18446744073709551615 does not fit in Int", json: "18446744073709551615"),
        NativeCase("uint", { NSNumber(value: Int8(-1)) }, "error: uint: Int -1 does not fit in UInt", json: "-1"),
        NativeCase("uint8", { NSNumber(value: UInt16(256)) }, "error: uint8: Int 256 does not fit in UInt8", json: "256"),
        NativeCase("double", { NSNumber(value: Float(1.5)) }, "1.5", json: "1.5"),
        NativeCase("int", { NSNumber(value: Float(1.5)) }, "error: int: Double 1.5 is not exactly representable as Int", json: "1.5"),
        NativeCase("int", { NSNumber(value: 2.0) }, "2", json: "2.0"),
        NativeCase("string", { NSNumber(value: 2.0) }, "2.0", json: "2.0"),
        NativeCase("string", { NSNumber(value: Int32(7)) }, "7", json: "7"),
        NativeCase("bool", { NSNumber(value: UInt8(1)) }, "true", json: "1"),
        NativeCase("bool", { NSNumber(value: 0.0) }, "false", json: "0.0"),
        NativeCase("bool", { NSNumber(value: 0.5) }, "error: bool: Double 0.5 is not exactly representable as Bool", json: "0.5"),
        NativeCase("int", { NSNumber(value: true) }, "error: int: expected Int, found Bool true", json: "true"),
        NativeCase("string", { NSNumber(value: false) }, "error: string: expected String, found Bool false", json: "false"),
        // NSDecimalNumber (JSONSerialization's long literals): exact, and the nearest Double.
        NativeCase("double", { NSDecimalNumber(string: "3.14159265358979323846264338327950288") }, "3.141592653589793",
                   json: "3.14159265358979323846264338327950288"),
        NativeCase("double", { NSDecimalNumber(string: "527653373626883856434187e17") }, "\(Double("527653373626883856434187e17") ?? 0)",
                   json: "527653373626883856434187e17"),
        NativeCase("double", { NSDecimalNumber(string: "150531177549610339733094e18") }, "\(Double("150531177549610339733094e18") ?? 0)",
                   json: "150531177549610339733094e18"),
        NativeCase("float", { NSDecimalNumber(string: "694871495263568422352367e11") }, "\(Float("694871495263568422352367e11") ?? 0)",
                   json: "694871495263568422352367e11"),
        NativeCase("int", { NSDecimalNumber(string: "1.0000000000000001") }, "error: int: Number 1.0000000000000001 is not exactly representable as Int",
                   json: "1.0000000000000001"),
        NativeCase("bool", { NSDecimalNumber(string: "1.0000000000000001") }, "error: bool: Number 1.0000000000000001 is not exactly representable as Bool",
                   json: "1.0000000000000001"),
        NativeCase("bool", { NSDecimalNumber(string: "1") }, "true", json: "1"),
        NativeCase("string", { NSDecimalNumber(string: "1.0000000000000001") }, "1.0000000000000001", json: "1.0000000000000001"),
        NativeCase("int", { NSDecimalNumber(string: "12345678901234567890123") }, "error: int: Number 12345678901234567890123 does not fit in Int",
                   json: "12345678901234567890123"),
        NativeCase("uint64", { NSDecimalNumber(string: "-9223372036854775809") }, "error: uint64: Number -9223372036854775809 does not fit in UInt64",
                   json: "-9223372036854775809"),
        NativeCase("int64", { NSDecimalNumber(string: "1e18") }, "1000000000000000000", json: "1e18"),
        NativeCase("double", { NSDecimalNumber.notANumber }, "error: double: expected Double, found Number NaN (not a number)", json: nil),
        NativeCase("decimal", { NSDecimalNumber.notANumber }, "error: decimal: expected Decimal, found Number NaN (not a number)", json: nil),
        NativeCase("string", { NSDecimalNumber.notANumber }, "error: string: expected String, found Number NaN (not a number)", json: nil),
        NativeCase("float", { NSDecimalNumber.notANumber }, "error: float: expected Float, found Number NaN (not a number)", json: nil),
        NativeCase("any", { NSDecimalNumber.notANumber }, "error: any: expected Any, found Number NaN (not a number)", json: nil),
        NativeCase("any", { Double.nan }, "error: any: expected Any, found Double nan (not a number)", json: nil),
        // Swift values.
        NativeCase("int", { Decimal(string: "2.5") ?? 0 }, "error: int: Number 2.5 is not exactly representable as Int", json: "2.5",
                   bytes: "error: int: Double 2.5 is not exactly representable as Int"),
        NativeCase("bool", { Decimal(1) }, "true", json: "1"),
        NativeCase("uint8", { Int8(-3) }, "error: uint8: Int -3 does not fit in UInt8", json: "-3"),
        NativeCase("double", { UInt64.max }, "error: double: Int 18446744073709551615 is not exactly representable as Double", json: "18446744073709551615"),
        NativeCase("float", { UInt64.max }, "1.8446744e+19", json: "18446744073709551615"),
        NativeCase("string", { -0.0 }, "-0.0", json: "-0.0"),
        NativeCase("string", { 2.0 }, "2.0", json: "2.0"),
        NativeCase("string", { 1e16 }, "1e+16", json: "1e+16"),
        // An infinity can only come from a reader that overflowed: it is what JSON's 1e400 is.
        NativeCase("int", { Double.infinity }, "error: int: a number beyond ±1.8e308 does not fit in Int", json: "1e400",
                   bytes: "error: int: Number 1e400 does not fit in Int"),
        NativeCase("string", { -Double.infinity }, "error: string: a number beyond ±1.8e308 does not fit in String", json: "-1e400",
                   bytes: "-1e400"),
        NativeCase("double", { Double.infinity }, "error: double: a number beyond ±1.8e308 does not fit in Double", json: "1e400",
                   bytes: "error: double: Number 1e400 does not fit in Double"),
        NativeCase("decimal", { Double.infinity }, "error: decimal: a number beyond ±1.8e308 does not fit in Decimal", json: "1e400",
                   bytes: "error: decimal: Number 1e400 does not fit in Decimal"),
        NativeCase("bool", { Double.infinity }, "error: bool: expected Bool, found a number beyond ±1.8e308 (only 1 and 0 convert to Bool)", json: "1e400",
                   bytes: "error: bool: expected Bool, found Number 1e400 (only 1 and 0 convert to Bool)"),
        NativeCase("any", { Double.infinity }, "error: any: a number beyond ±1.8e308 does not fit in Double", json: "1e400",
                   bytes: "error: any: Number 1e400 does not fit in Double"),
        NativeCase("int", { Double.nan }, "error: int: Double nan is not exactly representable as Int", json: nil),
        NativeCase("string", { Double.nan }, "error: string: expected String, found Double nan (not a number)", json: nil),
        NativeCase("double", { Double.nan }, "error: double: expected Double, found Double nan (not a number)", json: nil),
        NativeCase("decimal", { 1e-300 }, "error: decimal: Double 1e-300 is not exactly representable as Decimal", json: "1e-300",
                   bytes: "error: decimal: Double 1e-300 is not exactly representable as Decimal"),
        NativeCase("decimal", { 1e300 }, "error: decimal: Double 1e+300 does not fit in Decimal", json: "1e300"),
    ]

    @Test(arguments: nativeCases)
    func swiftAndFoundationValuesAreExactOrAnError(_ row: NativeCase) throws {
        #expect(render(row.key, dictionary: [row.key: row.make()], into: NumberTargets.self) == row.dictionary, "dictionary path")
        guard let json = row.json else { return }
        #expect(numberOutcomes(row.key, json).bytes == row.bytes, "bytes path")
    }

    // MARK: - Boundaries of every integer width, in every notation

    /// A probe: a literal for one integer width and what it must give.
    struct BoundaryCase: Sendable, CustomTestStringConvertible {
        let key: String
        let literal: String
        /// The integer it must decode to, or the error reason it must give.
        let expected: Expected

        enum Expected: Sendable, Equatable {
            case value(String)
            case overflow
            case notExact
        }

        var testDescription: String { "\(key) <- \(literal)" }
    }

    /// Every integer width at 0, its minimum and maximum and one beyond each, written as an
    /// integer, with `.0`, with an exponent, scaled by a negative exponent, with a leading
    /// fraction digit, and with a fraction (`.5`, `e-1` of a non-multiple of ten).
    static let boundaryCases: [BoundaryCase] = {
        let widths: [(String, String, String)] = [
            ("int8", "\(Int8.min)", "\(Int8.max)"), ("int16", "\(Int16.min)", "\(Int16.max)"),
            ("int32", "\(Int32.min)", "\(Int32.max)"), ("int64", "\(Int64.min)", "\(Int64.max)"),
            ("int", "\(Int.min)", "\(Int.max)"), ("uint8", "0", "\(UInt8.max)"), ("uint16", "0", "\(UInt16.max)"),
            ("uint32", "0", "\(UInt32.max)"), ("uint64", "0", "\(UInt64.max)"), ("uint", "0", "\(UInt.max)"),
        ]
        var cases: [BoundaryCase] = []
        for (key, minimum, maximum) in widths {
            let low = Decimal(string: minimum) ?? 0
            let high = Decimal(string: maximum) ?? 0
            let values = [minimum, maximum, "\((Decimal(string: minimum) ?? 0) - 1)", "\((Decimal(string: maximum) ?? 0) + 1)", "0", "-0"]
            for value in values {
                let number = Decimal(string: value) ?? 0
                let fits = number >= low && number <= high
                let integer: BoundaryCase.Expected = fits ? .value(value == "-0" ? "0" : value) : .overflow
                var literals = [value, value + ".0", value + "e0", value + ".000"]
                if number != 0 {
                    // Scaled: `1280e-1`, `128` followed by twenty zeros and `e-20`.
                    literals += [value + "0e-1", value + "00000000000000000000e-20"]
                }
                for literal in literals {
                    cases.append(BoundaryCase(key: key, literal: literal, expected: integer))
                }
                // Just off an integer: never rounded to it.
                cases.append(BoundaryCase(key: key, literal: value + ".5", expected: .notExact))
                cases.append(BoundaryCase(key: key, literal: value + ".0000000000000000000001", expected: .notExact))
                if number != 0 { cases.append(BoundaryCase(key: key, literal: value + "1e-1", expected: .notExact)) }
            }
            cases.append(BoundaryCase(key: key, literal: "1e400", expected: .overflow))
            cases.append(BoundaryCase(key: key, literal: "-1e400", expected: .overflow))
            cases.append(BoundaryCase(key: key, literal: "1e-400", expected: .notExact))
            cases.append(BoundaryCase(key: key, literal: "0e400", expected: .value("0")))
            cases.append(BoundaryCase(key: key, literal: "-0e-400", expected: .value("0")))
        }
        return cases
    }()

    @Test(arguments: boundaryCases)
    func integerBoundariesInEveryNotation(_ row: BoundaryCase) {
        let outcome = numberOutcomes(row.key, row.literal)
        let expected: String = switch row.expected {
        case .value(let value): value
        case .overflow: "overflow"
        case .notExact: "notExact"
        }
        #expect(Self.kind(outcome.bytes, row.key) == expected, "\(outcome.bytes)")
        // Where JSONSerialization keeps the number exact (integers, and long literals as
        // Decimals) the dictionary path decides the same; the message may name the number as
        // JSONSerialization holds it (`Number 128` for its NSDecimalNumber, `Double 128.0` here).
        // It rejects 1e400 and turns 1e-400 into 0.0.
        if row.literal.hasSuffix("1e400") {
            #expect(outcome.dictionary == nil)
        } else if row.literal == "1e-400" {
            #expect(outcome.dictionary == "0")
        } else if row.literal.filter(\.isNumber).count > 38 {
            // Beyond Decimal's 38 digits JSONSerialization keeps the first ones: the dictionary
            // path judges that Decimal (`….0000000000000000000001` becomes an integer).
            let kept = Decimal(string: row.literal) ?? 0
            let wanted: String
            var source = kept
            var rounded = Decimal()
            NSDecimalRound(&rounded, &source, 0, .plain)
            if kept != rounded {
                wanted = "notExact"
            } else if let value = Self.integer(kept, fitting: row.key) {
                wanted = value
            } else {
                wanted = "overflow"
            }
            #expect(outcome.dictionary.map { Self.kind($0, row.key) } == wanted, "\(outcome.dictionary ?? "nil")")
        } else {
            #expect(outcome.dictionary.map { Self.kind($0, row.key) } == expected, "\(outcome.dictionary ?? "nil")")
        }
    }

    /// `value`'s digits if it fits the integer type of `key`'s property.
    static func integer(_ value: Decimal, fitting key: String) -> String? {
        let text = "\(value)"
        let fits: Bool = switch key {
        case "int8": Int8(text) != nil
        case "int16": Int16(text) != nil
        case "int32": Int32(text) != nil
        case "int64", "int": Int64(text) != nil
        case "uint8": UInt8(text) != nil
        case "uint16": UInt16(text) != nil
        case "uint32": UInt32(text) != nil
        default: UInt64(text) != nil
        }
        return fits ? text : nil
    }

    /// An outcome as the probe's expectation: the value, `overflow` or `notExact` (at the key).
    static func kind(_ outcome: String, _ key: String) -> String {
        guard outcome.hasPrefix("error: ") else { return outcome }
        guard outcome.hasPrefix("error: \(key): ") else { return outcome }
        if outcome.hasSuffix(" does not fit in \(typeName(key))") { return "overflow" }
        if outcome.hasSuffix(" is not exactly representable as \(typeName(key))") { return "notExact" }
        return outcome
    }

    static func typeName(_ key: String) -> String {
        key.hasPrefix("uint") ? "UInt" + key.dropFirst(4) : "Int" + key.dropFirst(3)
    }

    /// `JSONNumber.decimalValue` is `nil` only outside Decimal's range, and keeps Decimal's 38
    /// digits of longer literals, also where `Decimal(string:)` itself gives up.
    @Test(arguments: [
        ("0e999999", "0"), ("-0.0e-99999", "0"), (nines, "9.9999999999999999999999999999999999999"),
        ("1" + String(repeating: "2", count: 60) + "e-50", "12222222222.2222222222222222222222222222"),
        ("1e127", "1" + String(repeating: "0", count: 127)), ("1e128", "nil"), ("1e-400", "nil"),
        (String(repeating: "7", count: 200), "nil"),
    ])
    func decimalValueKeepsWhatDecimalHolds(_ literal: String, _ expected: String) throws {
        let value = try JSONValue(jsonString: literal)
        guard case .number(let number) = value else { Issue.record("not a number: \(value)"); return }
        #expect(number.decimalValue.map { "\($0)" } ?? "nil" == expected)
    }
}
