import Foundation

/// Types whose codec is assembled from the codecs of their generic arguments.
protocol CodecProvider {
    static func makeCodec(_ factory: CodecFactory) throws -> Any
    /// Whether the codec `makeCodec` builds is made of native codecs only (see
    /// ``CodecFactory/mapsNatively(_:)``).
    static func mapsNatively(_ factory: CodecFactory) -> Bool
}

/// Lets the enumerator see through `Optional` (the storage type of `lazy var`), and lets a
/// transformer for `T` serve a `T?` property.
protocol OptionalCodecProvider: CodecProvider {
    static var wrappedType: Any.Type { get }
    static func transformedCodec(_ transformer: any PropertyTransformer) -> Any?
}

extension Optional: OptionalCodecProvider {
    static var wrappedType: Any.Type { Wrapped.self }

    static func transformedCodec(_ transformer: any PropertyTransformer) -> Any? {
        guard let typed = transformer as? any PropertyTransformer<Wrapped> else { return nil }
        return OptionalCodec<Self>(wrapped: TransformerCodec(transformer: typed))
    }

    static func makeCodec(_ factory: CodecFactory) throws -> Any {
        OptionalCodec<Self>(wrapped: try factory.codec(for: Wrapped.self))
    }

    static func mapsNatively(_ factory: CodecFactory) -> Bool {
        factory.mapsNatively(Wrapped.self)
    }
}

/// Collections whose codec can drop the elements that fail (a property's
/// ``MappingRules/skipInvalidElements(_:)-(String...)`` rule), also seen through `Optional`.
protocol ElementSkippingCodecProvider {
    /// The codec that drops invalid elements, or `nil` when the type is not such a collection.
    static func makeElementSkippingCodec(_ factory: CodecFactory) throws -> Any?
}

extension Optional: ElementSkippingCodecProvider {
    static func makeElementSkippingCodec(_ factory: CodecFactory) throws -> Any? {
        guard let collection = Wrapped.self as? any ElementSkippingCodecProvider.Type,
              let wrapped = try collection.makeElementSkippingCodec(factory) as? any ValueCodec<Wrapped> else { return nil }
        return OptionalCodec<Self>(wrapped: wrapped)
    }
}

extension Array: ElementSkippingCodecProvider {
    static func makeElementSkippingCodec(_ factory: CodecFactory) throws -> Any? {
        ArrayCodec<Element>(element: try factory.codec(for: Element.self), skipsInvalidElements: true)
    }
}

extension Set: ElementSkippingCodecProvider {
    static func makeElementSkippingCodec(_ factory: CodecFactory) throws -> Any? {
        SetCodec<Element>(elements: ArrayCodec(element: try factory.codec(for: Element.self), skipsInvalidElements: true))
    }
}

extension Dictionary: ElementSkippingCodecProvider {
    static func makeElementSkippingCodec(_ factory: CodecFactory) throws -> Any? {
        DictionaryCodec<Key, Value>(key: try factory.keyConverter(for: Key.self), element: try factory.codec(for: Value.self), skipsInvalidElements: true)
    }
}

extension Array: CodecProvider {
    static func makeCodec(_ factory: CodecFactory) throws -> Any {
        ArrayCodec<Element>(element: try factory.codec(for: Element.self))
    }

    static func mapsNatively(_ factory: CodecFactory) -> Bool {
        factory.mapsNatively(Element.self)
    }
}

extension Set: CodecProvider {
    static func makeCodec(_ factory: CodecFactory) throws -> Any {
        SetCodec<Element>(elements: ArrayCodec(element: try factory.codec(for: Element.self)))
    }

    static func mapsNatively(_ factory: CodecFactory) -> Bool {
        factory.mapsNatively(Element.self)
    }
}

extension Dictionary: CodecProvider {
    static func makeCodec(_ factory: CodecFactory) throws -> Any {
        let keys: any KeyConverter<Key>
        do {
            keys = try factory.keyConverter(for: Key.self)
        } catch {
            // Keys the library does not map (`UUID`, a Codable enum): the dictionary is still a
            // Codable type like any other when its keys and values are.
            guard factory.allowsCodable, let codable = Self.self as? any Codable.Type else { throw error }
            return factory.codableCodec(codable)
        }
        return DictionaryCodec<Key, Value>(key: keys, element: try factory.codec(for: Value.self))
    }

    static func mapsNatively(_ factory: CodecFactory) -> Bool {
        (try? factory.keyConverter(for: Key.self)) != nil && factory.mapsNatively(Value.self)
    }
}

