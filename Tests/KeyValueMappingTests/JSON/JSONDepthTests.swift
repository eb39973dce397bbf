import Foundation
import Testing
@testable import KeyValueMapping

@Suite struct JSONDepthTests {
    static func nestedArrays(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    @Test func defaultLimitAllows512Levels() throws {
        var value = try JSONValue(jsonString: Self.nestedArrays(512))
        var depth = 0
        while case .array(let elements) = value {
            depth += 1
            value = elements.first ?? .null
        }
        #expect(depth == 512)
    }

    @Test func defaultLimitRejects513Levels() throws {
        let error = try #require(jsonSyntaxError(Self.nestedArrays(513)))
        #expect(error.message == "nesting exceeds the maximum depth of 512")
        #expect(error.offset == 512)
    }

    @Test func objectsCountTowardsTheLimit() throws {
        let open = String(repeating: #"{"a":"#, count: 257) + String(repeating: "[", count: 256)
        let error = try #require(jsonSyntaxError(open + "1" + String(repeating: "]", count: 256) + String(repeating: "}", count: 257)))
        #expect(error.message == "nesting exceeds the maximum depth of 512")
        #expect(error.offset == 257 * 5 + 255)
        let fits = String(repeating: #"{"a":"#, count: 256) + Self.nestedArrays(256) + String(repeating: "}", count: 256)
        #expect(throws: Never.self) { try JSONValue(jsonString: fits) }
    }

    @Test(arguments: [0, 1, 10, 1000])
    func customLimitIsHonoured(_ limit: Int) throws {
        var options = JSONReadingOptions()
        options.maximumDepth = limit
        #expect(try JSONValue(jsonString: "7", options: options) == .number(JSONNumber(Int64(7))))
        if limit > 0 {
            #expect(throws: Never.self) { try JSONValue(jsonString: Self.nestedArrays(limit), options: options) }
        }
        let error = try #require(jsonSyntaxError(Self.nestedArrays(limit + 1), options: options))
        #expect(error.message == "nesting exceeds the maximum depth of \(limit)")
        #expect(error.offset == limit)
    }

    @Test func deepInputOnASmallStackThreadIsAnErrorNotACrash() async {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        let outcome: String = await withCheckedContinuation { continuation in
            let thread = Thread {
                do throws(JSONSyntaxError) {
                    let value = try JSONValue(jsonData: bytes)
                    continuation.resume(returning: "parsed \(value)")
                } catch {
                    continuation.resume(returning: error.description)
                }
            }
            thread.stackSize = 256 * 1024
            thread.start()
        }
        #expect(outcome == "nesting exceeds the maximum depth of 512 at line 1, column 513")
    }

    @Test func deepInputWithARaisedLimitStillNeedsNoStack() async {
        // The reader itself is iterative: 100_000 unclosed levels run out of input, not stack.
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        let outcome: String = await withCheckedContinuation { continuation in
            let thread = Thread {
                var options = JSONReadingOptions()
                options.maximumDepth = 1_000_000
                do throws(JSONSyntaxError) {
                    let value = try JSONValue(jsonData: bytes, options: options)
                    continuation.resume(returning: "parsed \(value)")
                } catch {
                    continuation.resume(returning: error.message)
                }
            }
            thread.stackSize = 256 * 1024
            thread.start()
        }
        #expect(outcome == "unexpected end of input")
    }
}
