import Foundation

// The runtime entry point `print` and `String(describing:)` use to name an enum value's case
// (the standard library declares it the same way, internally): the name is read from the
// type's reflection metadata by the runtime itself, never from a layout copied here. It borrows
// the value and returns a pointer into the metadata's own strings, valid for the process's life.
@_silgen_name("swift_EnumCaseName")
private func runtimeEnumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

/// Which case an enum value holds, and its payload, as the runtime reports them.
enum EnumCase {
    /// The name of the case `value` holds (`circle` for `Shape.circle(…)`); `nil` when the
    /// runtime has no name for it.
    static func name<Enum>(of value: Enum) -> String? {
        runtimeEnumCaseName(value).flatMap { String(validatingCString: $0) }
    }

    /// Whether `value` holds the case named `name` (as ``name(of:)`` gave it), compared where
    /// the runtime keeps the name, without making a `String`.
    static func holds<Enum>(_ value: Enum, named name: String) -> Bool {
        guard let held = runtimeEnumCaseName(value) else { return false }
        return name.withCString { strcmp(held, $0) == 0 }
    }

    /// The payload of the case `value` holds (a case with several associated values gives
    /// them as a tuple); `nil` for a case without one.
    static func payload<Enum>(of value: Enum) -> Any? {
        Mirror(reflecting: value).children.first?.value
    }
}
