@_spi(Reflection) import Swift

/// The stored property a rule's key path names (`\Repo.fullName` → `fullName`), found with the
/// runtime's own reflection, or why it names none. A rule is never attributed to another
/// property: what cannot be resolved exactly is a declaration error.
enum PropertyKeyPath {
    /// The property's name, or the problem (`"is a computed property"`, …) with the key path's
    /// text for the message.
    static func resolve<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> (name: String?, text: String, problem: String?) {
        let text = readableText(of: keyPath)
        if Root.self is AnyClass {
            // The key-path SPI enumerates structs only. A class's stored property has a key
            // path the runtime describes by the field's name; an overridable one (a `var` of a
            // non-final class) goes through its getter and is described as computed.
            let prefix = "\\" + String(describing: Root.self) + "."
            let description = String(describing: keyPath)
            guard description.hasPrefix(prefix), !description.contains("<computed") else {
                return (nil, text, "is computed or overridable (a `var` of a class that is not final reads through its getter): "
                        + "name the property with a string, or make the class final")
            }
            let name = String(description.dropFirst(prefix.count))
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                return (nil, text, "goes through another value: a rule names one of the model's own stored properties")
            }
            return (name, text, nil)
        }
        var found: String?
        _forEachFieldWithKeyPath(of: Root.self, options: ReflectionOptions.ignoreUnknown) { name, candidate in
            guard candidate == keyPath else { return true }
            found = String(cString: name)
            return false
        }
        if let found { return (found, text, nil) }
        if MemoryLayout<Root>.offset(of: keyPath) != nil {
            return (nil, text, "goes through another value: a rule names one of the model's own stored properties")
        }
        return (nil, text, "is a computed property (a `lazy` or property-wrapper property's key path is computed too): name its storage with a string")
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
