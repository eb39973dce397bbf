@_spi(Reflection) import Swift

/// What the Swift runtime reports about one stored property.
struct RuntimeField {
    /// The property's name as the compiler stored it (`x`, `$__lazy_storage_$_x`, `_wrapped`).
    let name: String
    /// Byte offset of the field inside a struct value or a class instance.
    let offset: Int
    /// The declared type of the field.
    let type: Any.Type
    /// `true` for `var`, `false` for `let`.
    let isVar: Bool
    /// `false` for `weak` and `unowned` references.
    let isStrong: Bool
}

// The runtime entry point that `Mirror` and the standard library's `_forEachField` SPI are built
// on. The SPI reports names, offsets and types but not whether a field is a `var` or a strong
// reference, which is exactly what decides whether a field may be written through a typed
// pointer. This layout is the standard library's own `_FieldReflectionMetadata` (an argument of
// a stable runtime entry point, not type metadata); every answer is cross-checked against the
// SPI and against `Mirror` before a type is accepted, and a probe type verifies the flags.
private struct FieldReflectionFlags {
    var name: UnsafePointer<CChar>? = nil
    var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
    var isStrong: Bool = false
    var isVar: Bool = false
}

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func runtimeChildMetadata(
    _ type: Any.Type,
    index: Int,
    fieldMetadata: UnsafeMutablePointer<FieldReflectionFlags>
) -> Any.Type

// The SPI declares its option constants as mutable statics, which Swift 6 refuses to read from
// nonisolated code; these are the same documented bit values (a wrong value would make the
// probe in `flagsAreTrustworthy` fail, refusing every type rather than misreading one).
enum ReflectionOptions {
    static let classType = _EachFieldOptions(rawValue: 1 << 0)
    static let ignoreUnknown = _EachFieldOptions(rawValue: 1 << 1)
}

enum RuntimeFields {
    /// Every stored field of `type`, superclass fields first, or `nil` if the runtime cannot
    /// describe the type (for example a class with an Objective-C ancestor).
    static func fields(of type: Any.Type, isClass: Bool) -> [RuntimeField]? {
        var spiFields: [(name: String, offset: Int, type: Any.Type)] = []
        let complete = _forEachField(of: type, options: isClass ? ReflectionOptions.classType : []) { name, offset, fieldType, _ in
            spiFields.append((String(cString: name), offset, fieldType))
            return true
        }
        guard complete else { return nil }

        var result: [RuntimeField] = []
        result.reserveCapacity(spiFields.count)
        for (index, field) in spiFields.enumerated() {
            var flags = FieldReflectionFlags()
            let reportedType = runtimeChildMetadata(type, index: index, fieldMetadata: &flags)
            defer { flags.freeName?(flags.name) }
            guard let cName = flags.name,
                  String(cString: cName) == field.name,
                  reportedType == field.type
            else { return nil }
            result.append(RuntimeField(name: field.name, offset: field.offset, type: field.type,
                                       isVar: flags.isVar, isStrong: flags.isStrong))
        }
        return result
    }

    /// The declaring class of each stored field of `type`, superclass fields first (as
    /// `fields(of:isClass:)` lists them), from the field count of each class in the chain.
    static func owners(ofClass type: Any.Type) -> [String]? {
        var chain: [AnyClass] = []
        var next: AnyClass? = type as? AnyClass
        while let current = next {
            chain.append(current)
            next = _getSuperclass(current)
        }
        var owners: [String] = []
        for level in chain.reversed() {
            var count = 0
            guard _forEachField(of: level, options: ReflectionOptions.classType, body: { _, _, _, _ in
                count += 1
                return true
            }), count >= owners.count else { return nil }
            owners += repeatElement(String(reflecting: level), count: count - owners.count)
        }
        return owners
    }

    /// `true` when the runtime's flags describe a known probe type correctly, so they can be
    /// trusted on this runtime; computed once.
    static let flagsAreTrustworthy: Bool = {
        // Only the types are reflected; neither is ever instantiated.
        final class Probe {
            var variable = 0
            let constant = 0
            weak var weakReference: Probe?
            unowned var unownedReference: Probe
            init?() { return nil }
        }
        struct ValueProbe { var variable = 0; let constant = "" }
        guard let classFields = fields(of: Probe.self, isClass: true),
              let valueFields = fields(of: ValueProbe.self, isClass: false)
        else { return false }
        let classFlags = classFields.map { [$0.isVar, $0.isStrong] }
        let valueFlags = valueFields.map { [$0.isVar, $0.isStrong] }
        return classFlags == [[true, true], [false, true], [true, false], [true, false]]
            && valueFlags == [[true, true], [false, true]]
    }()
}
