/// Makes the prototype of a ``Mappable`` model (`init()`) for metadata that is generic over any
/// ``KeyValueModel``; an ``ImmutableMappable`` model has none and is built in fresh storage.
// A class, held as an optional reference: an optional existential of a generic type costs a
// run-time metadata lookup every time a walk reads it, and a stored closure a retain and a
// release of its context; a method of a `let` reference costs neither.
class ModelPrototype<Model>: @unchecked Sendable {
    // Only `MappablePrototype` is ever made (`of(_:)`), and it overrides `make()`.
    fileprivate init() {}

    /// A new prototype: `Model()`.
    func make() -> Model {
        preconditionFailure("ModelPrototype is only ever made as a MappablePrototype")
    }

    /// The prototype maker of `Model` when it is ``Mappable``, else `nil`.
    static func of(_ type: Model.Type) -> ModelPrototype<Model>? {
        guard let mappable = Model.self as? any Mappable.Type else { return nil }
        func maker<Made: Mappable>(_ type: Made.Type) -> AnyObject { MappablePrototype<Made>() }
        return maker(mappable) as? ModelPrototype<Model>
    }
}

private final class MappablePrototype<Model: Mappable>: ModelPrototype<Model>, @unchecked Sendable {
    override func make() -> Model { Model() }
}
