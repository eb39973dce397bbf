import Foundation
import Testing
@testable import KeyValueMapping

/// The bytes encoder writes straight from the models; it must say exactly what the dictionary
/// encoder says, written as sorted JSON.
@Suite struct JSONWritingTests {
    static func sameAsDictionaryPath<M: Mappable>(_ model: M) throws {
        let direct = try model.jsonString(options: [.sortedKeys])
        let viaDictionary = try JSONValue(foundationValue: try model.dictionary()).jsonString(options: [.sortedKeys])
        #expect(direct == viaDictionary)
    }

    @Test func userFixture() throws {
        try Self.sameAsDictionaryPath(try User(dictionary: try Fixtures.dictionary("user.json")))
    }

    @Test func everyEncodableType() throws {
        try Self.sameAsDictionaryPath(Encodables())
        try Self.sameAsDictionaryPath(try Transformed(dictionary: ["state": "open"]))
    }

    @Test func keyPathsGatherAndHooksFallBackToTheDictionary() throws {
        try Self.sameAsDictionaryPath(try Student(dictionary: try Fixtures.dictionary("mj-student.json")))
        try Self.sameAsDictionaryPath(try RangeModel(dictionary: ["location": 1, "length": 2]))
        try Self.sameAsDictionaryPath(try Hooked(dictionary: ["name": "n"]))
    }

    @Test func subclassesHeldAsTheirBaseWriteTheirOwnFields() throws {
        let admin = SuperAdmin()
        admin.level = 3
        let text = try (admin as Account).jsonString(options: [.sortedKeys])
        #expect(text == #"{"createdAt":"1970-01-01T00:00:00Z","id":0,"level":3,"permissions":[]}"#)
    }

    @Test func declarationOrderWithoutSortedKeys() throws {
        #expect(try Address(city: "Oslo", zip: "0150").jsonString() == #"{"city":"Oslo","zip":"0150"}"#)
        #expect(try Address(city: "Oslo", zip: nil).jsonString() == #"{"city":"Oslo"}"#)
    }

    @Test func nonFiniteNumbersAndCyclesAreErrorsWithTheKeyPath() {
        var model = Encodables()
        model.list = [1, 2]
        model.double = .nan
        #expect(mappingError { _ = try model.jsonData() }?.keyPath == "double")
        var arrays = Arrays()
        arrays.cube = [[[1]], [[2], [.infinity]]]
        #expect(mappingError { _ = try arrays.jsonData() }?.keyPath == "cube[1][1][0]")
        let root = Node()
        root.children = [Node()]
        root.children[0].next = root
        #expect(mappingError { _ = try root.jsonData() }?.keyPath == "children[0].next")
        root.children = []
    }

    @Test func nilEncodingStrategyOnTheBytesPath() throws {
        var encoder = KeyValueEncoder()
        encoder.nilEncoding = .writeNull
        let text = String(decoding: try encoder.encodeJSON(Address(city: "A", zip: nil)), as: UTF8.self)
        #expect(text == #"{"city":"A","zip":null}"#)
    }
}
