/// Reading and copying single properties through the cached accessors, for the views built on
/// the metadata (merge patches reset properties to their prototype values, imports read
/// primary keys and merge what an element wrote); the decode and encode loops never use these.
extension ModelMetadata {
    /// The current value of `property` in `model`, boxed; `nil` for an uncomputed `lazy var`.
    func value(of property: PropertyDescriptor, in model: Model) -> Any? {
        ModelStorage.withFields(of: model, isClass: isClass) { property.accessor.value(in: $0) }
    }

    /// Stores `value`, a value of the property's type, into `property` of `model`.
    func store(_ value: Any, in property: PropertyDescriptor, of model: inout Model) {
        guard property.accessor.accepts(value) else { return }
        ModelStorage.withMutableFields(of: &model, isClass: isClass) { base in
            // An immutable model's accessors initialise: the live value goes first.
            if isImmutable { property.accessor.deinitialize(in: base) }
            property.accessor.store(value, into: base)
        }
    }

    /// A model an update may change while `model` stays as it is: a struct's value is one
    /// already; a class instance is copied into a new instance of its dynamic class (its mapped
    /// properties; the others take their prototype values).
    func copy(of model: Model) throws -> Model {
        guard isClass else { return model }
        if let dynamic = DynamicModel.type(of: model) {
            func copy<Dynamic: Mappable>(as type: Dynamic.Type) throws -> Model {
                let instance = try DynamicModel.cast(model, to: Dynamic.self)
                return try DynamicModel.cast(try ModelMetadata<Dynamic>.of(Dynamic.self).copy(of: instance), to: Model.self)
            }
            return try copy(as: dynamic)
        }
        return mappedCopy(of: model)
    }

    /// ``value(of:in:)`` for a model the caller may lend in place: a struct is not copied.
    func value(of property: PropertyDescriptor, in model: inout Model) -> Any? {
        ModelStorage.withMutableFields(of: &model, isClass: isClass) { property.accessor.value(in: $0) }
    }

    /// Copies the values of `list` from `source` into `destination`, two distinct models of
    /// this type (for classes, two distinct instances).
    func copy(_ list: [PropertyDescriptor], from source: Model, to destination: inout Model) {
        guard !list.isEmpty else { return }
        copy(list, where: { _ in true }, from: source, to: &destination)
    }

    /// Copies the decoded properties whose positions `written` holds from `source` into
    /// `destination` (an update's values, without listing them first).
    func copyDecoded(_ written: PropertySet, from source: Model, to destination: inout Model) {
        copy(decodedProperties, where: { written.contains($0) }, from: source, to: &destination)
    }

    /// The one copying loop: the properties of `list` at the positions `included` accepts.
    private func copy(_ list: [PropertyDescriptor], where included: (Int) -> Bool, from source: Model, to destination: inout Model) {
        ModelStorage.withFields(of: source, isClass: isClass) { from in
            ModelStorage.withMutableFields(of: &destination, isClass: isClass) { to in
                for index in list.indices where included(index) {
                    if isImmutable { list[index].accessor.deinitialize(in: to) }
                    list[index].accessor.copyValue(from: from, to: to)
                }
            }
        }
    }

    /// The descriptor of the mapped property named `name`, if there is one.
    func property(named name: String) -> PropertyDescriptor? {
        properties.first { $0.name == name }
    }
}

/// One stored property as declared, mapped or not: the mapping table lists every one.
struct StoredProperty {
    /// The name users write (`x` for `lazy var x`).
    let name: String
    /// The declaring type, as `String(reflecting:)` spells it.
    let ownerName: String
    /// The declared type (the wrapped type of a `lazy var`).
    let declaredType: Any.Type
    /// Why the library never maps it (`weak` and `unowned` references), if that is decided by
    /// the declaration itself rather than by the rules.
    let skipReason: String?

    /// The property as enumerated, with the role its type's rules give it.
    init(_ property: EnumeratedProperty, role: PropertyRole) {
        name = property.name
        ownerName = property.ownerName
        switch role {
        case .lazyStorage(let wrappedType):
            declaredType = wrappedType
            skipReason = nil
        case .skipped(let reason):
            declaredType = property.field.type
            skipReason = reason
        case .variable, .constant, .wrapperStorage:
            declaredType = property.field.type
            skipReason = nil
        }
    }
}

/// A model's key tables, seen without its type: what a parent that flattens it reads
/// (``MappingRules/flatten(_:)``).
protocol KeyTableOwner: AnyObject, Sendable {
    /// The model's keys under `style`.
    func keyTable(for style: NamingStyle) throws -> KeyTable
    /// Whether the model fixes its keys (the decoder's style never applies to them).
    var keysAreFixed: Bool { get }
}

extension ModelMetadata: KeyTableOwner {}
