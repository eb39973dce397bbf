@_spi(Reflection) import Swift

/// How a stored property takes part in mapping, decided once from what the runtime reports.
enum PropertyRole: Equatable {
    /// A `var`: decoded and encoded.
    case variable
    /// A `let`: never written; encoded.
    case constant
    /// The storage of `lazy var name`: decoded by setting the storage, encoded once computed.
    case lazyStorage(wrappedType: Any.Type)
    /// Not mapped at all, with the documented reason.
    case skipped(String)

    static func == (lhs: PropertyRole, rhs: PropertyRole) -> Bool {
        switch (lhs, rhs) {
        case (.variable, .variable), (.constant, .constant): return true
        case (.lazyStorage(let a), .lazyStorage(let b)): return a == b
        case (.skipped(let a), .skipped(let b)): return a == b
        default: return false
        }
    }
}

/// A stored property as the enumerator sees it: the runtime's facts plus its mapping role.
struct EnumeratedProperty {
    let field: RuntimeField
    /// The property's name as users write it (`x` for `lazy var x`).
    let name: String
    let role: PropertyRole
    /// The class that declares the property, or the struct itself.
    let ownerName: String
}

enum PropertyEnumerator {
    static let lazyPrefix = "$__lazy_storage_$_"

    /// Walks the stored properties of `M` (superclasses first) and cross-checks the runtime's
    /// answer with `Mirror` on `prototype`; any disagreement refuses the type.
    static func properties<M>(of type: M.Type, prototype: M, isClass: Bool) throws -> [EnumeratedProperty] {
        let typeName = String(reflecting: M.self)
        guard RuntimeFields.flagsAreTrustworthy else {
            throw MappingError(.reflectionMismatch(type: typeName, detail: "this Swift runtime's field reflection does not report let/var and weak/strong as expected"))
        }
        guard let fields = RuntimeFields.fields(of: M.self, isClass: isClass) else {
            throw MappingError(.reflectionMismatch(type: typeName, detail: "the runtime cannot enumerate its stored properties (Objective-C ancestors are not supported)"))
        }
        let owners = try mirrorLabels(of: prototype, typeName: typeName, expected: fields.map(\.name))
        if !isClass { try crossCheckWritability(of: M.self, fields: fields, typeName: typeName) }

        return zip(fields, owners).map { field, owner in
            EnumeratedProperty(field: field, name: displayName(of: field.name), role: role(of: field), ownerName: owner)
        }
    }

    private static func displayName(of storedName: String) -> String {
        storedName.hasPrefix(lazyPrefix) ? String(storedName.dropFirst(lazyPrefix.count)) : storedName
    }

    private static func role(of field: RuntimeField) -> PropertyRole {
        if !field.isStrong {
            return .skipped("weak and unowned references are never mapped")
        }
        if field.name.hasPrefix(lazyPrefix), let optional = field.type as? any OptionalCodecProvider.Type {
            return .lazyStorage(wrappedType: optional.wrappedType)
        }
        return field.isVar ? .variable : .constant
    }

    /// Returns the owning type's name for every Mirror child, after checking that Mirror lists
    /// the same names in the same order as the runtime.
    private static func mirrorLabels<M>(of prototype: M, typeName: String, expected: [String]) throws -> [String] {
        var chain: [Mirror] = []
        var next: Mirror? = Mirror(reflecting: prototype)
        while let mirror = next {
            chain.append(mirror)
            next = mirror.superclassMirror
        }
        var labels: [String] = []
        var owners: [String] = []
        for mirror in chain.reversed() {
            let owner = String(reflecting: mirror.subjectType)
            for child in mirror.children {
                labels.append(child.label ?? "")
                owners.append(owner)
            }
        }
        guard labels == expected else {
            throw MappingError(.reflectionMismatch(
                type: typeName,
                detail: "Mirror lists [\(labels.joined(separator: ", "))] but the runtime reports [\(expected.joined(separator: ", "))] (does the type customise its Mirror?)"))
        }
        return owners
    }

    // For structs the key-path SPI answers the let/var question independently; it must agree.
    private static func crossCheckWritability<M>(of type: M.Type, fields: [RuntimeField], typeName: String) throws {
        var disagreements: [String] = []
        _forEachFieldWithKeyPath(of: M.self, options: ReflectionOptions.ignoreUnknown) { cName, keyPath in
            let name = String(cString: cName)
            let writable = isWritable(keyPath)
            if let field = fields.first(where: { $0.name == name }), field.isVar == writable, field.isStrong {
                return true
            }
            disagreements.append(name)
            return true
        }
        guard disagreements.isEmpty else {
            throw MappingError(.reflectionMismatch(type: typeName, detail: "let/var information disagrees for \(disagreements.joined(separator: ", "))"))
        }
    }

    private static func isWritable<Root>(_ keyPath: PartialKeyPath<Root>) -> Bool {
        func check<Leaf>(_ leaf: Leaf.Type) -> Bool { keyPath is WritableKeyPath<Root, Leaf> }
        return _openExistential(type(of: keyPath).valueType, do: check)
    }
}
