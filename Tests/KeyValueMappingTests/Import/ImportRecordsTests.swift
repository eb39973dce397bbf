import Foundation
import Testing
import KeyValueMapping

struct ImportMember: Mappable, Equatable {
    var org = ""
    var number = 0
    var name = ""
    var role = "member"
    static var mappingRules: MappingRules { MappingRules().primaryKey("org", "number") }
}

/// The same key by key paths, read from a nested object.
struct NestedKeyMember: Mappable, Equatable {
    var org = ""
    var number = 0
    var name = ""
    static var mappingRules: MappingRules {
        MappingRules().map("number", to: "meta.number").primaryKey(\NestedKeyMember.org, \NestedKeyMember.number)
    }
}

/// Counts its `didDecode` calls.
final class CountedMember: Mappable {
    nonisolated(unsafe) static var validations = 0
    var id = 0
    var name = ""
    required init() {}
    class var mappingRules: MappingRules { MappingRules().primaryKey("id") }
    func didDecode() throws { CountedMember.validations += 1 }
}

struct ImmutableMember: ImmutableMappable {
    let id: Int
    static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
}
struct ArrayKeyMember: Mappable {
    var tags: [String] = []
    var id = 0
    static var mappingRules: MappingRules { MappingRules().primaryKey("tags", "id") }
}
struct OptionalKeyMember: Mappable {
    var id: Int?
    static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
}

/// The keys of every lookup a store was asked for, in order (a lookup does not mutate the store,
/// so the log is a reference).
final class LookupLog: @unchecked Sendable {
    // `@unchecked`: one test's import writes it and that test reads it afterwards.
    var keys: [[PrimaryKey]] = []
}

/// A store that records the calls an import makes, over a dictionary (and its lookups, when
/// given a log).
struct RecordingTarget<Model: KeyValueModel>: AsyncImportTarget {
    var rows: [PrimaryKey: Model] = [:]
    var calls: [String] = []
    var failsOnInsert = false
    var lookups: LookupLog?

    func records(forKeys keys: [PrimaryKey]) throws -> [PrimaryKey: Model] {
        lookups?.keys.append(keys)
        return try rows.records(forKeys: keys)
    }
    func allKeys() throws -> [PrimaryKey] { rows.keys.sorted { $0.description < $1.description } }
    mutating func insert(_ records: ImportBatch<Model>) throws {
        if failsOnInsert { throw MappingError(.other("the store refused the insert")) }
        calls.append("insert \(records.keys)")
        try rows.insert(records)
    }
    mutating func update(_ records: ImportBatch<Model>) throws {
        calls.append("update \(records.keys)")
        try rows.update(records)
    }
    mutating func delete(keys: [PrimaryKey]) throws {
        calls.append("delete \(keys)")
        try rows.delete(keys: keys)
    }
    mutating func transaction<Result>(_ body: (inout Self) throws -> Result) throws -> Result {
        var copy = self
        copy.calls.append("begin")
        do {
            let result = try body(&copy)
            copy.calls.append("commit")
            self = copy
            return result
        } catch {
            calls.append("rollback")
            throw error
        }
    }
    mutating func transaction<Result>(_ body: (inout Self) async throws -> Result) async throws -> Result {
        var copy = self
        copy.calls.append("begin")
        do {
            let result = try await body(&copy)
            copy.calls.append("commit")
            self = copy
            return result
        } catch {
            calls.append("rollback")
            throw error
        }
    }
}

/// The ways in: JSON bytes, an array from JSONSerialization, a file streamed, and bytes arriving
/// as an `AsyncSequence`. The streamed routes list keys in their report, as the others do by
/// default, so that one table checks them all.
enum ImportRoute: String, CaseIterable, CustomTestStringConvertible {
    case bytes, dictionaries, file, stream
    var testDescription: String { rawValue }

    @discardableResult
    func run<Target: AsyncImportTarget>(_ json: String, into target: inout Target, options: ImportOptions = ImportOptions(),
                                        decoder: KeyValueDecoder = KeyValueDecoder()) async throws -> ImportReport {
        var streamed = options
        if streamed.keyReporting == .automatic { streamed.keyReporting = .keys }
        switch self {
        case .bytes:
            return try decoder.importRecords(Target.Model.self, fromJSON: Data(json.utf8), into: &target, options: options)
        case .dictionaries:
            let payload = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
            return try decoder.importRecords(Target.Model.self, from: payload, into: &target, options: options)
        case .file:
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString).json")
            try Data(json.utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            return try await decoder.importRecords(Target.Model.self, fromJSONAt: url, into: &target, options: streamed)
        case .stream:
            return try await decoder.importRecords(Target.Model.self, from: AsyncBytes(Array(json.utf8)), into: &target, options: streamed)
        }
    }