/// Builds the codec for a property's declared type; used only while metadata is built.
struct CodecFactory {
    let builder: MetadataBuilder
    /// Whether a `Codable` type no other rule maps is mapped through Codable.
    var allowsCodable = true
    /// The concrete types a polymorphic property's tag chooses
    /// (``MappingRules/polymorphic(_:tag:_:fallback:)``): the codec of the property's value type,
    /// once optionals, arrays and dictionaries are seen through, chooses by them.
    var polymorphicTypes: PolymorphicTypes?

    private static let scalars: [ObjectIdentifier: any Sendable] = [
        ObjectIdentifier(Int.self): IntCodec(),
        ObjectIdentifier([String: Int].self): StringToIntCodec(),
        ObjectIdentifier([String: String].self): StringToStringCodec(),
        ObjectIdentifier([String].self): StringArrayCodec(),
        ObjectIdentifier([Int].self): IntArrayCodec(),
        ObjectIdentifier(String?.self): OptionalStringCodec(),
        ObjectIdentifier(Int?.self): OptionalIntCodec(),
        ObjectIdentifier(Int8.self): IntegerCodec<Int8>(),
        ObjectIdentifier(Int16.self): IntegerCodec<Int16>(),
        ObjectIdentifier(Int32.self): IntegerCodec<Int32>(),
        ObjectIdentifier(Int64.self): Int64Codec(),
        ObjectIdentifier(UInt.self): IntegerCodec<UInt>(),
        ObjectIdentifier(UInt8.self): IntegerCodec<UInt8>(),
        ObjectIdentifier(UInt16.self): IntegerCodec<UInt16>(),
        ObjectIdentifier(UInt32.self): IntegerCodec<UInt32>(),
        ObjectIdentifier(UInt64.self): IntegerCodec<UInt64>(),
        ObjectIdentifier(Double.self): DoubleCodec(),
        ObjectIdentifier(Float.self): FloatCodec(),
        ObjectIdentifier(Bool.self): BoolCodec(),
        ObjectIdentifier(String.self): StringCodec(),
        ObjectIdentifier(Character.self): CharacterCodec(),
        ObjectIdentifier(Date.self): DateCodec(),
        ObjectIdentifier(URL.self): URLCodec(),
        ObjectIdentifier(UUID.self): UUIDCodec(),
        ObjectIdentifier(Decimal.self): DecimalCodec(),
        ObjectIdentifier(Data.self): DataCodec(),
        ObjectIdentifier(Any.self): AnyValueCodec(),
    ]

    /// The codec for `V`, or an `unsupportedType` error naming it.
    func codec<V>(for type: V.Type) throws -> any ValueCodec<V> {
        if let polymorphicTypes, !(V.self is any CodecProvider.Type) {
            return try PolymorphicCodec<V>(polymorphicTypes, builder: builder)
        }
        if let scalar = Self.scalars[ObjectIdentifier(V.self)] {
            return try typed(scalar, as: V.self)
        }
        if let provider = V.self as? any CodecProvider.Type {
            return try typed(try provider.makeCodec(self), as: V.self)
        }
        if let model = V.self as? any KeyValueModel.Type {
            return try typed(try modelCodec(model), as: V.self)
        }
        if let union = V.self as? any MappableEnum.Type {
            return try typed(try enumCodec(union), as: V.self)
        }
        if let raw = V.self as? any RawRepresentable.Type {
            return try typed(try rawValueCodec(raw), as: V.self)
        }
        if allowsCodable, let codable = V.self as? any Codable.Type {
            return try typed(codableCodec(codable), as: V.self)
        }
        throw MappingError(.unsupportedType("\(String(describing: V.self)) cannot be mapped"))
    }

    /// Whether ``codec(for:)`` maps `type` with the library's own codecs, asking the same
    /// questions in the same order without building anything: scalars, `String`, `Date`, `URL`,
    /// `UUID`, `Data`, `Decimal`, `Mappable` models, `RawRepresentable` types with such a raw
    /// value, ``MappableEnum`` enums, and optionals, arrays, sets and dictionaries of those.
    func mapsNatively(_ type: Any.Type) -> Bool {
        if isNeverWrapperStorage(type) { return true }
        if type is any KeyValueModel.Type || type is any MappableEnum.Type { return true }
        if let raw = type as? any RawRepresentable.Type { return rawValueMapsNatively(raw) }
        return false
    }

