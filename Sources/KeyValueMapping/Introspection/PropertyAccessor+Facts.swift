/// What the views of a model (mapping table, schema, patch, import) ask of a property beyond
/// decoding and encoding it: its Swift type and its codec, as the accessor already holds them.
/// Every accessor provides them (a ``PropertyAccessor`` requirement).
protocol AccessorFacts {
    /// The property's Swift type (`String?` for `var email: String?`, `Int` for `lazy var n: Int`).
    var valueType: Any.Type { get }
    /// The property's codec (a `ValueCodec` of `valueType`), for views that describe values.
    var describedCodec: any ValueCodec { get }
    /// Whether `null` is read as "not computed" (a `lazy var` of a type that is not optional).
    var nullMeansUncomputed: Bool { get }
}

extension StoredPropertyAccessor: AccessorFacts {
    var valueType: Any.Type { Value.self }
    var describedCodec: any ValueCodec { codec }
    var nullMeansUncomputed: Bool { false }
}

extension LazyPropertyAccessor: AccessorFacts {
    var valueType: Any.Type { Value.self }
    var describedCodec: any ValueCodec { codec }
}

extension PropertyDescriptor {
    /// Whether the property's Swift type is an `Optional`.
    var isOptional: Bool {
        accessor.valueType is any OptionalCodecProvider.Type
    }
}
