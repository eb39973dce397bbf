/// A class model held as one of its superclasses (a `Circle` held as a `Shape`): decoding into
/// it, encoding it, patching it and comparing it use its dynamic class's metadata, so its own
/// properties are mapped. The one place that finds that class and views an instance as it.
enum DynamicModel {
    /// The class of `model` when it is a `Mappable` subclass of its static type, else `nil`.
    static func type<Model: KeyValueModel>(of model: Model) -> (any Mappable.Type)? {
        guard Model.self is AnyClass else { return nil }
        let object = model as AnyObject
        guard Swift.type(of: object) != Model.self, let dynamic = Swift.type(of: object) as? any Mappable.Type else { return nil }
        return dynamic
    }

    /// `value` as a `Wanted` (its dynamic class, or back to its static type).
    static func cast<Wanted>(_ value: Any, to type: Wanted.Type) throws -> Wanted {
        guard let cast = value as? Wanted else {
            throw MappingError(.other("cannot view \(SwiftTypeName.qualified(Swift.type(of: value))) as \(SwiftTypeName.qualified(Wanted.self))"))
        }
        return cast
    }
}
