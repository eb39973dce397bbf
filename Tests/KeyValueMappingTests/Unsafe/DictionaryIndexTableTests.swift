import Foundation
import Testing
@testable import KeyValueMapping

/// Dictionaries are written in UTF-8 key order through a table of their indexes held in
/// temporary storage: on the stack for small ones, on the heap for large ones.
@Suite struct DictionaryIndexTableTests {
    struct Lookup: Mappable, Equatable {
        var names: [Int: String] = [:]
        var empty: [String: Int] = [:]
    }

    @Test(arguments: [0, 1, 2, 17, 5_000])
    func writesEveryEntryInKeyOrderAndReadsBack(_ count: Int) throws {
        var model = Lookup()
        for key in 0..<count { model.names[key * 7 - 100] = "name \(key)" }
        let bytes = try model.jsonData()
        guard case .object(let object) = try JSONValue(jsonData: bytes), case .object(let names)? = object["names"] else {
            Issue.record("no names object")
            return
        }
        let keys = names.map(\.key)
        #expect(keys.count == count)
        #expect(keys == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(try KeyValueDecoder().decode(Lookup.self, fromJSON: bytes) == model)
    }

    @Test func theTableListsTheDictionarysIndexesInOrder() {
        let dictionary = Dictionary(uniqueKeysWithValues: (0..<300).map { ($0, String($0)) })
        let listed = dictionary.withIndexTable { table in (0..<table.count).map { dictionary[table[$0]].key } }
        #expect(listed == dictionary.map(\.key))
    }
}
