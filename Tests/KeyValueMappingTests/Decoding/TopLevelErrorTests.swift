import Foundation
import Testing
import KeyValueMapping

/// A payload that is not the top-level kind an entry point decodes says what it is.
@Suite struct TopLevelErrorTests {
    /// A payload and the error each kind of entry point gives: `{expected}` stands for what the
    /// entry point wanted (`a JSON object for User`, `a JSON array of User`).
    struct Payload: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        /// The error of the entry points that decode one model.
        let model: String
        /// The error of the entry points that decode an array of models.
        let array: String

        init(_ name: String, _ bytes: [UInt8], model: String, array: String) {
            self.name = name
            self.bytes = bytes
            self.model = model
            self.array = array
        }

        init(_ name: String, _ text: String, model: String, array: String) {
            self.init(name, Array(text.utf8), model: model, array: array)
        }

        /// Both kinds of entry point give the same error.
        init(_ name: String, _ bytes: [UInt8], both: String) {
            self.init(name, bytes, model: both, array: both)
        }

        init(_ name: String, _ text: String, both: String) {
            self.init(name, Array(text.utf8), model: both, array: both)
        }

        var testDescription: String { name }
    }

    static func utf16(_ text: String, bigEndian: Bool, byteOrderMark: Bool) -> [UInt8] {
        var bytes: [UInt8] = byteOrderMark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            bytes += bigEndian ? pair : pair.reversed()
        }
        return bytes
    }

    static func utf32(_ text: String, bigEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let quad = [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
            bytes += bigEndian ? quad : quad.reversed()
        }
        return bytes
    }

    static let object = #"{"id": 1}"#
    static let notUTF8 = "not UTF-8 (JSON text must be UTF-8), expected {expected}"

    static let payloads: [Payload] = [
        Payload("array", "[1, 2]", model: "(root): expected {expected}, found Array (2 elements)", array: "[0]: expected User, found Int 1"),
        Payload("empty array", " [ ] ", model: "(root): expected {expected}, found Array (0 elements)", array: ""),
        Payload("object", object, model: "", array: "(root): expected {expected}, found Dictionary (1 key)"),
        Payload("string", #""[1]""#, both: "(root): expected {expected}, found String \"[1]\""),
        Payload("integer", "12", both: "(root): expected {expected}, found Int 12"),
        Payload("fraction", " -1.5\n", both: "(root): expected {expected}, found Double -1.5"),
        Payload("huge number", "1e400", both: "(root): expected {expected}, found Number 1e400"),
        Payload("null", "null", both: "(root): expected {expected}, found null"),
        Payload("true", "true", both: "(root): expected {expected}, found Bool true"),
        Payload("false", "\tfalse", both: "(root): expected {expected}, found Bool false"),
        Payload("empty", [], both: "(root): malformed JSON: the input is empty, expected {expected}"),
        Payload("blank", " \r\n\t", both: "(root): malformed JSON: the input is empty, expected {expected}"),
        Payload("UTF-16LE with BOM", utf16(object, bigEndian: false, byteOrderMark: true),
                both: "(root): malformed JSON: the input is UTF-16 text (little-endian, byte order mark FF FE), \(notUTF8)"),
        Payload("UTF-16BE with BOM", utf16(object, bigEndian: true, byteOrderMark: true),
                both: "(root): malformed JSON: the input is UTF-16 text (big-endian, byte order mark FE FF), \(notUTF8)"),
        Payload("UTF-16LE", utf16(object, bigEndian: false, byteOrderMark: false),
                both: "(root): malformed JSON: the input is UTF-16 text (little-endian), \(notUTF8)"),
        Payload("UTF-16BE", utf16("[]", bigEndian: true, byteOrderMark: false),
                both: "(root): malformed JSON: the input is UTF-16 text (big-endian), \(notUTF8)"),
        Payload("UTF-16LE number", utf16("7", bigEndian: false, byteOrderMark: false),
                both: "(root): malformed JSON: the input is UTF-16 text (little-endian), \(notUTF8)"),
        Payload("UTF-32LE", utf32(object, bigEndian: false),
                both: "(root): malformed JSON: the input is UTF-32 text (little-endian), \(notUTF8)"),
        Payload("UTF-32BE with BOM", [0x00, 0x00, 0xFE, 0xFF] + utf32(object, bigEndian: true),
                both: "(root): malformed JSON: the input is UTF-32 text (big-endian, byte order mark 00 00 FE FF), \(notUTF8)"),
        // Malformed text keeps the reader's own message.
        Payload("truncated literal", "nul", both: "(root): malformed JSON: unexpected end of input at line 1, column 4"),
        Payload("UTF-8 byte order mark", [0xEF, 0xBB, 0xBF] + Array(object.utf8),
                both: "(root): malformed JSON: byte order mark is not allowed (set allowsByteOrderMark to skip it) at line 1, column 1"),
        Payload("Latin-1", [0x22, 0x4A, 0x6F, 0x73, 0xE9, 0x22], both: "(root): malformed JSON: invalid UTF-8 byte 0x22 in string at line 1, column 6"),
    ]

    /// The model entry points, by name.
    static let modelEntries: [(String, @Sendable ([UInt8]) throws -> Void)] = [
        ("User(jsonData:)", { _ = try User(jsonData: $0) }),
        ("User(jsonString:)", { _ = try User(jsonString: String(decoding: $0, as: UTF8.self)) }),
        ("decode(_:fromJSON:)", { _ = try KeyValueDecoder().decode(User.self, fromJSON: $0) }),
    ]

    /// The array-of-models entry points, by name.
    static let arrayEntries: [(String, @Sendable ([UInt8]) throws -> Void)] = [
        ("[User](jsonData:)", { _ = try [User](jsonData: $0) }),
        ("decode([_].self, fromJSON:)", { _ = try KeyValueDecoder().decode([User].self, fromJSON: Data($0)) }),
    ]

    @Test(arguments: payloads)
    func everyEntryPointSaysWhatItFound(_ payload: Payload) {
        for (name, entry) in Self.modelEntries {
            // A String cannot hold bytes that are not UTF-8; `jsonString:` sees them repaired.
            if name == "User(jsonString:)", String(validating: payload.bytes, as: UTF8.self) == nil { continue }
            let expected = payload.model.replacingOccurrences(of: "{expected}", with: "a JSON object for User")
            #expect(Self.outcome(entry, payload.bytes) == expected, "\(name)")
        }
        for (name, entry) in Self.arrayEntries {
            let expected = payload.array.replacingOccurrences(of: "{expected}", with: "a JSON array of User")
            #expect(Self.outcome(entry, payload.bytes) == expected, "\(name)")
        }
    }

    /// The error's description, or empty when the decode succeeds.
    static func outcome(_ entry: ([UInt8]) throws -> Void, _ bytes: [UInt8]) -> String {
        do {
            try entry(bytes)
            return ""
        } catch {
            return "\(error)"
        }
    }

    /// The dictionary path names what it found in the same words: a model at a key path whose
    /// value is the same JSON, read by JSONSerialization.
    @Test(arguments: ["[1, 2]", "[]", #""[1]""#, "12", "-1.5", "true", "false"])
    func theDictionaryPathUsesTheSameWords(_ json: String) throws {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        let viaDictionary = mappingError { _ = try KeyValueDecoder().decode(User.self, from: ["payload": value], at: "payload") }
        let viaBytes = mappingError { _ = try User(jsonString: json) }
        #expect(viaDictionary?.foundValue != nil)
        #expect(viaDictionary?.foundValue == viaBytes?.foundValue)
        #expect(viaDictionary?.description == "payload: expected User, found \(viaBytes?.foundValue ?? "")")
    }
}
