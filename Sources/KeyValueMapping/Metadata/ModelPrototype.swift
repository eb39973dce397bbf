/// Makes the prototype of a ``Mappable`` model (`init()`) for metadata that is generic over any
/// ``KeyValueModel``; an ``ImmutableMappable`` model has none and is built in fresh storage.
protocol ModelPrototype<Model>: Sendable {
    associatedtype Model
    func make() -> Model
}

private struct MappablePrototype<Model: Mappable>: ModelPrototype {
    func make() -> Model { Model() }
}

enum ModelKind {
    /// The prototype maker of `Model` when it is ``Mappable``, else `nil`.
    static func prototype<Model: KeyValueModel>(of type: Model.Type) -> (any ModelPrototype<Model>)? {
        guard let mappable = Model.self as? any Mappable.Type else { return nil }
        func maker<M: Mappable>(_ type: M.Type) -> Any { MappablePrototype<M>() }
        return maker(mappable) as? any ModelPrototype<Model>
    }
}
