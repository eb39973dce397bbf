import Foundation
import Testing
import KeyValueMapping

/// Models declared for the schema tests only.
enum ValidatedModels {
    /// Every optional shape: scalars, models, containers.
    struct Optionals: Mappable {
        var name: String?
        var home: KeyValueMappingTests.Address?
        var tags: [String]?
        var scores: [String: Int?] = [:]
        var list: [Int?] = []
    }

    /// Another type whose short name is `Address`.
    struct Address: Mappable {
        var street = ""
    }

    struct TwoAddresses: Mappable {
        var home = KeyValueMappingTests.Address()
        var office = ValidatedModels.Address()
    }
}

/// One model type with instances the tests encode, checked against its own schema.
struct ConformanceCase: Sendable, CustomTestStringConvertible {
    let name: String
    let documents: @Sendable () throws -> (schema: JSONValue, documents: [JSONValue])

    init(_ name: String, decoder: KeyValueDecoder = KeyValueDecoder(), encoder: KeyValueEncoder = KeyValueEncoder(),
         _ models: @escaping @Sendable () throws -> [any Mappable]) {
        self.name = name
        documents = { try Self.documents(of: try models(), decoder: decoder, encoder: encoder) }
    }

    private static func documents(of models: [any Mappable], decoder: KeyValueDecoder, encoder: KeyValueEncoder) throws -> (schema: JSONValue, documents: [JSONValue]) {
        let schema = try #require(models.first.map { try Self.schema(of: $0, decoder: decoder, encoder: encoder) })
        var documents: [JSONValue] = []
        for model in models {
            // Both encoders: the dictionary (through Foundation values) and the bytes.
            documents.append(try JSONValue(encoded: try Self.dictionary(of: model, encoder: encoder)))
            documents.append(try JSONValue(jsonData: try Self.bytes(of: model, encoder: encoder)))
        }
        return (schema, documents)
    }

    private static func schema<Model: Mappable>(of model: Model, decoder: KeyValueDecoder, encoder: KeyValueEncoder) throws -> JSONValue {
        try Model.jsonSchema(decoder: decoder, encoder: encoder)
    }

    private static func dictionary<Model: Mappable>(of model: Model, encoder: KeyValueEncoder) throws -> [String: Any] {
        try encoder.encode(model)
    }

    private static func bytes<Model: Mappable>(of model: Model, encoder: KeyValueEncoder) throws -> Data {
        try encoder.encodeJSON(model)
    }

    var testDescription: String { name }
}

extension JSONValue {
    init(encoded value: Any) throws {
        self = try JSONValue(jsonData: JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]))
    }
}

