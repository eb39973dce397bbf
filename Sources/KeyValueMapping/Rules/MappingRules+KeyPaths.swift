/// Rules that name properties by key path, checked by the compiler: `.map(\Repo.fullName, to:
/// "full_name")`, `.transform(\Repo.createdAt, with: .millisecondsSince1970)` (a transformer of
/// another type does not compile), `.ignore(\Repo.cache)`. Each names the stored property its key
/// path reaches, exactly as the string form names it, so the two forms mix freely. A key path to
/// a computed property, to another type's property, or through a nested value
/// (`\Repo.owner.login`) is a declaration error naming it; so is, in a class that is not
/// `final`, a `var`'s key path, which reads through the (overridable) getter: name such a
/// property with a string.
extension MappingRules {
    /// `map(_:to:)` by key path.
    public func map<Root, Value>(_ property: KeyPath<Root, Value>, to key: MappingKey) -> MappingRules {
        named(property, "a key mapping") { $0.map($1, to: key) }
    }

    /// `map(_:toFirstOf:)` by key path.
    public func map<Root, Value>(_ property: KeyPath<Root, Value>, toFirstOf keys: [MappingKey]) -> MappingRules {
        named(property, "a key mapping") { $0.map($1, toFirstOf: keys) }
    }

    /// `gather(_:from:)` by key path.
    public func gather<Root, Value>(_ property: KeyPath<Root, Value>, from keys: [MappingKey]) -> MappingRules {
        named(property, "a key mapping") { $0.gather($1, from: keys) }
    }

    /// `ignore(_:)` by key path.
    public func ignore<Root>(_ properties: PartialKeyPath<Root>...) -> MappingRules {
        named(properties, "the ignore list") { $0.ignore($1) }
    }

    /// `allow(only:)` by key path.
    public func allow<Root>(only properties: PartialKeyPath<Root>...) -> MappingRules {
        named(properties, "the allow list") { $0.allow(only: $1) }
    }

    /// `require(_:)` by key path.
    public func require<Root>(_ properties: PartialKeyPath<Root>...) -> MappingRules {
        named(properties, "the required list") { $0.require($1) }
    }

    /// `useDefaultForNull(_:)` by key path.
    public func useDefaultForNull<Root>(_ properties: PartialKeyPath<Root>...) -> MappingRules {
        named(properties, "useDefaultForNull") { $0.useDefaultForNull($1) }
    }

    /// `skipInvalidElements(_:)` by key path.
    public func skipInvalidElements<Root>(_ properties: PartialKeyPath<Root>...) -> MappingRules {
        named(properties, "skipInvalidElements") { $0.skipInvalidElements($1) }
    }

    /// `transform(_:with:)` by key path: the transformer's value type must
    /// be the property's.
    public func transform<Root, Transformer: PropertyTransformer>(_ property: KeyPath<Root, Transformer.Value>, with transformer: Transformer) -> MappingRules {
        named(property, "a transformer") { $0.transform($1, with: transformer) }
    }

    /// A transformer of `Value` on an optional property of `Value` (`nil` is written as the
    /// decoder's and encoder's null rules say; the transformer never sees it).
    public func transform<Root, Transformer: PropertyTransformer>(_ property: KeyPath<Root, Transformer.Value?>, with transformer: Transformer) -> MappingRules {
        named(property, "a transformer") { $0.transform($1, with: transformer) }
    }

    /// The form `.custom(decode:encode:)` written inline resolves to (see
    /// `transform(_:with:)`).
    public func transform<Root, Value>(_ property: KeyPath<Root, Value>, with transformer: CustomTransformer<Value>) -> MappingRules {
        named(property, "a transformer") { $0.transform($1, with: transformer) }
    }

    /// `.custom(decode:encode:)` written inline on an optional property.
    public func transform<Root, Value>(_ property: KeyPath<Root, Value?>, with transformer: CustomTransformer<Value>) -> MappingRules {
        named(property, "a transformer") { $0.transform($1, with: transformer) }
    }

    /// `fallback(_:to:)` by key path: the value must be of the property's type.
    public func fallback<Root, Value: Sendable>(_ property: KeyPath<Root, Value>, to value: Value) -> MappingRules {
        named(property, "a fallback") { $0.fallback($1, to: value) }
    }

    /// `primaryKey(_:)` by key path: the property must be `Hashable`.
    public func primaryKey<Root, Value: Hashable>(_ property: KeyPath<Root, Value>) -> MappingRules {
        named(property, "the primary key") { $0.primaryKey($1) }
    }

    /// `primaryKey(_:_:_:)` (a composite key) by key paths.
    public func primaryKey<Root>(_ first: PartialKeyPath<Root>, _ second: PartialKeyPath<Root>, _ more: PartialKeyPath<Root>...) -> MappingRules {
        var rules = self
        rules.primaryKey = []
        return rules.named([first, second] + more, "the primary key") { rules, name in
            var rules = rules
            rules.primaryKey.append(name)
            return rules
        }
    }

    /// Applies `rule` to the property `keyPath` names, and records the key path for the check
    /// against the model (see `KeyPathCheck`).
    private func named<Root, Value>(_ keyPath: KeyPath<Root, Value>, _ rule: String, _ apply: (MappingRules, String) -> MappingRules) -> MappingRules {
        let resolved = PropertyKeyPath.resolve(keyPath)
        var rules = resolved.name.map { apply(self, $0) } ?? self
        rules.keyPathChecks.append(KeyPathCheck(rule: rule, text: resolved.text, name: resolved.name, problem: resolved.problem, root: Root.self))
        return rules
    }

    private func named<Root>(_ keyPaths: [PartialKeyPath<Root>], _ rule: String, _ apply: (MappingRules, String) -> MappingRules) -> MappingRules {
        keyPaths.reduce(self) { rules, keyPath in
            func open<Value>(_: Value.Type) -> MappingRules {
                // A partial key path of a literal is a `KeyPath<Root, Value>` underneath.
                guard let typed = keyPath as? KeyPath<Root, Value> else {
                    var rules = rules
                    rules.keyPathChecks.append(KeyPathCheck(rule: rule, text: "\(keyPath)", name: nil, problem: "is not a key path of a property", root: Root.self))
                    return rules
                }
                return rules.named(typed, rule, apply)
            }
            return _openExistential(type(of: keyPath).valueType, do: open)
        }
    }
}

/// A key path a rule named, kept for the check against the model the rules belong to: it must
/// have resolved to a stored property, of the model or (for a class) of one of its superclasses.
struct KeyPathCheck: Sendable {
    let rule: String
    let text: String
    /// The property name the rule was filed under (`nil` when the key path named none).
    let name: String?
    let problem: String?
    let root: Any.Type
    /// Whether a model's type is `root` or a subclass of it.
    let isRoot: @Sendable (Any.Type) -> Bool

    init<Root>(rule: String, text: String, name: String?, problem: String?, root: Root.Type) {
        self.rule = rule
        self.text = text
        self.name = name
        self.problem = problem
        self.root = root
        isRoot = { $0 is Root.Type }
    }

    /// The declaration problem of this key path in the rules of `model`, if any.
    func problem(in model: Any.Type) -> String? {
        if let problem { return "\(rule) names \(text), which \(problem)" }
        guard isRoot(model) else {
            return "\(rule) names \(text), a property of \(SwiftTypeName.qualified(root)), not of \(SwiftTypeName.qualified(model))"
        }
        return nil
    }
}
