import Foundation
import Testing
import KeyValueMapping

struct UpsertPerson: Mappable, Equatable {
    var id = 0
    var name = ""
    var email: String?
    var visits = 0
    static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
}

/// The primary key is declared by the base class and inherited.
class UpsertAccount: Mappable {
    var uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var owner = ""
    required init() {}
    class var mappingRules: MappingRules { MappingRules().map("uuid", to: "meta.id").primaryKey("uuid") }
}

final class UpsertAdminAccount: UpsertAccount {
    var level = 0
    required init() {}
    override class var mappingRules: MappingRules { MappingRules().naming(.snakeCase) }
}

struct KeyedByName: Mappable, Equatable {
    var name = ""
    var size = 0
    static var mappingRules: MappingRules { MappingRules().primaryKey("name").naming(.snakeCase) }
}

struct NoPrimaryKey: Mappable { var id = 0 }
struct UnknownPrimaryKey: Mappable {
    var id = 0
    static var mappingRules: MappingRules { MappingRules().primaryKey("identifier") }
}
struct IgnoredPrimaryKey: Mappable {
    var id = 0
    static var mappingRules: MappingRules { MappingRules().primaryKey("id").ignore("id") }
}
struct ConstantPrimaryKey: Mappable {
    let id = 0
    static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
}
struct UnhashablePrimaryKey: Mappable {
    var id: [String: Any] = [:]
    static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
}
struct OptionalPrimaryKey: Mappable, Equatable {
    var id: Int?
    var name = ""
    static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
}

@Suite struct UpsertTests {
    static let people = [
        UpsertPerson(id: 1, name: "Ada", email: "ada@example.com", visits: 1),
        UpsertPerson(id: 2, name: "Grace", email: nil, visits: 2),
        UpsertPerson(id: 3, name: "Alan", email: nil, visits: 3),
    ]

