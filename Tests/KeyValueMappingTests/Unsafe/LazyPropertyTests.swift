import Foundation
import KeyValueMapping
import Testing

// For a `lazy var` of a type that is not optional, `null` means "not computed": decoding it
// leaves the storage unset on every route, so the encoder's own padding reads back.

/// An uncomputed lazy var at `items[0]` before a property at `items[1]`: encoding pads with null.
struct LazyAtPaddedIndex: Mappable {
    lazy var first: Int = 5
    var second = 1
    static var mappingRules: MappingRules { MappingRules().map("first", to: "items[0]").map("second", to: "items[1]") }
}

struct LazyPlain: Mappable {
    lazy var computed: Int = 42
    lazy var cached: Int? = 5
    var other = 0
}

@Suite struct LazyPropertyTests {
    /// What a decoded model holds without computing anything: its encoded form, then the values.
    static func render(_ model: LazyAtPaddedIndex) -> String {
        var copy = model
        let encoded = (try? copy.jsonString()) ?? "?"
        return "\(encoded) first=\(copy.first) second=\(copy.second)"
    }

    static func render(_ model: LazyPlain) -> String {
        var copy = model
        let encoded = (try? copy.jsonString(options: .sortedKeys)) ?? "?"
        return "\(encoded) computed=\(copy.computed) cached=\(copy.cached.map(String.init) ?? "nil")"
    }

    @Test(arguments: [KeyValueEncoder.NilEncodingStrategy.omit, .writeNull], DecodeRoute.allCases)
    func anUncomputedLazyVarAtAPaddedIndexRoundTrips(_ nils: KeyValueEncoder.NilEncodingStrategy, _ route: DecodeRoute) throws {
        var encoder = KeyValueEncoder()
        encoder.nilEncoding = nils
        let json = String(decoding: try encoder.encodeJSON(LazyAtPaddedIndex()), as: UTF8.self)
        #expect(json == #"{"items":[null,1]}"#)
        #expect(route.outcome(LazyAtPaddedIndex.self, json) { Self.render($0) } == #"{"items":[null,1]} first=5 second=1"#)
        let dictionary = try encoder.encode(LazyAtPaddedIndex())
        #expect(Self.render(try LazyAtPaddedIndex(dictionary: dictionary)) == #"{"items":[null,1]} first=5 second=1"#)
    }

    @Test(arguments: DecodeRoute.allCases)
    func aComputedLazyVarAtAnIndexRoundTrips(_ route: DecodeRoute) throws {
        var model = LazyAtPaddedIndex()
        model.first = 7
        let json = try model.jsonString()
        #expect(json == #"{"items":[7,1]}"#)
        #expect(route.outcome(LazyAtPaddedIndex.self, json) { Self.render($0) } == #"{"items":[7,1]} first=7 second=1"#)
    }

    /// `null` leaves a lazy var uncomputed, whatever the null options say; a lazy optional's
    /// `null` is its `nil`, computed.
    @Test(arguments: DecodeRoute.allCases, [KeyValueDecoder.NullDecodingStrategy.reject, .useDefault])
    func nullLeavesALazyVarUncomputed(_ route: DecodeRoute, _ nulls: KeyValueDecoder.NullDecodingStrategy) {
        var decoder = KeyValueDecoder()
        decoder.nullDecoding = nulls
        decoder.missingKeys = .reject
        #expect(route.outcome(LazyPlain.self, #"{"computed": null, "cached": null, "other": 1}"#, decoder) { Self.render($0) }
            == #"{"cached":null,"other":1} computed=42 cached=nil"#)
        #expect(route.outcome(LazyPlain.self, #"{"computed": 3, "cached": 4, "other": 1}"#, decoder) { Self.render($0) }
            == #"{"cached":4,"computed":3,"other":1} computed=3 cached=4"#)
        // Absent keys leave them uncomputed too, even when missing keys are rejected.
        #expect(route.outcome(LazyPlain.self, #"{"other": 1}"#, decoder) { Self.render($0) } == #"{"other":1} computed=42 cached=5"#)
        #expect(route.outcome(LazyPlain.self, #"{"computed": "x"}"#, decoder) { Self.render($0) } == #"error: computed: expected Int, found String "x""#)
    }

    @Test func updatingWithNullResetsALazyVarToUncomputed() throws {
        var model = LazyPlain()
        model.computed = 3
        try model.update(from: ["computed": NSNull()])
        #expect(try model.dictionary()["computed"] == nil)
        #expect(model.computed == 42)
    }

    @Test(arguments: [false, true])
    func lenientDecodingRecordsNothingForANullLazyVar(_ bytes: Bool) throws {
        let json = #"{"computed": null}"#
        let (model, skipped) = bytes
            ? try KeyValueDecoder().decodeLeniently(LazyPlain.self, fromJSON: Data(json.utf8))
            : try KeyValueDecoder().decodeLeniently(LazyPlain.self, from: try DecodeRoute.dictionary(json))
        #expect(Self.render(model) == #"{"other":0} computed=42 cached=5"#)
        #expect(skipped.isEmpty)
    }

    /// The schema allows what the decoder reads: null for a lazy var.
    @Test func theSchemaAllowsNullForALazyVar() throws {
        let schema = try LazyAtPaddedIndex.jsonSchema().jsonString(options: .sortedKeys)
        #expect(schema.contains(#""prefixItems":[{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":["integer","null"]}"#), "\(schema)")
    }
}
