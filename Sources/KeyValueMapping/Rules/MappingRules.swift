/// A model's per-type mapping rules: keys, naming style, allow and ignore lists, required keys
/// and value transformers. Declared once, checked once when the type is first used (every
/// problem is reported together), and applied from the cached metadata.
///
/// ```swift
/// struct Repo: Mappable {
///     var id = 0
///     var fullName = ""
///     var owner = ""
///     var stars = 0
///     var location: [String: Double] = [:]
///     var cache: [String] = []
///
///     static var mappingRules: MappingRules {
///         MappingRules()
///             .naming(.snakeCase)                                  // fullName ← "full_name"
///             .map("id", to: "repo_id")                            // a rename beats the style
///             .map("owner", to: "owner.login")                     // a key path
///             .map("stars", toFirstOf: ["stargazers_count", "stars"])  // candidates
///             .gather("location", from: ["lat", "lng"])            // several keys into one dictionary
///             .ignore("cache")
///             .require("id")
///     }
/// }
/// ```
///
/// In a class hierarchy, declare `class var mappingRules` in the base class and
/// `override class var` in subclasses: the allow, ignore and required lists of every class in
/// the chain are merged (a subclass adds to its parents' lists) unless a subclass says
/// ``inheriting(_:)`` `.replace`; keys, transformers and hooks of a subclass override its
/// parents'.
///
/// Hooks are rules too, so a model that declares none is never turned into a dictionary on the
/// JSON bytes path: ``beforeDecoding(_:)``, ``afterEncoding(_:)`` and ``subtype(_:)``.
public struct MappingRules: Sendable {
    /// How a subclass's lists combine with its superclasses' lists.
    public enum Inheritance: Sendable, Equatable {
        /// Add to the parents' allow, ignore and required lists. The default.
        case merge
        /// Start from empty lists at this class.
        case replace
    }

    enum KeyRule: Sendable {
        case single(MappingKey)
        case candidates([MappingKey])
        case gather([MappingKey])
    }

    var keys: [String: KeyRule] = [:]
    var ignored: [String] = []
    var allowed: [String]?
    var required: [String] = []
    var transformers: [String: any PropertyTransformer] = [:]
    var namingStyle: NamingStyle?
    var inheritance = Inheritance.merge
    var beforeDecodingHook: DictionaryHook?
    var afterEncodingHook: DictionaryHook?
    var subtypeResolver: SubtypeResolver?
    var nullKeepsDefault: [String] = []
    var skipsInvalidElements: [String] = []
    var fallbacks: [String: FallbackValue] = [:]
    var unknownKeysAllowed = UnknownKeyExemption()
    /// The primary key's properties, in declared order; empty when the type declares none.
    var primaryKey: [String] = []
    /// Properties holding nested records that an import matches by their own primary key.
    var relatedByKey: [String] = []
    /// How a property's value is represented when it is not the type's own form (JSON text in
    /// a string, a tag choosing a concrete type), by property name.
    var representations: [String: ValueRepresentation] = [:]
    /// Nested model properties read from and written to the parent's own object.
    var flattened: [String] = []
    /// Properties given more than one `stringified`/`polymorphic` rule (a declaration error).
    var repeatedRepresentations: [String] = []
    /// The key paths the rules named, checked against the model when its metadata is built.
    var keyPathChecks: [KeyPathCheck] = []

    /// A hook that reads or rewrites a payload dictionary.
    public typealias DictionaryHook = @Sendable (inout [String: Any]) throws -> Void
    /// Picks the concrete class to decode for a payload, or `nil` for the declaring type.
    public typealias SubtypeResolver = @Sendable ([String: Any]) -> (any Mappable.Type)?

    /// No rules: every stored property maps by its own name.
    public init() {}

    /// Maps `property` to `key`: a rename (`"user_id"`), a key path (`"profile.avatar.url"`,
    /// `"items[0].name"`), or a literal key via ``MappingKey/key(_:)``.
    public func map(_ property: String, to key: MappingKey) -> MappingRules {
        var rules = self
        rules.keys[property] = .single(key)
        return rules
    }

