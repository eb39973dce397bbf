import Foundation
import Testing
import KeyValueMapping

/// A record type of these tests: each exists as a struct and as a class, which must agree.
protocol IdentityRecord: Mappable {
    /// `id:name`, the record as the tables spell it.
    var line: String { get }
}

/// `didDecode` normalises the key.
struct LowercasedKey: IdentityRecord {
    var id = ""
    var name = ""
    var line: String { "\(id):\(name)" }
    static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
    mutating func didDecode() throws { id = id.lowercased() }
}

final class LowercasedKeyObject: IdentityRecord {
    var id = ""
    var name = ""
    var line: String { "\(id):\(name)" }
    required init() {}
    static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
    func didDecode() throws { id = id.lowercased() }
}

/// The key arrives under a legacy name that the `beforeDecoding` rule renames.
private let renameUserID: MappingRules.DictionaryHook = { dictionary in
    if let legacy = dictionary.removeValue(forKey: "userId") { dictionary["id"] = legacy }
}

struct RenamedKey: IdentityRecord {
    var id = 0
    var name = ""
    var line: String { "\(id):\(name)" }
    static var mappingRules: MappingRules { MappingRules().primaryKey("id").beforeDecoding(renameUserID) }
}

final class RenamedKeyObject: IdentityRecord {
    var id = 0
    var name = ""
    var line: String { "\(id):\(name)" }
    required init() {}
    static var mappingRules: MappingRules { MappingRules().primaryKey("id").beforeDecoding(renameUserID) }
}

/// A key that fails to convert becomes -1; a null key keeps the prototype's 0.
struct RelaxedKey: IdentityRecord {
    var id = 0
    var name = ""
    var line: String { "\(id):\(name)" }
    static var mappingRules: MappingRules { MappingRules().primaryKey("id").fallback("id", to: -1).useDefaultForNull("id") }
}

final class RelaxedKeyObject: IdentityRecord {
    var id = 0
    var name = ""
    var line: String { "\(id):\(name)" }
    required init() {}
    static var mappingRules: MappingRules { MappingRules().primaryKey("id").fallback("id", to: -1).useDefaultForNull("id") }
}

/// A class cluster whose subclass renames its key in its own `beforeDecoding` rule.
class ClusterItem: Mappable {
    var id = 0
    var name = ""
    required init() {}
    class var mappingRules: MappingRules {
        MappingRules().primaryKey("id").allowUnknownKeys("kind").subtype { $0["kind"] as? String == "song" ? ClusterSong.self : nil }
    }
}

final class ClusterSong: ClusterItem {
    var title = ""
    required init() {}
    override class var mappingRules: MappingRules {
        MappingRules().beforeDecoding { if let key = $0.removeValue(forKey: "songId") { $0["id"] = key } }
    }
}

@Suite struct UpsertIdentityTests {
    /// The record types, by name, for the tables.
    enum Kind: String, CaseIterable, Sendable {
        case lowercased, renamed, relaxed
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let kind: Kind
        let existing: String
        let payload: String
        let summary: UpsertSummary
        let records: [String]
        var testDescription: String { "\(kind) \(payload)" }
    }

