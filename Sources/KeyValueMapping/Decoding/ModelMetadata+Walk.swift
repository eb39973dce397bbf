import Foundation

/// The one model walk: every route (bytes, JSON Lines, streams, dictionaries, trees, updates,
/// imports, patches) reads a model's object through it, from whichever source.
extension ModelMetadata {
    /// A new model from the object at `source`'s cursor: the prototype `Model()` — or, for a
    /// class cluster, the subclass the payload names — with the object's members applied, then
    /// its `didDecode`.
    @_specialize(exported: false, kind: partial, where Source == JSONReader)
    @_specialize(exported: false, kind: partial, where Source == FoundationSource)
    @_specialize(exported: false, kind: partial, where Source == TreeSource)
    func makeModel<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Model {
        if readsRulesDictionary {
            return try makeModel(fromRulesDictionary: try rulesDictionary(from: &source, session), session)
        }
        guard let prototype else { return try makeBuiltModel(from: &source, session) }
        var model = prototype.make()
        _ = try decodeMembers(from: &source, into: &model, session, missingKeys: .rejected)
        try Self.validate(&model)
        return model
    }

    /// ``makeModel(from:_:)`` for an immutable model, built in fresh storage.
    // Not inlined: the types the build names (`Model?`) would have their metadata looked up at
    // run time on every `makeModel` call, whichever branch it takes.
    @inline(never)
    @_specialize(exported: false, kind: partial, where Source == JSONReader)
    @_specialize(exported: false, kind: partial, where Source == FoundationSource)
    @_specialize(exported: false, kind: partial, where Source == TreeSource)
    private func makeBuiltModel<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Model {
        var model = try buildModel(from: &source, session, missingKeys: .rejected) { _, _ in nil }
        try Self.validate(&model)
        return model
    }

    /// Whether the rules read the object as a dictionary (a `beforeDecoding` hook, a `subtype`
    /// rule): the object is then read once into Foundation values, and the walk reads those.
    var readsRulesDictionary: Bool { beforeDecoding != nil || subtypeResolver != nil }

    /// The object at `source`'s cursor as the dictionary the rules read, with its payload order.
    func rulesDictionary<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> (dictionary: [String: Any], order: [String]?) {
        guard let object = try source.readObjectForRules(session) else {
            throw MappingError.typeMismatch(expected: shortTypeName, found: try source.readScalarValue(session))
        }
        return object
    }

    /// The model a dictionary the rules read describes: its class (the `subtype` rules), then
    /// that class's `beforeDecoding` hook, members and `didDecode`, each run once.
    func makeModel(fromRulesDictionary object: (dictionary: [String: Any], order: [String]?), _ session: DecodingSession) throws -> Model {
        if subtypeResolver != nil {
            if let concrete = try Self.resolveSubtype(for: object.dictionary) {
                return try Self.makeModel(of: concrete, fromRulesDictionary: object, session)
            }
        }
        guard let prototype else {
            var source = try rulesSource(object)
            return try makeBuiltModel(from: &source, session)
        }
        var model = prototype.make()
        _ = try decode(rulesDictionary: object, into: &model, session, missingKeys: .rejected)
        try Self.validate(&model)
        return model
    }

    private static func makeModel<Concrete: Mappable>(of type: Concrete.Type, fromRulesDictionary object: (dictionary: [String: Any], order: [String]?),
                                                      _ session: DecodingSession) throws -> Model {
        let metadata = try ModelMetadata<Concrete>.of(Concrete.self)
        var concrete = Concrete()
        _ = try metadata.decode(rulesDictionary: object, into: &concrete, session, missingKeys: .rejected)
        try ModelMetadata<Concrete>.validate(&concrete)
        return try asModel(concrete)
    }

    /// Runs the `beforeDecoding` hook on the dictionary, then the walk over it (members in
    /// payload order, then the keys the hook added). Returns the properties set.
    func decode(rulesDictionary object: (dictionary: [String: Any], order: [String]?), into model: inout Model, _ session: DecodingSession,
                missingKeys: MissingKeys) throws -> DecodedMembers {
        var source = try rulesSource(object)
        return try decodeMembers(from: &source, into: &model, session, missingKeys: missingKeys)
    }