/// Every model the test suite encodes validates against its own schema, encoded with the
/// default options and with the options that change what is written.
@Suite struct SchemaConformanceTests {
    static let cases: [ConformanceCase] = [
        ConformanceCase("User") { [try User(dictionary: try Fixtures.dictionary("user.json")), User()] },
        ConformanceCase("Account chain") { [Account(), Admin(), try SuperAdmin(dictionary: ["id": 3, "permissions": ["a", "b"], "level": 255])] },
        ConformanceCase("SuperAdmin") { [try SuperAdmin(dictionary: ["id": -1, "createdAt": "2024-05-01T13:45:30.250Z", "level": 0])] },
        ConformanceCase("Level0") { [try Level0(dictionary: ["a": ["b": [["c": [["d": 1], ["d": -2]]], ["c": []]]]])] },
        ConformanceCase("LeafRecord") { [try LeafRecord(dictionary: ["id": 1, "heading": "T", "extra": "e", "note": "n"])] },
        ConformanceCase("ReplacingRecord") { [try ReplacingRecord(dictionary: ["id": 1, "secret": "s", "cache": "c"])] },
        ConformanceCase("AllowListed") { [try AllowListed(dictionary: ["a": 1, "b": 2, "c": 3])] },
        ConformanceCase("Candidates") { [Candidates(), try Candidates(dictionary: ["login": "ada"])] },
        ConformanceCase("LiteralDots") { [try LiteralDots(dictionary: ["version.major": "6", "meta": ["build.number": "42"], "a.b": ["x", "y"]])] },
        ConformanceCase("Naming") { [try Naming(dictionary: ["userID": 5, "URLString": "u"])] },
        ConformanceCase("Naming, snake_case", decoder: snakeDecoder, encoder: snakeEncoder) { [try Naming(dictionary: ["userID": 5])] },
        ConformanceCase("Hooked") { [try Hooked(dictionary: ["name": "n", "friendJSON": ["city": "Rome"]])] },
        ConformanceCase("MantleModel") { [try MantleModel(dictionary: ["username": "foo", "count": "5", "nested": ["name": "bar"]]), MantleModel()] },
        ConformanceCase("RangeModel") { [try RangeModel(dictionary: ["location": 1, "length": 2, "nested": ["location": 3]]), RangeModel()] },
        ConformanceCase("Drawing (a class cluster)") {
            [try Drawing(dictionary: ["shapes": [["type": "circle", "name": "c", "radius": 2.5], ["type": "square", "side": 1], ["name": "plain"]]])]
        },
        ConformanceCase("Ticket") { [Ticket(), try Ticket(dictionary: ["status": "closed", "closedAt": "2024-05-01T00:00:00Z", "tags": [0, 1_700_000_000_000]])] },
        ConformanceCase("Student") { [try Student(dictionary: try Fixtures.dictionary("mj-student.json")), Student()] },
        ConformanceCase("StatusBox") {
            [try StatusBox(dictionary: ["statuses": [["status_text": "hi", "user_id": 7, "profile_image_url": "https://a.example/p.png"]],
                                        "ads": [["name": "bag", "price": 1.5]], "total_number": 2])]
        },
        ConformanceCase("Book") { [try Book(dictionary: ["name": "", "publishedAt": "2024-05-01"])] },
        ConformanceCase("Transformed") { [try transformed()] },
        ConformanceCase("Twitter statuses") {
            let root = try #require(try JSONSerialization.jsonObject(with: try Fixtures.realWorld("twitter.json")) as? [String: Any])
            return try [Status](dictionaries: try #require(root["statuses"] as? [Any]))
        },
        ConformanceCase("Scalars") { [Scalars(), try extremeScalars(), try extremeScalars(negative: true)] },
        ConformanceCase("Containers") { [Containers(), try containers()] },
        ConformanceCase("Links") { [try Links(dictionary: ["links": ["https://example.com/a", "relative/path"], "home": "/x"])] },
        ConformanceCase("Readings") { [try Readings(dictionary: ["units": ["K", "C"], "letters": ["xa"], "tokens": ["t1", "t2"]])] },
        ConformanceCase("FoundationValues") { [FoundationValues(), try foundationValues()] },
        ConformanceCase("SpecialFields") { [SpecialFields(), try SpecialFields(dictionary: ["variable": 3, "lazyValue": 7])] },
        ConformanceCase("Encodables") { [Encodables()] },
        ConformanceCase("Encodables, null and epoch dates", encoder: nullsAndSeconds) { [Encodables()] },
        ConformanceCase("Arrays") { [try Arrays(dictionary: ["matrix": [[1.5]], "cube": [[[2.0]]], "ints": [1], "names": ["a": "b"], "scores": ["s": 0.5]])] },
        ConformanceCase("KeyVariety") { [try KeyVariety(dictionary: ["plain": 1, "café": "c", "say \"hi\"": true, "\u{212A}": 3])] },
        ConformanceCase("AsciiKeys") { [try AsciiKeys(dictionary: ["alpha": 1, "beta": "b", "gammaDelta": [1, 2]])] },
        ConformanceCase("EscapedKeys") { [EscapedKeys()] },
        ConformanceCase("Node (recursive class)") { [try Node(dictionary: ["value": 1, "next": ["value": 2, "next": ["value": 3]], "children": [["value": 4]]])] },
        ConformanceCase("Parent and Child (weak)") { [try Parent(dictionary: ["name": "p", "child": ["name": "c"]])] },
        ConformanceCase("Fuzz models") { [try FuzzInt(dictionary: ["i": Int.min])] },
        ConformanceCase("FuzzDates") { [try FuzzDates(dictionary: ["t": "9999-12-31T23:59:59.999Z"])] },
        ConformanceCase("FuzzFloat") { [try FuzzFloat(dictionary: ["f": 3.4028235e38])] },
        ConformanceCase("FuzzAny") { [try FuzzAny(dictionary: ["any": ["x": [1, nil as Int? as Any, "s"]]])] },
        ConformanceCase("FuzzDecimal") { [try FuzzDecimal(dictionary: ["dec": "-123.4500"])] },
        ConformanceCase("Enumerations") { [Enumerations(), try enumerations()] },
        ConformanceCase("DatesAndText") { [try datesAndText()] },
        ConformanceCase("IntegerKeyed") {
            [try IntegerKeyed(dictionary: ["int8": ["-128": 1, "127": 2, "0": 3], "uint8": ["255": 1], "int": ["-9223372036854775808": 1],
                                           "uint64": ["18446744073709551615": 1]])]
        },
        ConformanceCase("SchemaRepo") {
            [try SchemaRepo(dictionary: ["repo_id": 1, "owner": ["login": "o"], "stars": 2, "lat": 1.5, "tags": ["a", "b"], "note": "n"])]
        },
        ConformanceCase("SchemaRepo, writing null", encoder: writesNull) {
            [try SchemaRepo(dictionary: ["repo_id": 1, "owner": ["login": "o"], "stars": 2, "lat": 1.5, "tags": ["a", "b"], "note": NSNull()])]
        },
        ConformanceCase("TableRepo") { [TableRepo(), try TableRepo(dictionary: ["repo_id": 1, "items": [["id": 3]], "stamps": ["2024-01-02"]])] },
        ConformanceCase("Optionals") { [ValidatedModels.Optionals(), try optionals()] },
        ConformanceCase("Optionals, writing null", encoder: writesNull) { [ValidatedModels.Optionals(), try optionals()] },
        ConformanceCase("ConflictingCandidates") { [try ConflictingCandidates(dictionary: ["name": "n", "first": 1, "last": 2])] },
        ConformanceCase("TwoAddresses") { [ValidatedModels.TwoAddresses()] },
        ConformanceCase("PatchPerson") { [try PatchPerson(dictionary: ["id": 1, "name": "Ada", "meta": ["rank": 2], "friends": ["x": ["name": "y"]]])] },
        ConformanceCase("UpsertPerson") { [try UpsertPerson(dictionary: ["id": 1, "name": "Ada", "email": "a@example.com"])] },
    ]

    @Test(arguments: cases)
    func everyEncodedModelValidatesAgainstItsOwnSchema(_ conformance: ConformanceCase) throws {
        let (schema, documents) = try conformance.documents()
        #expect(!documents.isEmpty)
        let validator = SchemaValidator(root: schema)
        for document in documents {
            let problems = validator.problems(in: document)
            #expect(problems.isEmpty, "\(document.jsonString(options: [.sortedKeys])): \(problems)")
        }
    }

    /// The validator refuses what breaks each keyword the library emits, so the conformance
    /// test above can fail.
    @Test(arguments: [
        (#"{"repo_id": 1, "owner": {"login": "o"}, "stars": 2, "lat": 1.5, "tags": ["a", "b"], "note": null}"#, ""),
        (#"{"owner": {"login": "o"}, "stars": 2, "lat": 1.5, "tags": ["a", "b"], "note": null}"#, "(root): required member repo_id is missing"),
        (#"{"repo_id": 1, "owner": {}, "stars": 2, "lat": 1.5, "tags": ["a", "b"], "note": null}"#, "owner: required member login is missing"),
        (#"{"repo_id": 1, "owner": {"login": "o"}, "lat": 1.5, "tags": ["a", "b"], "note": null}"#, "(root): matches none of anyOf"),
        (#"{"repo_id": 1.5, "owner": {"login": "o"}, "stars": 2, "lat": 1.5, "tags": ["a", "b"], "note": null}"#, "repo_id: a number is not of type integer"),
        (#"{"repo_id": 9223372036854775808, "owner": {"login": "o"}, "stars": 2, "lat": 1.5, "tags": ["a", "b"], "note": null}"#, "repo_id: 9223372036854775808 is above"),
        (#"{"repo_id": 1, "owner": {"login": "o"}, "stars": 2, "lat": 1.5, "tags": ["a"], "note": null}"#, "tags: 1 elements, fewer than 2"),
        (#"{"repo_id": 1, "owner": {"login": "o"}, "stars": 2, "lat": 1.5, "tags": ["a", 2], "note": null}"#, "tags[1]: a number is not of type string"),
        (#"{"repo_id": 1, "owner": {"login": "o"}, "stars": 2, "lat": 1.5, "tags": ["a", "b"], "note": 3}"#, "note: a number is not of type string or null"),
    ])
    func theValidatorRefusesWhatBreaksTheSchema(_ text: String, _ expected: String) throws {
        let problems = SchemaValidator(root: try SchemaRepo.jsonSchema()).problems(in: try JSONValue(jsonString: text))
        if expected.isEmpty {
            #expect(problems.isEmpty, "\(problems)")
        } else {
            #expect(problems.contains { $0.hasPrefix(expected) }, "\(problems)")
        }
    }

    @Test(arguments: [
        ("role", #""guest""#, "role: \"guest\" is not one of"),
        ("level", "3", "level: 3 is not one of"),
        ("many", "300", "many: 300 is not one of"),
        ("letter", "5", "letter: a number is not of type string"),
        ("roles", #"{"guest": 1}"#, "roles.guest (name): \"guest\" is not one of"),
    ])
    func enumsAndKeysOutsideTheListAreRefused(_ member: String, _ value: String, _ expected: String) throws {
        let problems = SchemaValidator(root: try Enumerations.jsonSchema()).problems(in: try JSONValue(jsonString: "{\"\(member)\": \(value)}"))
        #expect(problems.contains { $0.hasPrefix(expected) }, "\(problems)")
        // The decoder refuses the same value.
        #expect(throws: MappingError.self) { try Enumerations(jsonString: "{\"\(member)\": \(value)}") }
    }

    /// A required optional that is `nil` is written as `null` even by the default `nilEncoding`
    /// (`.omit`): left out, it would fail the decoder, and the schema, which requires it.
    @Test func aRequiredNilIsWrittenSoTheSchemaAndTheDecoderAcceptIt() throws {
        let model = try SchemaRepo(dictionary: ["repo_id": 1, "owner": ["login": "o"], "stars": 2, "lat": 1.5, "tags": ["a", "b"], "note": NSNull()])
        let output = try model.jsonData()
        #expect(try JSONValue(jsonData: output).description.contains(#""note":null"#))
        #expect(SchemaValidator(root: try SchemaRepo.jsonSchema()).problems(in: try JSONValue(jsonData: output)).isEmpty)
        #expect(try SchemaRepo(jsonData: output).note == nil)
    }

    @Test func formatsAreChecked() throws {
        let validator = SchemaValidator(root: try DatesAndText.jsonSchema())
        #expect(validator.problems(in: try JSONValue(jsonString: #"{"date": "2024-05-01T13:45:30Z", "uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#)).isEmpty)
        #expect(validator.problems(in: try JSONValue(jsonString: #"{"date": "yesterday"}"#)) == [#"date: "yesterday" is not a date-time"#])
        #expect(validator.problems(in: try JSONValue(jsonString: #"{"uuid": "E621E1F8"}"#)) == [#"uuid: "E621E1F8" is not a uuid"#])
        #expect(validator.problems(in: try JSONValue(jsonString: #"{"data": "%%%"}"#)) == [#"data: "%%%" is not "base64""#])
        #expect(validator.problems(in: try JSONValue(jsonString: #"{"url": ""}"#)).contains(#"url: "" has 0 code points (minLength 1)"#))
        #expect(validator.problems(in: try JSONValue(jsonString: #"{"character": ""}"#)) == [#"character: "" has 0 code points (minLength 1)"#])
        #expect(validator.problems(in: try JSONValue(jsonString: #"{"float": 1e39}"#)) == ["float: 1e39 is above 3.4028235e+38"])
    }

    private static var snakeDecoder: KeyValueDecoder {
        var decoder = KeyValueDecoder()
        decoder.keyNamingStyle = .snakeCase
        return decoder
    }

    private static var snakeEncoder: KeyValueEncoder {
        var encoder = KeyValueEncoder()
        encoder.keyNamingStyle = .snakeCase
        return encoder
    }

    private static var writesNull: KeyValueEncoder {
        var encoder = KeyValueEncoder()
        encoder.nilEncoding = .writeNull
        return encoder
    }

    private static var nullsAndSeconds: KeyValueEncoder {
        var encoder = writesNull
        encoder.dateEncoding = .secondsSince1970
        return encoder
    }

    private static func transformed() throws -> Transformed {
        try Transformed(dictionary: [
            "iso": "2024-05-01T13:45:30Z", "isoFraction": "2024-05-01T13:45:30.5Z", "seconds": 1, "millis": 1_700_000_000_123,
            "day": "2024-05-01", "berlinDay": "01.05.2024 13:45", "link": "https://example.com", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
            "amount": "-12.50", "blob": "aGVsbG8=", "state": "open", "stamps": ["2024-05-01T13:45:30Z"], "upper": "x",
        ])
    }

    private static func extremeScalars(negative: Bool = false) throws -> Scalars {
        var scalars = Scalars()
        scalars.int = negative ? .min : .max
        scalars.int8 = negative ? .min : .max
        scalars.int16 = negative ? .min : .max
        scalars.int32 = negative ? .min : .max
        scalars.int64 = negative ? .min : .max
        scalars.uint = negative ? .min : .max
        scalars.uint8 = negative ? .min : .max
        scalars.uint16 = negative ? .min : .max
        scalars.uint32 = negative ? .min : .max
        scalars.uint64 = negative ? .min : .max
        scalars.float = negative ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude
        scalars.double = negative ? -.greatestFiniteMagnitude : .leastNonzeroMagnitude
        scalars.character = negative ? "🇫🇷" : "e\u{301}"
        scalars.optional = nil
        scalars.nested = .some(nil)
        return scalars
    }

    private static func containers() throws -> Containers {
        try Containers(dictionary: [
            "ints": [1, -2], "optionals": [1, NSNull()], "matrix": [[1.5], []], "tags": ["a", "b", "c"], "byName": ["x": 1],
            "byNumber": ["-7": "a", "12": "b"], "byRole": ["admin": true], "addresses": [["city": "Rome"]],
            "book": ["k": [["city": "Oslo", "zip": "1"]]], "object": ["a": [1, "x", NSNull()]], "list": [1, "two", ["three": 3]],
        ])
    }

    private static func foundationValues() throws -> FoundationValues {
        try FoundationValues(dictionary: [
            "date": "2024-05-01T13:45:30Z", "url": "relative/path?q=1", "uuid": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
            "decimal": "123456789012345678901234567890.5", "data": "AAEC", "role": "admin", "level": 2, "any": [1, "x"], "optionalAny": NSNull(),
        ])
    }

    private static func enumerations() throws -> Enumerations {
        try Enumerations(dictionary: [
            "role": "admin", "level": 2, "temperature": "C", "suit": "spades", "priority": 10, "many": 299,
            "roles": ["admin": 1], "priorities": ["1": "low"],
        ])
    }

    private static func datesAndText() throws -> DatesAndText {
        try DatesAndText(dictionary: [
            "date": 1_714_571_130.25, "character": "ß", "url": "https://example.com/a b".replacingOccurrences(of: " ", with: "%20"),
            "uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "data": "aGVsbG8=", "decimal": 1.5, "float": 0.1,
        ])
    }

    private static func optionals() throws -> ValidatedModels.Optionals {
        try ValidatedModels.Optionals(dictionary: ["name": "n", "home": ["city": "c"], "tags": ["t"], "scores": ["a": 1, "b": NSNull()], "list": [NSNull(), 2]])
    }
}