    /// Reads `property` from the first of `keys` that is present (present but `null` counts as
    /// present); writes it to the first key.
    public func map(_ property: String, toFirstOf keys: [MappingKey]) -> MappingRules {
        var rules = self
        rules.keys[property] = .candidates(keys)
        return rules
    }

    /// Gathers several keys into one dictionary-valued property, keyed by the key text
    /// (`location` ← `["lat", "lng"]` gives `["lat": …, "lng": …]`; key paths such as
    /// `"nested.location"` work too), and spreads them back on encode.
    public func gather(_ property: String, from keys: [MappingKey]) -> MappingRules {
        var rules = self
        rules.keys[property] = .gather(keys)
        return rules
    }

    /// The naming style for properties without an explicit key; overrides the decoder's and
    /// encoder's default style.
    public func naming(_ style: NamingStyle) -> MappingRules {
        var rules = self
        rules.namingStyle = style
        return rules
    }

    /// Properties that are never decoded or encoded. The ignore list wins over the allow list.
    public func ignore(_ properties: String...) -> MappingRules {
        var rules = self
        rules.ignored += properties
        return rules
    }

    /// Only these properties are decoded and encoded.
    public func allow(only properties: String...) -> MappingRules {
        var rules = self
        rules.allowed = (rules.allowed ?? []) + properties
        return rules
    }

    /// Properties whose key must be present when decoding (by default a missing key keeps the
    /// prototype value).
    public func require(_ properties: String...) -> MappingRules {
        var rules = self
        rules.required += properties
        return rules
    }

    /// Converts `property` with `transformer` in both directions.
    public func transform<Transformer: PropertyTransformer>(_ property: String, with transformer: Transformer) -> MappingRules {
        adding(transformer, for: property)
    }

    /// Converts `property` with a ``CustomTransformer`` in both directions: the form that
    /// `.custom(decode:encode:)` written inline resolves to, so that its closures are inferred
    /// `@Sendable` in Swift 6 mode without writing it (through the generic form alone, the
    /// compiler types them before it knows the transformer's type, and refuses them).
    public func transform<Value>(_ property: String, with transformer: CustomTransformer<Value>) -> MappingRules {
        adding(transformer, for: property)
    }

    private func adding(_ transformer: any PropertyTransformer, for property: String) -> MappingRules {
        var rules = self
        rules.transformers[property] = transformer
        return rules
    }

    /// Runs before the model's properties are decoded and may rewrite the incoming dictionary
    /// (rename keys, fill defaults, unwrap an envelope). A thrown error is reported at the
    /// model's key path.
    public func beforeDecoding(_ hook: @escaping DictionaryHook) -> MappingRules {
        var rules = self
        rules.beforeDecodingHook = hook
        return rules
    }

    /// Runs after the model is encoded and may adjust the outgoing dictionary.
    public func afterEncoding(_ hook: @escaping DictionaryHook) -> MappingRules {
        var rules = self
        rules.afterEncodingHook = hook
        return rules
    }

    /// A class cluster: decoding this (base) class asks `resolver` which subclass the payload
    /// describes (`"type": "circle"` → `Circle.self`); `nil` decodes the base class itself.
    /// Encoding a subclass instance always writes the subclass's properties.
    public func subtype(_ resolver: @escaping SubtypeResolver) -> MappingRules {
        var rules = self
        rules.subtypeResolver = resolver
        return rules
    }

    /// Properties for which `null` keeps the prototype's value (as a missing key does), whatever
    /// ``KeyValueDecoder/nullDecoding`` says. An optional property still becomes `nil`. In
    /// `decodeLeniently` each null that kept a default is listed in `skipped`.
    public func useDefaultForNull(_ properties: String...) -> MappingRules {
        var rules = self
        rules.nullKeepsDefault += properties
        return rules
    }

    /// Properties (arrays, sets, dictionaries, or optionals of them) whose elements are dropped
    /// when they cannot be decoded, whatever ``KeyValueDecoder/invalidElements`` says. A `null`
    /// element of a non-optional element type is invalid too. Applies to the property's own
    /// collection, not to collections nested in its elements.
    public func skipInvalidElements(_ properties: String...) -> MappingRules {
        var rules = self
        rules.skipsInvalidElements += properties
        return rules
    }