    /// The error's description, or `imported` when there was none.
    func error<Target: AsyncImportTarget>(_ json: String, into target: inout Target, options: ImportOptions = ImportOptions(),
                                          decoder: KeyValueDecoder = KeyValueDecoder()) async -> String {
        do {
            try await run(json, into: &target, options: options, decoder: decoder)
            return "imported"
        } catch {
            return "\(error)"
        }
    }
}

@Suite struct ImportRecordsTests {
    static func fixture(_ name: String) throws -> String {
        try String(decoding: Data(contentsOf: Fixtures.testsDirectory.appendingPathComponent("Fixtures/\(name)")), as: UTF8.self)
    }

    static func key(_ org: String, _ number: Int64) -> PrimaryKey { PrimaryKey(.string(org), .integer(number)) }

    @Test(arguments: ImportRoute.allCases)
    func aSecondPayloadUpdatesInsertsSkipsAndDeletesByCompositeKey(_ route: ImportRoute) async throws {
        var target = RecordingTarget<ImportMember>()
        let first = try await route.run(try Self.fixture("import-members-1.json"), into: &target)
        #expect(first.inserted == [Self.key("acme", 1), Self.key("acme", 2), Self.key("beta", 1), Self.key("beta", 2)])
        #expect(first.updated.isEmpty && first.deleted.isEmpty && first.description == "4 inserted, 0 updated, 0 unchanged, 0 deleted")
        target.calls = []
        let options = ImportOptions(deleteMissing: true, skipUnchanged: true)
        let second = try await route.run(try Self.fixture("import-members-2.json"), into: &target, options: options)
        #expect(second.inserted == [Self.key("gamma", 1)])
        #expect(second.updated == [Self.key("acme", 1), Self.key("beta", 2)])
        #expect(second.unchanged == [Self.key("acme", 2)])
        #expect(second.deleted == [Self.key("beta", 1)])
        #expect(target.calls == [
            "begin", #"insert [("gamma", 1)]"#, #"update [("acme", 1), ("beta", 2)]"#, #"delete [("beta", 1)]"#, "commit",
        ])
        #expect(target.rows[Self.key("beta", 2)] == ImportMember(org: "beta", number: 2, name: "Edsger", role: "owner"))
        #expect(target.rows[Self.key("acme", 1)]?.name == "Ada L.")
        #expect(target.rows.count == 4 && target.rows[Self.key("beta", 1)] == nil)
    }

    @Test("the store is asked once per batch, never once per record")
    func batches() async throws {
        let json = "[" + (1...5).map { #"{"org": "o", "number": \#($0)}"# }.joined(separator: ",") + "]"
        var target = RecordingTarget<ImportMember>()
        try await ImportRoute.bytes.run(#"[{"org": "o", "number": 2, "name": "two"}]"#, into: &target)
        target.calls = []
        let lookups = LookupLog()
        target.lookups = lookups
        let report = try await ImportRoute.bytes.run(json, into: &target, options: ImportOptions(batchSize: 2))
        #expect(lookups.keys == [[Self.key("o", 1), Self.key("o", 2)], [Self.key("o", 3), Self.key("o", 4)], [Self.key("o", 5)]])
        #expect(target.calls == ["begin", #"insert [("o", 1)]"#, #"update [("o", 2)]"#, #"insert [("o", 3), ("o", 4)]"#, #"insert [("o", 5)]"#, "commit"])
        #expect(report.inserted.count == 4 && report.updated == [Self.key("o", 2)])
        #expect(target.rows[Self.key("o", 2)]?.name == "two")
    }

    @Test(arguments: ImportRoute.allCases)
    func aRepeatedKeyLastWinsOrIsRejected(_ route: ImportRoute) async throws {
        let json = #"[{"org": "a", "number": 1, "name": "first"}, {"org": "b", "number": 1}, {"org": "a", "number": 1, "role": "admin"}]"#
        for batchSize in [1, 10] {
            var target = RecordingTarget<ImportMember>()
            let report = try await route.run(json, into: &target, options: ImportOptions(batchSize: batchSize))
            #expect(report.inserted == [Self.key("a", 1), Self.key("b", 1)] && report.updated.isEmpty && report.repeated == [Self.key("a", 1)])
            #expect(target.rows[Self.key("a", 1)] == ImportMember(org: "a", number: 1, name: "first", role: "admin"))
        }
        var target = RecordingTarget<ImportMember>()
        #expect(await route.error(json, into: &target, options: ImportOptions(repeatedKeys: .reject))
            == #"[2]: expected a primary key no other element has, found ("a", 1) (the payload names this record twice (ImportOptions.repeatedKeys is .reject))"#)
        #expect(target.rows.isEmpty && target.calls == ["rollback"])
    }

    @Test(arguments: ImportRoute.allCases)
    func anErrorLeavesTheStoreAsItWas(_ route: ImportRoute) async throws {
        var target = RecordingTarget<ImportMember>()
        try await route.run(try Self.fixture("import-members-1.json"), into: &target)
        let before = target.rows
        let cases: [(String, String)] = [
            (#"[{"org": "x", "number": 1}, {"org": "y", "number": 2}, {"org": "z", "number": "three"}]"#,
             #"[2].number: expected Int, found String "three""#),
            (#"[{"org": "x", "number": 1}, {"org": "y"}]"#, "[1].number: required key is missing (expected Int)"),
            (#"[{"org": "x", "number": 1}, {"org": null, "number": 2}]"#, "[1].org: expected String, found null (the property is not optional)"),
            (#"[{"org": "acme", "number": 1, "name": [5]}]"#, "[0].name: expected String, found Array (1 element)"),
        ]
        for (json, message) in cases {
            #expect(await route.error(json, into: &target, options: ImportOptions(deleteMissing: true, batchSize: 1)) == message)
            #expect(target.rows == before)
        }
        target.failsOnInsert = true
        #expect(await route.error(#"[{"org": "new", "number": 1}]"#, into: &target) == "(root): the store refused the insert")
        #expect(target.rows == before)
    }

    @Test("malformed JSON after flushed batches rolls everything back")
    func malformedJSONRollsBack() throws {
        var target: [PrimaryKey: ImportMember] = [:]
        let json = #"[{"org": "x", "number": 1}, {"org": "y", "number": 2}, {"org": "z", "number": 3}"#
        #expect(throws: MappingError.self) {
            try KeyValueDecoder().importRecords(ImportMember.self, fromJSON: Data(json.utf8), into: &target, options: ImportOptions(batchSize: 1))
        }
        #expect(target.isEmpty)
    }

    @Test(arguments: ImportRoute.allCases)
    func keyPathsAndNestedKeys(_ route: ImportRoute) async throws {
        var target: [PrimaryKey: NestedKeyMember] = [:]
        try await route.run(#"[{"org": "a", "meta": {"number": 7}, "name": "x"}]"#, into: &target)
        try await route.run(#"[{"org": "a", "meta": {"number": 7}, "name": "y"}]"#, into: &target)
        #expect(target == [Self.key("a", 7): NestedKeyMember(org: "a", number: 7, name: "y")])
        #expect(await route.error(#"[{"org": "a"}]"#, into: &target) == "[0].meta.number: required key is missing (expected Int)")
        #expect(try PrimaryKey(of: NestedKeyMember(org: "b", number: 2)).description == #"("b", 2)"#)
    }

    @Test(arguments: ImportRoute.allCases)
    func anArrayKeepsItsOrderAndUpdatesInPlace(_ route: ImportRoute) async throws {
        var members = [ImportMember(org: "a", number: 1, name: "one"), ImportMember(org: "a", number: 2, name: "two")]
        let report = try await route.run(#"[{"org": "a", "number": 3}, {"org": "a", "number": 1, "name": "uno"}]"#, into: &members,
                                   options: ImportOptions(deleteMissing: true))
        #expect(members.map(\.name) == ["uno", ""] && members.map(\.number) == [1, 3])
        #expect(report.deleted == [Self.key("a", 2)])
        var twice = [ImportMember(org: "a", number: 1), ImportMember(org: "a", number: 1)]
        #expect(await route.error(#"[{"org": "a", "number": 1}]"#, into: &twice)
            == #"[1]: expected a unique primary key, found ("a", 1) (the records [0] and [1] have the same key)"#)
    }

    // Serialized: the routes share the type's counter.
    @Test(.serialized, arguments: ImportRoute.allCases)
    func didDecodeRunsOncePerElementAndClassesKeepTheirIdentity(_ route: ImportRoute) async throws {
        let stored = CountedMember()
        stored.id = 1
        stored.name = "old"
        var target = [stored]
        CountedMember.validations = 0
        try await route.run(#"[{"id": 1, "name": "new"}, {"id": 2}, {"id": 3}]"#, into: &target, options: ImportOptions(batchSize: 2))
        #expect(CountedMember.validations == 3)
        #expect(target.count == 3 && target[0] === stored && stored.name == "new")
    }

    @Test("skipping invalid elements drops them and counts them")
    func skippedElements() async throws {
        var decoder = KeyValueDecoder()
        decoder.invalidElements = .skip
        var target: [PrimaryKey: ImportMember] = [:]
        let report = try await ImportRoute.bytes.run(#"[{"org": "a", "number": 1}, {"org": "b", "number": "x"}, {"org": "c"}]"#,
                                               into: &target, decoder: decoder)
        #expect(report.inserted == [Self.key("a", 1)] && report.skipped == 2 && target.count == 1)
    }

    @Test("a model an import cannot key is a declaration error")
    func declarationErrors() async throws {
        var immutable: [PrimaryKey: ImmutableMember] = [:]
        #expect(await ImportRoute.bytes.error("[]", into: &immutable).contains("ImmutableMappable"))
        var none: [PrimaryKey: NoPrimaryKey] = [:]
        #expect(await ImportRoute.bytes.error("[]", into: &none).contains("an import needs a primary key"))
        var optional: [PrimaryKey: OptionalKeyMember] = [:]
        #expect(await ImportRoute.bytes.error("[]", into: &optional).contains(#"the primary key "id" has type Int?, which an import cannot key records by"#))
        var arrayKey: [PrimaryKey: ArrayKeyMember] = [:]
        #expect(await ImportRoute.bytes.error("[]", into: &arrayKey).contains(#"the primary key "tags" has type [String], which a composite key cannot hold"#))
        var people: [ImportMember] = []
        do {
            try people.upsert(from: [])
            Issue.record("upserted")
        } catch {
            #expect("\(error)".contains("upsert files records by a primary key of one property, and ImportMember's is composite (org, number)"))
        }
    }

    enum Shelf: String { case top, bottom }
    struct Book: Mappable {
        var shelf = Shelf.top
        var position: UInt8 = 0
        var isbn = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
        static var mappingRules: MappingRules { MappingRules().primaryKey("shelf", "position", "isbn") }
    }

    @Test("keys: every integer type is one component, raw values stand for their enums, a one-property key is a literal")
    func keyComponents() async throws {
        let key = try PrimaryKey(of: Book(shelf: .bottom, position: 3))
        #expect(key.components == [.string("bottom"), .integer(3), .uuid(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)))])
        #expect(key.description == #"("bottom", 3, 01020304-0506-0708-090A-0B0C0D0E0F10)"#)
        #expect(PrimaryKey(.integer(7)) == 7 && PrimaryKey(.string("a")) == "a" && PrimaryKey([.integer(7)]).components == [.integer(7)])
        #expect(PrimaryKey(.integer(7)).hashValue == (7 as PrimaryKey).hashValue && PrimaryKey(.integer(7)) != PrimaryKey(.integer(7), .integer(7)))
        var books: [PrimaryKey: Book] = [:]
        let report = try await ImportRoute.bytes.run(#"""
            [{"shelf": "bottom", "position": 3, "isbn": "01020304-0506-0708-090A-0B0C0D0E0F10"},
             {"shelf": "top", "position": 255, "isbn": "01020304-0506-0708-090A-0B0C0D0E0F10"}]
            """#, into: &books)
        #expect(report.inserted.map(\.description) == [key.description, #"("top", 255, 01020304-0506-0708-090A-0B0C0D0E0F10)"#])
    }
}

/// A class cluster: `{"kind": "dog"}` is a `ReviewDog`.
class ImportAnimal: Mappable {
    var id = 0
    var name = ""
    required init() {}
    class var mappingRules: MappingRules {
        MappingRules().primaryKey("id").allowUnknownKeys("kind").subtype { $0["kind"] as? String == "dog" ? ImportDog.self : nil }
    }
    func didDecode() throws {
        if name == "boom" { throw MappingError(.other("boom")) }
    }
}

final class ImportDog: ImportAnimal {
    var tricks = 0
    required init() {}
}

struct ImportScore: Mappable, Equatable {
    var id = 0
    var name = ""
    var score = 0.0
    static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
}

@Suite struct ImportRecordsReviewTests {
    @Test(arguments: ImportRoute.allCases)
    func aSubclassElementWithoutItsKeyIsAnError(_ route: ImportRoute) async {
        var animals: [ImportAnimal] = []
        #expect(await route.error(#"[{"kind": "dog", "name": "rex"}]"#, into: &animals) == "[0].id: required key is missing (expected Int)")
        #expect(animals.isEmpty)
    }

    @Test(arguments: ImportRoute.allCases)
    func anElementOfAnotherClassDoesNotUpdateARecord(_ route: ImportRoute) async {
        let dog = ImportDog()
        dog.id = 5
        var animals: [ImportAnimal] = [dog]
        #expect(await route.error(#"[{"id": 5, "name": "x"}]"#, into: &animals)
            == "[0]: expected ImportDog, found ImportAnimal (the element is read as ImportAnimal, but the record it updates is a ImportDog; an import does not change a record's class)")
        #expect(dog.name == "")
    }

    @Test(arguments: ImportRoute.allCases)
    func classInstancesGetTheirValuesBackWhenAnElementIsSkippedOrTheImportFails(_ route: ImportRoute) async throws {
        let stored = ImportAnimal()
        stored.id = 2
        stored.name = "old"
        var animals = [stored]
        var skipping = KeyValueDecoder()
        skipping.invalidElements = .skip
        let report = try await route.run(#"[{"id": 2, "name": "boom"}]"#, into: &animals, decoder: skipping)
        #expect(report.skipped == 1 && report.updated.isEmpty && stored.name == "old")
        #expect(await route.error(#"[{"id": 2, "name": "new"}, {"id": "x"}]"#, into: &animals, options: ImportOptions(batchSize: 1))
            == #"[1].id: expected Int, found String "x""#)
        #expect(stored.name == "old" && animals.count == 1)
    }

    @Test(arguments: ImportRoute.allCases)
    func aSkippedElementGivesBackOnlyWhatItChanged(_ route: ImportRoute) async throws {
        let stored = ImportAnimal()
        stored.id = 1
        stored.name = "one"
        var animals = [stored]
        var skipping = KeyValueDecoder()
        skipping.invalidElements = .skip
        let report = try await route.run(#"[{"id": 1, "name": "first"}, {"id": 1, "name": "boom"}]"#, into: &animals, decoder: skipping)
        #expect(report.skipped == 1 && report.updated == [1] && stored.name == "first")
    }

    @Test("a report built by hand describes its lists")
    func handBuiltReport() {
        var report = ImportReport()
        report.inserted = [1]
        report.repeated = [1]
        #expect(report.description == "1 inserted, 0 updated, 0 unchanged, 0 deleted, 1 repeated")
    }

    @Test(arguments: ImportRoute.allCases)
    func aRejectedRepeatEndsTheImportEvenWhenInvalidElementsAreSkipped(_ route: ImportRoute) async {
        var skipping = KeyValueDecoder()
        skipping.invalidElements = .skip
        var target: [PrimaryKey: ImportScore] = [:]
        #expect(await route.error(#"[{"id": 1, "name": "a"}, {"id": 1, "name": "b"}]"#, into: &target, options: ImportOptions(repeatedKeys: .reject),
                            decoder: skipping)
            == "[1]: expected a primary key no other element has, found 1 (the payload names this record twice (ImportOptions.repeatedKeys is .reject))")
        #expect(target.isEmpty)
    }

    @Test("a record the encoder cannot write is updated, not compared")
    func skipUnchangedWithAnUnwritableRecord() async throws {
        var target: [PrimaryKey: ImportScore] = [1: ImportScore(id: 1, name: "a", score: .nan)]
        let report = try await ImportRoute.bytes.run(#"[{"id": 1, "name": "x"}]"#, into: &target, options: ImportOptions(skipUnchanged: true))
        #expect(report.updated == [1] && target[1]?.name == "x")
    }

    @Test("a batch size set to zero or less is one")
    func batchSizeIsAtLeastOne() throws {
        var options = ImportOptions()
        options.batchSize = 0
        #expect(options.batchSize == 1)
        options.batchSize = -3
        #expect(options.batchSize == 1 && ImportOptions(batchSize: -1).batchSize == 1)
    }

    @Test("a null key follows the key's null rule, as in every decode")
    func nullKeys() async throws {
        var target: [PrimaryKey: ImportScore] = [:]
        #expect(await ImportRoute.bytes.error(#"[{"id": null}]"#, into: &target) == "[0].id: expected Int, found null (the property is not optional)")
        var decoder = KeyValueDecoder()
        decoder.nullDecoding = .useDefault
        let report = try await ImportRoute.bytes.run(#"[{"id": null, "name": "zero"}]"#, into: &target, decoder: decoder)
        #expect(report.inserted == [0] && target[0]?.name == "zero")
    }
}
