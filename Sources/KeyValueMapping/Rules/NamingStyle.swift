/// How property names become payload keys when no explicit key is declared.
///
/// Words are split at lower-to-upper case changes and before the last capital of a run of
/// capitals that is followed by a lower-case letter, so acronyms stay together:
/// `userID` → `user_id`, `URLString` → `url_string`, `httpURLResponse` → `http_url_response`,
/// `version2Name` → `version2_name`. Existing underscores also separate words, but leading
/// underscores are kept, as Foundation's `convertToSnakeCase` keeps them: `_id` → `_id`,
/// `_createdAt` → `_created_at` (`_created-at` in kebab-case).
public enum NamingStyle: Sendable {
    /// The property name as declared. The default.
    case asDeclared
    /// `snake_case`.
    case snakeCase
    /// `kebab-case`.
    case kebabCase
    /// `PascalCase` (`userID` → `UserID`: only the first letter changes).
    case pascalCase
    /// Your own conversion from property name to key.
    case custom(@Sendable (String) -> String)

    /// The key for a property named `name`.
    public func key(for name: String) -> String {
        switch self {
        case .asDeclared: return name
        case .snakeCase: return name.prefix { $0 == "_" } + Self.words(of: name).joined(separator: "_")
        case .kebabCase: return name.prefix { $0 == "_" } + Self.words(of: name).joined(separator: "-")
        case .pascalCase: return name.prefix(1).uppercased() + name.dropFirst()
        case .custom(let convert): return convert(name)
        }
    }

    /// The style as its case is spelled (`.snakeCase`), for messages.
    var displayName: String {
        switch self {
        case .asDeclared: return ".asDeclared"
        case .snakeCase: return ".snakeCase"
        case .kebabCase: return ".kebabCase"
        case .pascalCase: return ".pascalCase"
        case .custom: return ".custom"
        }
    }

    var isAsDeclared: Bool {
        if case .asDeclared = self { return true }
        return false
    }

    /// A small number per built-in style other than `asDeclared` (which caches key tables per
    /// style); `nil` for `asDeclared` and `custom`.
    var builtInSlot: Int? {
        switch self {
        case .snakeCase: return 0
        case .kebabCase: return 1
        case .pascalCase: return 2
        case .asDeclared, .custom: return nil
        }
    }

    static func words(of name: String) -> [String] {
        let characters = Array(name)
        var words: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            if character == "_" || character == "-" {
                if !current.isEmpty { words.append(current); current = "" }
                continue
            }
            if character.isUppercase, !current.isEmpty {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord = !previous.isUppercase || (next?.isLowercase ?? false)
                if startsWord, previous != "_" { words.append(current); current = "" }
            }
            current.append(contentsOf: character.lowercased())
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
