/// What the views of a model (mapping table, schema, patch, import) ask of a property beyond
/// decoding and encoding it: its Swift type and its codec, as the accessor already holds them.
protocol AccessorFacts {
    /// The property's Swift type (`String?` for `var email: String?`, `Int` for `lazy var n: Int`).
    var valueType: Any.Type { get }
    /// The property's codec (a `ValueCodec` of `valueType`), for views that describe values.
    var codecValue: any Sendable { get }
    /// Whether `null` is read as "not computed" (a `lazy var` of a type that is not optional).
    var nullMeansUncomputed: Bool { get }
}

extension StoredPropertyAccessor: AccessorFacts {
    var valueType: Any.Type { Value.self }
    var codecValue: any Sendable { codec }
    var nullMeansUncomputed: Bool { false }
}

extension LazyPropertyAccessor: AccessorFacts {
    var valueType: Any.Type { Value.self }
    var codecValue: any Sendable { codec }
}

extension PropertyDescriptor {
    /// The accessor's facts; every accessor the metadata builds provides them.
    var facts: (any AccessorFacts)? { accessor as? any AccessorFacts }

    /// Whether the property's Swift type is an `Optional`.
    var isOptional: Bool {
        guard let type = facts?.valueType else { return false }
        return type is any OptionalCodecProvider.Type
    }
}