    /// Whether a `_name` field of this type (no stored `name` beside it) cannot be the storage
    /// of a property wrapper: a built-in value type the library maps, or an optional or standard
    /// collection of mappable values. A model, a raw-value type or any other type of the app's
    /// own may be a wrapper, whose invariant a payload must never bypass: such storage is mapped
    /// only when a rule names it.
    func isNeverWrapperStorage(_ type: Any.Type) -> Bool {
        if Self.scalars[ObjectIdentifier(type)] != nil { return true }
        if let provider = type as? any CodecProvider.Type { return provider.mapsNatively(self) }
        return false
    }

    /// Whether values of `type` are built-in values the library reads and writes by itself,
    /// with no user code: numbers, text, `Bool`, `Date`, `URL`, `UUID`, `Decimal`, `Data`, and the
    /// few optional and collection forms of them the factory knows directly.
    static func isPlainValue(_ type: Any.Type) -> Bool {
        if scalars[ObjectIdentifier(type)] != nil { return true }
        guard let optional = type as? any OptionalCodecProvider.Type else { return false }
        return scalars[ObjectIdentifier(optional.wrappedType)] != nil
    }

    private func rawValueMapsNatively<R: RawRepresentable>(_ type: R.Type) -> Bool {
        mapsNatively(R.RawValue.self)
    }

    /// The codec for a collection property whose invalid elements are dropped, or `nil` when `V`
    /// is not an array, set or dictionary (or an optional one).
    func elementSkippingCodec<V>(for type: V.Type) throws -> (any ValueCodec<V>)? {
        guard let collection = V.self as? any ElementSkippingCodecProvider.Type,
              let codec = try collection.makeElementSkippingCodec(self) else { return nil }
        return try typed(codec, as: V.self)
    }

    /// The codec running `transformer` for a `V` property (or a `V?` property when the
    /// transformer converts `V`), or `nil` when the types do not match.
    func transformedCodec<V>(for type: V.Type, transformer: any PropertyTransformer) -> (any ValueCodec<V>)? {
        if let typed = transformer as? any PropertyTransformer<V> {
            return TransformerCodec(transformer: typed)
        }
        if let optional = V.self as? any OptionalCodecProvider.Type {
            return optional.transformedCodec(transformer) as? any ValueCodec<V>
        }
        return nil
    }

    private func modelCodec<M: KeyValueModel>(_ type: M.Type) throws -> Any {
        ModelCodec<M>(metadata: try builder.metadata(for: M.self))
    }

    private func enumCodec<E: MappableEnum>(_ type: E.Type) throws -> Any {
        EnumCodec<E>(metadata: try builder.enumMetadata(for: E.self))
    }

    private func rawValueCodec<R: RawRepresentable>(_ type: R.Type) throws -> Any {
        RawValueCodec<R>(raw: try codec(for: R.RawValue.self))
    }

    private func typed<V>(_ codec: Any, as type: V.Type) throws -> any ValueCodec<V> {
        guard let typed = codec as? any ValueCodec<V> else {
            throw MappingError(.unsupportedType("\(SwiftTypeName.qualified(V.self)) (internal codec mismatch)"))
        }
        return typed
    }

    /// Dictionary keys: `String`, any fixed-width integer, or a `RawRepresentable` with a
    /// `String` or integer raw value.
    func keyConverter<K: Hashable>(for type: K.Type) throws -> any KeyConverter<K> {
        let converter: Any
        if K.self == String.self {
            converter = StringKeys()
        } else if let integer = K.self as? any FixedWidthInteger.Type {
            converter = integerKeys(integer)
        } else if let raw = K.self as? any (RawRepresentable & Hashable).Type, let rawKeys = try rawValueKeys(raw) {
            converter = rawKeys
        } else {
            converter = ()
        }
        guard let typed = converter as? any KeyConverter<K> else {
            throw MappingError(.unsupportedType("dictionary keys must be String, an integer or a RawRepresentable with a String or integer raw value, not \(String(describing: K.self))"))
        }
        return typed
    }

    private func integerKeys<I: FixedWidthInteger>(_ type: I.Type) -> Any {
        IntegerKeys<I>()
    }

    private func rawValueKeys<R: RawRepresentable & Hashable>(_ type: R.Type) throws -> Any? {
        guard let rawType = R.RawValue.self as? any Hashable.Type else { return nil }
        return try rawValueKeys(R.self, raw: rawType)
    }

    private func rawValueKeys<R: RawRepresentable & Hashable, H: Hashable>(_ type: R.Type, raw: H.Type) throws -> Any? {
        RawValueKeys<R, H>(raw: try keyConverter(for: H.self))
    }
}