    static let cases: [Case] = [
        // didDecode's key: an element whose key normalises to a record's updates that record.
        Case(kind: .lowercased, existing: "[]", payload: #"[{"id": "ABC", "name": "1"}, {"id": "abc", "name": "2"}, {"id": "Abc", "name": "3"}]"#,
             summary: UpsertSummary(inserted: 1, updated: 2), records: ["abc:3"]),
        Case(kind: .lowercased, existing: #"[{"id": "abc", "name": "old"}, {"id": "x", "name": "x"}]"#,
             payload: #"[{"id": "ABC", "name": "new"}, {"id": "Y", "name": "y"}]"#,
             summary: UpsertSummary(inserted: 1, updated: 1), records: ["abc:new", "x:x", "y:y"]),
        // The beforeDecoding rule's key, whichever name the element uses.
        Case(kind: .renamed, existing: #"[{"id": 7, "name": "a"}]"#,
             payload: #"[{"userId": 7, "name": "b"}, {"userId": 8, "name": "c"}, {"id": 8, "name": "d"}, {"id": 9, "name": "e"}]"#,
             summary: UpsertSummary(inserted: 2, updated: 2), records: ["7:b", "8:d", "9:e"]),
        // The fallback's key and the null rule's key, as decoding gives them.
        Case(kind: .relaxed, existing: "[]", payload: #"[{"id": "garbage", "name": "a"}, {"id": [1], "name": "b"}, {"id": null, "name": "c"}]"#,
             summary: UpsertSummary(inserted: 2, updated: 1), records: ["-1:b", "0:c"]),
        Case(kind: .relaxed, existing: #"[{"id": -1, "name": "fallen"}, {"id": 0, "name": "zero"}]"#,
             payload: #"[{"id": "x", "name": "a"}, {"id": null, "name": "b"}, {"id": "0", "name": "c"}]"#,
             summary: UpsertSummary(inserted: 0, updated: 3), records: ["-1:a", "0:c"]),
    ]

    @Test(arguments: cases)
    func theKeyIsTheOneDecodingGives(_ test: Case) throws {
        switch test.kind {
        case .lowercased:
            try Self.check(test, LowercasedKey.self)
            try Self.check(test, LowercasedKeyObject.self)
        case .renamed:
            try Self.check(test, RenamedKey.self)
            try Self.check(test, RenamedKeyObject.self)
        case .relaxed:
            try Self.check(test, RelaxedKey.self)
            try Self.check(test, RelaxedKeyObject.self)
        }
    }

    /// Both entrances (Foundation values, JSON bytes) give the table's records and counts; a
    /// class record that is updated stays the same instance.
    private static func check<Record: IdentityRecord>(_ test: Case, _ type: Record.Type) throws {
        let existing = try KeyValueDecoder().decode([Record].self, from: foundationArray(test.existing))
        var fromValues = existing
        #expect(try fromValues.upsert(from: foundationArray(test.payload)) == test.summary, "\(Record.self)")
        #expect(fromValues.map(\.line) == test.records, "\(Record.self)")
        var fromBytes = existing
        #expect(try fromBytes.upsert(fromJSON: Data(test.payload.utf8)) == test.summary, "\(Record.self)")
        #expect(fromBytes.map(\.line) == test.records, "\(Record.self)")
        if Record.self is AnyClass {
            let kept = existing.indices.map { ObjectIdentifier(fromValues[$0] as AnyObject) }
            #expect(kept == existing.map { ObjectIdentifier($0 as AnyObject) }, "\(Record.self)")
        }
    }

    private static func foundationArray(_ json: String) throws -> [Any] {
        try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? [Any] ?? []
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        let kind: Kind
        let payload: String
        let message: String
        var testDescription: String { "\(kind) \(payload)" }
    }

