import Foundation
import Testing
import KeyValueMapping

/// Required properties under every kind of key.
struct SchemaRepo: Mappable {
    var id = 0
    var owner = ""
    var stars = 0
    var location: [String: Double] = [:]
    var firstTag = ""
    var note: String?
    static var mappingRules: MappingRules {
        MappingRules()
            .map("id", to: "repo_id")
            .map("owner", to: "owner.login")
            .map("stars", toFirstOf: ["stargazers_count", "stars"])
            .gather("location", from: ["lat", "lng"])
            .map("firstTag", to: "tags[1]")
            .require("id", "owner", "stars", "location", "firstTag", "note")
    }
}

enum Suit: String, CaseIterable { case hearts, spades }
enum Single: String, CaseIterable { case only = "the-one" }
enum Priority: Int, CaseIterable { case low = 1, high = 10 }
/// Not `CaseIterable`: its cases cannot be listed, so it is described by its raw value's type.
enum Unlisted: String { case one, two }

/// A model whose schema follows the tolerance options.
struct TolerantSchema: Mappable {
    var id = 0
    var nick: String?
    var count = 1
    var cache = ""
    weak var parent: Owner?
    static var mappingRules: MappingRules {
        MappingRules().ignore("cache").useDefaultForNull("count").allowUnknownKeys("kind")
    }
}

struct Enumerations: Mappable {
    var role = Role.member
    var level = Level.low
    var temperature = Temperature.kelvin
    var suit = Suit.hearts
    var single = Single.only
    var priority: Priority?
    var many = ManyCases.c0
    var unlisted = Unlisted.one
    var letter = Letter(rawValue: "xa") ?? Letter(rawValue: "xb")!
    var roles: [Role: Int] = [:]
    var priorities: [Priority: String] = [:]
}

struct DatesAndText: Mappable {
    var date = Date(timeIntervalSince1970: 0)
    var character: Character = "a"
    var url = URL(fileURLWithPath: "/")
    var uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var data = Data()
    var decimal = Decimal(0)
    var float: Float = 0
}

struct IntegerKeyed: Mappable {
    var int8: [Int8: Int] = [:]
    var uint8: [UInt8: Int] = [:]
    var int: [Int: Int] = [:]
    var uint64: [UInt64: Int] = [:]
}

/// A later candidate key runs through another property's written value.
struct ConflictingCandidates: Mappable {
    var title = ""
    var first = 0
    var last = 0
    static var mappingRules: MappingRules {
        MappingRules()
            .map("title", to: "name")
            .map("first", toFirstOf: ["first", "name.first"])
            .map("last", toFirstOf: ["last", "name"])
    }
}

@Suite struct JSONSchemaTests {
    private func compact(_ schema: JSONValue) -> String {
        schema.jsonString(options: [.sortedKeys])
    }

    private func property(_ name: String, of schema: JSONValue) -> JSONValue? {
        guard case .object(let root) = schema, case .object(let properties)? = root["properties"] else { return nil }
        return properties[name]
    }

    /// The decoder's options decide what is required, what may be null and whether other keys
    /// may appear; keys the type knows without reading them are then listed as any value.
    @Test func theDecodersToleranceOptionsShapeTheSchema() throws {
        #expect(try compact(TolerantSchema.jsonSchema()) == #"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"count":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":["integer","null"]},"id":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"},"nick":{"type":["string","null"]}},"type":"object"}"#)
        var decoder = KeyValueDecoder()
        decoder.missingKeys = .reject
        decoder.unknownKeys = .reject
        decoder.nullDecoding = .useDefault
        #expect(try compact(TolerantSchema.jsonSchema(decoder: decoder, encoder: KeyValueEncoder())) == #"{"$schema":"https://json-schema.org/draft/2020-12/schema","additionalProperties":false,"properties":{"cache":{},"count":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":["integer","null"]},"id":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":["integer","null"]},"kind":{},"nick":{"type":["string","null"]},"parent":{}},"required":["id","count"],"type":"object"}"#)
    }

