import Foundation
import Testing
import KeyValueMapping

struct Containers: Mappable {
    var ints: [Int] = []
    var optionals: [Int?] = []
    var matrix: [[Double]] = []
    var tags: Set<String> = []
    var byName: [String: Int] = [:]
    var byNumber: [Int: String] = [:]
    var byRole: [Role: Bool] = [:]
    var addresses: [Address] = []
    var book: [String: [Address]] = [:]
    var object: [String: Any] = [:]
    var list: [Any] = []
}

@Suite struct ContainerDecodingTests {
    static let cases: [DecodeCase] = [
        DecodeCase("ints", "[1, 2, 3]", "[1, 2, 3]"),
        DecodeCase("ints", "[]", "[]"),
        DecodeCase("ints", "[1, \"x\"]", "error: ints[1]: expected Int, found String \"x\""),
        DecodeCase("ints", "[1, null]", "error: ints[1]: expected Int, found null (the property is not optional)"),
        DecodeCase("ints", "{}", "error: ints: expected [Int], found Dictionary (0 keys)"),
        DecodeCase("optionals", "[1, null]", "[Optional(1), nil]"),
        DecodeCase("matrix", "[[1.5], [2, 3]]", "[[1.5], [2.0, 3.0]]"),
        DecodeCase("matrix", "[[1.5], [2, true]]", "error: matrix[1][1]: expected Double, found Bool true"),
        DecodeCase("tags", "[\"a\", \"a\"]", "[\"a\"]"),
        DecodeCase("byName", "{\"a\": 1}", "[\"a\": 1]"),
        DecodeCase("byName", "{\"a\": 1, \"a\": 2}", "[\"a\": 2]"),
        DecodeCase("byName", "{}", "[:]"),
        DecodeCase("byName", "{\"a\": 1.5}", "error: byName.a: Double 1.5 is not exactly representable as Int"),
        DecodeCase("byNumber", "{\"12\": \"x\"}", "[12: \"x\"]"),
        DecodeCase("byNumber", "{\"x\": \"x\"}", "error: byNumber.x: expected Int key, found String \"x\" (the key does not convert)"),
        // Two spellings of one key: an error (keeping either value loses the other), named the
        // same way whatever the order; one spelling repeated keeps its last value.
        DecodeCase("byNumber", "{\"7\": \"a\", \"07\": \"b\"}", "error: byNumber.7: expected Int key, found String \"7\" (\"07\" converts to the same key)"),
        DecodeCase("byNumber", "{\"07\": \"b\", \"7\": \"a\", \"+7\": \"c\"}", "error: byNumber.07: expected Int key, found String \"07\" (\"+7\" converts to the same key)"),
        DecodeCase("byNumber", "{\"7\": \"a\", \"7\": \"b\"}", "[7: \"b\"]"),
        DecodeCase("byName", "{\"größe\": 1, \"größe\": 3}", "[\"größe\": 3]"),
        DecodeCase("byRole", "{\"admin\": true, \"admin\": false}", "[KeyValueMappingTests.Role.admin: false]"),
        DecodeCase("byRole", "{\"admin\": true}", "[KeyValueMappingTests.Role.admin: true]"),
        DecodeCase("addresses", "[{\"city\": \"Oslo\"}, {\"city\": 5, \"zip\": null}]", "[KeyValueMappingTests.Address(city: \"Oslo\", zip: nil), KeyValueMappingTests.Address(city: \"5\", zip: nil)]"),
        DecodeCase("addresses", "[{\"city\": \"Oslo\"}, {\"city\": []}]", "error: addresses[1].city: expected String, found Array (0 elements)"),
        DecodeCase("addresses", "[3]", "error: addresses[0]: expected Address, found Int 3"),
        DecodeCase("book", "{\"home\": [{\"zip\": 1}]}", "[\"home\": [KeyValueMappingTests.Address(city: \"\", zip: Optional(\"1\"))]]"),
        DecodeCase("object", "{\"k\": [null]}", "[\"k\": [<null>]]"),
        DecodeCase("list", "[1, \"a\"]", "[1, \"a\"]"),
    ]

    @Test(arguments: cases)
    func decodesContainers(_ row: DecodeCase) throws {
        #expect(try decodeProperty(row.key, json: row.json, into: Containers.self) == row.expected)
    }
}

/// Dictionaries of every size through the bytes path: members go straight into the table, so
/// one that outgrows its first table and repeats keys must still come out as the dictionary
/// path builds it.
@Suite struct StreamingDictionaryTests {
    @Test(arguments: [0, 1, 3, 4, 7, 40, 300])
    func growsAndKeepsTheLastValueOfARepeatedKey(_ count: Int) throws {
        let keys = (0..<count).map { "key\($0)" }
        // Every third key again at the end, with a new value.
        let repeated = keys.indices.filter { $0.isMultiple(of: 3) }
        let members = keys.indices.map { "\"\(keys[$0])\": \($0)" } + repeated.map { "\"\(keys[$0])\": \(-$0)" }
        let json = "{\"byName\": {\(members.joined(separator: ", "))}}"
        var expected: [String: Int] = [:]
        for index in keys.indices { expected[keys[index]] = repeated.contains(index) ? -index : index }
        let viaBytes = try Containers(jsonString: json)
        let viaDictionary = try Containers(dictionary: try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any])
        #expect(viaBytes.byName == expected)
        #expect(viaDictionary.byName == expected)
    }
}