    /// The dictionary the rules read, after the `beforeDecoding` hook, as the source the walk reads.
    func rulesSource(_ object: (dictionary: [String: Any], order: [String]?)) throws -> FoundationSource {
        var dictionary = object.dictionary
        if let beforeDecoding { try Self.runHook { try beforeDecoding(&dictionary) } }
        return FoundationSource(dictionary, order: object.order)
    }

    /// Merges the object at `source`'s cursor into an existing `model`
    /// (``KeyValueDecoder/update(_:from:)``): present keys are decoded, absent keys keep their
    /// values, required ones too; then `didDecode`. A class instance is updated as its dynamic
    /// type, so a subclass held as its base class gets its own properties, as encoding writes
    /// them.
    @_specialize(exported: false, kind: partial, where Source == JSONReader)
    @_specialize(exported: false, kind: partial, where Source == FoundationSource)
    @_specialize(exported: false, kind: partial, where Source == TreeSource)
    func update<Source: DecodingSource>(_ model: inout Model, from source: inout Source, _ session: DecodingSession) throws {
        if let dynamic = DynamicModel.type(of: model) {
            func update<Dynamic: KeyValueModel>(as type: Dynamic.Type) throws {
                // A class reference: decoding into this copy of the reference updates the one instance.
                var instance = try DynamicModel.cast(model, to: Dynamic.self)
                try ModelMetadata<Dynamic>.of(Dynamic.self).update(&instance, from: &source, session)
            }
            return try update(as: dynamic)
        }
        if isImmutable {
            // A new value: absent keys, and nulls that keep the default, keep the old value's.
            let old = model
            var updated: Model
            if beforeDecoding != nil {
                var rules = try rulesSource(try rulesDictionary(from: &source, session))
                updated = try buildModel(from: &rules, session, missingKeys: .allowed) { _, _ in old }
            } else {
                updated = try buildModel(from: &source, session, missingKeys: .allowed) { _, _ in old }
            }
            try Self.validate(&updated)
            model = updated
            return
        }
        if beforeDecoding != nil {
            _ = try decode(rulesDictionary: try rulesDictionary(from: &source, session), into: &model, session, missingKeys: .allowed)
        } else {
            _ = try decodeMembers(from: &source, into: &model, session, missingKeys: .allowed)
        }
        try Self.validate(&model)
    }

    /// The walk itself: reads the members of the object at `source`'s cursor into `model` and
    /// returns the decoded properties whose members it met, and those it wrote a value to.
    ///
    /// Which error is reported is decided here, for every source: the object's own unknown
    /// keys (with `unknownKeys = .reject`) before any value; then the properties in declaration
    /// order, each value depth first. Among unknown keys, the first in payload order, or in
    /// UTF-8 order where the members have no order. So every member is read, and the error of
    /// the earliest failing property is the one reported; lenient decoding lists every error in
    /// that same order. A key repeated in JSON text is read again: its last value decides. A missing key (see ``MissingKeys``) is the error of the
    /// property at its place in that order. A failure a relaxation takes, or lenient mode
    /// lists, costs only its value: the source skips it from where it began.
    @_specialize(exported: false, kind: partial, where Source == JSONReader)
    @_specialize(exported: false, kind: partial, where Source == FoundationSource)
    @_specialize(exported: false, kind: partial, where Source == TreeSource)
    func decodeMembers<Source: DecodingSource>(from source: inout Source, into model: inout Model, _ session: DecodingSession,
                                               missingKeys: MissingKeys) throws -> DecodedMembers {
        // The loop is a method of its own, compiled for each source: a closure's body (or a
        // `defer`'s) would be compiled once, for any source, and reach the reader through its
        // protocol.
        try ModelStorage.withMutableFields(of: &model, isClass: isClass) { base in
            try decodeMembers(from: &source, at: base, session, missingKeys: missingKeys)
        }
    }

