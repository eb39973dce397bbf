import Foundation
import KeyValueMapping

// Twins of the Swift blocks in Sources/KeyValueMapping/KeyValueMapping.docc/NullsAndValidation.md: each body between `// sample` and `// end sample` is its
// block verbatim, without the imports (see DocumentationSamples).
extension DocumentationSamples {
    static let nullsAndValidation: [Sample] = [
        Sample("nulls-errors", nullsErrors),
    ]

    static func nullsErrors() throws {
        // sample nulls-errors

        struct Account: Mappable {
            var email = ""
            var uint8: UInt8 = 0
            var int = 0
            var friends: [Account] = []
        }

        let payloads = [
            #"{"email": null}"#,
            #"{"uint8": 300}"#,
            #"{"int": 1.5}"#,
            #"{"friends": [{}, {}, {"int": "twelve"}]}"#,
        ]
        for payload in payloads {
            do {
                _ = try Account(jsonString: payload)
            } catch {
                print(error)
            }
        }
        // email: expected String, found null (the property is not optional)
        // uint8: Int 300 does not fit in UInt8
        // int: Double 1.5 is not exactly representable as Int
        // friends[2].int: expected Int, found String "twelve"
        // end sample
    }
}
