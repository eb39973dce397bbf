import Foundation
import KeyValueMapping

// Twins of the Swift blocks in Sources/KeyValueMapping/KeyValueMapping.docc/NullsAndValidation.md: each body between `// sample` and `// end sample` is its
// block verbatim, without the imports (see DocumentationSamples).
extension DocumentationSamples {
    static let nullsAndValidation: [Sample] = [
        Sample("nulls-errors", nullsErrors),
        Sample("nulls-tolerance", nullsTolerance),
        Sample("nulls-numbers", nullsNumbers),
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

    static func nullsTolerance() throws {
        // sample nulls-tolerance

        struct Reading: Mappable { var sensor = ""; var value = 0.0 }
        struct Batch: Mappable {
            var station = ""
            var readings: [Reading] = []
            var labels: [String: Int] = [:]
        }

        var decoder = KeyValueDecoder()
        decoder.invalidElements = .skip
        decoder.missingKeys = .reject
        let payload: [String: Any] = [
            "station": "north",
            "readings": [["sensor": "a", "value": 1.5], ["sensor": "b"], ["sensor": "c", "value": "high"]],
            "labels": ["x": 1, "y": "two"],
        ]
        let batch = try decoder.decode(Batch.self, from: payload)
        print(batch.readings.map(\.sensor), batch.labels)
        // ["a"] ["x": 1]

        let (_, skipped) = try decoder.decodeLeniently(Batch.self, from: payload)
        for relaxation in skipped { print(relaxation) }
        // readings[1].value: required key is missing (expected Double)
        // readings[2].value: expected Double, found String "high"
        // labels.y: expected Int, found String "two"
        // end sample
    }

    static func nullsNumbers() throws {
        // sample nulls-numbers

        struct Reading: Mappable {
            var count = 0
            var ratio = 0.0
            var label = ""
        }

        let payloads = [
            #"{"count": 1e-400}"#,
            #"{"count": 1e400}"#,
            #"{"ratio": 1e400}"#,
            #"[{"count": 1}, {"count": 2}]"#,
        ]
        for payload in payloads {
            do {
                _ = try Reading(jsonString: payload)
            } catch {
                print(error)
            }
        }
        // count: Number 1e-400 is not exactly representable as Int
        // count: Number 1e400 does not fit in Int
        // ratio: Number 1e400 does not fit in Double
        // (root): expected a JSON object for Reading, found Array (2 elements)

        let reading = try Reading(jsonString: #"{"label": 1.0000000000000001, "ratio": 1e2}"#)
        print(reading.label, reading.ratio)   // 1.0000000000000001 100.0
        // end sample
    }
}