    /// ``decodeMembers(from:into:_:missingKeys:)`` into the fields at `base`: a live model, or the
    /// fresh storage of an immutable one, whose fields the walk initialises; those it returns as
    /// written are initialised, and when it throws it has destroyed what it initialised.
    @_specialize(exported: false, kind: partial, where Source == JSONReader)
    @_specialize(exported: false, kind: partial, where Source == FoundationSource)
    @_specialize(exported: false, kind: partial, where Source == TreeSource)
    func decodeMembers<Source: DecodingSource>(from source: inout Source, at base: UnsafeMutableRawPointer, _ session: DecodingSession,
                                               missingKeys: MissingKeys) throws -> DecodedMembers {
        let table = try session.keyTable(for: self)
        if !table.decodedKeysAreSingle, !Source.looksUpMembers {
            // Key paths, candidates and gathered keys look members up: the object is read into
            // a tree first (once), and decoded from it.
            var tree = TreeSource(try source.readJSONValue(session))
            return try decodeMembers(from: &tree, at: base, session, missingKeys: missingKeys)
        }
        guard var members = try source.openObject(session, sorted: false) else {
            throw MappingError.typeMismatch(expected: shortTypeName, found: try source.readScalarValue(session))
        }
        var walk = MemberWalk(source.hasOrder(members), count: decodedProperties.count, session)
        let capturesRelated = session.takeRelatedCapture(self)
        do {
            try readMembers(from: &source, &members, into: base, table, &walk, session, missingKeys: missingKeys, capturesRelated: capturesRelated)
        } catch {
            source.closeObject(members, session)
            destroy(walk.written, in: base)
            throw error
        }
        source.closeObject(members, session)
        do {
            try walk.finish(session)
        } catch {
            destroy(walk.written, in: base)
            throw error
        }
        return DecodedMembers(found: walk.found, written: walk.written)
    }

    /// An immutable model's fields that a failed build initialised, destroyed (for a `Mappable`
    /// model, whose fields are live, nothing).
    private func destroy(_ written: PropertySet, in base: UnsafeMutableRawPointer) {
        guard isImmutable else { return }
        for (index, accessor) in decodedAccessors.enumerated() where written.contains(index) {
            accessor.deinitialize(in: base)
        }
    }

