import Foundation

// `JSONDecoder.keyDecodingStrategy = .convertFromSnakeCase` rewrites every key of the payload
// before a keyed container is asked for it, so a model whose keys are snake_case (a naming style,
// a rename) would find none of them; and a camelCase key that `.convertToSnakeCase` wrote comes
// back rewritten again (`userID` → `user_id` → `userId`). Each key is also looked up as those
// strategies leave it, computed once per type, and only for a key that is absent as declared.
// The rewriting is Foundation's own, asked of its coders, so it agrees with theirs everywhere.

/// A model's declared top-level keys as the snake-case key strategies leave them.
struct SnakeCaseKeys: Sendable {
    /// For each decoded property's single key (``KeyTable/decodedSingleKeys``), the keys it may
    /// arrive as after the strategies: each differs from the key and is none of the model's own.
    let decodedSingleKeys: [[String]]
    /// The declared key of each rewritten key, for every top-level key the model knows; a
    /// rewritten key that two declared keys share is left out (it cannot say which it is).
    let declaredKey: [String: String]

    init(_ table: KeyTable) {
        var alternates: [String: [String]] = [:]
        var owners: [String: Set<String>] = [:]
        for key in table.knownKeys {
            var found: [String] = []
            for candidate in [Self.fromSnakeCase(key), Self.toSnakeCase(key).map(Self.fromSnakeCase) ?? nil] {
                // A rewritten key that is another declared key belongs to that property.
                guard let candidate, candidate != key, !table.knownKeys.contains(candidate), !found.contains(candidate) else { continue }
                found.append(candidate)
                owners[candidate, default: []].insert(key)
            }
            alternates[key] = found
        }
        let shared = Set(owners.filter { $0.value.count > 1 }.keys)
        decodedSingleKeys = table.decodedSingleKeys.map { key in key.map { alternates[$0, default: []].filter { !shared.contains($0) } } ?? [] }
        var declaredKey: [String: String] = [:]
        for (converted, keys) in owners where keys.count == 1 { declaredKey[converted] = keys.first }
        self.declaredKey = declaredKey
    }

    /// `key` as `JSONDecoder`'s `.convertFromSnakeCase` gives it (`created_at` → `createdAt`).
    static func fromSnakeCase(_ key: String) -> String? {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let object = [UInt8(ascii: "{")] + JSONWriter.quoted(key) + Array(":0}".utf8)
        return (try? decoder.decode(KeyProbe.self, from: Data(object)))?.key
    }

    /// `key` as `JSONEncoder`'s `.convertToSnakeCase` writes it (`userID` → `user_id`).
    static func toSnakeCase(_ key: String) -> String? {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        guard let data = try? encoder.encode(KeyWriter(key: key)),
              case .object(let object)? = try? JSONValue(jsonData: data), object.count == 1 else { return nil }
        return object.keys.first
    }

    /// Reads the one key of an object, as the decoder presents it.
    private struct KeyProbe: Decodable {
        let key: String?

        init(from decoder: any Decoder) throws {
            key = try decoder.container(keyedBy: AnyCodingKey.self).allKeys.first?.stringValue
        }
    }

    /// Writes an object with the one key.
    private struct KeyWriter: Encodable {
        let key: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(0, forKey: AnyCodingKey(stringValue: key))
        }
    }
}
