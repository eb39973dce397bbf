import Foundation
import Testing
import KeyValueMapping

enum TableStatus: Hashable, Sendable { case open, closed }

/// Every kind of rule on one model, for the verbatim table.
struct TableRepo: Mappable {
    var id = 0
    var fullName = ""
    var owner = ""
    var stars = 0
    var location: [String: Double] = [:]
    var createdAt = Date(timeIntervalSince1970: 0)
    var status = TableStatus.open
    var firstItem = 0
    var stamps: [Date] = []
    var homepage: URL?
    var cache: [String] = []
    let kind = "repo"
    lazy var summary: String? = nil

    static var mappingRules: MappingRules {
        MappingRules()
            .naming(.snakeCase)
            .map("id", to: "repo_id")
            .map("owner", to: "owner.login")
            .map("stars", toFirstOf: ["stargazers_count", "stars"])
            .gather("location", from: ["lat", "lng"])
            .map("firstItem", to: "items[0].id")
            .transform("createdAt", with: .millisecondsSince1970)
            .transform("status", with: .valueTable(["open": TableStatus.open, "closed": .closed]))
            .transform("stamps", with: .elementwise(.dateFormat("yyyy-MM-dd")))
            .ignore("cache")
            .require("id")
    }
}

/// Types as people write them, and properties no rule can map.
final class TableTypes: Mappable {
    var matrix: [[Int?]] = []
    var lookup: [String: [Int]] = [:]
    var maybe: Int?? = nil
    var tags: Set<String> = []
    var handler: (() -> Void)?
    weak var delegate: TableTypes?
    var any: Any = 0
    required init() {}
    static var mappingRules: MappingRules { MappingRules().ignore("handler") }
}

struct KeyWithDots: Mappable {
    var version = ""
    static var mappingRules: MappingRules { MappingRules().map("version", to: .key("version.major")) }
}