    /// The member loop of ``decodeMembers(from:into:_:missingKeys:)`` over an open object.
    @_specialize(exported: false, kind: partial, where Source == JSONReader)
    @_specialize(exported: false, kind: partial, where Source == FoundationSource)
    @_specialize(exported: false, kind: partial, where Source == TreeSource)
    private func readMembers<Source: DecodingSource>(from source: inout Source, _ members: inout SourceContainer, into base: UnsafeMutableRawPointer,
                                                     _ table: KeyTable, _ walk: inout MemberWalk, _ session: DecodingSession,
                                                     missingKeys: MissingKeys, capturesRelated: Bool) throws {
        let singleKeys = table.decodedSingleKeys
        // Local copies of the lists (one retain per model): their elements are then borrowed in
        // place, where reading the class's property in the loop copied each accessor out, and
        // reading an accessor from a descriptor copied the whole descriptor first.
        let properties = decodedProperties
        let accessors = decodedAccessors
        let borrowed = borrowedAccessors
        // Without any relaxation on the type or the decoder, the value is handed straight to the
        // accessor: reading each descriptor's relaxations would cost a retain and a release.
        let relaxes = hasRelaxations || session.nullKeepsDefault
        let wantsKey = session.rejectsUnknownKeys && !allowsAllUnknownKeys
        var hint = 0
        while let member = try source.nextMember(&members, in: table, hint: &hint, wantsKey: wantsKey) {
            // The key's text is not taken out of the table unless a path needs it (lenient mode,
            // an error): a copy would cost a retain and a release per member.
            guard case .property(let index) = member, singleKeys[index] != nil, walk.readsMembers else {
                if case .other(let key?) = member, wantsKey {
                    if !table.knownKeys.contains(key), !session.adopts(key) {
                        try walk.unknownKey(key, type: shortTypeName, suggestion: nearestKey(to: key, table), session)
                    } else if let constant = table.constantKeys[key] {
                        // The value the `let` holds already (the model's own output read back)
                        // loses nothing; any other would be dropped.
                        if !holdsConstant(try source.readJSONValue(session), property: constant, in: UnsafeRawPointer(base), session) {
                            try walk.unknownKey(key, type: shortTypeName, suggestion: Self.constantHint(constant), session)
                        }
                        continue
                    }
                }
                try source.skipValue(from: source.mark())
                continue
            }
            if walk.found.contains(index) {
                walk.repeated(index, session)
                if isImmutable, walk.written.contains(index) {
                    // Only its last member counts, and fresh storage is initialised, never assigned.
                    accessors[index].deinitialize(in: base)
                    walk.written.remove(index)
                }
            }
            let mark = source.mark()
            let listed = MemberWalk.listedCount(session)
            let scope = session.isLenient ? session.enter(.key(singleKeys[index] ?? "")) : nil
            if capturesRelated { session.armRelatedCapture(index) }
            do {
                let keptDefault: Bool
                if relaxes {
                    keptDefault = try PropertyRelaxations.set(from: &source, with: accessors[index], relaxations: properties[index].relaxations,
                                                              into: base, session)
                } else {
                    try borrowed[index].decode(from: &source, into: base, session)
                    keptDefault = false
                }
                if capturesRelated { session.disarmRelatedCapture() }
                session.exit(scope, failed: false)
                if !keptDefault {
                    walk.written.insert(index)
                } else if walk.written.contains(index) {
                    // A null that kept the default, for a key repeated in JSON text: it
                    // undoes what the earlier member set.
                    restorePrototypeValue(of: accessors[index], into: base)
                    walk.written.remove(index)
                }
            } catch {
                if capturesRelated { session.disarmRelatedCapture(failed: true) }
                session.exit(scope, failed: true)
                guard let error = error as? MappingError else { throw error }
                try walk.failed(index, error.prepending(.key(singleKeys[index] ?? "")), keepsValue: keepsValueOnFailure(accessors[index]), session)
                if walk.written.contains(index) {
                    // A key repeated in JSON text whose last value failed (lenient mode carries
                    // on): the earlier value it overrides must not stay in the model.
                    restorePrototypeValue(of: accessors[index], into: base)
                    walk.written.remove(index)
                }
                try source.skipValue(from: mark)
            }
            walk.found.insert(index)
            MemberWalk.ranks(from: listed, as: index, session)
        }
        if !table.decodedKeysAreSingle {
            try lookUpMembers(in: source, members, table, &walk, into: base, session, missingKeys: missingKeys, capturesRelated: capturesRelated)
        }
        guard walk.reportsMissingKeys(missingKeys), requiredCount > 0 || session.rejectsMissingKeys else { return }
        for index in properties.indices where singleKeys[index] != nil && !walk.found.contains(index) && properties[index].isRequired(in: session) {
            let listed = MemberWalk.listedCount(session)
            try walk.failed(index, missingKey(properties[index], path: [.key(singleKeys[index] ?? "")]), keepsValue: keepsValueOnFailure(accessors[index]), session)
            MemberWalk.ranks(from: listed, as: index, session)
        }
    }

