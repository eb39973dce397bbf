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
}
