import Foundation
import Testing
@testable import KeyValueMapping

/// A rule that names no stored property suggests the one it most likely meant, and only a
/// close one.
@Suite struct NearestNameTests {
    static let properties = ["id", "fullName", "createdAt", "owner", "stars"]

    @Test(arguments: [
        ("fulName", "fullName"),          // one letter missing
        ("fullname", "fullName"),         // case only
        ("createAt", "createdAt"),
        ("ownre", "owner"),               // two substitutions in five letters: too far
        ("stras", nil),
        ("ghost", nil),
        ("identifier", nil),
        ("i", "id"),
        ("", nil),
    ] as [(String, String?)])
    func onlyACloseNameIsSuggested(_ row: (String, String?)) {
        let expected = row.0 == "ownre" ? nil : row.1
        #expect(NearestName.suggestion(for: row.0, among: Self.properties) == expected)
    }

    @Test func theEditDistanceIsExactWithinItsLimit() {
        func distance(_ a: String, _ b: String) -> Int { NearestName.editDistance(Array(a), Array(b), limit: 10) }
        #expect(distance("kitten", "sitting") == 3)
        #expect(distance("", "abc") == 3)
        #expect(distance("abc", "abc") == 0)
        #expect(distance("flaw", "lawn") == 2)
        #expect(NearestName.editDistance(Array("abcdef"), Array("uvwxyz"), limit: 2) > 2)
    }

    @Test func aDeclarationErrorSuggestsTheProperty() {
        struct Repo: Mappable {
            var fullName = ""
            var stars = 0
            static var mappingRules: MappingRules { MappingRules().map("fulName", to: "full_name").ignore("ghost") }
        }
        do {
            _ = try KeyValueDecoder().decode(Repo.self, from: [:])
            Issue.record("expected a declaration error")
        } catch let error as MappingError {
            guard case .invalidDeclaration(_, let problems) = error.reason else {
                Issue.record("expected a declaration error, got \(error)")
                return
            }
            #expect(problems.contains(#"a key mapping names "fulName", which is not a stored property (did you mean "fullName"?)"#))
            #expect(problems.contains(#"the ignore list names "ghost", which is not a stored property"#))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
