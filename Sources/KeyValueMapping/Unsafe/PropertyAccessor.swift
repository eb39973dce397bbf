/// What the member loops ask of every property, decoding and encoding, on a class, so a loop can
/// call it through a ``BorrowedAccessor`` without retaining it. Only the two accessors below are
/// ever made; each overrides the generic decode and both encodes, and the stored one the
/// reader's and the Foundation source's decode entries too (the base class's forward to the
/// generic one).
class MemberAccessor: @unchecked Sendable {
    fileprivate init() {}

    /// Reads the value at `source`'s cursor with the property's codec and stores it into the
    /// property of the model at `base`.
    func decode<Source: DecodingSource>(from source: inout Source, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws {
        throw MappingError(.other("\(type(of: self)) does not decode"))
    }

    /// Merges the object at `source`'s cursor into the model the property holds (the update of a
    /// flattened model: absent keys keep its values); `false`, with nothing read, when the
    /// property does not hold a model.
    func updateNested<Source: DecodingSource>(from source: inout Source, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws -> Bool {
        false
    }

    /// ``decode(from:into:_:)`` from the reader (``DecodingSource/decodeProperty(with:into:_:)``).
    func decode(reader: inout JSONReader, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws {
        try decode(from: &reader, into: base, session)
    }

    /// ``decode(from:into:_:)`` from Foundation values.
    func decode(foundation source: inout FoundationSource, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws {
        try decode(from: &source, into: base, session)
    }

    /// The property's JSON value, or `nil` when it should be left out of the output.
    func encode(from base: UnsafeRawPointer, _ session: EncodingSession) throws -> Any? {
        throw MappingError(.other("\(type(of: self)) does not encode"))
    }

    /// Writes the key (`quotedKey`, from ``JSONWriter/quoted(_:)``) and the property's value to
    /// the JSON writer, or nothing when it is left out.
    func encode(from base: UnsafeRawPointer, quotedKey: [UInt8], to writer: inout JSONWriter, _ session: EncodingSession) throws {
        throw MappingError(.other("\(type(of: self)) does not encode"))
    }
}

/// An accessor a member loop calls without a retain and a release per property (what calling
/// through an existential or a class reference loaded from an array costs). Sound because the
/// metadata's own property list holds every accessor for as long as the metadata lives, and the
/// metadata outlives every walk that reads it.
struct BorrowedAccessor {
    private let reference: Unmanaged<MemberAccessor>

    init(_ accessor: any PropertyAccessor) {
        reference = .passUnretained(accessor)
    }

    @inline(__always)
    func decode<Source: DecodingSource>(from source: inout Source, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws {
        try reference._withUnsafeGuaranteedRef { try source.decodeProperty(with: $0, into: base, session) }
    }

    @inline(__always)
    func encode(from base: UnsafeRawPointer, _ session: EncodingSession) throws -> Any? {
        try reference._withUnsafeGuaranteedRef { try $0.encode(from: base, session) }
    }

    @inline(__always)
    func encode(from base: UnsafeRawPointer, quotedKey: [UInt8], to writer: inout JSONWriter, _ session: EncodingSession) throws {
        try reference._withUnsafeGuaranteedRef { try $0.encode(from: base, quotedKey: quotedKey, to: &writer, session) }
    }
}

/// Reads and writes one stored property of a model through its typed storage and codec.
// Class-bound (a ``MemberAccessor``): the walks are generic over the source, and calling a
// generic requirement on a value existential held in an array copies the existential first (its
// buffer, a retain, a release); a class is called in place.
protocol PropertyAccessor: MemberAccessor, Sendable, AccessorFacts {
    /// The Swift type's name for messages.
    var typeName: String { get }
    /// Whether the property is optional, so JSON `null` is a value for it (`nil`).
    var acceptsNull: Bool { get }
    /// Stores `value` if it is of the property's type (a fallback); `false` if it is not.
    @discardableResult
    func store(_ value: Any, into base: UnsafeMutableRawPointer) -> Bool
    /// Whether `value` is of the property's type, so ``store(_:into:)`` would take it.
    func accepts(_ value: Any) -> Bool
    /// Whether the property is a dictionary (the only kind a gathered key can fill).
    var isDictionary: Bool { get }
    /// The property's current value, boxed; `nil` for a `lazy var` not computed yet.
    func value(in base: UnsafeRawPointer) -> Any?
    /// Copies the property's value from the model at `source` into the model at `destination`
    /// (two models of the same type, or a subclass instance as `destination`).
    func copyValue(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer)
    /// Whether every write initialises the field instead of assigning it: the accessors of an
    /// ``ImmutableMappable`` model, which only ever write fresh storage, each field once.
    var initializes: Bool { get }
    /// Initialises the field to `nil` when the property is optional (`false` when it is not).
    func initializeNil(in base: UnsafeMutableRawPointer) -> Bool
    /// Destroys the field's value in fresh storage that a failed build gives up.
    func deinitialize(in base: UnsafeMutableRawPointer)
}

/// A plain stored property (`var` or `let`; a `Mappable` model's `let`s are only ever encoded).
// `@unchecked` only because its superclass is not final: every stored property is a `let`.
final class StoredPropertyAccessor<Value>: MemberAccessor, PropertyAccessor, @unchecked Sendable {
    let storage: FieldStorage<Value>
    let codec: any ValueCodec<Value>
    /// Whether a `nil` is written as `null` even when the encoder omits nils: true when the
    /// prototype's value is not `nil` or the key is required (for non-optional types it never
    /// matters). Omitting the key would make decoding the output restore the prototype's value
    /// instead of `nil`, or fail for a required key.
    let writesNullForNil: Bool
    let initializes: Bool
    /// The field as an optional one, when `Value` is optional.
    private let optionalField: (any OptionalField)?

    init(storage: FieldStorage<Value>, codec: any ValueCodec<Value>, writesNullForNil: Bool, initializes: Bool) {
        self.storage = storage
        self.codec = codec
        self.writesNullForNil = writesNullForNil
        self.initializes = initializes
        optionalField = (Value.self as? any OptionalFieldType.Type)?.field(at: storage.offset)
    }

    @inline(__always)
    private func put(_ value: Value, into base: UnsafeMutableRawPointer) {
        if initializes {
            storage.initialize(value, to: base)
        } else {
            storage.write(value, to: base)
        }
    }

    func initializeNil(in base: UnsafeMutableRawPointer) -> Bool {
        guard let optionalField else { return false }
        optionalField.initializeNil(in: base)
        return true
    }

    func deinitialize(in base: UnsafeMutableRawPointer) {
        storage.deinitialize(in: base)
    }

    var typeName: String { codec.typeName }
    var isDictionary: Bool { isDictionaryType(Value.self) }
    var acceptsNull: Bool { codec.acceptsNull }

    func accepts(_ value: Any) -> Bool { value is Value }

    @discardableResult
    func store(_ value: Any, into base: UnsafeMutableRawPointer) -> Bool {
        guard let typed = value as? Value else { return false }
        put(typed, into: base)
        return true
    }

    @_specialize(exported: false, kind: partial, where Source == TreeSource)
    override func decode<Source: DecodingSource>(from source: inout Source, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws {
        put(try codec.decode(from: &source, session), into: base)
    }

    override func updateNested<Source: DecodingSource>(from source: inout Source, into base: UnsafeMutableRawPointer,
                                                       _ session: DecodingSession) throws -> Bool {
        guard !initializes, let model = Value.self as? any KeyValueModel.Type else { return false }
        func update<Model: KeyValueModel>(_ type: Model.Type) throws -> Bool {
            // `Value` is `Model`: the casts only name it.
            guard var nested = storage.read(from: base) as? Model else { return false }
            try ModelMetadata<Model>.of(Model.self).update(&nested, from: &source, session)
            guard let updated = nested as? Value else { return false }
            put(updated, into: base)
            return true
        }
        return try update(model)
    }

    // Pre-specialised for the most common property types: a property's Value is only known at
    // run time, so without these every access would run fully generic code.
    @_specialize(exported: false, where Value == Int)
    @_specialize(exported: false, where Value == String)
    @_specialize(exported: false, where Value == Double)
    @_specialize(exported: false, where Value == Bool)
    @_specialize(exported: false, where Value == String?)
    @_specialize(exported: false, where Value == Int?)
    override func decode(reader: inout JSONReader, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws {
        put(try codec.decode(from: &reader, session), into: base)
    }

    @_specialize(exported: false, where Value == Int)
    @_specialize(exported: false, where Value == String)
    @_specialize(exported: false, where Value == Double)
    @_specialize(exported: false, where Value == Bool)
    @_specialize(exported: false, where Value == String?)
    @_specialize(exported: false, where Value == Int?)
    override func decode(foundation source: inout FoundationSource, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws {
        put(try codec.decode(from: &source, session), into: base)
    }

    @_specialize(where Value == Int)
    @_specialize(where Value == Int64)
    @_specialize(where Value == Double)
    @_specialize(where Value == Bool)
    @_specialize(where Value == String)
    @_specialize(where Value == String?)
    @_specialize(where Value == Int?)
    @_specialize(where Value == [String])
    override func encode(from base: UnsafeRawPointer, _ session: EncodingSession) throws -> Any? {
        let value = storage.read(from: base)
        if session.omitsNil, !writesNullForNil, codec.isNil(value) { return nil }
        return try codec.encode(value, session)
    }

    @_specialize(where Value == Int)
    @_specialize(where Value == Double)
    @_specialize(where Value == Bool)
    @_specialize(where Value == String)
    @_specialize(where Value == String?)
    override func encode(from base: UnsafeRawPointer, quotedKey: [UInt8], to writer: inout JSONWriter, _ session: EncodingSession) throws {
        let value = storage.read(from: base)
        if session.omitsNil, !writesNullForNil, codec.isNil(value) { return }
        writer.writeKey(quoted: quotedKey)
        try codec.encode(value, to: &writer, session)
    }

    func value(in base: UnsafeRawPointer) -> Any? {
        storage.read(from: base)
    }

    func copyValue(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer) {
        put(storage.read(from: source), into: destination)
    }
}

/// The hidden storage of `lazy var name: Value`, an `Optional<Value>` that is `nil` until the
/// getter first runs. Decoding sets it (so the initial expression never runs); encoding writes
/// the value only once it exists, because the getter itself cannot be called by reflection. For
/// a `Value` that is not optional, `null` means "not computed": decoding it leaves the storage
/// unset, so the encoder's `null` (padding an array before a later index) reads back as the
/// lazy var it came from. A computed value that is `nil` (a `lazy var x: T?`) is always written
/// as `null`, which decodes as that `nil`: omitted, the decoded copy would leave the storage
/// unset and run the initial expression instead.
// `@unchecked` only because its superclass is not final: every stored property is a `let`.
final class LazyPropertyAccessor<Value>: MemberAccessor, PropertyAccessor, @unchecked Sendable {
    let storage: FieldStorage<Value?>
    let codec: any ValueCodec<Value>
    /// Whether `null` leaves the storage unset: when `Value` has no `null` of its own.
    let nullMeansUncomputed: Bool
    let initializes: Bool

    init(storage: FieldStorage<Value?>, codec: any ValueCodec<Value>, initializes: Bool) {
        self.storage = storage
        self.codec = codec
        self.initializes = initializes
        nullMeansUncomputed = !codec.acceptsNull
    }

    @inline(__always)
    private func put(_ value: Value?, into base: UnsafeMutableRawPointer) {
        if initializes {
            storage.initialize(value, to: base)
        } else {
            storage.write(value, to: base)
        }
    }

    /// The storage starts uncomputed.
    func initializeNil(in base: UnsafeMutableRawPointer) -> Bool {
        storage.initialize(nil, to: base)
        return true
    }

    func deinitialize(in base: UnsafeMutableRawPointer) {
        storage.deinitialize(in: base)
    }

    var typeName: String { codec.typeName }
    var isDictionary: Bool { isDictionaryType(Value.self) }
    /// `null` is a value for every lazy var: its own `nil`, or "not computed".
    var acceptsNull: Bool { true }

    func accepts(_ value: Any) -> Bool { value is Value }

    @discardableResult
    func store(_ value: Any, into base: UnsafeMutableRawPointer) -> Bool {
        guard let typed = value as? Value else { return false }
        put(.some(typed), into: base)
        return true
    }

    override func decode<Source: DecodingSource>(from source: inout Source, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws {
        if nullMeansUncomputed, try source.readNull() { return put(nil, into: base) }
        put(.some(try codec.decode(from: &source, session)), into: base)
    }

    override func encode(from base: UnsafeRawPointer, _ session: EncodingSession) throws -> Any? {
        guard let value = storage.read(from: base) else { return nil }
        return try codec.encode(value, session)
    }

    override func encode(from base: UnsafeRawPointer, quotedKey: [UInt8], to writer: inout JSONWriter, _ session: EncodingSession) throws {
        guard let value = storage.read(from: base) else { return }
        writer.writeKey(quoted: quotedKey)
        try codec.encode(value, to: &writer, session)
    }

    func value(in base: UnsafeRawPointer) -> Any? {
        storage.read(from: base)
    }

    func copyValue(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer) {
        // The storage itself, so an uncomputed value stays uncomputed.
        put(storage.read(from: source), into: destination)
    }
}

/// One mapped property: its names, its key, its role, and how to read and write it.
struct PropertyDescriptor: Sendable {
    /// The property's name in Swift (`x` for `lazy var x`).
    let name: String
    /// Where it lives in the payload when the decoder's or encoder's naming style is `asDeclared`
    /// (the loops read the keys of the session's style from a ``KeyTable``).
    let key: ResolvedKey
    /// `true` when the key does not depend on the decoder's or encoder's naming style.
    let keyIsFixed: Bool
    /// The type that declares it (a superclass for inherited properties).
    let ownerName: String
    /// Whether decoding writes it (`var` and `lazy var`; never `let`).
    let isDecoded: Bool
    /// Whether a missing key is an error (`.require`; see also `isRequired(in:)`).
    let isRequired: Bool
    let accessor: any PropertyAccessor
    /// The property's own null and fallback rules; `nil` when it has neither.
    let relaxations: PropertyRelaxations?
    /// Whether the property is a model flattened into its parent's object
    /// (``MappingRules/flatten(_:)``): an update merges into it instead of replacing it.
    var flattensModel = false
}

/// Recognises dictionary types without knowing their generic arguments.
protocol DictionaryMarker {}
extension Dictionary: DictionaryMarker {}

/// `true` for dictionaries and optional dictionaries.
func isDictionaryType(_ type: Any.Type) -> Bool {
    if type is any DictionaryMarker.Type { return true }
    if let optional = type as? any OptionalCodecProvider.Type { return isDictionaryType(optional.wrappedType) }
    return false
}
