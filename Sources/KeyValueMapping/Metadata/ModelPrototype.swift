/// Makes the prototype of a ``Mappable`` model (`init()`) for metadata that is generic over any
/// ``KeyValueModel``; an ``ImmutableMappable`` model has none and is built in fresh storage.
// A class, held as an optional reference: an optional existential of a generic type costs a
// run-time metadata lookup every time a walk reads it; a reference and a closure call nothing.
// `@unchecked`: the closure calls `Model()` and captures nothing but the type, which every
// thread decoding a model calls as it is.
final class ModelPrototype<Model>: @unchecked Sendable {
    /// A new prototype: `Model()`.
    let make: () -> Model

    private init(make: @escaping () -> Model) {
        self.make = make
    }

    /// The prototype maker of `Model` when it is ``Mappable``, else `nil`.
    static func of(_ type: Model.Type) -> ModelPrototype<Model>? {
        guard let mappable = Model.self as? any Mappable.Type else { return nil }
        func maker<Made: Mappable>(_ type: Made.Type) -> AnyObject { ModelPrototype<Made>(make: { Made() }) }
        return maker(mappable) as? ModelPrototype<Model>
    }
}