    /// A present, non-null value of `property` that cannot be converted (an unknown enum case,
    /// a wrong type, a nested model that fails) decodes as `value` instead of failing. A missing
    /// key keeps the prototype's value and `null` follows the null rules. `value` must be of the
    /// property's type (or, for an optional property, of its wrapped type) and `Sendable`: the
    /// one value is copied into every model that needs it, on any thread, so give a value type
    /// or an immutable object (a mutable class instance would be shared by all those models).
    public func fallback<Value: Sendable>(_ property: String, to value: Value) -> MappingRules {
        var rules = self
        rules.fallbacks[property] = FallbackValue(value)
        return rules
    }

    /// Exempts this type from ``KeyValueDecoder/unknownKeys`` `.reject`: with no arguments every
    /// key, otherwise the keys named. Declare here the keys that only `subtype` or
    /// `beforeDecoding` closures read: the library cannot see inside them.
    public func allowUnknownKeys(_ keys: String...) -> MappingRules {
        var rules = self
        if keys.isEmpty {
            rules.unknownKeysAllowed.all = true
        } else {
            rules.unknownKeysAllowed.keys += keys
        }
        return rules
    }

    /// Names the property that identifies a record, for `upsert(from:decoder:)`:
    /// a payload element whose key matches an existing record updates it, any other is
    /// appended. The property must be a mapped `var` of a `Hashable` type; a subclass inherits
    /// its base class's primary key unless it declares its own.
    ///
    /// ```swift
    /// struct Person: Mappable {
    ///     var id = 0
    ///     var name = ""
    ///     static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
    /// }
    /// ```
    public func primaryKey(_ property: String) -> MappingRules {
        var rules = self
        rules.primaryKey = [property]
        return rules
    }

    /// A composite primary key: the properties that together identify a record, for
    /// `importRecords` (a record's key is their values, in this order). Each must be a mapped
    /// `var` of a key type (see ``PrimaryKey/Component``).
    ///
    /// ```swift
    /// struct Member: Mappable {
    ///     var org = ""
    ///     var number = 0
    ///     var name = ""
    ///     static var mappingRules: MappingRules { MappingRules().primaryKey("org", "number") }
    /// }
    /// ```
    public func primaryKey(_ first: String, _ second: String, _ more: String...) -> MappingRules {
        var rules = self
        rules.primaryKey = [first, second] + more
        return rules
    }

    /// Names properties that hold nested records with a primary key of their own, which
    /// ``KeyValueDecoder/importRecords(_:fromJSON:into:options:)`` matches by that key in their
    /// own store instead of duplicating them (MagicalRecord's `relatedByAttribute`): a post's
    /// `author` updates the stored user with the author's key, or becomes a new one, and the
    /// post holds that user. A property may hold one record (`Author`), an optional one, or an
    /// array of them (`[Comment]`, optional or not); the record type is a `Mappable` with a
    /// primary key, and the import's target hands out its store
    /// (``ImportTarget/visitRelatedTarget(for:with:)``).
    /// Other decodes read these properties as any nested model.
    ///
    /// ```swift
    /// struct Post: Mappable {
    ///     var id = 0
    ///     var author = Author()
    ///     var comments: [Comment] = []
    ///     static var mappingRules: MappingRules { MappingRules().primaryKey("id").relatedByKey("author", "comments") }
    /// }
    /// ```
    public func relatedByKey(_ property: String, _ more: String...) -> MappingRules {
        var rules = self
        rules.relatedByKey += [property] + more
        return rules
    }

    /// Reads the nested models `properties` from this model's own object and writes them back
    /// there: `{"name": "Ada", "city": "Paris", "zip": "75001"}` for a `Customer` whose `address`
    /// is an `Address(city:zip:)`. The nested model's keys (its renames, naming style and key
    /// paths) count as this model's own for `unknownKeys = .reject`; a key that the parent and
    /// a flattened model (or two flattened models) both read is a declaration error naming both.
    /// An error inside it reads `address.city: …` (the property, then the nested key).
    public func flatten(_ properties: String...) -> MappingRules {
        var rules = self
        rules.flattened += properties
        return rules
    }