    /// The properties whose keys are not single (key paths, candidates, gathered keys), looked
    /// up in the object after its members were read.
    @_specialize(exported: false, kind: partial, where Source == JSONReader)
    @_specialize(exported: false, kind: partial, where Source == FoundationSource)
    @_specialize(exported: false, kind: partial, where Source == TreeSource)
    private func lookUpMembers<Source: DecodingSource>(in source: Source, _ members: SourceContainer, _ table: KeyTable, _ walk: inout MemberWalk,
                                                      into base: UnsafeMutableRawPointer, _ session: DecodingSession, missingKeys: MissingKeys,
                                                      capturesRelated: Bool) throws {
        let properties = decodedProperties
        for index in properties.indices where table.decodedSingleKeys[index] == nil && walk.readsMembers {
            let key = table.decodeKeys[index]
            let listed = MemberWalk.listedCount(session)
            try lookUpMember(index, in: source, members, key, &walk, into: base, session, missingKeys: missingKeys, capturesRelated: capturesRelated)
            MemberWalk.ranks(from: listed, as: index, session)
        }
    }

    @inline(__always)
    private func lookUpMember<Source: DecodingSource>(_ index: Int, in source: Source, _ members: SourceContainer, _ key: ResolvedKey, _ walk: inout MemberWalk,
                                                     into base: UnsafeMutableRawPointer, _ session: DecodingSession, missingKeys: MissingKeys,
                                                     capturesRelated: Bool) throws {
        let property = decodedProperties[index]
        let found: (source: Source, path: [MappingError.PathComponent])?
        do {
            found = try source.lookUp(key, in: members)
        } catch let error as MappingError {
            return try walk.failed(index, error, keepsValue: keepsValueOnFailure(property.accessor), session)
        }
        guard let found else {
            if walk.reportsMissingKeys(missingKeys), property.isRequired(in: session) {
                try walk.failed(index, missingKey(property, path: key.errorPath), keepsValue: keepsValueOnFailure(property.accessor), session)
            }
            return
        }
        var value = found.source
        let scope = session.enter(found.path)
        if capturesRelated { session.armRelatedCapture(index, path: found.path) }
        var failed = false
        defer { if capturesRelated { session.disarmRelatedCapture(failed: failed) } }
        do {
            // An update merges a flattened model's keys into it, as into the parent: the keys
            // are the parent's own, and those absent keep their values.
            if property.flattensModel, missingKeys.mergesIntoExisting, try property.accessor.updateNested(from: &value, into: base, session) {
                walk.written.insert(index)
            } else if try !PropertyRelaxations.set(from: &value, with: property.accessor, relaxations: property.relaxations, into: base, session) {
                walk.written.insert(index)
            }
            session.exit(scope, failed: false)
        } catch {
            failed = true
            session.exit(scope, failed: true)
            guard let error = error as? MappingError else { throw error }
            try walk.failed(index, error.prepending(found.path), keepsValue: keepsValueOnFailure(property.accessor), session)
        }
        walk.found.insert(index)
    }

    /// Whether a property whose value failed still has a value, so lenient decoding may list the
    /// failure and carry on: always in a `Mappable` model (the prototype's); in an immutable
    /// one only an optional (`nil`), as nothing else could be built.
    @inline(__always)
    private func keepsValueOnFailure(_ accessor: any PropertyAccessor) -> Bool {
        !isImmutable || accessor.acceptsNull
    }

    /// The near miss an unknown key's error suggests: the decoded property whose single key it
    /// most likely meant (only computed for the error).
    private func nearestKey(to key: String, _ table: KeyTable) -> String? {
        let keys = decodedProperties.indices.compactMap { index in
            table.decodedSingleKeys[index].map { (property: decodedProperties[index].name, key: $0) }
        }
        return NearestName.keySuggestion(for: key, keys: keys)
    }

    /// Whether `value`, a payload's value under the key of the `let` named `property`, is the
    /// value that `let` holds in the model being decoded into (the prototype, or the model an
    /// update or a merge patch changes), as ``heldValue(of:in:_:)`` gives it: the model's own
    /// output read back. Numbers compare by value (`1` and `1.0`). Anything else is reported.
    func holdsConstant(_ value: JSONValue, property: String, in base: UnsafeRawPointer, _ session: some NestingSession) -> Bool {
        guard let descriptor = properties.first(where: { $0.name == property }), let held = heldValue(of: descriptor, in: base, session) else {
            return false
        }
        if case .number(let heldNumber) = held, case .number(let number) = value {
            return heldNumber == number || (heldNumber.decimalValue != nil && heldNumber.decimalValue == number.decimalValue)
        }
        return held == value
    }

