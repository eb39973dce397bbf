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

    struct Profile: Mappable {
        var profileImageURLHTTPS: String?
        var screenName = ""
        static var mappingRules: MappingRules { MappingRules().naming(.snakeCase) }
    }

    /// An unknown key whose spelling differs from a property's key only in case, separators or a
    /// letter or two names that property and the key it reads, on both routes and in lenient lists.
    @Test(arguments: [false, true])
    func anUnknownKeySuggestsTheNearProperty(_ bytes: Bool) throws {
        var decoder = KeyValueDecoder()
        decoder.unknownKeys = .reject
        let json = #"{"profile_image_url_https": "https://x", "screen_nam": "ada"}"#
        let error: MappingError?
        do {
            if bytes {
                _ = try decoder.decode(Profile.self, fromJSON: Data(json.utf8))
            } else {
                _ = try decoder.decode(Profile.self, from: try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]))
            }
            error = nil
        } catch let caught as MappingError {
            error = caught
        }
        #expect(error?.description == #"profile_image_url_https: unknown key (Profile has no property reading it); did you mean "profileImageURLHTTPS", which reads "profile_image_urlhttps"?"#)
        let (_, skipped) = try decoder.decodeLeniently(Profile.self, fromJSON: Data(json.utf8))
        #expect(skipped.map(\.description) == [
            #"profile_image_url_https: unknown key (Profile has no property reading it); did you mean "profileImageURLHTTPS", which reads "profile_image_urlhttps"?"#,
            #"screen_nam: unknown key (Profile has no property reading it); did you mean "screenName", which reads "screen_name"?"#,
        ])
    }

    @Test func aKeyLikeNothingGetsNoSuggestion() {
        let keys = [(property: "screenName", key: "screen_name"), (property: "id", key: "id")]
        #expect(NearestName.keySuggestion(for: "zzz", keys: keys) == nil)
        #expect(NearestName.keySuggestion(for: "screen_name", keys: keys) == nil, "a key a property reads is not a near miss")
        #expect(NearestName.keySuggestion(for: "ScreenName", keys: keys) == #"did you mean "screenName", which reads "screen_name"?"#)
    }
}
