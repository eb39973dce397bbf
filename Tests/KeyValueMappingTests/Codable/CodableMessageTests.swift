import Foundation
import Testing
import KeyValueMapping

/// Numbers of every width, for messages through JSONDecoder.
struct CodedNumbers: CodableMappable {
    var big: UInt64 = 0
    var small: Int8 = 0
    var int = 0
    var double = 0.0
    var float: Float = 0
    var decimal: Decimal = 0
}

/// Values a property list holds and JSON does not.
struct CodedForeign: CodableMappable {
    var date = Date(timeIntervalSince1970: 0)
    var any: [String: Any] = [:]
    var json: JSONValue = .null
}

/// Messages through Foundation's coders name the property's type and read as the bytes path's
/// wherever the decoder gives the value.
@Suite struct CodableMessageTests {
    static func viaJSONDecoder(_ json: String) -> String {
        do {
            _ = try JSONDecoder().decode(CodedNumbers.self, from: Data(json.utf8))
            return "decoded"
        } catch {
            return "\(error)"
        }
    }

    static func viaBytes(_ json: String) -> String {
        do {
            _ = try KeyValueDecoder().decode(CodedNumbers.self, fromJSON: Data(json.utf8))
            return "decoded"
        } catch {
            return "\(error)"
        }
    }

    /// Where JSONDecoder gives the number, the message is the bytes path's.
    @Test(arguments: [
        (#"{"big": 18446744073709551616}"#, "big: Number 18446744073709551616 does not fit in UInt64"),
        (#"{"big": -1}"#, "big: Int -1 does not fit in UInt64"),
        (#"{"small": 300}"#, "small: Int 300 does not fit in Int8"),
        (#"{"small": -129}"#, "small: Int -129 does not fit in Int8"),
        (#"{"int": 9223372036854775808}"#, "int: Int 9223372036854775808 does not fit in Int"),
        (#"{"int": 1.5}"#, "int: Double 1.5 is not exactly representable as Int"),
    ])
    func outOfRangeNumbersReadAsOnTheBytesPath(_ json: String, _ message: String) {
        #expect(Self.viaBytes(json) == message)
        #expect(Self.viaJSONDecoder(json) == message)
    }

    /// Where JSONDecoder hides the literal — a number beyond a Double (it gives no digits), or an
    /// integral number's notation (it gives the value) — the message names the property's type
    /// and says what the decoder gave.
    @Test(arguments: [
        (#"{"double": 1e400}"#, "double: Number 1e400 does not fit in Double", "double: a number beyond ±1.8e308 does not fit in Double"),
        (#"{"double": -1e400}"#, "double: Number -1e400 does not fit in Double", "double: a number beyond ±1.8e308 does not fit in Double"),
        (#"{"float": 1e400}"#, "float: Number 1e400 does not fit in Float", "float: a number beyond ±1.8e308 does not fit in Float"),
        (#"{"decimal": 1e400}"#, "decimal: Number 1e400 does not fit in Decimal", "decimal: a number beyond ±1.8e308 does not fit in Decimal"),
        (#"{"big": 1.8446744073709552e19}"#, "big: Double 1.8446744073709552e+19 does not fit in UInt64", "big: Number 18446744073709552000 does not fit in UInt64"),
        (#"{"float": 3.5e38}"#, "float: Double 3.5e+38 does not fit in Float", "float: Number 350000000000000000000000000000000000000 does not fit in Float"),
    ])
    func numbersWhoseLiteralJSONDecoderHides(_ json: String, _ bytes: String, _ coder: String) {
        #expect(Self.viaBytes(json) == bytes)
        #expect(Self.viaJSONDecoder(json) == coder)
    }

    /// A property list's date or data where JSON is expected names the property's type, or
    /// "a JSON value" inside an untyped value.
    @Test(arguments: [
        ("date", "date: expected Date, found a property-list date (1970-01-01 00:00:00 +0000)"),
        ("any", "any.when: expected a JSON value, found a property-list date (1970-01-01 00:00:00 +0000)"),
        ("json", "json: expected JSONValue, found property-list data (2 bytes)"),
    ])
    func propertyListValuesJSONCannotHold(_ key: String, _ message: String) throws {
        let epoch = Date(timeIntervalSince1970: 0)
        let value: Any = key == "date" ? epoch : key == "any" ? ["when": epoch] : Data([1, 2])
        let archive = try PropertyListSerialization.data(fromPropertyList: [key: value], format: .binary, options: 0)
        #expect(mappingError { _ = try PropertyListDecoder().decode(CodedForeign.self, from: archive) }?.description == message)
    }
}