    @Test func matchingKeysUpdateAndOthersAppendInOrder() throws {
        var people = Self.people
        let summary = try people.upsert(from: [
            ["id": 3, "email": "alan@example.com"],
            ["id": 5, "name": "Edsger"],
            ["id": "1", "visits": 10],          // converted as the property's codec converts
            ["id": 4, "name": "Barbara", "visits": 4],
        ])
        #expect(summary == UpsertSummary(inserted: 2, updated: 2))
        #expect(summary.description == "2 inserted, 2 updated")
        #expect(people == [
            UpsertPerson(id: 1, name: "Ada", email: "ada@example.com", visits: 10),
            UpsertPerson(id: 2, name: "Grace", email: nil, visits: 2),
            UpsertPerson(id: 3, name: "Alan", email: "alan@example.com", visits: 3),
            UpsertPerson(id: 5, name: "Edsger", email: nil, visits: 0),
            UpsertPerson(id: 4, name: "Barbara", email: nil, visits: 4),
        ])
    }

    @Test func aKeyRepeatedInThePayloadUpdatesTheRecordItsFirstOccurrenceInserted() throws {
        var people: [UpsertPerson] = []
        let summary = try people.upsert(from: [["id": 7, "name": "a"], ["id": 7, "visits": 2], ["id": 7, "name": "c"]])
        #expect(summary == UpsertSummary(inserted: 1, updated: 2))
        #expect(people == [UpsertPerson(id: 7, name: "c", email: nil, visits: 2)])
    }

    @Test func classInstancesAreUpdatedInPlaceAndTheBaseClassKeyIsInherited() throws {
        let first = UpsertAdminAccount()
        first.uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        first.owner = "ada"
        var accounts: [UpsertAdminAccount] = [first]
        let summary = try accounts.upsert(from: [
            ["meta": ["id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"], "owner": "bob", "level": 3],
            ["meta": ["id": "00000000-0000-0000-0000-000000000001"], "owner": "eve"],
        ])
        #expect(summary == UpsertSummary(inserted: 1, updated: 1))
        #expect(accounts.count == 2 && accounts[0] === first)
        #expect(first.owner == "bob" && first.level == 3)
        #expect(accounts[1].owner == "eve" && accounts[1].uuid.uuidString == "00000000-0000-0000-0000-000000000001")
    }

    @Test func theDecodersNamingStyleAndTheBytesEntryPointApply() throws {
        var items = [KeyedByName(name: "box", size: 1)]
        let summary = try items.upsert(fromJSON: Data(#"[{"name": "box", "size": 2}, {"name": "bag", "size": 3}]"#.utf8))
        #expect(summary == UpsertSummary(inserted: 1, updated: 1))
        #expect(items == [KeyedByName(name: "box", size: 2), KeyedByName(name: "bag", size: 3)])
        var people = Self.people
        var decoder = KeyValueDecoder()
        decoder.keyNamingStyle = .kebabCase
        try people.upsert(from: [["id": 2, "email": "grace@example.com"]], decoder: decoder)
        #expect(people[1].email == "grace@example.com")
    }

    @Test(arguments: [
        ([["id": 9], ["name": "nobody"]] as [any Sendable], "[1].id: required key is missing (expected Int)"),
        ([["id": "two"]], #"[0].id: expected Int, found String "two""#),
        ([["id": 1.5]], "[0].id: Double 1.5 is not exactly representable as Int"),
        ([["id": NSNull()] as [String: any Sendable]], "[0].id: expected Int, found null (the property is not optional)"),
        ([["id": 1] as [String: Int], "Ada"], #"[1]: expected UpsertPerson, found String "Ada""#),
        ([NSNull()], "[0]: expected UpsertPerson, found null (the property is not optional)"),
        ([["id": 2, "visits": "many"] as [String: any Sendable]], #"[0].visits: expected Int, found String "many""#),
        ([["id": 8, "visits": [1]] as [String: any Sendable]], "[0].visits: expected Int, found Array (1 element)"),
    ])
    func anElementsErrorStartsWithItsIndex(_ payload: [any Sendable], _ expected: String) {
        var people = Self.people
        let error = mappingError { try people.upsert(from: payload.map { $0 as Any }) }
        #expect(error?.description == expected)
    }

    @Test func elementsBeforeAFailingOneAreAppliedAndTheFailingRecordIsKept() {
        var people = Self.people
        _ = mappingError { try people.upsert(from: [["id": 1, "name": "Augusta"], ["id": 9, "name": "Nine"], ["id": "x"]]) }
        #expect(people.map(\.name) == ["Augusta", "Grace", "Alan", "Nine"])
        // The failing element's own record: its name decodes before its visits fail.
        let error = mappingError { try people.upsert(from: [["id": 2, "name": "Hopper", "visits": "many"]]) }
        #expect(error?.keyPath == "[0].visits")
        #expect(people[1] == UpsertPerson(id: 2, name: "Grace", email: nil, visits: 2))
    }

    @Test func aNullKeyOfAnOptionalPrimaryKeyIsAnError() throws {
        var records = [OptionalPrimaryKey(id: nil, name: "unkeyed"), OptionalPrimaryKey(id: 1, name: "one")]
        try records.upsert(from: [["id": 1, "name": "uno"]])
        #expect(records.map(\.name) == ["unkeyed", "uno"])
        let error = mappingError { try records.upsert(from: [["id": NSNull(), "name": "x"]]) }
        #expect(error?.description == "[0].id: expected Int?, found null (a primary key cannot be null)")
    }

    @Test func existingRecordsWithTheSameKeyAreAnErrorBeforeAnythingIsApplied() {
        var people = Self.people + [UpsertPerson(id: 2, name: "Grace again")]
        let error = mappingError { try people.upsert(from: [["id": 1, "name": "changed"]]) }
        #expect(error?.description == "[3].id: expected a unique primary key, found Int 2 (the existing records [1] and [3] have the same id)")
        #expect(people[0].name == "Ada")
    }

    @Test func theBytesEntryPointReportsSyntaxAndShape() {
        var people = Self.people
        // Read as `decode([UpsertPerson].self, fromJSON:)` reads it: the element where the reader stops.
        #expect(mappingError { try people.upsert(fromJSON: Data("[{]".utf8)) }?.description
            == "[0]: malformed JSON: unexpected character ']', expected a string key at line 1, column 3")
        #expect(mappingError { _ = try KeyValueDecoder().decode([UpsertPerson].self, fromJSON: Data("[{]".utf8)) }?.description
            == "[0]: malformed JSON: unexpected character ']', expected a string key at line 1, column 3")
        #expect(mappingError { try people.upsert(fromJSON: Data(#"{"id": 1}"#.utf8)) }?.description
            == "(root): expected a JSON array of UpsertPerson, found Dictionary (1 key)")
        #expect(mappingError { try people.upsert(fromJSON: Data("null".utf8)) }?.description
            == "(root): expected a JSON array of UpsertPerson, found null")
        #expect(mappingError { try people.upsert(fromJSON: Data(#"[{"id": 1}, {"id": {}}]"#.utf8)) }?.description
            == "[1].id: expected Int, found Dictionary (0 keys)")
    }

    @Test(arguments: [
        ("NoPrimaryKey", #"upsert needs a primary key: declare one in the type's rules, such as MappingRules().primaryKey("id")"#),
        ("UnknownPrimaryKey", #"the primary key names "identifier", which is not a stored property"#),
        ("IgnoredPrimaryKey", #"the primary key "id" is ignored, so it is never decoded"#),
        ("ConstantPrimaryKey", #"the primary key "id" is a let, which decoding never writes"#),
        ("UnhashablePrimaryKey", #"the primary key "id" has type [String: Any], which is not Hashable"#),
    ])
    func badPrimaryKeyDeclarationsAreInvalidDeclarations(_ type: String, _ problem: String) {
        let error = mappingError {
            switch type {
            case "NoPrimaryKey": try Self.upsertNothing(NoPrimaryKey.self)
            case "UnknownPrimaryKey": try Self.upsertNothing(UnknownPrimaryKey.self)
            case "IgnoredPrimaryKey": try Self.upsertNothing(IgnoredPrimaryKey.self)
            case "ConstantPrimaryKey": try Self.upsertNothing(ConstantPrimaryKey.self)
            default: try Self.upsertNothing(UnhashablePrimaryKey.self)
            }
        }
        #expect(error?.reason == .invalidDeclaration(type: "KeyValueMappingTests.\(type)", problems: [problem]))
    }

    @Test func theDeclarationCheckAlsoFailsDecoding() {
        // A broken primary key is part of the declaration: the type cannot be used at all.
        #expect(mappingError { _ = try IgnoredPrimaryKey(dictionary: [:]) }?.reason
            == .invalidDeclaration(type: "KeyValueMappingTests.IgnoredPrimaryKey", problems: [#"the primary key "id" is ignored, so it is never decoded"#]))
    }

    private static func upsertNothing<Model: Mappable>(_ type: Model.Type) throws {
        var records: [Model] = []
        try records.upsert(from: [["id": 1]])
    }

    /// One lookup per element: importing into many records takes one pass (checked by count,
    /// not by time): every existing record is found, every new one appended.
    @Test func manyRecordsAreMatchedByKey() throws {
        var people = (0..<20_000).map { UpsertPerson(id: $0, name: "p\($0)") }
        let payload: [Any] = (10_000..<30_000).map { ["id": $0, "visits": 1] }
        let summary = try people.upsert(from: payload)
        #expect(summary == UpsertSummary(inserted: 10_000, updated: 10_000))
        #expect(people.count == 30_000 && people[10_000].visits == 1 && people[9_999].visits == 0 && people[29_999].id == 29_999)
        #expect(people[10_000].name == "p10000" && people[20_000].name == "")
    }
}
