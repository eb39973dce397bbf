import Foundation
import Testing
import KeyValueMapping

/// The rules suites' key cases again, through the JSON bytes path (no dictionary is built there).
@Suite struct RulesThroughBytesTests {
    @Test func mjKeyMappingCase() throws {
        let url = Fixtures.testsDirectory.appendingPathComponent("Fixtures/mj-student.json")
        let bytes = try Data(contentsOf: url)
        #expect(try Student(jsonData: bytes) == (try Student(dictionary: try Fixtures.dictionary("mj-student.json"))))
    }

    @Test func keyPathsThroughNonObjectsFailTheSameWay() {
        let error = mappingError { _ = try MantleModel(jsonString: #"{"nested": "bar"}"#) }
        #expect(error?.description == "nested: expected an object on the way to nested.name, found String")
        #expect(error?.foundValue == "String \"bar\"")
    }

    @Test func gatherCandidatesAndClustersFromBytes() throws {
        let range = try RangeModel(jsonString: #"{"location": 20, "length": 12, "nested": {"location": 1, "length": 2}}"#)
        #expect(range.range == ["location": 20, "length": 12] && range.nestedRange == ["nested.location": 1, "nested.length": 2])
        #expect(try Candidates(jsonString: #"{"login": "ada"}"#).name == "ada")
        let drawing = try Drawing(jsonString: #"{"shapes": [{"type": "circle", "radius": 2}, {"type": "square", "side": 3}]}"#)
        #expect((drawing.shapes[0] as? Circle)?.radius == 2 && (drawing.shapes[1] as? Square)?.side == 3)
    }

    @Test func transformersAndValidationFromBytes() throws {
        let ticket = try Ticket(jsonString: #"{"status": "closed", "closedAt": "2024-05-01T10:00:00Z", "tags": [1500]}"#)
        #expect(ticket.status == .closed && ticket.tags == [Date(timeIntervalSince1970: 1.5)])
        struct Holder: Mappable { var models: [MantleModel] = [] }
        let error = mappingError { _ = try Holder(jsonString: #"{"models": [{"username": "this is too long"}]}"#) }
        #expect(error?.description == "models[0]: validation failed: name must be at most 10 characters")
    }

    @Test func requiredKeysAndNamingStylesFromBytes() throws {
        let missing = mappingError { _ = try LeafRecord(jsonString: #"{"heading": "T"}"#) }
        #expect(missing?.description == "id: required key is missing (expected Int)")
        var decoder = KeyValueDecoder()
        decoder.keyNamingStyle = .snakeCase
        let naming = try decoder.decode(Naming.self, fromJSON: Data(#"{"user_id": 5, "url_string": "u"}"#.utf8))
        #expect(naming.userID == 5 && naming.URLString == "u")
    }
}
