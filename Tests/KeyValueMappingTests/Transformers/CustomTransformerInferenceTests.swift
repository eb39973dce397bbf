import Foundation
import Testing
import KeyValueMapping

/// `.custom(decode:encode:)` written inline, as the README shows it, compiles in Swift 6 mode
/// without `@Sendable` on its closures (this file is compiled in that mode: it would not build
/// otherwise), and runs each closure once per value.
@Suite struct CustomTransformerInferenceTests {
    struct Price: Mappable, Equatable {
        var cents = 0
        var label = ""
        static var mappingRules: MappingRules {
            MappingRules()
                .transform("cents", with: .custom(decode: { json in Int(((json as? String) ?? "").replacingOccurrences(of: ".", with: "")) ?? 0 },
                                                  encode: { cents in "\(cents / 100).\(String(format: "%02d", cents % 100))" }))
                .transform("label", with: .custom(decode: { "\($0)".uppercased() }, encode: { $0.lowercased() }))
        }
    }

    @Test func inlineClosuresDecodeAndEncode() throws {
        let price = try Price(jsonString: #"{"cents": "12.34", "label": "sale"}"#)
        #expect(price.cents == 1234 && price.label == "SALE")
        #expect(try price.jsonString(options: .sortedKeys) == #"{"cents":"12.34","label":"sale"}"#)
        #expect(try Price(jsonData: price.jsonData()) == price)
    }

    struct Range: Equatable, Sendable {
        var low = 0
        var high = 0
    }

    /// The typed form: both closures work on `JSONValue`s, written inline.
    struct Band: Mappable {
        var range = Range()
        var id: UInt64 = 0
        static var mappingRules: MappingRules {
            MappingRules()
                .transform("range", with: .custom(decodeJSON: { json in
                    guard let low = json["min"]?.intValue, let high = json["max"]?.intValue else {
                        throw MappingError(.other("a range needs integer min and max"))
                    }
                    return Range(low: low, high: high)
                }, encodeJSON: { range in ["min": .number(JSONNumber(Int64(range.low))), "max": .number(JSONNumber(Int64(range.high)))] }))
                // The literal arrives as written: 2^64 - 1 is exact here, where a Foundation
                // value would have been a Double from a dictionary.
                .transform("id", with: .custom(decodeJSON: { json in
                    guard let id = json.uint64Value else { throw MappingError(.other("not an identifier")) }
                    return id
                }, encodeJSON: { .number(JSONNumber($0)) }))
        }
    }

    @Test(arguments: DecodeRoute.allCases)
    func theTypedFormReadsJSONValues(_ route: DecodeRoute) {
        let json = #"{"range": {"min": 2, "max": 9}, "id": 18446744073709551615}"#
        #expect(route.outcome(Band.self, json) { "\($0.range.low)-\($0.range.high) \($0.id)" } == "2-9 18446744073709551615")
        #expect(route.outcome(Band.self, #"{"range": {"min": 2}, "id": 1}"#) { "\($0.range.low)" }
            == "error: range: a range needs integer min and max")
        #expect(route.outcome(Band.self, #"{"range": null, "id": 1}"#) { "\($0.range.low)" }
            == "error: range: expected Range, found null (the property is not optional)")
    }

    @Test func theTypedFormWritesJSONValues() throws {
        let band = Band(range: Range(low: -1, high: 3), id: 7)
        #expect(try band.jsonString(options: .sortedKeys) == #"{"id":7,"range":{"max":3,"min":-1}}"#)
        let back = try Band(jsonData: band.jsonData())
        #expect(back.range == band.range && back.id == 7)
    }

    /// A typed closure returning a value nested deeper than the encoder allows is an error at the
    /// property (the value is released without recursion), never a crash.
    @Test(arguments: [600, 100_000])
    func aTooDeepReturnedValueIsAnError(_ depth: Int) throws {
        struct Deep: Mappable {
            var n = 0
            static var mappingRules: MappingRules {
                MappingRules().transform("n", with: .custom(decodeJSON: { $0.intValue ?? 0 }, encodeJSON: { levels in
                    var value = JSONValue.array([])
                    for _ in 0..<levels { value = .array([value]) }
                    return value
                }))
            }
        }
        let model = Deep(n: depth)
        let error = mappingError { _ = try model.jsonString() }
        #expect(error?.keyPath.hasPrefix("n[0][0]") == true)
        #expect(error?.reasonDescription == "nesting deeper than the maximum depth of 512")
        #expect(mappingError { _ = try model.dictionary() }?.keyPath.hasPrefix("n[0][0]") == true)
    }
}
