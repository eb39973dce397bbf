import Foundation
import Testing
import KeyValueMapping

struct Links: Mappable {
    var links: [URL] = []
    var home: URL?
}

/// A decode parses each distinct URL text once; the results must be exactly what parsing every
/// occurrence would give, on both paths.
@Suite struct URLMemoTests {
    @Test func repeatedAndDistinctTextsDecodeLikeURLString() throws {
        // More distinct texts than the memo keeps, each repeated, interleaved.
        let texts = (0..<1500).map { "https://example.com/items/\($0 % 1200)?page=\($0 % 7)" }
        let json = try JSONSerialization.data(withJSONObject: ["links": texts + texts.reversed()])
        let expected = (texts + texts.reversed()).map { URL(string: $0) }
        let viaBytes = try Links(jsonData: json)
        let viaDictionary = try Links(dictionary: ["links": texts + texts.reversed()])
        #expect(viaBytes.links == expected.compactMap { $0 })
        #expect(viaDictionary.links == viaBytes.links)
    }

    /// U+212A KELVIN SIGN is canonically equivalent to "K", so `String ==` calls these texts
    /// equal; the second is not a valid URL and must not get the first one's result.
    @Test(arguments: ["https://example.com/\u{212A}", "https://example.com/a\u{37E}b"])
    func equivalentButDifferentTextIsParsedOnItsOwn(_ variant: String) throws {
        let plain = variant.replacingOccurrences(of: "\u{212A}", with: "K").replacingOccurrences(of: "\u{37E}", with: ";")
        #expect(plain == variant, "the test needs canonically equivalent texts")
        let payload: [String: Any] = ["links": [plain, variant]]
        let bytesError = mappingError { _ = try Links(jsonData: try JSONSerialization.data(withJSONObject: payload)) }
        let dictionaryError = mappingError { _ = try Links(dictionary: payload) }
        #expect(bytesError?.keyPath == "links[1]")
        #expect(bytesError?.description == dictionaryError?.description)
        #expect(bytesError?.description.hasSuffix("(not a valid URL)") == true)
    }
}
