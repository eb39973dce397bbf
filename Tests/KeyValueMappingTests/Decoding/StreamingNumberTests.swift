import Foundation
import Testing
import KeyValueMapping

/// The bytes path reads numbers straight from the buffer; it must agree bit for bit with
/// Swift's `Double(String)` and exactly with `Int64(String)`.
@Suite struct StreamingNumberTests {
    static let doubles = [
        "0", "-0", "0.0", "-0.0", "1", "0.1", "0.2", "0.3", "1.5", "-2.25", "123.456", "1e22", "1e-22",
        "1e23", "9.999999999999999e22", "123456789012345", "123456789012345e-22", "1234567890123456",
        "0.000001", "1E5", "1e+5", "2.2250738585072014e-308", "1.7976931348623157e308", "4.9e-324",
        "3.141592653589793", "100000000000000000000000", "0.30000000000000004", "9007199254740992",
    ]

    @Test(arguments: doubles)
    func doublesMatchDoubleFromString(_ literal: String) throws {
        let decoded = try Scalars(jsonString: "{\"double\": \(literal)}").double
        let expected = try #require(Double(literal))
        #expect(decoded.bitPattern == expected.bitPattern, "\(literal): \(decoded) vs \(expected)")
    }

    @Test func pseudoRandomDecimalsMatchDoubleFromString() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        for _ in 0..<2000 {
            let digits = String(next() % 1_000_000_000_000_000)
            let exponent = Int(next() % 60) - 30
            let literal = (next() % 2 == 0 ? "-" : "") + digits + "e" + String(exponent)
            let decoded = try Scalars(jsonString: "{\"double\": \(literal)}").double
            let expected = try #require(Double(literal))
            #expect(decoded.bitPattern == expected.bitPattern, "\(literal)")
        }
    }

    @Test(arguments: ["0", "-0", "-1", "9223372036854775807", "-9223372036854775808", "42", "1234567890123456789",
                      "-999999999999999999", "100000000000000000"])
    func integersAreExact(_ literal: String) throws {
        #expect(try Scalars(jsonString: "{\"int64\": \(literal)}").int64 == Int64(literal))
    }

    /// Literals just outside Int64, and with 20 digits, which the one-pass reading must hand
    /// to the checked one.
    @Test(arguments: [
        ("9223372036854775808", "Int"), ("-9223372036854775809", "Number"),
        ("18446744073709551616", "Number"), ("99999999999999999999", "Number"),
    ])
    func integersOutsideInt64AreReported(_ literal: String, found: String) throws {
        #expect(mappingError { _ = try Scalars(jsonString: "{\"int64\": \(literal)}") }?.description
            == "int64: \(found) \(literal) does not fit in Int64")
    }

    /// Malformed literals get the reader's one message wherever they stand: read as a Double,
    /// as an integer, or as a value of the wrong type (all three keys have six letters, so the
    /// offsets agree too).
    @Test(arguments: ["01", "-", "-a", "1.", "1.e5", ".5", "1e", "1e+", "2.5E-", "00.5", "-01"])
    func malformedLiteralsGetTheReadersMessage(_ literal: String) throws {
        func syntaxError(_ key: String) -> String? {
            let error = mappingError { _ = try Scalars(jsonString: "{\"\(key)\": \(literal)}") }
            return (error?.underlyingError as? JSONSyntaxError)?.description
        }
        let message = try #require(syntaxError("double"))
        #expect(syntaxError("uint32") == message)
        #expect(syntaxError("string") == message)
    }

    @Test func integerOverflowAndFractionsFallBackToTheSameErrors() throws {
        #expect(mappingError { _ = try Scalars(jsonString: #"{"int64": 9223372036854775808}"#) }?.description
            == "int64: Int 9223372036854775808 does not fit in Int64")
        #expect(mappingError { _ = try Scalars(jsonString: #"{"int": 1.5}"#) }?.description
            == "int: Double 1.5 is not exactly representable as Int")
        #expect(try Scalars(jsonString: #"{"int": 1.0}"#).int == 1)
    }

    @Test func unknownMembersAreValidatedAndSkipped() throws {
        #expect(try Address(jsonString: #"{"extra": {"deep": [1, {"x": null}]}, "city": "Oslo"}"#).city == "Oslo")
        #expect(mappingError { _ = try Address(jsonString: #"{"extra": [1,], "city": "Oslo"}"#) } != nil)
    }

    @Test func keysOutOfOrderAndDuplicates() throws {
        let address = try Address(jsonString: #"{"zip": "1", "city": "A", "city": "B"}"#)
        #expect(address.city == "B" && address.zip == "1")
    }
}
