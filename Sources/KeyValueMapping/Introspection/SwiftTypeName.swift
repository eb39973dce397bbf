/// Type names as people write them, for the mapping table: `[User]`, `String?`, `[String: Int]`.
///
/// `String(describing:)` already drops module and enclosing-type prefixes (so a type declared
/// inside a function reads the same as one at the top level) but spells the standard generic
/// types in full (`Array<Optional<Int>>`); this restores the sugar Swift code uses.
enum SwiftTypeName {
    /// The short, sugared name of `type`.
    static func of(_ type: Any.Type) -> String {
        sugared(String(describing: type))
    }

    /// The module-qualified name for messages: `String(reflecting:)` without the runtime's
    /// placeholder for a context that has no name, so a type declared inside a function reads
    /// `AppTests.Typo`, never `AppTests.(unknown context at $5555b5212f4c).Typo`.
    static func qualified(_ type: Any.Type) -> String {
        withoutAnonymousContexts(String(reflecting: type))
    }

    /// `name` with every `(unknown context at $…).` removed (generic arguments included).
    static func withoutAnonymousContexts(_ name: String) -> String {
        var result = name
        while let start = result.range(of: "(unknown context at $") {
            guard let close = result[start.upperBound...].firstIndex(of: ")") else { break }
            var end = result.index(after: close)
            if end < result.endIndex, result[end] == "." { end = result.index(after: end) }
            result.removeSubrange(start.lowerBound..<end)
        }
        return result
    }

    /// `Array<X>` → `[X]`, `Optional<X>` → `X?`, `Dictionary<K, V>` → `[K: V]`, recursively;
    /// any other text is kept.
    static func sugared(_ name: String) -> String {
        guard let open = name.firstIndex(of: "<"), name.last == ">" else { return name }
        let base = String(name[..<open])
        let inner = name[name.index(after: open)..<name.index(before: name.endIndex)]
        let arguments = splitArguments(inner).map(sugared)
        switch (base, arguments.count) {
        case ("Array", 1): return "[\(arguments[0])]"
        case ("Optional", 1):
            // `(() -> Void)?`, not `() -> Void?`.
            let wrapped = arguments[0]
            return wrapped.contains("->") || wrapped.contains(" & ") ? "(\(wrapped))?" : "\(wrapped)?"
        case ("Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
        default: return "\(base)<\(arguments.joined(separator: ", "))>"
        }
    }

    /// Splits generic arguments at the top-level commas (`Int, Array<Int, X>` → two parts).
    private static func splitArguments(_ text: Substring) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in text {
            switch character {
            case "<", "(", "[": depth += 1
            case ">", ")", "]": depth -= 1
            case "," where depth == 0:
                parts.append(current.trimmingWhitespace())
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        parts.append(current.trimmingWhitespace())
        return parts
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
