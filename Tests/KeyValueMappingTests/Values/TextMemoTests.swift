import Foundation
import Testing
import KeyValueMapping

struct Links: Mappable {
    var links: [URL] = []
    var home: URL?
}

/// A decode parses each distinct URL text once; the results must be exactly what parsing every
/// occurrence would give, on both paths.
@Suite struct TextMemoTests {
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

enum Temperature: String, CaseIterable { case kelvin = "K", celsius = "C" }

/// A trivial type with a `String` raw value and more distinct values than an enum memo keeps.
struct Letter: RawRepresentable, Equatable {
    let code: UInt8
    init?(rawValue: String) {
        guard rawValue.utf8.count == 2, let first = rawValue.utf8.first, first == UInt8(ascii: "x") else { return nil }
        code = rawValue.utf8.last!
    }
    var rawValue: String { "x" + String(UnicodeScalar(code)) }
}

/// A reference type: each decode must make its own instance, never share a remembered one.
final class Token: RawRepresentable {
    let rawValue: String
    init?(rawValue: String) { self.rawValue = rawValue }
}

struct Readings: Mappable {
    var units: [Temperature] = []
    var letters: [Letter] = []
    var tokens: [Token] = []
}

/// Enum cases are converted once per codec and text; the results must be what converting
/// every occurrence gives, on both paths, from any thread.
@Suite struct RawValueMemoTests {
    static func decodeBothPaths(_ payload: [String: Any]) throws -> (bytes: Readings, dictionary: Readings) {
        (try Readings(jsonData: try JSONSerialization.data(withJSONObject: payload)), try Readings(dictionary: payload))
    }

    /// U+212A KELVIN SIGN is canonically equivalent to "K", so `init(rawValue:)` accepts it on
    /// both paths; a remembered "K" must neither hide nor replace that conversion.
    @Test func repeatedCasesAndEquivalentTextsDecodeLikeInitRawValue() throws {
        let texts = ["K", "C", "K", "\u{212A}", "C", "K"]
        let (bytes, dictionary) = try Self.decodeBothPaths(["units": texts])
        let expected = texts.map { Temperature(rawValue: $0) }
        #expect(bytes.units == expected.compactMap { $0 })
        #expect(bytes.units.count == texts.count)
        #expect(dictionary.units == bytes.units)
    }

    /// A text that is not a case is never remembered: every occurrence reports it, with the
    /// dictionary path's words, also after the valid texts around it were remembered.
    @Test(arguments: [0, 1, 3])
    func aTextThatIsNotACaseIsReportedEveryTime(_ position: Int) throws {
        var texts = ["K", "C", "K", "C"]
        texts.insert("F", at: position)
        for _ in 0..<2 {
            let payload: [String: Any] = ["units": texts]
            let bytesError = mappingError { _ = try Readings(jsonData: try JSONSerialization.data(withJSONObject: payload)) }
            let dictionaryError = mappingError { _ = try Readings(dictionary: payload) }
            #expect(bytesError?.keyPath == "units[\(position)]")
            #expect(bytesError?.description == dictionaryError?.description)
        }
    }

    /// More distinct texts than the memo keeps, each repeated: later ones are converted every time.
    @Test func moreDistinctTextsThanTheMemoKeeps() throws {
        let texts = (0..<2).flatMap { _ in (33..<127).map { "x" + String(UnicodeScalar(UInt8($0))) } }
        let (bytes, dictionary) = try Self.decodeBothPaths(["letters": texts])
        #expect(bytes.letters.map(\.rawValue) == texts)
        #expect(dictionary.letters == bytes.letters)
    }

    @Test func referenceTypesAreNeverShared() throws {
        let (bytes, _) = try Self.decodeBothPaths(["tokens": ["a", "a"]])
        #expect(bytes.tokens.count == 2)
        #expect(bytes.tokens[0] !== bytes.tokens[1])
    }

    /// Eight threads share one codec's memo while it fills.
    @Test func concurrentDecodesAgree() throws {
        let texts = (0..<64).map { $0.isMultiple(of: 3) ? "K" : "C" }
        let data = try JSONSerialization.data(withJSONObject: ["units": texts])
        let expected = texts.compactMap(Temperature.init(rawValue:))
        let results = LockedBox<[[Temperature]]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let units = (try? Readings(jsonData: data))?.units ?? []
            results.withLock { $0.append(units) }
        }
        #expect(results.withLock { $0 } == Array(repeating: expected, count: 8))
    }
}
