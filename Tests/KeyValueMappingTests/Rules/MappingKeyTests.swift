import Foundation
@testable import KeyValueMapping
import Testing

/// A negative index given component by component (text cannot spell one).
struct NegativeIndexModel: Mappable {
    var value = 0
    static var mappingRules: MappingRules { MappingRules().map("value", to: .components([.key("items"), .index(-1)])) }
}

/// The same among candidates and gathered keys.
struct NegativeIndexCandidates: Mappable {
    var value = 0
    var spread: [String: Int] = [:]
    static var mappingRules: MappingRules {
        MappingRules()
            .map("value", toFirstOf: ["value", .components([.key("list"), .index(-2)])])
            .gather("spread", from: ["a", .components([.key("b"), .index(0), .key("c"), .index(-3)])])
    }
}

struct IndexLeaf: Mappable {
    var name = ""
}

@Suite struct MappingKeyTests {
    static let negativeIndex = #"(root): invalid mapping declaration for KeyValueMappingTests.NegativeIndexModel: the key of "value" is a malformed key path "items[-1]": an index must be a non-negative integer"#

    /// The entrances that build a model's metadata.
    enum Entrance: String, CaseIterable, Sendable {
        case decodeDictionary, decodeBytes, encodeDictionary, encodeBytes, jsonSchema, mappingTable

        func run<Model: Mappable>(_ type: Model.Type) throws {
            switch self {
            case .decodeDictionary: _ = try Model(dictionary: ["items": [1, 2]])
            case .decodeBytes: _ = try Model(jsonString: #"{"items": [1, 2]}"#)
            case .encodeDictionary: _ = try Model().dictionary()
            case .encodeBytes: _ = try Model().jsonData()
            case .jsonSchema: _ = try Model.jsonSchema()
            case .mappingTable: _ = try Model.mappingTable()
            }
        }
    }

    /// Every entrance refuses the declaration with the same words, and none traps.
    @Test(arguments: Entrance.allCases)
    func aNegativeIndexInARuleIsAMalformedPath(_ entrance: Entrance) {
        #expect(mappingError { try entrance.run(NegativeIndexModel.self) }?.description == Self.negativeIndex)
    }

    @Test func negativeIndexesAmongCandidatesAndGatheredKeysAreEachReported() {
        guard case .invalidDeclaration(_, let problems)? = mappingError({ _ = try NegativeIndexCandidates(dictionary: [:]) })?.reason else {
            Issue.record("expected invalidDeclaration")
            return
        }
        #expect(problems == [
            #"the key of "spread" is a malformed key path "b[0].c[-3]": an index must be a non-negative integer"#,
            #"the key of "value" is a malformed key path "list[-2]": an index must be a non-negative integer"#,
        ])
    }

    /// A sub-path given to `decode(_:from:at:)` or `decode(_:fromJSON:at:)` is checked the same
    /// way, and its problem is the argument's (not the model's declaration).
    @Test(arguments: [true, false])
    func aNegativeIndexInASubPathIsAMalformedPath(_ bytes: Bool) {
        let path = MappingKey.components([.key("items"), .index(-1)])
        let error = mappingError {
            if bytes {
                _ = try KeyValueDecoder().decode(IndexLeaf.self, fromJSON: Data(#"{"items": [{"name": "x"}]}"#.utf8), at: path)
            } else {
                _ = try KeyValueDecoder().decode(IndexLeaf.self, from: ["items": [["name": "x"]]], at: path)
            }
        }
        #expect(error?.description == #"(root): invalid argument: at: malformed key path "items[-1]": an index must be a non-negative integer"#)
    }

    @Test func anEmptyComponentListIsAMalformedPath() {
        let error = mappingError { _ = try KeyValueDecoder().decode(IndexLeaf.self, from: [:], at: .components([])) }
        #expect(error?.description == #"(root): invalid argument: at: malformed key path "": it has no components"#)
    }

    /// Behind the declaration check, reading and writing at a negative index cannot trap either:
    /// reading finds nothing there, writing is an error.
    @Test func lookupAndStoreNeverTrapOnANegativeIndex() throws {
        let key = ResolvedKey.path([.key("items"), .index(-1)])
        #expect(try key.lookup(in: ["items": [1, 2]] as [String: Any]) == nil)
        #expect(try key.lookup(in: ["items": .array([.number(JSONNumber(Int64(1)))])] as JSONObject) == nil)
        var dictionary: [String: Any] = [:]
        let error = mappingError { try key.store(1, in: &dictionary) }
        #expect(error?.description == "(root): cannot write at the negative array index -1")
        #expect(dictionary.isEmpty)
    }

    @Test func aSchemaNodeWithOnlyANegativeIndexDescribesNoElements() {
        let node = SchemaNode()
        node.insert(.object([:]), at: [.key("items"), .index(-1)], required: false)
        #expect(node.objectSchema(additionalProperties: true).description == #"{"type":"object","properties":{"items":{"type":"array","prefixItems":[]}}}"#)
    }
}
