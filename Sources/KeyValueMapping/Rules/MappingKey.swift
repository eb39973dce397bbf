/// Where a property's value lives in the payload: one key, or a path of keys and array indexes.
///
/// A string literal is a path: `"user_id"`, `"profile.avatar.url"`, `"items[0].name"`.
/// Write `\.` for a dot that belongs to a key (`"version\\.major"` is the single key
/// `version.major`), or use ``key(_:)`` / ``components(_:)`` to avoid parsing altogether.
public struct MappingKey: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The largest array index a key path declared in ``MappingRules`` may use: encoding pads
    /// an array with `null` up to the index, so an unbounded one could allocate without bound.
    /// A larger index is a declaration error. (Paths given to `decode(_:from:at:)` only read, and
    /// may use any index.)
    public static let maximumIndex = 10_000

    /// The path, outermost first; never empty for a valid key.
    public let components: [MappingError.PathComponent]
    /// Why the text could not be parsed, reported by the declaration check and by the sub-path
    /// entry points.
    let problem: String?

    /// Parses dotted path text with `[i]` indexes and `\.` escapes.
    public init(stringLiteral text: String) {
        self = MappingKey.path(text)
    }

    /// Parses dotted path text: `"a.b[2].c"`; `\.` is a literal dot, `\\` a literal backslash.
    public static func path(_ text: String) -> MappingKey {
        switch KeyPathParser.parse(text) {
        case .success(let components): return MappingKey(components: components, problem: nil)
        case .failure(let problem): return MappingKey(components: [.key(text)], problem: "malformed key path \"\(text)\": \(problem)")
        }
    }

    /// One key, taken literally (dots and brackets included).
    public static func key(_ literal: String) -> MappingKey {
        MappingKey(components: [.key(literal)], problem: nil)
    }

    /// A path given component by component. An empty path, or a negative index, is reported
    /// as a malformed key path, as for text.
    public static func components(_ components: [MappingError.PathComponent]) -> MappingKey {
        var problem: String?
        if components.isEmpty {
            problem = "malformed key path \"\": it has no components"
        } else if components.contains(where: { if case .index(let index) = $0 { index < 0 } else { false } }) {
            problem = "malformed key path \"\(MappingError(.other(""), path: components).keyPath)\": an index must be a non-negative integer"
        }
        return MappingKey(components: components, problem: problem)
    }

    private init(components: [MappingError.PathComponent], problem: String?) {
        self.components = components
        self.problem = problem
    }

    /// The path as text, e.g. `data.items[0].id`.
    public var description: String {
        MappingError(.other(""), path: components).keyPath
    }

    /// Throws when this path, given as the `at:` argument of a decode, did not parse: a
    /// sub-path such as `"data["` or `"a..b"` is never read as a literal key, and the error is
    /// about the argument, not about the model or the payload.
    func checkArgument() throws {
        guard let problem else { return }
        throw MappingError(.invalidArgument("at: \(problem)"))
    }

    /// The single key when the path has exactly one key component.
    var singleKey: String? {
        if components.count == 1, case .key(let key) = components[0] { return key }
        return nil
    }
}

enum KeyPathParser {
    static func parse(_ text: String) -> Result<[MappingError.PathComponent], ParseProblem> {
        var components: [MappingError.PathComponent] = []
        var current = ""
        var hasCurrent = false
        var characters = Array(text)[...]
        var expectKey = true

        func finishKey() -> ParseProblem? {
            guard hasCurrent else { return ParseProblem("an empty key") }
            components.append(.key(current))
            current = ""
            hasCurrent = false
            return nil
        }

        while let character = characters.popFirst() {
            switch character {
            case "\\":
                guard let escaped = characters.popFirst(), escaped == "." || escaped == "\\" || escaped == "[" else {
                    return .failure(ParseProblem("a backslash must escape '.', '[' or '\\'"))
                }
                current.append(escaped)
                hasCurrent = true
            case ".":
                if expectKey, let problem = finishKey() { return .failure(problem) }
                expectKey = true
            case "[":
                // A path may start with an index (`[0].actor`, for a document that is an array);
                // declared keys must not, which the declaration check says in its own words.
                let atStart = components.isEmpty && !hasCurrent
                if expectKey, !atStart, let problem = finishKey() { return .failure(problem) }
                var digits = ""
                while let next = characters.first, next != "]" {
                    digits.append(next)
                    characters = characters.dropFirst()
                }
                guard characters.popFirst() == "]", let index = Int(digits), index >= 0, digits.allSatisfy(\.isASCII) else {
                    return .failure(ParseProblem("an index must be a non-negative integer in brackets"))
                }
                components.append(.index(index))
                expectKey = false
                if let next = characters.first, next != "." && next != "[" {
                    return .failure(ParseProblem("expected '.' or '[' after an index"))
                }
            default:
                current.append(character)
                hasCurrent = true
                expectKey = true
            }
        }
        if expectKey, let problem = finishKey() { return .failure(problem) }
        return .success(components)
    }

    struct ParseProblem: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
