import Foundation

// The runtime entry points `print` and `Mirror` use to read an enum value (the standard library
// declares them the same way, internally): the runtime reads the case's name and payload from
// the type's own reflection metadata and value witnesses, never from a layout copied here. Both
// borrow the value. A name is a pointer into the metadata's strings, valid for the process's life.
@_silgen_name("swift_EnumCaseName")
private func runtimeEnumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

private typealias RuntimeNameFree = @convention(c) (UnsafePointer<CChar>?) -> Void

@_silgen_name("swift_reflectionMirror_subscript")
private func runtimeChild<T>(of value: T, type: Any.Type, index: Int, outName: UnsafeMutablePointer<UnsafePointer<CChar>?>,
                             outFreeFunc: UnsafeMutablePointer<RuntimeNameFree?>) -> Any

@_silgen_name("swift_reflectionMirror_count")
private func runtimeChildCount<T>(_ value: T, type: Any.Type) -> Int

/// Which case an enum value holds, and its payload, as the runtime reports them.
enum EnumCase {
    /// The name of the case `value` holds (`circle` for `Shape.circle(…)`); `nil` when the
    /// runtime has no name for it.
    static func name<Enum>(of value: Enum) -> String? {
        runtimeEnumCaseName(value).flatMap { String(validatingCString: $0) }
    }

    /// Where the runtime keeps the name of the case `value` holds (see ``name(of:)``), as an
    /// address: the same for every value of one case, so a case is found by comparing it.
    static func nameAddress<Enum>(of value: Enum) -> UInt {
        runtimeEnumCaseName(value).map { UInt(bitPattern: $0) } ?? 0
    }

    /// Whether the name at `address` (see ``nameAddress(of:)``) is `name`.
    static func name(at address: UInt, is name: String) -> Bool {
        guard let pointer = UnsafePointer<CChar>(bitPattern: address) else { return false }
        return name.withCString { strcmp(pointer, $0) == 0 }
    }

    /// Whether the case `value` holds has a payload: asked of the runtime itself (a `Mirror`
    /// would answer with a `customMirror` the type may declare), safe for any case. The question
    /// to ask before ``payload(ofCaseWithPayload:)`` wherever the case is not known to have one.
    static func hasPayload<Enum>(_ value: Enum) -> Bool {
        runtimeChildCount(value, type: Enum.self) > 0
    }

    /// The payload of `value`, which holds a case with one (a case with several associated
    /// values gives them as a tuple). Only for a case with a payload: the runtime has no child
    /// to give for one without.
    static func payload<Enum>(ofCaseWithPayload value: Enum) -> Any {
        var name: UnsafePointer<CChar>?
        var free: RuntimeNameFree?
        let child = runtimeChild(of: value, type: Enum.self, index: 0, outName: &name, outFreeFunc: &free)
        free?(name)
        return child
    }
}
