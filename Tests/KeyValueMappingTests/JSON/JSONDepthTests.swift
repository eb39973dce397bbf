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
        let outcome = await onThread(stackSize: 256 * 1024) { () -> String in
            do throws(JSONSyntaxError) {
                return "parsed \(try JSONValue(jsonData: bytes))"
            } catch {
                return error.description
            }
        }
        #expect(outcome == "nesting exceeds the maximum depth of 512 at line 1, column 513")
    }

    // Any limit, even Int.max, reads at most depthCeiling levels: deeper values could not be
    // released (Swift destroys nested values recursively) on a small stack.
    @Test(arguments: [1_001, 1_000_000, Int.max])
    func raisedLimitsStopAtTheCeiling(_ limit: Int) async {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        let outcome = await onThread { () -> String in
            var options = JSONReadingOptions()
            options.maximumDepth = limit
            do throws(JSONSyntaxError) {
                return "parsed \(try JSONValue(jsonData: bytes, options: options))"
            } catch {
                return "\(error.message) at offset \(error.offset)"
            }
        }
        #expect(outcome == "nesting exceeds the maximum depth of 1000 (the reader's ceiling) at offset 1000")
    }

    /// A value as deep as the ceiling allows is parsed, written (compact and pretty), compared,
    /// converted to Foundation values (and those released), described, hashed and released on a
    /// 512 KiB thread: each of those walks is iterative, and release stays within the stack.
    @Test(arguments: ["[", #"{"a":"#, #"[{"k":"#])
    func valuesAtTheCeilingAreSafeOnASmallStack(_ opening: String) async {
        let levels = JSONReadingOptions.depthCeiling / (opening == #"[{"k":"# ? 2 : 1)
        let closing = String(opening.reversed().compactMap { ["[": "]", "{": "}"][$0] })
        let text = String(repeating: opening, count: levels) + "1" + String(repeating: closing, count: levels)
        let outcome = await onThread { () -> String in
            var options = JSONReadingOptions()
            options.maximumDepth = .max
            do {
                let value = try JSONValue(jsonString: text, options: options)
                let again = try JSONValue(jsonData: value.jsonData(), options: options)
                let pretty = try JSONValue(jsonData: value.jsonData(options: [.prettyPrinted, .sortedKeys]), options: options)
                let foundation = value.foundationValue()
                let hashes = Set([value, again, pretty]).count
                return "\(value == again) \(value == pretty) \(foundation is [Any] || foundation is [String: Any]) \(value.description == text) \(hashes)"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "true true true true 1")
    }

    /// Mid-stream, a value read or skipped whole counts its levels on top of the containers the
    /// stream has open around it (`depth`), so the limit counts from the document's root.
    @Test(arguments: [(0, 4, "[[[[1]]]]", nil as Int?), (2, 4, "[[[[1]]]]", 2), (3, 4, "[1]", nil), (4, 4, "[]", 0), (4, 4, "1", nil)])
    func valuesReadMidStreamCountFromTheRoot(_ around: Int, _ limit: Int, _ text: String, _ refusedAt: Int?) throws {
        var options = JSONReadingOptions()
        options.maximumDepth = limit
        for skipping in [false, true] {
            let outcome = ByteInput.withUTF8(of: text) { input -> String in
                var reader = JSONReader(input: input, options: options)
                reader.depth = around
                do throws(JSONSyntaxError) {
                    if skipping { try reader.skipValue() } else { _ = try reader.readValue() }
                    return "read"
                } catch {
                    return "\(error.message) at offset \(error.offset)"
                }
            }
            #expect(outcome == (refusedAt.map { "nesting exceeds the maximum depth of \(limit) at offset \($0)" } ?? "read"), "skipping: \(skipping)")
        }
    }

    /// How deep a value read whole nests (non-empty containers), which decides whether a decode
    /// must take it apart without recursion.
    @Test(arguments: [("1", 0), ("[]", 0), ("[[]]", 1), ("[[1]]", 2), (#"{"a":[{"b":{}}],"c":[[[2]]]}"#, 4)])
    func readingReportsTheDepthOfTheValue(_ text: String, _ levels: Int) throws {
        let (read, converted) = try ByteInput.withUTF8(of: text) { input -> Result<(Int, Int), JSONSyntaxError> in
            Result { () throws(JSONSyntaxError) -> (Int, Int) in
                var reader = JSONReader(input: input, options: JSONReadingOptions())
                var read = 0, converted = 0
                _ = try reader.readValue(levels: &read).foundationValue(levels: &converted)
                return (read, converted)
            }
        }.get()
        #expect(read == levels && converted == levels, "read \(read), converted \(converted)")
    }
}