    @Test(arguments: [
        Failure(kind: .renamed, payload: #"[{"userId": 1}, {"name": "x"}]"#, message: "[1].id: required key is missing (expected Int)"),
        Failure(kind: .renamed, payload: #"[{"userId": "one"}]"#, message: #"[0].id: expected Int, found String "one""#),
        Failure(kind: .lowercased, payload: #"[{"id": "a"}, {"id": null}]"#, message: "[1].id: expected String, found null (the property is not optional)"),
        Failure(kind: .relaxed, payload: #"[{"name": "x"}]"#, message: "[0].id: required key is missing (expected Int)"),
    ])
    func anElementWithoutAUsableKeyIsAnErrorAtItsIndex(_ test: Failure) throws {
        switch test.kind {
        case .lowercased:
            try Self.expectFailure(test, LowercasedKey.self)
            try Self.expectFailure(test, LowercasedKeyObject.self)
        case .renamed:
            try Self.expectFailure(test, RenamedKey.self)
            try Self.expectFailure(test, RenamedKeyObject.self)
        case .relaxed:
            try Self.expectFailure(test, RelaxedKey.self)
            try Self.expectFailure(test, RelaxedKeyObject.self)
        }
    }

    private static func expectFailure<Record: IdentityRecord>(_ test: Failure, _ type: Record.Type) throws {
        var fromValues: [Record] = []
        let payload = try foundationArray(test.payload)
        #expect(mappingError { try fromValues.upsert(from: payload) }?.description == test.message, "\(Record.self)")
        var fromBytes: [Record] = []
        #expect(mappingError { try fromBytes.upsert(fromJSON: Data(test.payload.utf8)) }?.description == test.message, "\(Record.self)")
    }

    /// An update whose `didDecode` gives the record a key that another record holds: an error at
    /// the element. A struct record is left as it was; a class instance keeps its key (its other
    /// properties are updated, as a failed `update(from:)` leaves them).
    @Test func anUpdateMovingAKeyOntoAnotherRecordIsAnError() throws {
        let message = #"[1].id: expected a unique primary key, found String "xyz" (the element changed the id of the record [1] to that of the record [0])"#
        let payload: [Any] = [["id": "new", "name": "n"], ["id": "XYZ", "name": "changed"]]

        var structs = [LowercasedKey(id: "xyz", name: "lower"), LowercasedKey(id: "XYZ", name: "upper")]
        #expect(mappingError { try structs.upsert(from: payload) }?.description == message)
        #expect(structs.map(\.line) == ["xyz:lower", "XYZ:upper", "new:n"])

        let upper = LowercasedKeyObject()
        upper.id = "XYZ"
        upper.name = "upper"
        var objects = [LowercasedKeyObject(), upper]
        objects[0].id = "xyz"
        #expect(mappingError { try objects.upsert(from: payload) }?.description == message)
        #expect(objects.map(\.line) == ["xyz:", "XYZ:changed", "new:n"])
        #expect(objects[1] === upper)
        // The keys are still unique, so the array can be imported into again.
        #expect(try objects.upsert(from: [["id": "xyz", "name": "again"]]) == UpsertSummary(inserted: 0, updated: 1))
    }

    /// An update whose `didDecode` changes the key to a free one files the record under it.
    @Test func anUpdatedRecordIsFiledUnderItsNewKey() throws {
        var structs = [LowercasedKey(id: "ABC", name: "0")]
        #expect(try structs.upsert(from: [["id": "ABC", "name": "1"], ["id": "abc", "name": "2"]]) == UpsertSummary(inserted: 0, updated: 2))
        #expect(structs.map(\.line) == ["abc:2"])

        let object = LowercasedKeyObject()
        object.id = "ABC"
        var objects = [object]
        #expect(try objects.upsert(from: [["id": "ABC", "name": "1"], ["id": "abc", "name": "2"]]) == UpsertSummary(inserted: 0, updated: 2))
        #expect(objects.count == 1 && objects[0] === object && object.line == "abc:2")
    }

    /// A class cluster's element is read as the subclass its payload names (its own rewriting
    /// rule), and a record held as the base class is updated in place.
    @Test func aClassClusterReadsTheKeyAsItsSubclass() throws {
        var items: [ClusterItem] = []
        let inserted = try items.upsert(from: [["kind": "song", "songId": 3, "title": "t"], ["id": 4, "name": "plain"]])
        #expect(inserted == UpsertSummary(inserted: 2, updated: 0))
        let song = try #require(items.first as? ClusterSong)
        #expect(song.id == 3 && song.title == "t" && type(of: items[1]) == ClusterItem.self)

        let summary = try items.upsert(fromJSON: Data(#"[{"kind": "song", "songId": 3, "title": "u"}, {"id": 4, "name": "renamed"}]"#.utf8))
        #expect(summary == UpsertSummary(inserted: 0, updated: 2))
        #expect(items.count == 2 && items[0] === song && song.title == "u" && items[1].name == "renamed")
    }
}
