import Foundation
import Testing
import KeyValueMapping

/// One property of every scalar type, each starting from a recognisable prototype value.
struct Scalars: Mappable {
    var int = -7
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    var double = 0.0
    var float: Float = 0
    var bool = false
    var string = ""
    var character: Character = " "
    var optional: Int? = 5
    var nested: Int?? = 5
}

@Suite struct ScalarDecodingTests {
    static let lossless: [DecodeCase] = [
        // Integers: exact only.
        DecodeCase("int", "12", "12"),
        DecodeCase("int", "-1", "-1"),
        DecodeCase("int", "1.0", "1"),
        DecodeCase("int", "1e2", "100"),
        DecodeCase("int", "\"12\"", "12"),
        DecodeCase("int", "1.5", "error: int: Double 1.5 is not exactly representable as Int"),
        DecodeCase("int", "\"1.5\"", "error: int: String \"1.5\" is not exactly representable as Int"),
        DecodeCase("int", "9223372036854775808", "error: int: Int 9223372036854775808 does not fit in Int"),
        DecodeCase("int", "\"9223372036854775808\"", "error: int: String \"9223372036854775808\" does not fit in Int"),
        DecodeCase("int", "\"twelve\"", "error: int: expected Int, found String \"twelve\""),
        DecodeCase("int", "true", "error: int: expected Int, found Bool true"),
        DecodeCase("int", "null", "error: int: expected Int, found null (the property is not optional)"),
        DecodeCase("int", "[1]", "error: int: expected Int, found Array (1 element)"),
        DecodeCase("int64", "9223372036854775807", "9223372036854775807"),
        DecodeCase("int64", "-9223372036854775808", "-9223372036854775808"),
        DecodeCase("int64", "9007199254740993", "9007199254740993"),
        DecodeCase("int8", "-128", "-128"),
        DecodeCase("int8", "-129", "error: int8: Int -129 does not fit in Int8"),
        DecodeCase("int16", "32768", "error: int16: Int 32768 does not fit in Int16"),
        DecodeCase("int32", "2147483647", "2147483647"),
        DecodeCase("uint", "-1", "error: uint: Int -1 does not fit in UInt"),
        DecodeCase("uint8", "255", "255"),
        DecodeCase("uint8", "300", "error: uint8: Int 300 does not fit in UInt8"),
        DecodeCase("uint16", "65536", "error: uint16: Int 65536 does not fit in UInt16"),
        DecodeCase("uint32", "4294967295", "4294967295"),
        DecodeCase("uint64", "18446744073709551615", "18446744073709551615"),
        DecodeCase("uint64", "18446744073709551616", "error: uint64: Number 18446744073709551616 does not fit in UInt64"),
        DecodeCase("uint64", "9223372036854775808", "9223372036854775808"),
        // Floating point.
        DecodeCase("double", "1.5", "1.5"),
        DecodeCase("double", "12", "12.0"),
        DecodeCase("double", "\"1.5\"", "1.5"),
        DecodeCase("double", "\"-2e3\"", "-2000.0"),
        DecodeCase("double", "9007199254740992", "9007199254740992.0"),
        DecodeCase("double", "9007199254740993", "error: double: Int 9007199254740993 is not exactly representable as Double"),
        DecodeCase("double", "\"nan\"", "error: double: expected Double, found String \"nan\""),
        DecodeCase("double", "\"1e400\"", "error: double: String \"1e400\" does not fit in Double"),
        DecodeCase("double", "true", "error: double: expected Double, found Bool true"),
        DecodeCase("float", "0.1", "0.1"),
        DecodeCase("float", "3.4e38", "3.4e+38"),
        DecodeCase("float", "1e39", "error: float: Double 1e+39 does not fit in Float"),
        DecodeCase("float", "\"x\"", "error: float: expected Float, found String \"x\""),
        // Booleans: JSON booleans, 1/0 and a few words.
        DecodeCase("bool", "true", "true"),
        DecodeCase("bool", "false", "false"),
        DecodeCase("bool", "1", "true"),
        DecodeCase("bool", "0", "false"),
        DecodeCase("bool", "1.0", "true"),
        DecodeCase("bool", "2", "error: bool: expected Bool, found Int 2 (only 1 and 0 convert to Bool)"),
        DecodeCase("bool", "\"yes\"", "true"),
        DecodeCase("bool", "\"No\"", "false"),
        DecodeCase("bool", "\"TRUE\"", "true"),
        DecodeCase("bool", "\"0\"", "false"),
        DecodeCase("bool", "\"maybe\"", "error: bool: expected Bool, found String \"maybe\" (text must be true, false, yes, no, 1 or 0)"),
        DecodeCase("bool", "null", "error: bool: expected Bool, found null (the property is not optional)"),
        // Text.
        DecodeCase("string", "\"héllo\"", "héllo"),
        DecodeCase("string", "12", "12"),
        DecodeCase("string", "-1.5", "-1.5"),
        DecodeCase("string", "18446744073709551615", "18446744073709551615"),
        DecodeCase("string", "true", "error: string: expected String, found Bool true"),
        DecodeCase("string", "{}", "error: string: expected String, found Dictionary (0 keys)"),
        DecodeCase("character", "\"é\"", "é"),
        DecodeCase("character", "\"ab\"", "error: character: expected Character, found String \"ab\" (text must be exactly one character)"),
        // Optionals: null is nil; nested optionals collapse to the outer nil.
        DecodeCase("optional", "null", "nil"),
        DecodeCase("optional", "3", "Optional(3)"),
        DecodeCase("optional", "\"x\"", "error: optional: expected Int, found String \"x\""),
        DecodeCase("nested", "null", "nil"),
        DecodeCase("nested", "4", "Optional(Optional(4))"),
    ]

