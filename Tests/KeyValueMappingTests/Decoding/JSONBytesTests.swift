import Foundation
import Testing
import KeyValueMapping

@Suite struct JSONBytesTests {
    @Test(arguments: [
        ("{\"id\": 1,}", "(root): malformed JSON: "),
        ("{\"id\": 01}", "id: malformed JSON: "),
        ("{\"id\": 1}\n{", "(root): malformed JSON: "),
        ("[1, 2]", "(root): expected a JSON object for User, found Array (2 elements)"),
    ])
    func malformedOrWrongShapedBytesAreMappingErrors(_ text: String, _ prefix: String) {
        let error = mappingError { _ = try User(jsonString: text) }
        #expect(error?.description.hasPrefix(prefix) == true, "\(String(describing: error))")
    }

    @Test func syntaxErrorsCarryLineColumnAndTheKeyPath() {
        let error = mappingError { _ = try User(jsonString: "{\n  \"id\": 1,\n  \"friends\": [{\"name\": tru}]\n}") }
        #expect(error?.description == "friends[0].name: malformed JSON: unexpected character '}' at line 3, column 27", "\(String(describing: error))")
    }

    @Test func hugeExponentsIntoDoubleAreOverflowErrors() {
        let error = mappingError { _ = try Scalars(jsonString: "{\"double\": 1e400}") }
        #expect(error?.description == "double: Number 1e400 does not fit in Double")
    }

    @Test func integersAboveTwoToTheFiftyThreeStayExact() throws {
        let user = try User(jsonString: "{\"id\": 9223372036854775807, \"friends\": [{\"id\": 9007199254740993}]}")
        #expect(user.id == Int64.max)
        #expect(user.friends[0].id == 9_007_199_254_740_993)
    }

    @Test func writesCompactPrettyAndSortedJSON() throws {
        let address = Address(city: "Oslo", zip: "0150")
        #expect(try address.jsonString(options: [.sortedKeys]) == #"{"city":"Oslo","zip":"0150"}"#)
        #expect(try address.jsonString(options: [.sortedKeys, .prettyPrinted]) == "{\n  \"city\": \"Oslo\",\n  \"zip\": \"0150\"\n}")
    }

    @Test func topLevelArraysOfModels() throws {
        let users = try [User](jsonData: Data(#"[{"id": 1}, {"id": 2}]"#.utf8))
        #expect(users.map(\.id) == [1, 2])
        let back = try [User](jsonData: try users.jsonData())
        #expect(back == users)
    }
}
