import Foundation
import Testing
@testable import KeyValueMapping

@Suite struct JSONStringTests {
    @Test(arguments: [
        (#""plain""#, "plain"),
        (#""""#, ""),
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
        (#""\u0041\u00e9\u00E9""#, "Aéé"),
        (#""\u0000""#, "\u{0}"),
        (#""\uD834\uDD1E""#, "𝄞"),
        (#""\ud83d\ude00 x""#, "😀 x"),
        (#""a\u2028b\u2029c""#, "a\u{2028}b\u{2029}c"),
        ("\"日本語 é 𝄞\"", "日本語 é 𝄞"),
        ("\"mixed 日本\\n語\"", "mixed 日本\n語"),
        ("\"\u{7F} is DEL\"", "\u{7F} is DEL"),
        (#""\uFFFF\uFEFF""#, "\u{FFFF}\u{FEFF}"),
    ])
    func escapesAndUTF8Decode(_ json: String, _ expected: String) throws {
        #expect(try JSONValue(jsonString: json) == .string(expected))
    }

    @Test(arguments: [
        (#""\uD800""#, 1, "unpaired high surrogate \\uD800 in string"),
        (#""\uDC00""#, 1, "unpaired low surrogate \\uDC00 in string"),
        (#""\uDD1E\uD834""#, 1, "unpaired low surrogate \\uDD1E in string"),
        (#""\uD834\u0041""#, 1, "unpaired high surrogate \\uD834 in string"),
        (#""\uD834\uD834\uDD1E""#, 1, "unpaired high surrogate \\uD834 in string"),
        (#""ab\uD834x""#, 3, "unpaired high surrogate \\uD834 in string"),
        (#""\uD834\n""#, 1, "unpaired high surrogate \\uD834 in string"),
    ])
    func loneSurrogatesAreRejected(_ json: String, _ offset: Int, _ message: String) {
        let error = jsonSyntaxError(json)
        #expect(error?.offset == offset)
        #expect(error?.message == message)
    }

    @Test(arguments: [
        ([0x22, 0x80, 0x22], 1),                    // lone continuation byte
        ([0x22, 0xC0, 0xAF, 0x22], 1),              // overlong '/'
        ([0x22, 0xC1, 0xBF, 0x22], 1),              // overlong
        ([0x22, 0xE0, 0x80, 0xAF, 0x22], 2),        // overlong three-byte
        ([0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22], 2),  // overlong four-byte
        ([0x22, 0xED, 0xA0, 0x80, 0x22], 2),        // encoded surrogate U+D800
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 2),  // U+110000
        ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], 1),  // lead byte beyond U+10FFFF
        ([0x22, 0xFF, 0x22], 1),
        ([0x22, 0xE6, 0x97, 0x22], 3),              // truncated before the quote
        ([0x22, 0x61, 0xC3, 0x28, 0x22], 3),        // continuation replaced by ASCII
        ([0x22, 0xE9, 0x22], 2),                    // Latin-1 é
        // Truncated four-byte sequences: repaired as one U+FFFD, three bytes like the input.
        ([0x22, 0xF0, 0x90, 0x80, 0x22], 4),
        ([0x22, 0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x61, 0x62, 0x22], 6),
    ] as [([UInt8], Int)])
    func invalidUTF8IsRejected(_ bytes: [UInt8], _ offset: Int) {
        let error = jsonSyntaxError(bytes: bytes)
        #expect(error?.offset == offset)
        #expect(error?.message.hasPrefix("invalid UTF-8 byte") == true)
    }

    @Test func truncatedUTF8AtEndOfInputIsRejected() {
        #expect(jsonSyntaxError(bytes: [0x22, 0xE6, 0x97])?.message == "unexpected end of input")
    }

    @Test(arguments: 0..<0x20)
    func rawControlCharactersAreRejected(_ byte: Int) {
        let error = jsonSyntaxError(bytes: [0x22, 0x61, UInt8(byte), 0x22])
        #expect(error?.offset == 2)
        #expect(error?.message == "unescaped control character 0x\(JSONSyntaxError.hex(UInt8(byte))) in string")
    }

    @Test(arguments: [
        (#""\x""#, 1, "invalid escape sequence '\\x' in string"),
        (#""\'""#, 1, "invalid escape sequence '\\'' in string"),
        (#""\U0041""#, 1, "invalid escape sequence '\\U' in string"),
        (#""\u12G4""#, 5, "invalid hex digit 'G' in \\u escape"),
        (#""\u12""#, 5, "invalid hex digit '\"' in \\u escape"),
        (#""abc"#, 4, "unexpected end of input"),
        (#""\"#, 2, "unexpected end of input"),
        (#""\u00"#, 5, "unexpected end of input"),
    ])
    func malformedEscapesAreRejected(_ json: String, _ offset: Int, _ message: String) {
        let error = jsonSyntaxError(json)
        #expect(error?.offset == offset)
        #expect(error?.message == message)
    }

    @Test func keysUseTheSameDecoding() throws {
        let value = try JSONValue(jsonString: #"{"\u00e9\n": 1, "𝄞": 2}"#)
        guard case .object(let object) = value else {
            Issue.record("expected an object, got \(value)")
            return
        }
        #expect(object.keys == ["é\n", "𝄞"])
        #expect(jsonSyntaxError(#"{"\uDFFF": 1}"#)?.offset == 2)
    }

    /// The scanner reads eight bytes at a time: put each kind of special byte at every lane of
    /// the first words, in strings of every length up to three words, read and skipped.
    @Test(arguments: 0..<24)
    func specialBytesAreFoundAtEveryOffset(_ length: Int) throws {
        for position in 0..<max(length, 1) {
            let before = String(repeating: "a", count: min(position, length))
            let after = String(repeating: "b", count: max(length - position - 1, 0))
            for (inserted, decoded) in [("é", "é"), ("\\n", "\n"), ("\\u00e9", "é"), ("日", "日"), ("\\\"", "\"")] {
                let json = "\"" + before + inserted + after + "\""
                #expect(try JSONValue(jsonString: json) == .string(before + decoded + after), "\(json)")
                #expect(try JSONValue(jsonString: "[{\"k\": " + json + "}, 1]") == .array([.object(["k": .string(before + decoded + after)]), .number(JSONNumber(Int64(1)))]))
            }
            let control = jsonSyntaxError(bytes: Array(("\"" + before).utf8) + [0x1F] + Array((after + "\"").utf8))
            #expect(control?.offset == 1 + before.utf8.count)
            #expect(control?.message == "unescaped control character 0x1F in string")
            let invalid = jsonSyntaxError(bytes: Array(("\"" + before).utf8) + [0xFF] + Array((after + "\"").utf8))
            #expect(invalid?.offset == 1 + before.utf8.count)
            #expect(invalid?.message == "invalid UTF-8 byte 0xFF in string")
        }
    }

    /// Non-ASCII text is validated after its end is found; the first problem in text order is
    /// still the one reported.
    @Test(arguments: [
        ([0x22, 0xC3, 0xA9, 0xFF, 0x01, 0x22], 3, "invalid UTF-8 byte 0xFF in string"),
        ([0x22, 0xC3, 0xA9, 0x01, 0xFF, 0x22], 3, "unescaped control character 0x01 in string"),
        ([0x22, 0xE6, 0x97, 0xA5, 0xC3, 0x5C, 0x6E, 0x22], 5, "invalid UTF-8 byte 0x5C in string"),
        ([0x22, 0xC3, 0xA9, 0x5C, 0x71, 0x22], 3, "invalid escape sequence '\\q' in string"),
        ([0x22, 0xC3, 0xA9, 0xC3], 4, "unexpected end of input"),
        ([0x22, 0xC3, 0xA9, 0xFF], 3, "invalid UTF-8 byte 0xFF in string"),
        // The same after an escape, where the text is validated with the finished string.
        ([0x22, 0x5C, 0x6E, 0xC3, 0xA9, 0xFF, 0x01, 0x22], 5, "invalid UTF-8 byte 0xFF in string"),
        ([0x22, 0x5C, 0x6E, 0xC3, 0xA9, 0x01, 0xFF, 0x22], 5, "unescaped control character 0x01 in string"),
        ([0x22, 0x5C, 0x6E, 0xFF, 0x5C, 0x71, 0x22], 3, "invalid UTF-8 byte 0xFF in string"),
        ([0x22, 0x5C, 0x6E, 0xC3, 0xA9, 0x5C, 0x71, 0x22], 5, "invalid escape sequence '\\q' in string"),
        ([0x22, 0x5C, 0x6E, 0xE6, 0x97, 0x5C, 0x6E, 0x22], 5, "invalid UTF-8 byte 0x5C in string"),
        ([0x22, 0x5C, 0x6E, 0xE6, 0x97, 0x22], 5, "invalid UTF-8 byte 0x22 in string"),
        ([0x22, 0x5C, 0x6E, 0xF0, 0x90, 0x80, 0x22], 6, "invalid UTF-8 byte 0x22 in string"),
        ([0x22, 0x5C, 0x6E, 0xC3, 0xA9, 0xC3], 6, "unexpected end of input"),
        ([0x22, 0x5C, 0x6E, 0xC3, 0xA9, 0xFF], 5, "invalid UTF-8 byte 0xFF in string"),
    ] as [([UInt8], Int, String)])
    func theFirstProblemInTextOrderIsReported(_ bytes: [UInt8], _ offset: Int, _ message: String) {
        let error = jsonSyntaxError(bytes: bytes)
        #expect(error?.offset == offset)
        #expect(error?.message == message)
    }

    @Test func escapedStringsDoNotLeakIntoEachOther() throws {
        // The reader reuses one scratch buffer for escaped strings.
        let value = try JSONValue(jsonString: #"["long\ttext with escape", "\n", "plain", "x\"y"]"#)
        #expect(value == .array([.string("long\ttext with escape"), .string("\n"), .string("plain"), .string("x\"y")]))
        // Non-ASCII text around escapes, and a string that is escapes only.
        let mixed = try JSONValue(jsonString: #"["日本\n語 ☕️\t\u00e9", "\u65e5\u672c", "é\"\\/"]"#)
        #expect(mixed == .array([.string("日本\n語 ☕️\té"), .string("日本"), .string("é\"\\/")]))
    }
}