    @Test(arguments: lossless)
    func decodesLosslessly(_ row: DecodeCase) throws {
        #expect(try decodeProperty(row.key, json: row.json, into: Scalars.self) == row.expected)
    }

    static let strict: [DecodeCase] = [
        DecodeCase("int", "12", "12"),
        DecodeCase("int", "1.0", "1"),
        DecodeCase("int", "\"12\"", "error: int: expected Int, found String \"12\""),
        DecodeCase("double", "\"1.5\"", "error: double: expected Double, found String \"1.5\""),
        DecodeCase("string", "12", "error: string: expected String, found Int 12"),
        DecodeCase("bool", "1", "error: bool: expected Bool, found Int 1"),
        DecodeCase("bool", "\"true\"", "error: bool: expected Bool, found String \"true\""),
        DecodeCase("bool", "false", "false"),
    ]

    @Test(arguments: strict)
    func strictCoercionAcceptsExactJSONTypesOnly(_ row: DecodeCase) throws {
        var decoder = KeyValueDecoder()
        decoder.coercion = .strict
        #expect(try decodeProperty(row.key, json: row.json, into: Scalars.self, decoder: decoder) == row.expected)
    }

    /// Swift values straight from a literal dictionary (no NSNumber), including the Bool/Int trap.
    static let native: [(String, any Sendable, String)] = [
        ("int", 12, "12"),
        ("int", true, "error: int: expected Int, found Bool true"),
        ("int", Int8(-3), "-3"),
        ("int", UInt64.max, "error: int: Int 18446744073709551615 does not fit in Int"),
        ("int", 2.0, "2"),
        ("int", Float(2.5), "error: int: Double 2.5 is not exactly representable as Int"),
        ("uint8", 300, "error: uint8: Int 300 does not fit in UInt8"),
        ("double", 1, "1.0"),
        ("double", Decimal(string: "2.25") ?? 0, "2.25"),
        ("bool", 1, "true"),
        ("bool", true, "true"),
        ("string", Substring("sub"), "sub"),
        ("optional", NSNull(), "nil"),
        ("int64", NSNumber(value: Int64.max), "9223372036854775807"),
        ("bool", NSNumber(value: true), "true"),
        ("int", NSNumber(value: true), "error: int: expected Int, found Bool true"),
        ("int", NSNumber(value: 1.5), "error: int: Double 1.5 is not exactly representable as Int"),
        ("int", NSDecimalNumber(string: "123456789012345678901234567890"), "error: int: Number 123456789012345678901234567890 does not fit in Int"),
        ("uint64", NSNumber(value: UInt64.max), "18446744073709551615"),
    ]

    @Test(arguments: native.indices)
    func decodesNativeSwiftAndFoundationValues(_ index: Int) {
        let (key, value, expected) = Self.native[index]
        #expect(render(key, dictionary: [key: value], into: Scalars.self) == expected)
    }

    @Test func missingKeysKeepThePrototypeValues() throws {
        let decoded = try Scalars(dictionary: [:])
        #expect(decoded.int == -7)
        #expect(decoded.optional == 5)
    }
}
