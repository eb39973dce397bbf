import Foundation
import Testing
@testable import KeyValueMapping

/// Snake-case keys by naming style.
struct SnakeStyled: CodableMappable, Equatable {
    var id = 0
    var fullName = ""
    var createdAt = Date(timeIntervalSince1970: 0)
    var homeAddress: SnakeStyledAddress?
    static var mappingRules: MappingRules { MappingRules().naming(.snakeCase) }
}

struct SnakeStyledAddress: CodableMappable, Equatable {
    var streetName = ""
    static var mappingRules: MappingRules { MappingRules().naming(.snakeCase) }
}

/// Snake-case keys by rename, read as a whole object (a hook needs it).
struct SnakeRenamed: CodableMappable, Equatable {
    var id = 0
    var fullName = ""
    var createdAt = Date(timeIntervalSince1970: 0)
    static var mappingRules: MappingRules {
        MappingRules()
            .map("fullName", to: "full_name")
            .map("createdAt", to: "__created_at_")
            .beforeDecoding { _ in }
    }
}

/// Keys as Swift spells them.
struct CamelPlain: CodableMappable, Equatable {
    var id = 0
    var fullName = ""
    var createdAt = Date(timeIntervalSince1970: 0)
}

/// Foundation's `.convertFromSnakeCase` and `.convertToSnakeCase` on a model's own keys.
@Suite struct CodableKeyStrategyTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    static func decoder(_ strategy: JSONDecoder.KeyDecodingStrategy) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = strategy
        return decoder
    }

    static func encoder(_ strategy: JSONEncoder.KeyEncodingStrategy) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = strategy
        return encoder
    }

    /// The rewriting matches Foundation's own, key by key.
    @Test(arguments: ["full_name", "Full_NAME", "_a_b_", "a__b", "ABC_def", "fullName", "__", "x", "", "created_at_utc", "ünï_çödé", "a_1b", "__created_at_"])
    func keysAreRewrittenAsJSONDecoderRewritesThem(_ key: String) throws {
        struct Keys: Decodable {
            var keys: [String]
            init(from decoder: any Decoder) throws { keys = try decoder.container(keyedBy: AnyCodingKey.self).allKeys.map(\.stringValue) }
        }
        let payload = try JSONSerialization.data(withJSONObject: [key: 0])
        let foundation = try Self.decoder(.convertFromSnakeCase).decode(Keys.self, from: payload).keys
        #expect([SnakeCaseKeys.fromSnakeCase(key)] == foundation)
    }

    @Test func snakeCaseKeysAreFoundThroughConvertFromSnakeCase() throws {
        let payload = Data(#"{"id": 7, "full_name": "Ada", "created_at": "2023-11-14T22:13:20Z", "home_address": {"street_name": "Main"}, "__created_at_": "2023-11-14T22:13:20Z"}"#.utf8)
        for decoder in [JSONDecoder(), Self.decoder(.convertFromSnakeCase)] {
            #expect(try decoder.decode(SnakeStyled.self, from: payload)
                == SnakeStyled(id: 7, fullName: "Ada", createdAt: Self.date, homeAddress: SnakeStyledAddress(streetName: "Main")))
            #expect(try decoder.decode(SnakeRenamed.self, from: payload) == SnakeRenamed(id: 7, fullName: "Ada", createdAt: Self.date))
        }
        // Keys spelled as Swift spells them are unchanged by the strategy.
        let camel = Data(#"{"id": 7, "fullName": "Ada", "createdAt": "2023-11-14T22:13:20Z"}"#.utf8)
        #expect(try Self.decoder(.convertFromSnakeCase).decode(CamelPlain.self, from: camel) == CamelPlain(id: 7, fullName: "Ada", createdAt: Self.date))
    }

    @Test(arguments: [
        (#"{"full_name": []}"#, "full_name: expected String, found Array (0 elements)"),
        (#"{"home_address": {"street_name": []}}"#, "home_address.street_name: expected String, found Array (0 elements)"),
    ])
    func errorsThroughTheStrategyNameTheDeclaredKeys(_ json: String, _ message: String) {
        #expect(mappingError { _ = try Self.decoder(.convertFromSnakeCase).decode(SnakeStyled.self, from: Data(json.utf8)) }?.description == message)
    }

    @Test func modelsRoundTripWithBothStrategies() throws {
        let encoder = Self.encoder(.convertToSnakeCase), decoder = Self.decoder(.convertFromSnakeCase)
        let styled = SnakeStyled(id: 1, fullName: "Bo", createdAt: Self.date, homeAddress: SnakeStyledAddress(streetName: "Elm"))
        #expect(try decoder.decode(SnakeStyled.self, from: encoder.encode(styled)) == styled)
        let renamed = SnakeRenamed(id: 2, fullName: "Cy", createdAt: Self.date)
        #expect(try decoder.decode(SnakeRenamed.self, from: encoder.encode(renamed)) == renamed)
        let plain = CamelPlain(id: 3, fullName: "Di", createdAt: Self.date)
        let written = try encoder.encode(plain)
        #expect(String(decoding: written, as: UTF8.self).contains(#""full_name":"Di""#))
        #expect(try decoder.decode(CamelPlain.self, from: written) == plain)
    }
}