    /// Reads `property` from a string holding JSON text, decoding that text as the property's
    /// type (a model, an array, a dictionary, a `JSONValue`), and writes the value back as JSON
    /// text in a string: `"settings": "{\"theme\":\"dark\"}"`. An error inside the text keeps
    /// the key path going into it (`settings.theme`); text that is not JSON is an invalid value
    /// of the property, which a fallback or lenient decoding can take.
    public func stringified(_ property: String) -> MappingRules {
        var rules = self
        if rules.representations[property] != nil { rules.repeatedRepresentations.append(property) }
        rules.representations[property] = .stringified
        return rules
    }

    /// Maps `property`, whose type is an existential of a protocol refining ``Mappable`` or
    /// ``ImmutableMappable`` (alone, optional, or the elements of an array or a dictionary), by
    /// the tag each object carries under `tag`: `types` names the concrete type for each tag.
    /// The encoder writes the value's dynamic type's properties plus its tag; a value whose type
    /// is not in `types` is an encode error. An unknown tag decodes as `fallback` when given,
    /// else it is an error naming the known tags.
    ///
    /// ```swift
    /// protocol FeedItem: Mappable {}
    /// struct Post: FeedItem { var id = 0; var text = "" }
    /// struct Ad: FeedItem { var id = 0; var sponsor = "" }
    /// struct Feed: Mappable {
    ///     var items: [any FeedItem] = []
    ///     static var mappingRules: MappingRules {
    ///         MappingRules().polymorphic("items", tag: "kind", ["post": Post.self, "ad": Ad.self])
    ///     }
    /// }
    /// ```
    public func polymorphic(_ property: String, tag: String, _ types: KeyValuePairs<String, any KeyValueModel.Type>,
                            fallback: (any KeyValueModel.Type)? = nil) -> MappingRules {
        var rules = self
        if rules.representations[property] != nil { rules.repeatedRepresentations.append(property) }
        rules.representations[property] = .polymorphic(PolymorphicTypes(tag: tag, types: types.map { ($0.key, ModelType($0.value)) },
                                                                         fallback: fallback.map(ModelType.init)))
        return rules
    }

    /// Whether this class's lists add to (``Inheritance/merge``, the default) or replace its
    /// superclasses' lists.
    public func inheriting(_ inheritance: Inheritance) -> MappingRules {
        var rules = self
        rules.inheritance = inheritance
        return rules
    }
}

/// A ``MappingRules/fallback(_:to:)-(String,_)`` value, kept without its static type until the property's
/// accessor stores it.
struct FallbackValue: Sendable {
    let value: any Sendable
    let typeName: String

    init<Value: Sendable>(_ value: Value) {
        self.value = value
        typeName = String(describing: Value.self)
    }
}

/// A property's value in another form than its type's own (see ``MappingRules/stringified(_:)``
/// and ``MappingRules/polymorphic(_:tag:_:fallback:)``).
enum ValueRepresentation: Sendable {
    case stringified
    case polymorphic(PolymorphicTypes)
}

/// The concrete types a polymorphic property's tag chooses.
struct PolymorphicTypes: Sendable {
    let tag: String
    let types: [(tag: String, type: ModelType)]
    let fallback: ModelType?
}

/// A model type named in a rule.
struct ModelType {
    let type: any KeyValueModel.Type

    init(_ type: any KeyValueModel.Type) {
        self.type = type
    }
}

// Safe because a metatype is an immutable reference to the type's metadata, and the library only
// uses it to reach the type's own metadata (never an isolated conformance).
extension ModelType: @unchecked Sendable {}

/// The keys ``MappingRules/allowUnknownKeys(_:)`` exempts from the unknown-key check.
struct UnknownKeyExemption: Sendable {
    /// Every key.
    var all = false
    /// These keys.
    var keys: [String] = []
}
