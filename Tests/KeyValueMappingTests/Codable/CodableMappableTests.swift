import Foundation
import Testing
import KeyValueMapping

@Suite struct CodableMappableTests {
    @Test func jsonDecoderAndEncoderApplyTheRules() throws {
        let data = Data(#"{"id": 7, "full_name": "Ada Lovelace", "email": null, "tags": ["math"]}"#.utf8)
        let user = try JSONDecoder().decode(CodableUser.self, from: data)
        #expect(user == CodableUser(id: 7, fullName: "Ada Lovelace", email: nil, tags: ["math"]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(user), as: UTF8.self) == #"{"full_name":"Ada Lovelace","id":7,"tags":["math"]}"#)
    }

    @Test func theSameModelAsKeyValueDecoderWithEveryKindOfRule() throws {
        let text = #"{"repo_id": 3, "owner": {"login": "ada"}, "stargazers_count": 5, "lat": 51.5, "lng": -0.12, "createdAt": 1700000000000, "priority": "high", "cache": ["x"]}"#
        let viaCodable = try JSONDecoder().decode(RuleHeavy.self, from: Data(text.utf8))
        let viaLibrary = try RuleHeavy(jsonString: text)
        #expect(viaCodable == viaLibrary)
        #expect(viaCodable.owner == "ada" && viaCodable.stars == 5 && viaCodable.location == ["lat": 51.5, "lng": -0.12])
        #expect(viaCodable.note == "added by the hook" && viaCodable.cache.isEmpty && viaCodable.priority == .high)
        let encoded = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(viaCodable)) as? [String: Any]
        #expect(encoded?["encoded_by"] as? String == "hook")
        #expect((encoded?["owner"] as? [String: Any])?["login"] as? String == "ada")
        #expect(encoded?["createdAt"] as? Double == 1_700_000_000_000)
    }

