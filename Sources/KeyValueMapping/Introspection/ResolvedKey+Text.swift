/// Keys written as the rules spell them, for the mapping table and messages of the views.
extension ResolvedKey {
    /// Every key path this property reads, as text, in the rules' order: one for a key or a
    /// path, the candidates in order, the gathered keys.
    var texts: [String] {
        switch self {
        case .key(let key): return [Self.text(of: [.key(key)])]
        case .path(let components): return [Self.text(of: components)]
        case .candidates(let paths): return paths.map(Self.text(of:))
        case .gather(let keys): return keys.map { Self.text(of: $0.path) }
        }
    }

    /// A path as ``MappingKey`` parses it back: dotted keys, `[i]` indexes, and a backslash
    /// before a dot, a bracket or a backslash that belongs to a key (`version\.major`).
    static func text(of components: [MappingError.PathComponent]) -> String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                for character in key {
                    if character == "." || character == "[" || character == "\\" { text.append("\\") }
                    text.append(character)
                }
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}
