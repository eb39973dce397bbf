import Foundation
import Testing
import KeyValueMapping

@Suite struct MappingErrorTests {
    @Test(arguments: [
        ([], "(root): expected Int, found String \"x\""),
        ([.key("user"), .key("friends"), .index(2), .key("age")], "user.friends[2].age: expected Int, found String \"x\""),
        ([.index(0), .index(1)], "[0][1]: expected Int, found String \"x\""),
    ] as [([MappingError.PathComponent], String)])
    func descriptionIsOneSentenceWithTheKeyPath(_ path: [MappingError.PathComponent], _ expected: String) {
        let error = MappingError(.typeMismatch(expected: "Int", found: "String \"x\""), path: path)
        #expect(error.description == expected)
    }

    @Test func longValuesAreShortened() {
        let long = String(repeating: "a", count: 100)
        let error = mappingError { _ = try Scalars(dictionary: ["int": long]) }
        #expect(error?.foundValue == "String \"\(String(repeating: "a", count: 40))…\"")
    }

    @Test func debugDescriptionIncludesTheUnderlyingError() {
        struct Cause: Error, CustomStringConvertible { var description: String { "the cause" } }
        let error = MappingError(.other("failed"), path: [.key("k")], underlyingError: Cause())
        #expect(error.debugDescription == "k: failed (underlying error: the cause)")
    }

    @Test(arguments: [
        MappingError(.typeMismatch(expected: "Int", found: "String \"x\""), path: [.key("friends"), .index(2), .key("age")]),
        MappingError(.missingKey(expected: "String"), path: [.key("name")]),
        MappingError(.depthLimitExceeded(limit: 3)),
    ])
    func localizedDescriptionIsTheSameSentence(_ error: MappingError) {
        #expect(error.localizedDescription == error.description)
        #expect((error as any Error).localizedDescription == error.description)
        #expect((error as NSError).localizedDescription == error.description)
    }
}
