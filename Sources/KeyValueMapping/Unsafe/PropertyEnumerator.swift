@_spi(Reflection) import Swift

/// How a stored property takes part in mapping, decided once from what the runtime reports.
enum PropertyRole: Equatable {
    /// A `var`: decoded and encoded.
    case variable
    /// A `let`: never written; encoded.
    case constant
    /// The storage of `lazy var name`: decoded by setting the storage, encoded once computed.
    case lazyStorage(wrappedType: Any.Type)
    /// `_name` with no stored `name`, which may be the storage of a property wrapper
    /// (`RulesResolver.role(of:isNeverWrapperStorage:)` decides).
    case wrapperStorage(isVar: Bool)
    /// Not mapped at all, with the documented reason.
    case skipped(String)

    static func == (lhs: PropertyRole, rhs: PropertyRole) -> Bool {
        switch (lhs, rhs) {
        case (.variable, .variable), (.constant, .constant): return true
        case (.lazyStorage(let a), .lazyStorage(let b)): return a == b
        case (.wrapperStorage(let a), .wrapperStorage(let b)): return a == b
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
    /// answer with `Mirror` on `prototype`, or, for a struct without one (an immutable model),
    /// with the key-path reflection, and checks that its fields fill it; any disagreement refuses
    /// the type.
    static func properties<M>(of type: M.Type, prototype: M?, isClass: Bool) throws -> [EnumeratedProperty] {
        let typeName = SwiftTypeName.qualified(M.self)
        guard RuntimeFields.flagsAreTrustworthy else {
            throw MappingError(.reflectionMismatch(type: typeName, detail: "this Swift runtime's field reflection does not report let/var and weak/strong as expected"))
        }
        guard let fields = RuntimeFields.fields(of: M.self, isClass: isClass) else {
            throw MappingError(.reflectionMismatch(type: typeName, detail: "the runtime cannot enumerate its stored properties (Objective-C ancestors are not supported)"))
        }
        let owners: [String]
        if isClass {
            guard let classOwners = RuntimeFields.owners(ofClass: M.self), classOwners.count == fields.count else {
                throw MappingError(.reflectionMismatch(type: typeName, detail: "its class chain does not account for every stored property"))
            }
            owners = classOwners
        } else {
            owners = Array(repeating: String(reflecting: M.self), count: fields.count)
        }
        // Mirror reads every child's value. A weak reference reads as nil once its object is
        // gone, but an unowned one traps (or, unowned(unsafe), reads freed memory), and the
        // flags do not tell the two apart: with any non-strong field the two runtime views
        // (field records and child metadata) are the cross-check, without Mirror.
        if let prototype, fields.allSatisfy(\.isStrong) {
            try crossCheckLabels(of: prototype, typeName: typeName, expected: fields.map(\.name))
        }
        if !isClass { try crossCheckWritability(of: M.self, fields: fields, typeName: typeName, inOrder: prototype == nil) }
        if prototype == nil, !FreshStorage.fieldsFill(M.self, fields: fields) {
            throw MappingError(.invalidDeclaration(type: typeName, problems: [
                "ImmutableMappable is for structs, whose stored properties make the whole value (an enum's cases are not properties): adopt Mappable, or map the enum as a raw value",
            ]))
        }

        let names = Set(fields.map { displayName(of: $0.name) })
        return zip(fields, owners).map { field, owner in
            EnumeratedProperty(field: field, name: displayName(of: field.name), role: role(of: field, storedNames: names), ownerName: owner)
        }
    }

    private static func displayName(of storedName: String) -> String {
        storedName.hasPrefix(lazyPrefix) ? String(storedName.dropFirst(lazyPrefix.count)) : storedName
    }

    private static func role(of field: RuntimeField, storedNames: Set<String>) -> PropertyRole {
        if !field.isStrong {
            return .skipped("weak and unowned references are never mapped")
        }
        if field.name.hasPrefix(lazyPrefix), let optional = field.type as? any OptionalCodecProvider.Type {
            return .lazyStorage(wrappedType: optional.wrappedType)
        }
        if mayBeWrapperStorage(field.name, storedNames: storedNames) {
            return .wrapperStorage(isVar: field.isVar)
        }
        return field.isVar ? .variable : .constant
    }

    /// `_name` with no stored `name` beside it: the shape of the storage the compiler makes for
    /// `@Wrapper var name` (whose `name` is computed). The runtime does not mark wrapper storage,
    /// so the rules decide, from the field's type, whether it is one (see `RulesResolver.role(of:isNeverWrapperStorage:)`).
    private static func mayBeWrapperStorage(_ storedName: String, storedNames: Set<String>) -> Bool {
        storedName.count > 1 && storedName.hasPrefix("_") && !storedName.hasPrefix("__")
            && !storedNames.contains(String(storedName.dropFirst()))
    }

    /// Checks that Mirror lists the same names in the same order as the runtime.
    private static func crossCheckLabels<M>(of prototype: M, typeName: String, expected: [String]) throws {
        var chain: [Mirror] = []
        var next: Mirror? = Mirror(reflecting: prototype)
        while let mirror = next {
            chain.append(mirror)
            next = mirror.superclassMirror
        }
        let labels = chain.reversed().flatMap { mirror in mirror.children.map { $0.label ?? "" } }
        guard labels == expected else {
            throw MappingError(.reflectionMismatch(
                type: typeName,
                detail: "Mirror lists [\(labels.joined(separator: ", "))] but the runtime reports [\(expected.joined(separator: ", "))] (does the type customise its Mirror?)"))
        }
    }

    // For structs the key-path SPI answers the let/var question independently; it must agree
    // (`inOrder`: and list the same fields in the same order, where no Mirror can).
    private static func crossCheckWritability<M>(of type: M.Type, fields: [RuntimeField], typeName: String, inOrder: Bool) throws {
        var disagreements: [String] = []
        var listed: [String] = []
        _forEachFieldWithKeyPath(of: M.self, options: ReflectionOptions.ignoreUnknown) { cName, keyPath in
            let name = String(cString: cName)
            listed.append(name)
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
        // It has no key paths to weak and unowned fields.
        let strong = fields.filter(\.isStrong).map(\.name)
        if inOrder, listed != strong {
            throw MappingError(.reflectionMismatch(
                type: typeName, detail: "the key-path reflection lists [\(listed.joined(separator: ", "))] but the runtime reports [\(strong.joined(separator: ", "))]"))
        }
    }

    private static func isWritable<Root>(_ keyPath: PartialKeyPath<Root>) -> Bool {
        func check<Leaf>(_ leaf: Leaf.Type) -> Bool { keyPath is WritableKeyPath<Root, Leaf> }
        return _openExistential(type(of: keyPath).valueType, do: check)
    }
}
