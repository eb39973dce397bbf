import Foundation
import Testing
import KeyValueMapping

/// A model holding any JSON value, to run the RFC's vectors through a model as well.
struct AnyDocument: Mappable {
    var value: Any?
}

/// RFC 7396, Appendix A (and the example of section 3), on JSON values and through a model.
@Suite struct MergePatchRFCTests {
    static let appendixA: [(original: String, patch: String, result: String)] = [
        (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
        (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
        (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
        (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
        (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
        (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
        (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
        (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
        (#"{"a":"foo"}"#, "null", "null"),
        (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
        (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
        (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
        (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
        // Section 3's example.
        (#"{"title":"Goodbye!","author":{"givenName":"John","familyName":"Doe"},"tags":["example","sample"],"content":"This will be unchanged"}"#,
         #"{"title":"Hello!","phoneNumber":"+01-123-456-7890","author":{"familyName":null},"tags":["example"]}"#,
         #"{"title":"Hello!","author":{"givenName":"John"},"tags":["example"],"content":"This will be unchanged","phoneNumber":"+01-123-456-7890"}"#),
    ]

    @Test(arguments: appendixA)
    func appendixAOnJSONValues(_ vector: (original: String, patch: String, result: String)) throws {
        let original = try JSONValue(jsonString: vector.original)
        let result = try original.applyingMergePatch(try JSONValue(jsonString: vector.patch))
        #expect(result.jsonString() == vector.result)
    }

    @Test(arguments: appendixA)
    func appendixAThroughAModel(_ vector: (original: String, patch: String, result: String)) throws {
        let model = try AnyDocument(jsonString: #"{"value": \#(vector.original)}"#)
        let patched = try model.applyingMergePatch(try JSONValue(jsonString: #"{"value": \#(vector.patch)}"#))
        #expect(try patched.jsonString(options: .sortedKeys) == (try AnyDocument(jsonString: #"{"value": \#(vector.result)}"#)).jsonString(options: .sortedKeys))
    }

    /// The smallest patch between the vectors' two sides reproduces the result.
    @Test(arguments: appendixA)
    func theDifferenceOfEachVectorReproducesItsResult(_ vector: (original: String, patch: String, result: String)) throws {
        let original = try JSONValue(jsonString: vector.original)
        let result = try JSONValue(jsonString: vector.result)
        guard !vector.result.contains(":null") else {
            // {"e":null} cannot be reached from another value: a patch's null removes.
            #expect(throws: MappingError.self) { try result.mergePatch(from: .object([:])) }
            return
        }
        let patch = try result.mergePatch(from: original)
        #expect(try original.applyingMergePatch(patch).jsonString() == result.jsonString())
    }

    @Test func theSmallestPatchListsOnlyWhatChanged() throws {
        let old = try JSONValue(jsonString: #"{"name":"Ada","tags":["a"],"age":36,"address":{"city":"London","zip":"NW1"}}"#)
        let new = try JSONValue(jsonString: #"{"address":{"zip":"NW1","city":"Paris"},"tags":["a","b"],"name":"Ada"}"#)
        #expect(try new.mergePatch(from: old).jsonString() == #"{"address":{"city":"Paris"},"tags":["a","b"],"age":null}"#)
        #expect(try old.mergePatch(from: old).jsonString() == "{}")
        #expect(try JSONValue.array([]).mergePatch(from: old) == .array([]))
    }

    @Test func aNullThatMustStayIsReportedWhereItIs() {
        let error = mappingError {
            _ = try JSONValue(jsonString: #"{"a":{"b":null}}"#).mergePatch(from: JSONValue(jsonString: #"{"a":{"b":1}}"#))
        }
        #expect(error?.description == "a.b: a JSON merge patch cannot set a member to null (null removes the member)")
    }

    @Test func deepPatchesStopAtTheDepthLimit() throws {
        var deep = JSONValue.object([:])
        for _ in 0..<600 { deep = .object(["a": deep]) }
        let error = mappingError { _ = try JSONValue.object([:]).applyingMergePatch(deep) }
        #expect(error?.reason == .depthLimitExceeded(limit: 512))
        #expect(error?.path.count == 512)
        // Within the limit: merged.
        var shallow = JSONValue.string("x")
        for _ in 0..<100 { shallow = .object(["a": shallow]) }
        #expect(try JSONValue.object([:]).applyingMergePatch(shallow) == shallow)
        // Differences of values deeper than the limit: an error for objects (each level is a
        // nested patch), the whole new value for arrays (which replace whole).
        var oldObject = JSONValue.string("x")
        var newObject = JSONValue.string("y")
        var oldArray = JSONValue.string("x")
        var newArray = JSONValue.string("y")
        for _ in 0..<600 {
            oldObject = .object(["a": oldObject])
            newObject = .object(["a": newObject])
            oldArray = .array([oldArray])
            newArray = .array([newArray])
        }
        #expect(mappingError { _ = try newObject.mergePatch(from: oldObject) }?.reason == .depthLimitExceeded(limit: 512))
        #expect(try newArray.mergePatch(from: oldArray) == newArray)
    }
}
