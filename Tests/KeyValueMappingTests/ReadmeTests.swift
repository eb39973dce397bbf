import Foundation
import Testing
import KeyValueMapping

// The README's first screen, verbatim, with its printed output asserted.
private enum ReadmeRole: String { case member, admin }
private struct ReadmeAddress: Mappable { var city = ""; var zip: String? }
private struct ReadmeUser: Mappable {
    var id: Int64 = 0
    var name = ""
    var email: String?
    var role = ReadmeRole.member
    var address = ReadmeAddress()
    var friends: [ReadmeUser] = []
}

@Suite struct ReadmeTests {
    @Test func firstScreenExampleProducesTheDocumentedOutput() throws {
        let json = Data("""
        {"id": 9007199254740993, "name": "Ada", "email": null, "role": "admin",
         "address": {"city": "London"},
         "friends": [{"id": 2, "name": "Charles"}]}
        """.utf8)
        let user = try ReadmeUser(jsonData: json)
        #expect("\(user.id) \(user.name) \(user.role) \(user.address.city) \(user.friends[0].name)" == "9007199254740993 Ada admin London Charles")

        let out = try user.dictionary()
        #expect(out["role"] as? String == "admin")
        #expect(out["email"] == nil)
        #expect((out["address"] as? [String: Any])?["city"] as? String == "London")

        let bad = Data(#"{"friends": [{"id": 1}, {"id": 2}, {"id": "twelve"}]}"#.utf8)
        let error = mappingError { _ = try ReadmeUser(jsonData: bad) }
        #expect(error?.keyPath == "friends[2].id")
        #expect(error?.description == "friends[2].id: expected Int64, found String \"twelve\"")
    }
}
