import Foundation
import Testing
import KeyValueMapping

struct FuzzDates: Mappable { var t = Date(timeIntervalSince1970: 0) }
struct FuzzFloat: Mappable { var f: Float = 0 }
struct FuzzAny: Mappable { var any: Any = 0 }
struct FuzzInt: Mappable, Equatable { var i = 0 }
struct FuzzDecimal: Mappable { var dec = Decimal(0) }

/// Inputs the fuzzer (Fuzz/run.sh) found; each one failed before its fix.
@Suite struct JSONBytesFuzzRegressionTests {
    // Such a date once decoded and then trapped when encoded; it is now refused by the decode
    // (a model that decodes is one that encodes), and the encoders still refuse one built in code.
    @Test(arguments: ["1e16", "1e300", "-1e300", "1e12", "-1e11"])
    func datesOutsideFourDigitYearsAreErrorsNotTraps(_ seconds: String) throws {
        #expect(mappingError { _ = try FuzzDates(jsonString: "{\"t\": \(seconds)}") }?.keyPath == "t")
        let model = FuzzDates(t: Date(timeIntervalSince1970: try #require(Double(seconds))))
        #expect(mappingError { _ = try model.jsonData() }?.keyPath == "t")
        #expect(mappingError { _ = try model.dictionary() }?.keyPath == "t")
    }

    @Test(arguments: ["0", "253402300799", "-62167219200"])
    func datesInsideFourDigitYearsRoundTrip(_ seconds: String) throws {
        let model = try FuzzDates(jsonString: "{\"t\": \(seconds)}")
        #expect(try FuzzDates(jsonData: try model.jsonData()).t == model.t)
    }

    // A Decimal read from text kept 22 digits; written as a number and read back from bytes it
    // kept 17, because the bytes path read fractions as Doubles.
    @Test(arguments: ["\"1234560.101234567890123\"", "1234560.101234567890123", "-0.000401", "3.14159265358979323846264338327950288"])
    func decimalsKeepEveryDigitThroughBytes(_ json: String) throws {
        let model = try FuzzDecimal(jsonString: "{\"dec\": \(json)}")
        let again = try FuzzDecimal(jsonData: try model.jsonData())
        #expect(again.dec == model.dec)
        #expect(model.dec == Decimal(string: json.replacingOccurrences(of: "\"", with: ""), locale: nil))
    }

    // The same literal as a plain value (an `Any` property) is a Decimal, as JSONSerialization
    // gives the dictionary path; a fraction a Double holds stays a Double.
    @Test func longFractionsAreDecimalsAsPlainValues() throws {
        let long = try FuzzAny(jsonString: #"{"any": 3.14159265358979323846264338327950288}"#)
        #expect(long.any as? Decimal == Decimal(string: "3.14159265358979323846264338327950288", locale: nil))
        #expect(try FuzzAny(jsonString: #"{"any": 0.30000000000000004}"#).any as? Double == 0.1 + 0.2)
        #expect(try FuzzAny(jsonString: #"{"any": 1.50000000000000000000}"#).any as? Double == 1.5)
    }

    @Test func floatMaximumRoundTrips() throws {
        let model = try FuzzFloat(jsonString: #"{"f": 3.4028234663852886e38}"#)
        #expect(model.f == .greatestFiniteMagnitude)
        #expect(try FuzzFloat(jsonData: try model.jsonData()).f == .greatestFiniteMagnitude)
        #expect(mappingError { _ = try FuzzFloat(jsonString: #"{"f": 3.5e38}"#) }?.keyPath == "f")
    }

    @Test(arguments: [#"{"any": 1e400}"#, #"{"any": [1e400]}"#, #"{"any": {"k": -1e400}}"#])
    func anyRejectsNumbersBeyondDouble(_ text: String) {
        let error = mappingError { _ = try FuzzAny(jsonString: text) }
        #expect(error?.keyPath.hasPrefix("any") == true)
        if case .overflow? = error?.reason {} else { Issue.record("expected overflow, got \(String(describing: error))") }
    }

    @Test func repeatedKeysUseTheLastValueOnBothPaths() throws {
        #expect(try FuzzInt(jsonString: #"{"i": "x", "i": 1}"#).i == 1)
        #expect(try FuzzInt(jsonString: #"{"i": 1, "i": 2}"#).i == 2)
        #expect(try [FuzzInt](jsonData: Data(#"[{"i": [], "i": 3}]"#.utf8)) == [FuzzInt(i: 3)])
        #expect(mappingError { _ = try FuzzInt(jsonString: #"{"i": 1, "i": "x"}"#) }?.description == "i: expected Int, found String \"x\"")
    }
}
