/// Merges a type's rules with its superclasses' and checks them against its stored properties,
/// collecting every problem so one error can list them all.
struct RulesResolver {
    let rules: MappingRules
    private(set) var problems: [String] = []
    private var foreignNames: Set<String> = []

    /// The rules of `Model` merged with those of every `Mappable` superclass, base first.
    init<Model: KeyValueModel>(for type: Model.Type) {
        var chain: [any KeyValueModel.Type] = [Model.self]
        if let modelClass = Model.self as? AnyClass {
            var next: AnyClass? = _getSuperclass(modelClass)
            while let superclass = next, let mappable = superclass as? any KeyValueModel.Type {
                chain.append(mappable)
                next = _getSuperclass(superclass)
            }
        }
        var merged = MappingRules()
        for level in chain.reversed() {
            let own = level.mappingRules
            if own.inheritance == .replace {
                merged.ignored = []
                merged.allowed = nil
                merged.required = []
                merged.nullKeepsDefault = []
                merged.skipsInvalidElements = []
                merged.unknownKeysAllowed = UnknownKeyExemption()
            }
            // What a class itself leaves out takes the keys and transformers its ancestors
            // declared for those properties with it, so a subclass may stop mapping what a base
            // class transforms: its own ignore list, and, when it starts its lists afresh, what
            // its own allow list leaves out (merged allow lists only ever add).
            var excluded = Set(own.ignored)
            if own.inheritance == .replace, let allowed = own.allowed {
                excluded.formUnion(Set(merged.keys.keys).union(merged.transformers.keys).union(merged.fallbacks.keys)
                    .union(merged.representations.keys).subtracting(allowed))
            }
            if !excluded.isEmpty {
                for name in excluded {
                    merged.keys[name] = nil
                    merged.transformers[name] = nil
                    merged.fallbacks[name] = nil
                    merged.representations[name] = nil
                }
                merged.flattened.removeAll(where: excluded.contains)
                merged.required.removeAll(where: excluded.contains)
                merged.nullKeepsDefault.removeAll(where: excluded.contains)
                merged.skipsInvalidElements.removeAll(where: excluded.contains)
            }
            merged.keys.merge(own.keys) { _, child in child }
            merged.transformers.merge(own.transformers) { _, child in child }
            merged.fallbacks.merge(own.fallbacks) { _, child in child }
            merged.representations.merge(own.representations) { _, child in child }
            merged.flattened += own.flattened.filter { !merged.flattened.contains($0) }
            merged.repeatedRepresentations += own.repeatedRepresentations
            merged.nullKeepsDefault += own.nullKeepsDefault
            merged.skipsInvalidElements += own.skipsInvalidElements
            merged.unknownKeysAllowed.all = merged.unknownKeysAllowed.all || own.unknownKeysAllowed.all
            merged.unknownKeysAllowed.keys += own.unknownKeysAllowed.keys
            merged.ignored += own.ignored
            if let allowed = own.allowed { merged.allowed = (merged.allowed ?? []) + allowed }
            merged.required += own.required
            if let style = own.namingStyle { merged.namingStyle = style }
            if let hook = own.beforeDecodingHook { merged.beforeDecodingHook = hook }
            if let hook = own.afterEncodingHook { merged.afterEncodingHook = hook }
            if let resolver = own.subtypeResolver { merged.subtypeResolver = resolver }
            if !own.primaryKey.isEmpty { merged.primaryKey = own.primaryKey }
            merged.relatedByKey += own.relatedByKey.filter { !merged.relatedByKey.contains($0) }
            merged.keyPathChecks += own.keyPathChecks
        }
        rules = merged
        problems = merged.keyPathChecks.compactMap { $0.problem(in: Model.self) }
        // Another type's key path is reported as such; the name it gave is not looked for again.
        foreignNames = Set(merged.keyPathChecks.filter { $0.problem == nil && !$0.isRoot(Model.self) }.compactMap(\.name))
    }