    @Test(arguments: [
        (#"{"owner": {"login": "ada"}}"#, "repo_id: required key is missing (expected Int)"),
        (#"{"repo_id": "x"}"#, #"repo_id: expected Int, found String "x""#),
        (#"{"repo_id": 1, "stars": -1}"#, "(root): validation failed: stars must not be negative"),
        (#"{"repo_id": 1, "priority": "urgent"}"#, #"priority: expected CodedPriority, found String "urgent" (not a raw value of CodedPriority)"#),
        (#"[1]"#, "(root): expected RuleHeavy, found Array (1 element)"),
        ("null", "(root): expected RuleHeavy, found null (the property is not optional)"),
    ])
    func failuresAreMappingErrorsAsFromKeyValueDecoder(_ text: String, _ message: String) throws {
        let error = mappingError { _ = try JSONDecoder().decode(RuleHeavy.self, from: Data(text.utf8)) }
        #expect(error?.description == message)
    }

    @Test func errorsInsideJSONDecoderCarryTheWholeCodingPath() throws {
        let text = #"{"users": [{"id": 1}, {"id": 2}, {"id": 3, "tags": ["a", {"b": 1}]}]}"#
        let error = mappingError { _ = try JSONDecoder().decode(UserList.self, from: Data(text.utf8)) }
        #expect(error?.keyPath == "users[2].tags[1]")
        #expect(error?.description == "users[2].tags[1]: expected String, found Dictionary (1 key)")
        let null = mappingError { _ = try JSONDecoder().decode(Envelope.self, from: Data(#"{"user": null, "sentAt": 0}"#.utf8)) }
        #expect(null?.description == "user: expected CodableUser, found null (the property is not optional)")
    }

    @Test func mappableInsidePlainCodableBothWays() throws {
        let envelope = Envelope(user: CodableUser(id: 1, fullName: "Ada", email: "a@b.c", tags: []), sentAt: Date(timeIntervalSince1970: 1000))
        let data = try JSONEncoder().encode(envelope)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((object["user"] as? [String: Any])?["full_name"] as? String == "Ada")
        #expect(try JSONDecoder().decode(Envelope.self, from: data) == envelope)
    }

    @Test func propertyListArchivingRoundTrip() throws {
        let user = CodableUser(id: 42, fullName: "Grace Hopper", email: nil, tags: ["navy", "cobol"])
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format
            let archived = try encoder.encode(user)
            #expect(try PropertyListDecoder().decode(CodableUser.self, from: archived) == user)
            let heavy = try RuleHeavy(jsonString: #"{"repo_id": 3, "owner": {"login": "ada"}, "stars": 5, "lat": 1.5, "lng": 2.5, "createdAt": 1700000000123, "priority": "high"}"#)
            #expect(try PropertyListDecoder().decode(RuleHeavy.self, from: try encoder.encode(heavy)) == heavy)
            let plist = try #require(try PropertyListSerialization.propertyList(from: archived, format: nil) as? [String: Any])
            #expect(plist["full_name"] as? String == "Grace Hopper")
        }
    }

    @Test func finalClassesAdoptWithNoCode() throws {
        let account = try JSONDecoder().decode(FinalAccount.self, from: Data(#"{"id": 5, "balance": 12.345678901234567891}"#.utf8))
        #expect(account.id == 5)
        #expect(account.balance == Decimal(string: "12.345678901234567891"))
        let back = try JSONDecoder().decode(FinalAccount.self, from: try JSONEncoder().encode(account))
        #expect(back.balance == account.balance)
    }

    @Test func nonFinalClassesPickTheirSubclassThroughTheHelper() throws {
        let text = #"{"figures": [{"kind": "disc", "name": "d", "radius": 2}, {"kind": "tile", "side": 3}, {"name": "plain"}]}"#
        let list = try JSONDecoder().decode(FigureList.self, from: Data(text.utf8))
        #expect((list.figures[0] as? Disc)?.radius == 2 && list.figures[0].name == "d")
        #expect((list.figures[1] as? Tile)?.side == 3)
        #expect(type(of: list.figures[2]) == Figure.self && list.figures[2].name == "plain")
        // Encoding a subclass held as its base writes the subclass's fields.
        let encoded = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(list)) as? [String: Any]
        let figures = try #require(encoded?["figures"] as? [[String: Any]])
        #expect(figures[0]["radius"] as? Double == 2 && figures[1]["side"] as? Double == 3)
        // A subclass decoded directly cannot become a sibling class: the same error as KeyValueDecoder's.
        let error = mappingError { _ = try JSONDecoder().decode(Tile.self, from: Data(#"{"kind": "disc"}"#.utf8)) }
        #expect(error?.reasonDescription.contains("is not a subclass of KeyValueMappingTests.Tile, so it cannot be decoded here") == true)
    }

    @Test func modelsDecodedByKeyValueDecoderIgnoreTheirCodableFace() throws {
        struct Holder: Mappable { var users: [CodableUser] = [] }
        let holder = try Holder(dictionary: ["users": [["full_name": "Ada"]]])
        #expect(holder.users.first?.fullName == "Ada")
        #expect(try holder.jsonString() == #"{"users":[{"id":0,"full_name":"Ada","tags":[]}]}"#)
    }

    @Test func everyKindOfValueReadsAsKeyValueDecoderReadsIt() throws {
        struct Samples: CodableMappable {
            var values: [Double] = []
            var counts: [UInt64] = []
            var loose: [String: Any] = [:]
            var items: [Any] = []
            var precise: Decimal = 0
        }
        let text = #"{"values": [1, 2.5, 9007199254740992, 1e-05], "counts": [18446744073709551615, 0], "loose": {"a": [1, "x", null, 0.1000000000000000000001], "b": {"c": false}}, "items": [3.5, 1e-05, "x", true, [null], {}], "precise": 0.1000000000000000000001}"#
        let viaCodable = try JSONDecoder().decode(Samples.self, from: Data(text.utf8))
        let viaLibrary = try Samples(jsonString: text)
        #expect(viaCodable.values == [1, 2.5, 9007199254740992, 1e-05] && viaCodable.values == viaLibrary.values)
        #expect(viaCodable.counts == [.max, 0] && viaCodable.counts == viaLibrary.counts)
        #expect(viaCodable.precise == Decimal(string: "0.1000000000000000000001") && viaCodable.precise == viaLibrary.precise)
        #expect(viaCodable.items.count == 6 && viaCodable.items.count == viaLibrary.items.count)
        let sortedKeys = JSONWritingOptions.sortedKeys
        #expect(try JSONValue(jsonData: try JSONSerialization.data(withJSONObject: viaCodable.loose, options: .sortedKeys)).jsonString(options: sortedKeys)
            == (try JSONValue(jsonData: try JSONSerialization.data(withJSONObject: viaLibrary.loose, options: .sortedKeys)).jsonString(options: sortedKeys)))
        // 2^53 + 1 is not a Double: the same error both ways, not a rounded value.
        let inexact = #"{"values": [9007199254740993]}"#
        let viaCodableError = mappingError { _ = try JSONDecoder().decode(Samples.self, from: Data(inexact.utf8)) }
        #expect(viaCodableError?.description == "values[0]: Int 9007199254740993 is not exactly representable as Double")
        #expect(viaCodableError?.description == (mappingError { _ = try Samples(jsonString: inexact) })?.description)
    }

    @Test func decodesFromManyTasksAtOnce() async throws {
        let data = Data(#"{"id": 7, "full_name": "Ada"}"#.utf8)
        try await withThrowingTaskGroup(of: CodableUser.self) { group in
            for _ in 0..<32 {
                group.addTask { try JSONDecoder().decode(CodableUser.self, from: data) }
            }
            for try await user in group {
                #expect(user.fullName == "Ada")
            }
        }
    }
}
