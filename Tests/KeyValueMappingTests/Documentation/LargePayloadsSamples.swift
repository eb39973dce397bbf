import Foundation
import KeyValueMapping

// Twins of the Swift blocks in Sources/KeyValueMapping/KeyValueMapping.docc/LargePayloads.md: each body between `// sample` and `// end sample` is its
// block verbatim, without the imports (see DocumentationSamples).
extension DocumentationSamples {
    static let largePayloads: [Sample] = [
        Sample("large-payloads-stream", largePayloadsStream),
        Sample("large-payloads-lines", largePayloadsLines),
    ]

    static func largePayloadsStream() async throws {
        // sample large-payloads-stream

        struct Reading: Mappable { var sensor = ""; var value = 0.0 }

        let bytes = AsyncStream<UInt8> { continuation in
            for byte in #"[{"sensor": "a", "value": 1.5}, {"sensor": "b", "value": "high"}]"#.utf8 {
                continuation.yield(byte)
            }
            continuation.finish()
        }
        var received: [String] = []
        do {
            for try await reading in KeyValueDecoder().models(of: Reading.self, from: bytes) {
                received.append("\(reading.sensor) \(reading.value)")
            }
        } catch let error as MappingError {
            received.append("\(error)")
        }
        print(received.joined(separator: "\n"))
        // a 1.5
        // [1].value: expected Double, found String "high"
        // end sample
    }

    static func largePayloadsLines() throws {
        // sample large-payloads-lines

        struct Event: Mappable { var id = 0 }

        let lines = Data("{\"id\": 1}\r\n{\"id\": \"two\"}\n\n{\"id\": 3}".utf8)
        var decoder = KeyValueDecoder()
        do {
            _ = try decoder.decode([Event].self, fromJSONLines: lines)
        } catch let error as MappingError {
            print(error.line ?? 0, error.keyPath)   // 2 [1].id
            print(error)   // [1].id (line 2): expected Int, found String "two"
        }
        decoder.invalidElements = .skip
        print(try decoder.decode([Event].self, fromJSONLines: lines).map(\.id))   // [1, 3]
        do {
            _ = try decoder.decode([Event].self, fromJSONLines: Data("{\"id\": 1}\n{\"id\": 2} trailing\n".utf8))
        } catch {
            print(error)   // [1] (line 2): malformed JSON: unexpected character 't' after the JSON value at line 2, column 11
        }
        // end sample
    }
}