    /// Checks that every name in the rules is a stored property and every key parses.
    mutating func checkNames(_ storedNames: [String]) {
        let known = Set(storedNames)
        func check(_ names: [String], _ rule: String) {
            for name in names where !known.contains(name) && !foreignNames.contains(name) {
                let hint = NearestName.suggestion(for: name, among: storedNames).map { " (did you mean \"\($0)\"?)" } ?? ""
                problems.append("\(rule) names \"\(name)\", which is not a stored property\(hint)")
            }
        }
        check(rules.keys.keys.sorted(), "a key mapping")
        check(rules.ignored, "the ignore list")
        check(rules.allowed ?? [], "the allow list")
        check(rules.required, "the required list")
        check(rules.transformers.keys.sorted(), "a transformer")
        check(rules.nullKeepsDefault, "useDefaultForNull")
        check(rules.skipsInvalidElements, "skipInvalidElements")
        check(rules.fallbacks.keys.sorted(), "a fallback")
        check(rules.primaryKey, "the primary key")
        check(rules.relatedByKey, "relatedByKey")
        check(rules.representations.keys.sorted(), "stringified or polymorphic")
        check(rules.flattened, "flatten")
        for name in Set(rules.repeatedRepresentations).sorted() {
            problems.append("\"\(name)\" has more than one stringified or polymorphic rule: keep one")
        }
        for name in rules.flattened where rules.keys[name] != nil || rules.transformers[name] != nil || rules.representations[name] != nil {
            problems.append("\"\(name)\" is flattened, so it has no key or value form of its own: drop its map, transform, stringified or polymorphic rule")
        }
        for (name, representation) in rules.representations.sorted(by: { $0.key < $1.key }) {
            if rules.transformers[name] != nil { problems.append("\"\(name)\" has both a transformer and a stringified or polymorphic rule: keep one") }
            if case .polymorphic(let types) = representation {
                if types.types.isEmpty { problems.append("the polymorphic rule of \"\(name)\" names no type") }
                var seen = Set<String>()
                for entry in types.types where !seen.insert(entry.tag).inserted {
                    problems.append("the polymorphic rule of \"\(name)\" gives the tag \"\(entry.tag)\" twice")
                }
            }
        }
        for (name, rule) in rules.keys.sorted(by: { $0.key < $1.key }) {
            let keys: [MappingKey]
            switch rule {
            case .single(let key): keys = [key]
            case .candidates(let candidates):
                keys = candidates
                if candidates.isEmpty { problems.append("the candidate keys of \"\(name)\" are empty") }
            case .gather(let gathered):
                keys = gathered
                if gathered.isEmpty { problems.append("the gathered keys of \"\(name)\" are empty") }
            }
            for key in keys {
                if let problem = key.problem { problems.append("the key of \"\(name)\" is a \(problem)") }
                if case .index? = key.components.first { problems.append("the key path of \"\(name)\" must start with a key, not an index") }
                for case .index(let index) in key.components where index > MappingKey.maximumIndex {
                    problems.append("the key path of \"\(name)\" has the index \(index), above the most a declared path may use (\(MappingKey.maximumIndex)): encoding pads arrays with null up to it")
                }
            }
        }
    }

    /// Reports the per-property rules that name `name`, a stored property that is never mapped
    /// (`reason` says why: "ignored", "not in the allow list", …): none of them could ever apply.
    mutating func checkUnmapped(_ name: String, reason: String) {
        var named: [String] = []
        switch rules.keys[name] {
        case .single?, .candidates?: named.append("map")
        case .gather?: named.append("gather")
        case nil: break
        }
        if rules.transformers[name] != nil { named.append("transform") }
        if rules.required.contains(name) { named.append("require") }
        if rules.nullKeepsDefault.contains(name) { named.append("useDefaultForNull") }
        if rules.skipsInvalidElements.contains(name) { named.append("skipInvalidElements") }
        if rules.fallbacks[name] != nil { named.append("fallback") }
        if rules.representations[name] != nil { named.append("stringified or polymorphic") }
        if rules.flattened.contains(name) { named.append("flatten") }
        guard !named.isEmpty else { return }
        problems.append("\"\(name)\" is \(reason), so its rules never apply (\(named.joined(separator: ", ")))")
    }

    /// Why a stored property the rules leave out is not mapped: "ignored" or "not in the allow list".
    func exclusionReason(of name: String) -> String {
        isIgnored(name) ? "ignored" : "not in the allow list"
    }

    func isIgnored(_ name: String) -> Bool { rules.ignored.contains(name) }

    /// Ignored wins over allowed; with no allow list everything not ignored is mapped.
    func isMapped(_ name: String) -> Bool {
        if isIgnored(name) { return false }
        guard let allowed = rules.allowed else { return true }
        return allowed.contains(name)
    }

    func isRequired(_ name: String) -> Bool { rules.required.contains(name) }

    /// The part `property` plays under these rules. A field shaped like property-wrapper
    /// storage (`_name`, no stored `name`) of a type no wrapper can be (`isNeverWrapperStorage`:
    /// a built-in value, or an optional or collection of mappable values) is an ordinary
    /// property, such as MongoDB's `_id: String`. Any other is taken for wrapper storage and
    /// mapped only when a rule names it (a key, a transformer or the allow list), so a payload
    /// never bypasses a wrapper's invariant unless the model says so.
    func role(of property: EnumeratedProperty, isNeverWrapperStorage: (Any.Type) -> Bool) -> PropertyRole {
        guard case .wrapperStorage(let isVar) = property.role else { return property.role }
        let name = property.name
        if isNeverWrapperStorage(property.field.type) || rules.keys[name] != nil || rules.transformers[name] != nil
            || rules.allowed?.contains(name) == true {
            return isVar ? .variable : .constant
        }
        return .skipped("property-wrapper storage is mapped only by an explicit rule")
    }

