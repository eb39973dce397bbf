/// A model that KeyValueMapping decodes from JSON dictionaries and encodes back, with no
/// mapping code: conform, provide `init()`, and every stored property maps by its own name.
///
/// ```swift
/// enum Role: String { case member, admin }
/// struct Address: Mappable { var city = ""; var zip: String? }
/// struct User: Mappable {
///     var id: Int64 = 0
///     var name = ""
///     var email: String?
///     var role = Role.member
///     var address = Address()
///     var friends: [User] = []
/// }
///
/// let user = try User(dictionary: [
///     "id": 42, "name": "Ada", "role": "admin",
///     "address": ["city": "London"], "friends": [["id": 7, "name": "Charles"]],
/// ])
/// // User(id: 42, name: "Ada", email: nil, role: .admin,
/// //      address: Address(city: "London", zip: nil), friends: [User(id: 7, name: "Charles", ...)])
/// let out = try user.dictionary()
/// // ["id": 42, "name": "Ada", "role": "admin", "address": ["city": "London"], "friends": [...]]
/// ```
///
/// Decoding starts from `init()` (the *prototype*): a key that is absent leaves the prototype's
/// value, `null` sets an optional to `nil` and is an error for anything else, and values are
/// coerced only when nothing is lost. Classes map their superclasses' stored properties too
/// (declare `required init()`). `let` properties are encoded but never decoded (with
/// `unknownKeys = .reject` a payload value for one is an unknown-key error that says so); `weak` and
/// `unowned` properties are not mapped; `lazy var x` maps as `x`; property-wrapper storage is
/// not mapped unless a rule names it. Every failure is a ``MappingError`` naming the key path.
public protocol Mappable: KeyValueModel {
    /// The prototype that decoding starts from.
    init()
}

/// A model built the way a synthesized memberwise initializer builds it: no `init()`, no
/// placeholder values, `let` properties welcome. Every rule, hook, view and entry point of a
/// ``Mappable`` model applies.
///
/// ```swift
/// struct Owner: ImmutableMappable { let login: String }
/// struct Account: ImmutableMappable {
///     let id: Int64
///     let name: String
///     let email: String?            // absent or null: nil
///     let tags: [String]
///     let owner: Owner
///     static var mappingRules: MappingRules { MappingRules().naming(.snakeCase) }
/// }
/// let account = try Account(jsonData: data)
/// let renamed = try account.updating(from: ["name": "Ada"])   // absent keys keep account's values
/// ```
///
/// Decoding follows Codable's synthesized `init(from:)`: a non-optional property must be present
/// in the payload (a ``MappingError`` at its key path otherwise), an optional one is `nil` when
/// its key is absent. A `let` with an initial value (`let kind = "user"`) is read from the payload
/// like any other property: the initial value is not visible at run time, so give it no initial
/// value, or make it optional. The value is built in fresh storage, each field initialised once
/// through its own type at the offset the Swift runtime reports, and handed out only when every
/// field is initialised; on any error the fields already written are destroyed.
///
/// Only structs can adopt it (an enum with a single case and no payload has one value, and is
/// built as it; any other enum is refused). A struct with a `weak` or `unowned` field, with property-wrapper
/// storage that no rule maps, or with an ignored (or never-mapped) property that is not optional
/// cannot be built this way: its metadata is refused with a declaration error that says which
/// field and what to do (adopt ``Mappable`` instead, or make the field optional). `lazy var`
/// storage starts uncomputed unless the payload gives it. A `null` is never "keep the default"
/// for a non-optional property (there is none): ``MappingRules/useDefaultForNull(_:)-(String...)`` and
/// the decoder's `nullDecoding` leave such a `null` an error when building, and keep the old
/// value in ``KeyValueModel/updating(from:)``.
public protocol ImmutableMappable: KeyValueModel {}

/// A type KeyValueMapping maps: adopt ``Mappable`` (decoding starts from `init()`) or
/// ``ImmutableMappable`` (decoding builds the value as a memberwise initializer would). Adopting
/// this protocol alone is refused with a declaration error.
public protocol KeyValueModel {
    /// This type's mapping rules. Default: none (every stored property by its own name).
    static var mappingRules: MappingRules { get }

    /// Runs after every property is decoded, on the built value; throw to reject the model (the
    /// error is reported at the model's key path). Default: nothing.
    mutating func didDecode() throws
}

extension KeyValueModel {
    /// No rules.
    public static var mappingRules: MappingRules { MappingRules() }
    /// Does nothing.
    public mutating func didDecode() throws {}
}

extension KeyValueModel {
    /// Decodes a model from a JSON dictionary with the default ``KeyValueDecoder``.
    public init(dictionary: [String: Any]) throws {
        self = try KeyValueDecoder().decode(Self.self, from: dictionary)
    }

    /// Merges `dictionary` into this value: present keys are decoded, absent keys keep their values.
    public mutating func update(from dictionary: [String: Any]) throws {
        try KeyValueDecoder().update(&self, from: dictionary)
    }

    /// A copy of this value with `dictionary` merged in: present keys are decoded, absent keys
    /// keep this value's values (for a class, a new instance; this one is left as it is).
    public func updating(from dictionary: [String: Any]) throws -> Self {
        try KeyValueDecoder().updating(self, from: dictionary)
    }

    /// Encodes this model as a JSON-compatible dictionary with the default ``KeyValueEncoder``.
    public func dictionary() throws -> [String: Any] {
        try KeyValueEncoder().encode(self)
    }
}

extension Array where Element: KeyValueModel {
    /// Decodes an array of models from a JSON array (for example `JSONSerialization`'s `[Any]`).
    public init(dictionaries: [Any]) throws {
        self = try KeyValueDecoder().decode([Element].self, from: dictionaries)
    }

    /// Encodes every model as a JSON-compatible dictionary.
    public func dictionaries() throws -> [[String: Any]] {
        try KeyValueEncoder().encode(self)
    }
}
