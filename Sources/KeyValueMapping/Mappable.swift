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
public protocol Mappable {
    /// The prototype that decoding starts from.
    init()

    /// This type's mapping rules. Default: none (every stored property by its own name).
    static var mappingRules: MappingRules { get }

    /// Runs after every property is decoded; throw to reject the model (the error is reported
    /// at the model's key path). Default: nothing.
    mutating func didDecode() throws

}

extension Mappable {
    /// No rules.
    public static var mappingRules: MappingRules { MappingRules() }
    /// Does nothing.
    public mutating func didDecode() throws {}
}

extension Mappable {
    /// Decodes a model from a JSON dictionary with the default ``KeyValueDecoder``.
    public init(dictionary: [String: Any]) throws {
        self = try KeyValueDecoder().decode(Self.self, from: dictionary)
    }

    /// Merges `dictionary` into this value: present keys are decoded, absent keys keep their values.
    public mutating func update(from dictionary: [String: Any]) throws {
        try KeyValueDecoder().update(&self, from: dictionary)
    }

    /// Encodes this model as a JSON-compatible dictionary with the default ``KeyValueEncoder``.
    public func dictionary() throws -> [String: Any] {
        try KeyValueEncoder().encode(self)
    }
}

extension Array where Element: Mappable {
    /// Decodes an array of models from a JSON array (for example `JSONSerialization`'s `[Any]`).
    public init(dictionaries: [Any]) throws {
        self = try KeyValueDecoder().decode([Element].self, from: dictionaries)
    }

    /// Encodes every model as a JSON-compatible dictionary.
    public func dictionaries() throws -> [[String: Any]] {
        try KeyValueEncoder().encode(self)
    }
}
