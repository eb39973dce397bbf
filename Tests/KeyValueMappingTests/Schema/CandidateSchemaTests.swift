import Foundation
import Testing
import KeyValueMapping

/// A later candidate key that is another property's key.
struct SchemaCandidateClash: Mappable {
    var ident = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var name = ""
    static var mappingRules: MappingRules { MappingRules().map("ident", toFirstOf: ["id", "uid", "name"]) }
}

/// The schema accepts exactly the documents the decoder reads, where a later candidate key is
/// another property's key.
@Suite struct CandidateSchemaTests {
    @Test func theClashIsAConditionOnTheEarlierCandidates() throws {
        #expect(try SchemaCandidateClash.jsonSchema().jsonString(options: .sortedKeys) == """
            {"$schema":"https://json-schema.org/draft/2020-12/schema","if":{"not":{"anyOf":[{"required":["id"]},\
            {"required":["uid"]}]}},"properties":{"id":{"format":"uuid","type":"string"},"name":{"type":"string"},\
            "uid":{"format":"uuid","type":"string"}},"then":{"properties":{"name":{"format":"uuid","type":"string"}},\
            "type":"object"},"type":"object"}
            """)
    }

    static let uuid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"

    /// (model, document, whether both the schema and the decoder accept it).
    static let documents: [(model: String, document: String, accepted: Bool)] = [
        ("clash", #"{"name":"Ada"}"#, false),
        ("clash", #"{"name":"\#(uuid)"}"#, true),
        ("clash", #"{"id":"\#(uuid)","name":"Ada"}"#, true),
        ("clash", #"{"uid":"\#(uuid)","name":"Ada"}"#, true),
        ("clash", #"{"id":"Ada"}"#, false),
        ("clash", #"{}"#, true),
        ("conflicting", #"{"name":"n","first":1,"last":2}"#, true),
        ("conflicting", #"{"name":"n","first":1}"#, false),
        ("conflicting", #"{"name":"n","last":2}"#, false),
        ("conflicting", #"{"first":1,"last":2}"#, true),
        ("conflicting", #"{}"#, true),
    ]

    @Test(arguments: documents.indices)
    func theSchemaAndTheDecoderAgree(_ index: Int) throws {
        let (model, text, accepted) = Self.documents[index]
        let document = try JSONValue(jsonString: text)
        let bytes = Data(text.utf8)
        let schema: JSONValue
        let decodes: Bool
        switch model {
        case "clash":
            schema = try SchemaCandidateClash.jsonSchema()
            decodes = (try? KeyValueDecoder().decode(SchemaCandidateClash.self, fromJSON: bytes)) != nil
        default:
            schema = try ConflictingCandidates.jsonSchema()
            decodes = (try? KeyValueDecoder().decode(ConflictingCandidates.self, fromJSON: bytes)) != nil
        }
        #expect(SchemaValidator(root: schema).problems(in: document).isEmpty == accepted)
        #expect(decodes == accepted)
    }

    /// The validator applies `then` only when `if` holds, and fails `not` when its schema holds.
    @Test(arguments: [
        (#"{"if":{"required":["a"]},"then":{"required":["b"]}}"#, #"{"a":1}"#, ["(root): required member b is missing"]),
        (#"{"if":{"required":["a"]},"then":{"required":["b"]}}"#, #"{"c":1}"#, []),
        (#"{"not":{"required":["a"]}}"#, #"{"a":1}"#, [#"(root): matches not {"required":["a"]}"#]),
        (#"{"not":{"required":["a"]}}"#, #"{}"#, []),
    ])
    func theValidatorKnowsTheConditionalKeywords(_ schema: String, _ document: String, _ problems: [String]) throws {
        #expect(SchemaValidator(root: try JSONValue(jsonString: schema)).problems(in: try JSONValue(jsonString: document)) == problems)
    }
}