    /// The value the `let` described by `property` holds in the model at `base`, as the encoder
    /// writes it by default; `nil` for a `let` that is not compared: only one of a plain value
    /// (a number, text, `Bool`, date, URL, UUID, `Decimal`, `Data`, or an optional one) without a
    /// transformer is, so no user code runs for it.
    func heldValue(of property: PropertyDescriptor, in base: UnsafeRawPointer, _ session: some NestingSession) -> JSONValue? {
        guard resolver?.rules.transformers[property.name] == nil, CodecFactory.isPlainValue(property.accessor.valueType) else { return nil }
        guard let written = try? property.accessor.encode(from: base, EncodingSession(options: KeyValueEncoder())) else { return .null }
        return try? JSONValue(libraryValue: written, session, encoding: true)
    }

    /// Why a payload value for a `let` is not read, and what to write instead.
    static func constantHint(_ property: String) -> String {
        "\"\(property)\" is a `let`, which decoding never writes: declare it `var` to read this key"
    }

    private func missingKey(_ property: PropertyDescriptor, path: [MappingError.PathComponent]) -> MappingError {
        MappingError(.missingKey(expected: property.accessor.typeName), path: path)
    }

    /// Puts the prototype's value of one property back into the model being read, from a second
    /// `Model()`: only a repeated key whose last value is a null that keeps the default needs it
    /// (the first occurrence has overwritten the prototype's value).
    /// (An immutable model's repeated member is removed before its last value is read.)
    private func restorePrototypeValue(of accessor: any PropertyAccessor, into base: UnsafeMutableRawPointer) {
        guard let prototype else { return }
        ModelStorage.withFields(of: prototype.make(), isClass: isClass) { accessor.copyValue(from: $0, to: base) }
    }
}

/// What a missing key means to a walk.
enum MissingKeys {
    /// A missing key of a required property is an error (a new model).
    case rejected
    /// Absent keys keep the model's values (an update).
    case allowed
    /// The model is new or an update, which the caller learns from the decoded key (an
    /// import): a missing key is the error only when a later property's value failed too, where
    /// a new model would report it; otherwise the caller checks ``DecodedMembers/found``.
    case rejectedWithFailure

    /// Whether the walk reads into an existing model (an update, an import), whose flattened
    /// models take the payload's keys as the model itself does.
    var mergesIntoExisting: Bool {
        if case .rejected = self { return false }
        return true
    }
}

/// The decoded properties a walk met in the object, and those it wrote a value to (not a
/// `null` that kept the default, nor, in lenient mode, a value that failed).
struct DecodedMembers {
    let found: PropertySet
    let written: PropertySet
}

/// The state of one model walk over one object: the properties met, and the error decided so
/// far (see ``ModelMetadata/decodeMembers(from:into:_:missingKeys:)``).
// Made and dropped once per model: what only a failing or lenient walk needs lives in a
// `Trouble` made on first use, so a clean walk holds three words and a reference.
// The session is passed to each method, not kept: a stored reference cost a retain and a
// release per model.
struct MemberWalk {
    let ordered: Bool
    /// The decoded properties whose members have been met, and those written.
    var found: PropertySet
    var written: PropertySet
    private var trouble: Trouble?

    /// What a walk that met a failure, an unknown key, or lenient mode keeps.
    private final class Trouble {
        /// Each failing property's error (for a repeated key, its last member's) that is not
        /// listed by lenient decoding (a relaxation above takes it, or the decode is not lenient).
        var failures: [(index: Int, error: MappingError)] = []
        /// The unknown key to report (the first in payload order, or in UTF-8 order), likewise.
        var unknown: MappingError?
        /// Lenient: where this object's entries start in the session's list, and, for members
        /// without an order, the unknown keys met (listed in UTF-8 order when the object ends).
        var firstListed = 0
        var unknownKeys: [MappingError] = []
    }