    /// Each flattened property's model (set while the metadata is built): its own tables give
    /// the keys it reads from the parent's object.
    var flattenedModels: [String: any KeyTableOwner] = [:]

    /// The key a property reads and writes when the decoder's or encoder's style is `style`. A
    /// flattened model gathers its own top-level keys from the parent's object.
    func key(for name: String, style: NamingStyle) -> ResolvedKey {
        if let model = flattenedModels[name] {
            return .gather(property: name, keys: Self.topLevelKeys(of: model, style: style).map { ($0, [.key($0)]) })
        }
        switch rules.keys[name] {
        case .single(let key)?: return ResolvedKey(key)
        case .candidates(let keys)?: return .candidates(keys.map(\.components))
        case .gather(let keys)?: return .gather(property: name, keys: keys.map { ($0.description, $0.components) })
        case nil: return .key((rules.namingStyle ?? style).key(for: name))
        }
    }

    /// Whether a property's key is fixed by the type (explicit key or the type's own style).
    func keyIsFixed(for name: String) -> Bool {
        if let model = flattenedModels[name] { return model.keysAreFixed }
        return rules.keys[name] != nil || rules.namingStyle != nil
    }

    /// The keys a model reads and writes at the top of its object under `style` (known keys, and
    /// the first step of every key path), sorted.
    static func topLevelKeys(of model: any KeyTableOwner, style: NamingStyle) -> [String] {
        guard let table = try? model.keyTable(for: style) else { return [] }
        let written = table.encodeKeys.flatMap(\.encodedPaths).compactMap { path -> String? in
            if case .key(let key)? = path.first { return key }
            return nil
        }
        return table.knownKeys.union(written).sorted()
    }

    mutating func report(_ problem: String) { problems.append(problem) }

    /// Two properties writing the same key, or one writing inside another's value (under the
    /// type's own style).
    mutating func checkEncodedKeys(_ keys: [(name: String, key: ResolvedKey)]) {
        let styled = rules.namingStyle.map { style in (style, Set(keys.map(\.name).filter { rules.keys[$0] == nil })) }
        problems += Self.encodedKeyProblems(keys, styled: styled)
    }

    /// The problems of `keys` (each mapped property's key): two properties written to one key,
    /// one written inside another's value, or two paths that need one key to hold both an
    /// object and an array. A problem that involves a property in `styled`'s names, whose key
    /// comes from its style, names that style. Each path's steps are hashed, not compared with every
    /// other path, so the check costs little even when a custom style's table is built per call.
    static func encodedKeyProblems(_ keys: [(name: String, key: ResolvedKey)],
                                   styled: (style: NamingStyle, names: Set<String>)?) -> [String] {
        var problems: [String] = []
        func report(_ problem: String, _ names: String...) {
            if let styled, names.contains(where: styled.names.contains) {
                problems.append("\(problem) under the naming style \(styled.style.displayName)")
            } else {
                problems.append(problem)
            }
        }
        func text(_ path: some Collection<MappingError.PathComponent>) -> String {
            MappingError(.other(""), path: Array(path)).keyPath
        }
        var owners: [[MappingError.PathComponent]: String] = [:]
        var all: [(path: [MappingError.PathComponent], name: String)] = []
        for (name, key) in keys {
            for path in key.encodedPaths {
                if let other = owners[path], other != name {
                    report("\"\(other)\" and \"\(name)\" are both written to the key \(text(path))", other, name)
                }
                owners[path] = name
                all.append((path, name))
            }
        }
        // Every proper prefix of a path is a step on the way: a property written at that step
        // would have the other written inside its value. And two paths through one step must
        // agree on what it holds: `a.b` makes `a` an object, `a[0]` an array, and writing both
        // would keep only one of them.
        var shapes: [[MappingError.PathComponent]: (isArray: Bool, name: String)] = [:]
        for (path, name) in all where path.count > 1 {
            for length in 1..<path.count {
                let step = Array(path.prefix(length))
                if let owner = owners[step], owner != name {
                    report("\"\(name)\" is written inside \"\(owner)\"'s key \(text(step))", name, owner)
                }
                let isArray = if case .index = path[length] { true } else { false }
                if let shape = shapes[step] {
                    if shape.isArray != isArray {
                        report("\"\(shape.name)\" and \"\(name)\" need \(text(step)) to be both an object and an array", shape.name, name)
                    }
                } else {
                    shapes[step] = (isArray, name)
                }
            }
        }
        return problems
    }
}
