import Foundation
import Testing
import KeyValueMapping

/// A model whose keys exercise every way the bytes path matches a member to a property:
/// plain ASCII keys compared as bytes, a key that needs escaping, and non-ASCII keys that
/// must match by Unicode canonical equivalence, as `String` and the dictionary path do.
struct KeyVariety: Mappable, Equatable {
    var plain = 0
    var cafe = ""
    var quoted = false
    var kelvin = 0
    static var mappingRules: MappingRules {
        MappingRules()
            .map("cafe", to: .key("caf\u{E9}"))
            .map("quoted", to: .key("say \"hi\""))
            .map("kelvin", to: .key("\u{212A}"))
    }
}

/// Only ASCII keys, so a plain key that matches none of their bytes names no property.
struct AsciiKeys: Mappable, Equatable {
    var alpha = 0
    var beta = ""
    var gammaDelta: [Int] = []
}

@Suite struct StreamingKeysAndSkippingTests {
    static let keyDocuments = [
        #"{"plain": 1, "café": "precomposed", "say \"hi\"": true, "K": 3}"#,
        "{\"plain\": 1, \"cafe\u{301}\": \"decomposed\", \"K\": 4}",
        #"{"pl\u0061in": 2, "caf\u00e9": "escaped", "say \u0022hi\u0022": true}"#,
        #"{"K": 5, "say \"hi\"": false, "plain": 6, "other": {"plain": 7}}"#,
        #"{"plainer": 1, "plai": 2, "Plain": 3, "": 4, "café ": "no"}"#,
    ]

    @Test(arguments: keyDocuments)
    func keysMatchExactlyAsOnTheDictionaryPath(_ text: String) throws {
        let dictionary = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let expected = try KeyVariety(dictionary: dictionary)
        #expect(try KeyVariety(jsonString: text) == expected)
    }

    @Test func keysInAnyOrderAndUnknownKeysOfEveryShape() throws {
        let text = #"""
        {"z": null, "gammaDelta": [1, 2], "x": {"a": [true, false, {"b": "\u00e9\n"}], "c": -1.5e3},
         "beta": "b", "y": [], "w": {}, "alpha": 7, "v": "tab\there", "u": "日本語"}
        """#
        #expect(try AsciiKeys(jsonString: text) == AsciiKeys(alpha: 7, beta: "b", gammaDelta: [1, 2]))
    }

    static let malformedMembers: [String] = [
        "[1,]", #"{"a" 1}"#, #"{"a":1,}"#, #""\u12""#, #""\ud800""#, "tru", "01", #""\x""#, "[1 2]",
        "{1:2}", #""abc"#, "-", "1.", "nul", "[", #"{"a":[}"#, "[1}", #"{"a":1]"#, "\"a\u{1}b\"",
    ]

    @Test(arguments: malformedMembers)
    func skippedMembersAreRejectedWithTheReadersMessage(_ member: String) throws {
        try expectSameSyntaxError(Data(#"{"extra": \#(member), "city": "Oslo"}"#.utf8))
    }

    @Test(arguments: [[0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82]] as [[UInt8]])
    func skippedStringsAreUTF8Validated(_ bytes: [UInt8]) throws {
        try expectSameSyntaxError(Data(#"{"extra": ["ok", ""#.utf8) + bytes + Data(#""], "city": "Oslo"}"#.utf8))
    }

    @Test func skippedMembersHonourTheDepthLimit() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let error = mappingError { _ = try Address(jsonString: #"{"extra": \#(deep), "city": "Oslo"}"#) }
        #expect(error?.description.contains("nesting exceeds the maximum depth of 512") == true, "\(String(describing: error))")
        let shallow = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(try Address(jsonString: #"{"extra": \#(shallow), "city": "Oslo"}"#).city == "Oslo")
    }

    /// The model decode fails with the reader's own message for the whole document.
    private func expectSameSyntaxError(_ document: Data, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var readerError: JSONSyntaxError?
        do {
            _ = try JSONValue(jsonData: document)
        } catch {
            readerError = error
        }
        let syntax = try #require(readerError, "the reader accepted \(String(decoding: document, as: UTF8.self))", sourceLocation: sourceLocation)
        let error = mappingError({ _ = try Address(jsonData: document) }, sourceLocation: sourceLocation)
        #expect(error?.description == "(root): malformed JSON: \(syntax.description)", sourceLocation: sourceLocation)
    }
}