    @inline(__always)
    init(_ ordered: Bool, count: Int, _ session: DecodingSession) {
        self.ordered = ordered
        found = PropertySet(count: count)
        written = PropertySet(count: count)
        if session.isLenient { madeTrouble().firstListed = session.skipped.count }
    }

    private mutating func madeTrouble() -> Trouble {
        if let trouble { return trouble }
        let made = Trouble()
        trouble = made
        return made
    }

    /// How many entries lenient decoding has listed so far.
    @inline(__always)
    static func listedCount(_ session: DecodingSession) -> Int { session.isLenient ? session.skipped.count : 0 }

    /// Whether members are still read: not once an unknown key is the error, which comes
    /// before any value.
    private(set) var readsMembers = true

    /// Property `index` is met again (a key repeated in JSON text): what its earlier member
    /// gave, an error or a lenient entry, is replaced by what this one gives.
    mutating func repeated(_ index: Int, _ session: DecodingSession) {
        guard let trouble else { return }
        if session.isLenient { session.removeListed(from: trouble.firstListed, rank: index) }
        trouble.failures.removeAll { $0.index == index }
    }

    /// A key no property reads, with `unknownKeys = .reject`.
    mutating func unknownKey(_ key: String, type: String, suggestion: String?, _ session: DecodingSession) throws {
        var error = MappingError(.unknownKey(type: type), path: [.key(key)])
        error.suggestion = suggestion
        if session.carriesOn(after: error) {
            if ordered {
                session.skip(error)
                session.rank(from: session.skipped.count - 1, as: -1)
            } else {
                madeTrouble().unknownKeys.append(error)
            }
            return
        }
        // The first in payload order is the error; among unordered members, the first in key order.
        if ordered { throw error }
        let trouble = madeTrouble()
        trouble.unknown = error.earlierInKeyOrder(than: trouble.unknown)
        readsMembers = false
    }

    /// Whether missing keys are errors in this walk.
    func reportsMissingKeys(_ missingKeys: MissingKeys) -> Bool {
        switch missingKeys {
        case .rejected: return true
        case .allowed: return false
        case .rejectedWithFailure: return trouble?.failures.isEmpty == false
        }
    }

    /// Property `index` failed with `error` (its path from the object); `keepsValue` says
    /// whether the model still has a value for it, so lenient decoding may carry on.
    mutating func failed(_ index: Int, _ error: MappingError, keepsValue: Bool, _ session: DecodingSession) throws {
        if keepsValue, session.carriesOn(after: error) {
            session.skip(error)
            return
        }
        // Malformed JSON, limits and broken declarations stop the walk where they happen.
        guard error.isRelaxable else { throw error }
        madeTrouble().failures.append((index, error))
    }

    /// Lenient: the entries listed since `start` belong to property `index` (`-1`: the
    /// object's own unknown keys), for the order ``finish(_:)`` lists them in.
    @inline(__always)
    static func ranks(from start: Int, as index: Int, _ session: DecodingSession) {
        if session.isLenient, session.skipped.count > start { session.rank(from: start, as: index) }
    }

    /// Throws the error decided for the object; in lenient mode, lists its entries in order.
    @inline(__always)
    func finish(_ session: DecodingSession) throws {
        if let trouble { try Self.finish(trouble, session) }
    }

    // Out of line: a clean walk only asks whether there was trouble.
    @inline(never)
    private static func finish(_ trouble: Trouble, _ session: DecodingSession) throws {
        if session.isLenient {
            for error in trouble.unknownKeys.sorted(by: { $0.precedesInKeyOrder($1) }) {
                session.skip(error)
                session.rank(from: session.skipped.count - 1, as: -1)
            }
            session.orderListed(from: trouble.firstListed)
        }
        if let unknown = trouble.unknown { throw unknown }
        if let first = trouble.failures.min(by: { $0.index < $1.index }) { throw first.error }
    }
}