@Suite struct MappingTableTests {
    @Test func aModelWithEveryKindOfRuleIsOneAlignedLinePerProperty() throws {
        #expect(try TableRepo.mappingTable().description == """
            property   key                       type              transformer                              presence  direction
            id         repo_id                   Int               –                                        required  decoded, encoded
            fullName   full_name                 String            –                                        default   decoded, encoded
            owner      owner.login               String            –                                        default   decoded, encoded
            stars      stargazers_count | stars  Int               –                                        default   decoded, encoded
            location   lat + lng                 [String: Double]  –                                        default   decoded, encoded
            createdAt  created_at                Date              .millisecondsSince1970                   default   decoded, encoded
            status     status                    TableStatus       .valueTable                              default   decoded, encoded
            firstItem  items[0].id               Int               –                                        default   decoded, encoded
            stamps     stamps                    [Date]            .elementwise(.dateFormat("yyyy-MM-dd"))  default   decoded, encoded
            homepage   homepage                  URL?              –                                        optional  decoded, encoded
            cache      –                         [String]          –                                        ignored   –
            kind       kind                      String            –                                        –         encoded only
            summary    summary                   String?           –                                        optional  decoded, encoded
            """)
    }

    @Test func aClassChainListsSuperclassPropertiesFirstWithTheirOwners() throws {
        #expect(try LeafRecord.mappingTable().description == """
            property      key      type    transformer  presence  direction         declared in
            id            id       Int     –            required  decoded, encoded  BaseRecord
            secret        –        String  –            ignored   –                 BaseRecord
            cache         –        String  –            ignored   –                 BaseRecord
            note          note     String  –            default   decoded, encoded  BaseRecord
            internalFlag  –        Bool    –            ignored   –                 MiddleRecord
            title         heading  String  –            default   decoded, encoded  MiddleRecord
            extra         extra    String  –            default   decoded, encoded  LeafRecord
            """)
    }

    @Test func keyPathsCandidatesAndIndexesAreSpelledAsTheRulesSpellThem() throws {
        #expect(try Student.mappingTable().description == """
            property         key                                      type    transformer  presence  direction
            ID               id                                       String  –            default   decoded, encoded
            desc             desciption                               String  –            default   decoded, encoded
            nowName          name.newName                             String  –            default   decoded, encoded
            oldName          name.oldName                             String  –            default   decoded, encoded
            otherName        otherName | name.newName | name.oldName  String  –            default   decoded, encoded
            nameChangedTime  name.info[1].nameChangedTime             String  –            default   decoded, encoded
            bag              other.bag                                Bag     –            default   decoded, encoded
            """)
        // A dot inside one key is escaped, as MappingKey parses it back.
        #expect(try KeyWithDots.mappingTable().rows.map(\.keys) == [["version\\.major"]])
    }

    @Test func typesAreWrittenAsInCodeAndUnmappableFieldsAreIgnoredRows() throws {
        #expect(try TableTypes.mappingTable().description == """
            property  key     type             transformer  presence  direction
            matrix    matrix  [[Int?]]         –            default   decoded, encoded
            lookup    lookup  [String: [Int]]  –            default   decoded, encoded
            maybe     maybe   Int??            –            optional  decoded, encoded
            tags      tags    Set<String>      –            default   decoded, encoded
            handler   –       (() -> ())?      –            ignored   –
            delegate  –       TableTypes?      –            ignored   –
            any       any     Any              –            default   decoded, encoded
            """)
        #expect(try SpecialFields.mappingTable().description == """
            property   key        type     transformer  presence  direction
            constant   constant   String   –            –         encoded only
            variable   variable   Int      –            default   decoded, encoded
            lazyValue  lazyValue  Int      –            default   decoded, encoded
            _wrapped   –          Trimmed  –            ignored   –
            """)
    }

    @Test func theDecodersAndEncodersNamingStylesApplyToKeysTheTypeDoesNotFix() throws {
        var decoder = KeyValueDecoder()
        decoder.keyNamingStyle = .snakeCase
        var encoder = KeyValueEncoder()
        encoder.keyNamingStyle = .kebabCase
        #expect(try Naming.mappingTable(decoder: decoder, encoder: encoder).description == """
            property         key                                           type    transformer  presence  direction
            userID           user_id (writes user-id)                      Int     –            default   decoded, encoded
            URLString        url_string (writes url-string)                String  –            default   decoded, encoded
            httpURLResponse  http_url_response (writes http-url-response)  String  –            default   decoded, encoded
            version2Name     version2_name (writes version2-name)          String  –            default   decoded, encoded
            plain            plain                                         String  –            default   decoded, encoded
            """)
        // A type's own style and explicit keys win over the decoder's and encoder's.
        let fixed = try TableRepo.mappingTable(decoder: decoder, encoder: encoder)
        #expect(fixed == (try TableRepo.mappingTable()))
    }

    @Test func rowsCarryTheSameFactsAsFields() throws {
        let table = try TableRepo.mappingTable()
        #expect(table.typeName == "TableRepo")
        #expect(table.rows.map(\.property) == ["id", "fullName", "owner", "stars", "location", "createdAt", "status", "firstItem",
                                               "stamps", "homepage", "cache", "kind", "summary"])
        let stars = try #require(table.rows.first { $0.property == "stars" })
        #expect(stars.owner == "TableRepo" && stars.keys == ["stargazers_count", "stars"] && stars.encodedKeys == ["stargazers_count"])
        #expect(stars.keyKind == .candidates && stars.type == "Int" && stars.transformer == nil)
        #expect(stars.presence == .defaulted && stars.isDecoded && stars.isEncoded)
        let location = try #require(table.rows.first { $0.property == "location" })
        #expect(location.keyKind == .gathered && location.keys == ["lat", "lng"] && location.encodedKeys == ["lat", "lng"])
        let cache = try #require(table.rows.first { $0.property == "cache" })
        #expect(cache.presence == .ignored && cache.keyKind == .unmapped && cache.keys.isEmpty && !cache.isDecoded && !cache.isEncoded)
        let kind = try #require(table.rows.first { $0.property == "kind" })
        #expect(kind.presence == .notDecoded && !kind.isDecoded && kind.isEncoded && kind.keys.isEmpty && kind.encodedKeys == ["kind"])
        #expect(table.rows.first { $0.property == "createdAt" }?.transformer == ".millisecondsSince1970")
        #expect(table.rows.first { $0.property == "id" }?.presence == .required)
        #expect(table.rows.first { $0.property == "firstItem" }?.keyKind == .path)
        #expect(table.rows.map(\.presence.description).contains("optional"))
    }

    @Test func aBrokenDeclarationIsTheSameErrorAsForDecoding() {
        let error = mappingError { _ = try BrokenDeclaration.mappingTable() }
        guard case .invalidDeclaration(let type, let problems)? = error?.reason else {
            Issue.record("expected invalidDeclaration, got \(String(describing: error))")
            return
        }
        #expect(type == "KeyValueMappingTests.BrokenDeclaration")
        #expect(problems.count == 7)
    }

    @Test func everyBuiltInTransformerIsNamedAsTheRulesWriteIt() throws {
        let transformers = try Transformed.mappingTable().rows.map { "\($0.property): \($0.transformer ?? "–")" }
        #expect(transformers == [
            "iso: .iso8601", "isoFraction: .iso8601WithFractionalSeconds", "seconds: .secondsSince1970",
            "millis: .millisecondsSince1970", "day: .dateFormat(\"yyyy-MM-dd\")", "berlinDay: .dateFormat(\"dd.MM.yyyy HH:mm\")",
            "link: .url", "id: .uuid", "amount: .decimal", "blob: .base64", "state: .valueTable", "stamps: .elementwise(.iso8601)",
            "upper: .custom",
        ])
    }
}