    @Test func everyKindOfKeyWithRequiredProperties() throws {
        #expect(try SchemaRepo.jsonSchema().jsonString(options: [.prettyPrinted, .sortedKeys]) == """
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "allOf": [
                {
                  "anyOf": [
                    {
                      "required": [
                        "stargazers_count"
                      ]
                    },
                    {
                      "required": [
                        "stars"
                      ]
                    }
                  ]
                },
                {
                  "anyOf": [
                    {
                      "required": [
                        "lat"
                      ]
                    },
                    {
                      "required": [
                        "lng"
                      ]
                    }
                  ]
                }
              ],
              "properties": {
                "lat": {
                  "type": "number"
                },
                "lng": {
                  "type": "number"
                },
                "note": {
                  "type": [
                    "string",
                    "null"
                  ]
                },
                "owner": {
                  "properties": {
                    "login": {
                      "type": "string"
                    }
                  },
                  "required": [
                    "login"
                  ],
                  "type": "object"
                },
                "repo_id": {
                  "maximum": 9223372036854775807,
                  "minimum": -9223372036854775808,
                  "type": "integer"
                },
                "stargazers_count": {
                  "maximum": 9223372036854775807,
                  "minimum": -9223372036854775808,
                  "type": "integer"
                },
                "stars": {
                  "maximum": 9223372036854775807,
                  "minimum": -9223372036854775808,
                  "type": "integer"
                },
                "tags": {
                  "minItems": 2,
                  "prefixItems": [
                    {},
                    {
                      "type": "string"
                    }
                  ],
                  "type": "array"
                }
              },
              "required": [
                "repo_id",
                "owner",
                "tags",
                "note"
              ],
              "type": "object"
            }
            """)
    }

    @Test func nestedModelsGoToDefsAndRecursionEndsInAReference() throws {
        #expect(compact(try User.jsonSchema()) == """
            {"$defs":{"Address":{"properties":{"city":{"type":"string"},"zip":{"type":["string","null"]}},"type":"object"}},\
            "$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"active":{"type":"boolean"},\
            "address":{"$ref":"#/$defs/Address"},"email":{"type":["string","null"]},"friends":{"items":{"$ref":"#"},"type":"array"},\
            "id":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"},"name":{"type":"string"},\
            "role":{"enum":["member","admin"],"type":"string"},"score":{"type":"number"},\
            "scores":{"additionalProperties":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"},"type":"object"}},\
            "type":"object"}
            """)
        #expect(compact(try Node.jsonSchema()) == """
            {"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"children":{"items":{"$ref":"#"},"type":"array"},\
            "next":{"anyOf":[{"$ref":"#"},{"type":"null"}]},"value":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"}},\
            "type":"object"}
            """)
        // A model reached from a nested one, and the nested one reaching back: each described once.
        #expect(compact(try StatusBox.jsonSchema()).contains(#""$defs":{"Bag":{"properties":{"name":{"type":"string"},"price":{"type":"number"}},"type":"object"},"SnakeCaseStatus":{"#))
        #expect(compact(try Status.jsonSchema()).components(separatedBy: #""TweetUser":{"#).count == 2)
    }

    @Test func aClassChainIsOneObjectWithTheSuperclassPropertiesFirst() throws {
        #expect(compact(try LeafRecord.jsonSchema()) == """
            {"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"extra":{"type":"string"},"heading":{"type":"string"},\
            "id":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"},"note":{"type":"string"}},\
            "required":["id"],"type":"object"}
            """)
        guard case .object(let root) = try LeafRecord.jsonSchema(), case .object(let properties)? = root["properties"] else {
            Issue.record("no properties")
            return
        }
        #expect(properties.keys == ["id", "note", "heading", "extra"])
    }

    @Test func keyPathsThroughArraysAndCandidatesSharingAKey() throws {
        let schema = try Student.jsonSchema()
        #expect(compact(try #require(property("name", of: schema))) == """
            {"properties":{"info":{"prefixItems":[{},{"properties":{"nameChangedTime":{"type":"string"}},"type":"object"}],"type":"array"},\
            "newName":{"type":"string"},"oldName":{"type":"string"}},"type":"object"}
            """)
        #expect(compact(try #require(property("other", of: schema))) == ##"{"properties":{"bag":{"$ref":"#/$defs/Bag"}},"type":"object"}"##)
    }

    /// A later candidate that is another property's key is not a member of its own: it is a
    /// condition, since the decoder reads it when the earlier candidates are absent.
    @Test func laterCandidatesThatAreAnotherPropertysKeyAreConditions() throws {
        #expect(compact(try ConflictingCandidates.jsonSchema()) == """
            {"$schema":"https://json-schema.org/draft/2020-12/schema","allOf":[{"if":{"not":{"required":["first"]}},\
            "then":{"properties":{"name":{"properties":{"first":{"maximum":9223372036854775807,"minimum":-9223372036854775808,\
            "type":"integer"}},"type":"object"}},"type":"object"}},{"if":{"not":{"required":["last"]}},"then":{"properties":\
            {"name":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"}},"type":"object"}}],\
            "properties":{"first":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"},\
            "last":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"},"name":{"type":"string"}},\
            "type":"object"}
            """)
    }

    @Test func whatASchemaCannotKnowIsLeftOpen() throws {
        // Hooks may rewrite the payload and the output: any object.
        #expect(compact(try Hooked.jsonSchema()) == #"{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object"}"#)
        #expect(compact(try Book.jsonSchema()) == #"{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object"}"#)
        // A custom transformer's value and Any: anything.
        let transformed = try Transformed.jsonSchema()
        #expect(property("upper", of: transformed) == .object([:]))
        #expect(property("any", of: try FoundationValues.jsonSchema()) == .object([:]))
        #expect(property("optionalAny", of: try FoundationValues.jsonSchema()) == .object([:]))
        // A class cluster is described as its base class; subclass keys are additional properties.
        #expect(compact(try Shape.jsonSchema()) == #"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"name":{"type":"string"}},"type":"object"}"#)
    }

    @Test(arguments: [
        ("int", "-9223372036854775808", "9223372036854775807"), ("int8", "-128", "127"), ("int16", "-32768", "32767"),
        ("int32", "-2147483648", "2147483647"), ("int64", "-9223372036854775808", "9223372036854775807"),
        ("uint", "0", "18446744073709551615"), ("uint8", "0", "255"), ("uint16", "0", "65535"), ("uint32", "0", "4294967295"),
        ("uint64", "0", "18446744073709551615"), ("optional", "-9223372036854775808", "9223372036854775807"),
    ])
    func integersHaveTheirExactBounds(_ name: String, _ minimum: String, _ maximum: String) throws {
        let schema = try #require(property(name, of: try Scalars.jsonSchema()))
        guard case .object(let object) = schema else { Issue.record("not an object"); return }
        #expect(object["minimum"]?.jsonString() == minimum)
        #expect(object["maximum"]?.jsonString() == maximum)
    }

    @Test(arguments: [
        ("date", #"{"format":"date-time","type":"string"}"#),
        ("character", #"{"minLength":1,"type":"string"}"#),
        ("url", #"{"format":"uri-reference","minLength":1,"type":"string"}"#),
        ("uuid", #"{"format":"uuid","type":"string"}"#),
        ("data", #"{"contentEncoding":"base64","type":"string"}"#),
        ("decimal", #"{"type":"number"}"#),
        ("float", #"{"maximum":3.4028235e+38,"minimum":-3.4028235e+38,"type":"number"}"#),
    ])
    func foundationTypesHaveTheirFormats(_ name: String, _ expected: String) throws {
        #expect(try property(name, of: DatesAndText.jsonSchema()).map(compact) == expected)
    }

    @Test(arguments: [
        (KeyValueEncoder.DateEncodingStrategy.iso8601, KeyValueDecoder.DateDecodingStrategy.iso8601OrSecondsSince1970, #"{"format":"date-time","type":"string"}"#),
        (.secondsSince1970, .iso8601OrSecondsSince1970, #"{"type":"number"}"#),
        (.millisecondsSince1970, .millisecondsSince1970, #"{"type":"number"}"#),
        (.custom { _ in "x" }, .iso8601, "{}"),
        (.iso8601, .custom { _ in Date() }, "{}"),
    ])
    func datesAreDescribedAsTheEncoderWritesThem(_ encoding: KeyValueEncoder.DateEncodingStrategy,
                                                 _ decoding: KeyValueDecoder.DateDecodingStrategy, _ expected: String) throws {
        var decoder = KeyValueDecoder()
        decoder.dateDecoding = decoding
        var encoder = KeyValueEncoder()
        encoder.dateEncoding = encoding
        #expect(try property("date", of: DatesAndText.jsonSchema(decoder: decoder, encoder: encoder)).map(compact) == expected)
    }

    @Test(arguments: [
        ("role", #"{"enum":["member","admin"],"type":"string"}"#),
        ("level", #"{"enum":[1,2],"type":"integer"}"#),
        ("temperature", #"{"enum":["K","C"],"type":"string"}"#),
        ("suit", #"{"enum":["hearts","spades"],"type":"string"}"#),
        ("single", #"{"enum":["the-one"],"type":"string"}"#),
        ("priority", #"{"enum":[1,10,null],"type":["integer","null"]}"#),
        ("letter", #"{"type":"string"}"#),
        ("unlisted", #"{"type":"string"}"#),
        ("roles", #"{"additionalProperties":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"},"propertyNames":{"enum":["member","admin"]},"type":"object"}"#),
        ("priorities", #"{"additionalProperties":{"type":"string"},"propertyNames":{"enum":["1","10"]},"type":"object"}"#),
    ])
    func enumsAreTheirRawValues(_ name: String, _ expected: String) throws {
        #expect(try property(name, of: Enumerations.jsonSchema()).map(compact) == expected)
    }

    @Test func anEnumOfMoreThan256CasesIsListedInFull() throws {
        guard case .object(let many)? = property("many", of: try Enumerations.jsonSchema()), case .array(let values)? = many["enum"] else {
            Issue.record("no enum"); return
        }
        #expect(values.count == 300)
        #expect(values.first == .number(JSONNumber(Int64(0))) && values.last == .number(JSONNumber(Int64(299))))
    }

    @Test(arguments: [
        ("int8", ["0", "1", "9", "10", "99", "100", "119", "120", "127", "-1", "-99", "-127", "-128"],
         ["", "-", "-0", "00", "01", "+1", "128", "129", "200", "1000", "-129", "-200", " 1", "1 ", "1.0", "1e2", "٣"]),
        ("uint8", ["0", "1", "199", "200", "249", "250", "255"], ["256", "260", "300", "-1", "0255", "2550"]),
        ("int", ["9223372036854775807", "-9223372036854775808", "9223372036854775799", "1000000000000000000", "-42"],
         ["9223372036854775808", "-9223372036854775809", "10000000000000000000", "99999999999999999999"]),
        ("uint64", ["18446744073709551615", "18446744073709551609", "9999999999999999999", "0"],
         ["18446744073709551616", "18446744073709551620", "20000000000000000000", "-1"]),
    ])
    func integerKeysMatchExactlyTheTextsTheDecoderAcceptsAndTheEncoderWrites(_ name: String, _ accepted: [String], _ refused: [String]) throws {
        guard case .object(let dictionary)? = property(name, of: try IntegerKeyed.jsonSchema()),
              case .object(let names)? = dictionary["propertyNames"], case .string(let pattern)? = names["pattern"] else {
            Issue.record("no propertyNames pattern"); return
        }
        for text in accepted { #expect(SchemaValidator.matches(text, pattern), "\(text) should match") }
        for text in refused { #expect(!SchemaValidator.matches(text, pattern), "\(text) should not match") }
        // What the pattern accepts, the decoder reads.
        for text in accepted {
            let model = try IntegerKeyed(dictionary: [name: [text: 1]])
            #expect(try model.dictionary()[name] as? [String: Int] == [text: 1])
        }
    }

    /// Rejecting unknown keys, the decoder takes a `let`'s key only with the value the `let`
    /// holds (a plain value), or never (any other): the schema says the same.
    @Test func aStrictDecodersLetsAreConstOrAbsent() throws {
        struct Versioned: Mappable {
            var name = ""
            let version = 2
            let origin = NestedOrigin()
        }
        var strict = KeyValueDecoder()
        strict.unknownKeys = .reject
        let schema = try Versioned.jsonSchema(decoder: strict, encoder: KeyValueEncoder())
        #expect(property("version", of: schema).map(compact) == #"{"const":2,"maximum":9223372036854775807,"minimum":-9223372036854775808,"readOnly":true,"type":"integer"}"#)
        #expect(property("origin", of: schema) == .bool(false))
        #expect(try property("version", of: Versioned.jsonSchema()).map(compact) == #"{"maximum":9223372036854775807,"minimum":-9223372036854775808,"readOnly":true,"type":"integer"}"#)
        // What the schema admits, the decoder reads.
        #expect(try strict.decode(Versioned.self, fromJSON: Data(#"{"name": "a", "version": 2}"#.utf8)).name == "a")
        #expect(throws: MappingError.self) { try strict.decode(Versioned.self, fromJSON: Data(#"{"version": 3}"#.utf8)) }
    }

    @Test func letsAreReadOnlyAndNullableCombinationsStayValid() throws {
        #expect(try property("constant", of: SpecialFields.jsonSchema()).map(compact) == #"{"readOnly":true,"type":"string"}"#)
        #expect(try property("nested", of: Scalars.jsonSchema()).map(compact)
            == #"{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":["integer","null"]}"#)
        #expect(try property("home", of: ValidatedModels.Optionals.jsonSchema()).map(compact) == ##"{"anyOf":[{"$ref":"#/$defs/Address"},{"type":"null"}]}"##)
        #expect(try property("tags", of: ValidatedModels.Optionals.jsonSchema()).map(compact) == #"{"items":{"type":"string"},"type":["array","null"]}"#)
    }

    @Test func aBrokenDeclarationIsAnError() {
        let error = mappingError { _ = try BrokenDeclaration.jsonSchema() }
        #expect(error?.reasonDescription.hasPrefix("invalid mapping declaration for KeyValueMappingTests.BrokenDeclaration") == true)
    }

    @Test func typesWithTheSameShortNameGetDistinctDefinitions() throws {
        let schema = compact(try ValidatedModels.TwoAddresses.jsonSchema())
        #expect(schema.contains(##""home":{"$ref":"#/$defs/Address"}"##))
        #expect(schema.contains(##""office":{"$ref":"#/$defs/Address_2"}"##))
    }
}

struct NestedOrigin: Mappable { var city = "" }
