import Foundation
import Testing
import KeyValueMapping

/// `LinkedNode` read whole: a dictionary hook keeps it off the stream.
final class HookedLinkedNode: Mappable, @unchecked Sendable {
    var value = 0
    var next: HookedLinkedNode?
    required init() {}
    static var mappingRules: MappingRules { MappingRules().beforeDecoding { _ in } }
}

/// The reader's depth limit (`decoder.jsonReading.maximumDepth`) counts from the document's root
/// on every bytes path: the stream, a model read whole, lenient decoding and the parsed tree
/// refuse the same bracket with the same message. The stream (lenient decoding reads the bytes
/// as it does) names the key path it had reached; the tree reader refuses the document before
/// any model is decoded, so its error has none.
@Suite struct ReaderDepthRouteTests {
    enum Route: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// `decode(_:fromJSON:)` of a plain model: member by member from the reader.
        case stream
        /// `decode(_:fromJSON:)` of a model with a hook: its object is read whole.
        case wholeValue
        /// `decodeLeniently(_:fromJSON:)`: member by member from the reader, as the stream.
        case lenient
        /// `decode(_:fromJSON:at:)`, at `next`: the tree again, read from the root.
        case treeAtPath
        var testDescription: String { rawValue }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let readerLimit: Int
        /// The reader's message, the same on every route.
        let message: String
        /// The key path the stream names.
        let streamPath: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a chain of 9 objects, limit 4", json: chain(8, leaf: "{}"), readerLimit: 4,
             message: "nesting exceeds the maximum depth of 4 at line 1, column 33", streamPath: "next.next.next.next"),
        Case(name: "an empty object one level too deep", json: chain(4, leaf: "{}"), readerLimit: 4,
             message: "nesting exceeds the maximum depth of 4 at line 1, column 33", streamPath: "next.next.next.next"),
        Case(name: "an unknown member skipped", json: chain(2, leaf: #"{"skip":[[1]]}"#), readerLimit: 4,
             message: "nesting exceeds the maximum depth of 4 at line 1, column 26", streamPath: "next.next"),
        Case(name: "a mismatched value read whole", json: chain(1, leaf: #"{"value":[[[1]]]}"#), readerLimit: 4,
             message: "nesting exceeds the maximum depth of 4 at line 1, column 20", streamPath: "next.value"),
        Case(name: "the default limit", json: chain(600, leaf: "null"), readerLimit: 512,
             message: "nesting exceeds the maximum depth of 512 at line 1, column 4097",
             streamPath: Array(repeating: "next", count: 512).joined(separator: ".")),
    ]

    static func chain(_ levels: Int, leaf: String) -> String {
        String(repeating: #"{"next":"#, count: levels) + leaf + String(repeating: "}", count: levels)
    }

    static func decode(_ json: String, _ route: Route, _ decoder: KeyValueDecoder) -> MappingError? {
        let bytes = Data(json.utf8)
        do {
            switch route {
            case .stream: _ = try decoder.decode(LinkedNode.self, fromJSON: bytes)
            case .wholeValue: _ = try decoder.decode(HookedLinkedNode.self, fromJSON: bytes)
            case .lenient: _ = try decoder.decodeLeniently(LinkedNode.self, fromJSON: bytes)
            case .treeAtPath: _ = try decoder.decode(LinkedNode.self, fromJSON: bytes, at: "next")
            }
            return nil
        } catch {
            return error as? MappingError ?? MappingError(.other("not a MappingError: \(error)"))
        }
    }

    /// On a 512 KiB thread, except the default limit's 512 levels, which need a bigger stack.
    @Test(arguments: cases, Route.allCases)
    func everyBytesRouteRefusesTheSameBracket(_ testCase: Case, _ route: Route) async throws {
        let stackSize = testCase.readerLimit > 100 ? 64 << 20 : smallStackSize
        let error = try #require(await onThread(stackSize: stackSize) { () -> MappingError? in
            var decoder = KeyValueDecoder()
            decoder.jsonReading.maximumDepth = testCase.readerLimit
            return Self.decode(testCase.json, route, decoder)
        })
        #expect(error.reason == .malformedJSON(testCase.message), "\(error)")
        #expect(error.keyPath == (route == .stream || route == .lenient ? testCase.streamPath : ""))
    }

    /// A top-level array of models: the stream counts the array too.
    @Test func aTopLevelArrayCountsToo() throws {
        var decoder = KeyValueDecoder()
        decoder.jsonReading.maximumDepth = 4
        let json = "[" + Self.chain(3, leaf: "{}") + "]"
        let message = "nesting exceeds the maximum depth of 4 at line 1, column 26"
        let error = try #require(throws: MappingError.self) { try decoder.decode([LinkedNode].self, fromJSON: Data(json.utf8)) }
        #expect(error.description == "[0].next.next.next: malformed JSON: " + message)
        let tree = try #require(throws: JSONSyntaxError.self) { try JSONValue(jsonString: json, options: decoder.jsonReading) }
        #expect(tree.description == message)
    }

    /// The dictionary path has no reader: only the decoder's own limit applies there.
    @Test func theDictionaryPathHasNoReaderLimit() throws {
        var decoder = KeyValueDecoder()
        decoder.jsonReading.maximumDepth = 4
        let dictionary = try #require(try JSONSerialization.jsonObject(with: Data(Self.chain(8, leaf: "{}").utf8)) as? [String: Any])
        var node: LinkedNode? = try decoder.decode(LinkedNode.self, from: dictionary)
        var levels = 0
        while let current = node {
            levels += 1
            node = current.next
        }
        #expect(levels == 9)
    }

    /// When the decoder's limit is the lower one, the stream may meet it before the reader
    /// would refuse the document further on; the rest of the document is then checked, so the
    /// error is the one the whole document earns, as on the tree route: the reader's when the
    /// document is too deep anywhere, else the decoder's at the same key path. Lenient decoding
    /// lists the decoder's limit and carries on, and meets the reader's where it is.
    @Test(arguments: Route.allCases)
    func theWholeDocumentDecidesWhichLimitIsReported(_ route: Route) throws {
        var decoder = KeyValueDecoder()
        decoder.maximumDepth = 3
        decoder.jsonReading.maximumDepth = 6
        let tooDeepLater = #"{"next":{"next":{"next":{}}},"value":[[[[[[1]]]]]]}"#
        let error = try #require(Self.decode(tooDeepLater, route, decoder))
        #expect(error.reason == .malformedJSON("nesting exceeds the maximum depth of 6 at line 1, column 43"), "\(error)")
        #expect(error.keyPath == (route == .lenient ? "value" : ""), "\(route)")

        let deepEnough = #"{"value":1,"next":{"next":{"next":{"next":{}}}}}"#
        let limited = Self.decode(deepEnough, route, decoder)
        switch route {
        case .lenient:
            // Lenient decoding lists a limit it meets and carries on.
            #expect(limited == nil)
        case .treeAtPath:
            // The model decoded starts at `next`: one level more fits under it.
            #expect(limited?.description == "next.next.next.next: nesting deeper than the maximum depth of 3")
        case .stream, .wholeValue:
            #expect(limited?.description == "next.next.next: nesting deeper than the maximum depth of 3")
        }
    }
}
