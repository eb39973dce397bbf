import Foundation
import Testing
@testable import KeyValueMapping

@Suite struct JSONWriterTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("", #""""#),
        ("\"", #""\"""#),
        ("\\", #""\\""#),
        ("/", #""/""#),
        ("\u{8}\u{C}\n\r\t", #""\b\f\n\r\t""#),
        ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
        ("\u{7F}", "\"\u{7F}\""),
        ("\u{2028}\u{2029}", "\"\u{2028}\u{2029}\""),
        ("é日本𝄞😀", "\"é日本𝄞😀\""),
        ("a\"b\\c\nd", #""a\"b\\c\nd""#),
    ])
    func stringEscaping(_ string: String, _ expected: String) throws {
        let written = JSONValue.string(string).jsonString()
        #expect(written == expected)
        #expect(try JSONValue(jsonString: written) == .string(string))
    }

    static let sample: JSONValue = .object([
        "name": .string("Ada"),
        "tags": .array([.number(JSONNumber(Int64(1))), .bool(true), .null]),
        "empty": .array([]),
        "nested": .object(["b": .number(JSONNumber(Int64(-2))), "a": .object([:])]),
    ])

    @Test func compactOutput() {
        #expect(Self.sample.jsonString() == #"{"name":"Ada","tags":[1,true,null],"empty":[],"nested":{"b":-2,"a":{}}}"#)
    }

    @Test func prettyOutput() {
        let expected = """
        {
          "name": "Ada",
          "tags": [
            1,
            true,
            null
          ],
          "empty": [],
          "nested": {
            "b": -2,
            "a": {}
          }
        }
        """
        #expect(Self.sample.jsonString(options: .prettyPrinted) == expected)
    }

    @Test func sortedOutput() {
        #expect(Self.sample.jsonString(options: .sortedKeys) == #"{"empty":[],"name":"Ada","nested":{"a":{},"b":-2},"tags":[1,true,null]}"#)
        let expected = """
        {
          "empty": [],
          "name": "Ada",
          "nested": {
            "a": {},
            "b": -2
          },
          "tags": [
            1,
            true,
            null
          ]
        }
        """
        #expect(Self.sample.jsonString(options: [.prettyPrinted, .sortedKeys]) == expected)
    }

    @Test func sortingUsesUTF8ByteOrder() {
        // UTF-16 order would put 𝄞 (D834 DD1E) before ｡ (FF61); scalar/UTF-8 order does not.
        let object: JSONValue = .object(["b": .null, "𝄞": .null, "｡": .null, "é": .null, "Z": .null, "a": .null, "aa": .null, "e\u{301}": .null])
        #expect(object.jsonString(options: .sortedKeys) == "{\"Z\":null,\"a\":null,\"aa\":null,\"b\":null,\"e\u{301}\":null,\"é\":null,\"｡\":null,\"𝄞\":null}")
    }

    @Test(arguments: [
        (JSONValue.null, "null"), (.bool(false), "false"), (.string("s"), #""s""#),
        (.number(JSONNumber(Int64(5))), "5"), (.array([]), "[]"), (.object([:]), "{}"),
    ])
    func topLevelValuesAreWrittenAlone(_ value: JSONValue, _ expected: String) {
        #expect(value.jsonString() == expected)
        #expect(value.jsonString(options: .prettyPrinted) == expected)
        #expect(value.jsonData() == Data(expected.utf8))
    }

    @Test func tokenAPITracksCommasAndIndentation() throws {
        var writer = JSONWriter(prettyPrinted: true)
        writer.beginObject()
        writer.writeKey("min")
        writer.writeInteger(.min)
        writer.writeKey("max")
        writer.writeUnsigned(.max)
        writer.writeKey("list")
        writer.beginArray()
        try writer.writeDouble(1.5)
        try writer.writeDouble(-0.0)
        writer.writeNumber(JSONNumber(Int64(3)))
        writer.writeString("x")
        writer.writeBool(true)
        writer.writeNull()
        writer.endArray()
        writer.endObject()
        let expected = """
        {
          "min": -9223372036854775808,
          "max": 18446744073709551615,
          "list": [
            1.5,
            -0.0,
            3,
            "x",
            true,
            null
          ]
        }
        """
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)

        var compact = JSONWriter()
        compact.beginArray()
        compact.beginObject()
        compact.endObject()
        compact.writeInteger(0)
        compact.beginArray()
        compact.endArray()
        compact.endArray()
        #expect(String(decoding: compact.bytes, as: UTF8.self) == "[{},0,[]]")
    }

    @Test(arguments: Fixtures.realWorldFiles)
    func realDocumentsRoundTrip(_ name: String) throws {
        let data = try Fixtures.realWorld(name)
        let value = try JSONValue(jsonData: data)
        let compact = value.jsonData()
        #expect(try JSONValue(jsonData: compact) == value)
        #expect(try JSONValue(jsonData: value.jsonData(options: .prettyPrinted)) == value)
        // Determinism: writing again, or writing what was read back, gives the same bytes.
        #expect(value.jsonData() == compact)
        let sorted = value.jsonData(options: .sortedKeys)
        #expect(try JSONValue(jsonData: sorted).jsonData(options: .sortedKeys) == sorted)
    }

    @Test func realDocumentsArePresent() {
        #expect(Fixtures.realWorldFiles.count == 11)
        #expect(Fixtures.realWorldFiles.contains("twitter.json"))
        #expect(Fixtures.realWorldFiles.contains("github/issues.json"))
    }
}

/// Keys that JSON must escape, renamed onto a model: the bytes path writes each model key
/// quoted once per type, and must give exactly what the writer gives key by key. (A backslash
/// in a key path is itself escaped.)
struct EscapedKeys: Mappable {
    var quote = 1
    var control = 2
    var plain = 3
    static var mappingRules: MappingRules {
        MappingRules().map("quote", to: "say \"hi\"").map("control", to: "tab\there\\\\")
    }
}

@Suite struct WriterDigitsAndKeysTests {
    @Test(arguments: [0, 1, 9, 10, 11, 99, 100, 101, 4_294_967_295, 4_294_967_296, 9_999_999_999_999_999_999,
                      10_000_000_000_000_000_000, UInt64.max] as [UInt64])
    func unsignedIntegersAreWrittenInFull(_ value: UInt64) {
        var writer = JSONWriter()
        writer.writeUnsigned(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
    }

    @Test(arguments: [0, -1, -9, -10, 1_000_000, Int64.min, Int64.max] as [Int64])
    func signedIntegersAreWrittenInFull(_ value: Int64) {
        var writer = JSONWriter()
        writer.writeInteger(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
    }

    @Test func modelKeysAreEscapedOnce() throws {
        let expected = #"{"say \"hi\"":1,"tab\there\\":2,"plain":3}"#
        #expect(try EscapedKeys().jsonString() == expected)
        #expect(try EscapedKeys().jsonString(options: .prettyPrinted) == "{\n  \"say \\\"hi\\\"\": 1,\n  \"tab\\there\\\\\": 2,\n  \"plain\": 3\n}")
        let back = try EscapedKeys(jsonString: #"{"say \"hi\"": 7, "tab\there\\": 8, "plain": 9}"#)
        #expect((back.quote, back.control, back.plain) == (7, 8, 9))
    }
}
