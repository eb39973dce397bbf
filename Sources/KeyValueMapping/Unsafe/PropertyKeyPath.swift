@_spi(Reflection) import Swift

/// The stored property a rule's key path names (`\Repo.fullName` → `fullName`), found with the
/// runtime's own reflection, or why it names none. A rule is never attributed to another
/// property: what cannot be resolved exactly is a declaration error.
enum PropertyKeyPath {
    /// The property's name, or the problem (`"is a computed property"`, …) with the key path's
    /// text for the message.
    static func resolve<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> (name: String?, text: String, problem: String?) {
        let text = readableText(of: keyPath)
        let isClass = Root.self is AnyClass
        let name: String
        if isClass {
            // The key-path SPI enumerates structs only. A class's stored property has a key
            // path the runtime describes by the field's name; an overridable one (a `var` of a
            // non-final class) goes through its getter and is described as computed.
            let prefix = "\\" + String(describing: Root.self) + "."
            let description = String(describing: keyPath)
            guard description.hasPrefix(prefix), !description.contains("<computed") else {
                return (nil, text, "is computed, lazy, overridable (a `var` of a class that is not final reads through its getter) "
                        + "or goes through a subscript: name the stored property with a string, or make the class final")
            }
            let rest = String(description.dropFirst(prefix.count))
            guard !rest.isEmpty, rest != "self", rest.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                return (nil, text, "does not name one of the model's own stored properties")
            }
            name = rest
        } else {
            var matches: [String] = []
            _forEachFieldWithKeyPath(of: Root.self, options: ReflectionOptions.ignoreUnknown) { field, candidate in
                if candidate == keyPath { matches.append(String(cString: field)) }
                return true
            }
            guard let first = matches.first else {
                if MemoryLayout<Root>.offset(of: keyPath) != nil {
                    return (nil, text, "does not name one of the model's own stored properties (it goes through another value)")
                }
                return (nil, text, "is computed (a `lazy` or property-wrapper property's key path is too), or goes through an optional, "
                        + "a class or a subscript: name the stored property with a string")
            }
            name = first
        }
        // Key paths, and the runtime's description of a class's, tell fields apart by offset:
        // zero-sized fields share one, and a key path to one of them names none for certain.
        let fields = RuntimeFields.fields(of: Root.self, isClass: isClass) ?? []
        guard let field = fields.first(where: { $0.name == name }) else {
            return (nil, text, "does not name one of the model's own stored properties")
        }
        // A struct's key path compares its value type too: only a zero-sized field can share it.
        // A class's description names the first field at the offset, whichever was meant.
        let sharing = fields.filter { $0.name != name && $0.offset == field.offset }
        let ambiguous = sharing.contains { other in
            isClass ? isZeroSized(other.type) || isZeroSized(field.type) : isZeroSized(field.type) && other.type == field.type
        }
        guard !ambiguous else {
            return (nil, text, "cannot be told apart from another stored property at the same place (a zero-sized value, such as "
                    + "an empty struct or a single-case enum): name the property with a string")
        }
        return (name, text, nil)
    }

    private static func isZeroSized(_ type: Any.Type) -> Bool {
        func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        return _openExistential(type, do: size) == 0
    }

    /// The key path as Swift writes it, with the address the runtime prints for a computed
    /// component left out (`\Repo.<computed Int>`), so messages read the same on every run.
    private static func readableText<Root, Value>(of keyPath: KeyPath<Root, Value>) -> String {
        var text = String(describing: keyPath)
        while let start = text.range(of: "<computed 0x"), let space = text[start.upperBound...].firstIndex(of: " ") {
            text.replaceSubrange(start.lowerBound..<text.index(after: space), with: "<computed ")
        }
        return text
    }
}
