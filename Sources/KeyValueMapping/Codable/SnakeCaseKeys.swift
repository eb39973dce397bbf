import Foundation

// `JSONDecoder.keyDecodingStrategy = .convertFromSnakeCase` rewrites every key of the payload
// before a keyed container is asked for it, so a model whose keys are snake_case (a naming style,
// a rename) would find none of them. Each such key is also looked up as the strategy writes it,
// computed once per type; the lookup happens only for a key that is absent as declared.

/// A model's declared top-level keys as `.convertFromSnakeCase` rewrites them.
struct SnakeCaseKeys: Sendable {
    /// For each decoded property's single key (``KeyTable/decodedSingleKeys``), the rewritten
    /// key when it differs and is none of the model's own keys.
    let decodedSingleKeys: [String?]
    /// The declared key of each rewritten key, for every top-level key the model knows.
    let declaredKey: [String: String]

    static let empty = SnakeCaseKeys(decodedSingleKeys: [], declaredKey: [:])

    private init(decodedSingleKeys: [String?], declaredKey: [String: String]) {
        self.decodedSingleKeys = decodedSingleKeys
        self.declaredKey = declaredKey
    }

    init(_ table: KeyTable) {
        // A rewritten key that is another declared key belongs to that property.
        func alternate(_ key: String) -> String? {
            let converted = Self.convertedFromSnakeCase(key)
            return converted == key || table.knownKeys.contains(converted) ? nil : converted
        }
        decodedSingleKeys = table.decodedSingleKeys.map { $0.flatMap(alternate) }
        var declaredKey: [String: String] = [:]
        for key in table.knownKeys {
            if let converted = alternate(key) { declaredKey[converted] = key }
        }
        self.declaredKey = declaredKey
    }

    /// `key` as `.convertFromSnakeCase` rewrites it (Foundation's algorithm): leading and
    /// trailing underscores kept, a key of one word unchanged, else the first word lowercased
    /// and the others capitalized, joined without underscores (`created_at` → `createdAt`).
    static func convertedFromSnakeCase(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first, key[last] == "_" { key.formIndex(before: &last) }
        let words = key[first...last].split(separator: "_")
        guard words.count > 1 else { return key }
        let joined = words[0].lowercased() + words.dropFirst().map(\.capitalized).joined()
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }
}
