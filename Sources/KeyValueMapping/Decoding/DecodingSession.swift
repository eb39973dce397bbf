import Foundation

/// Options and running state of one decode; created per call, never shared.
// A session is used by one thread at a time (a stream's session may move to another thread
// between batches, never during one), so the dynamic exclusivity checks Swift would run on every
// access to its counters are switched off.
final class DecodingSession: NestingSession, KeyTableSession {
    let options: KeyValueDecoder
    /// Whether values convert only from their own JSON kind (``KeyValueDecoder/coercion``
    /// `.strict`); an untagged enum's trials are strict whatever the decoder says.
    @exclusivity(unchecked) var isStrict: Bool
    let keyStyle: NamingStyle
    /// The decoder's policies, read once here for the loops.
    let nullKeepsDefault: Bool
    let rejectsMissingKeys: Bool
    let rejectsUnknownKeys: Bool
    let skipsInvalidElements: Bool
    @exclusivity(unchecked) var depth = 0
    /// The stack limit of the thread decoding (see ``adoptCallingThread()``).
    @exclusivity(unchecked) private(set) var stackLimit = StackBounds.currentLimit()
    /// Foundation containers being walked further up the path (see `enterContainer`).
    @exclusivity(unchecked) var activeObjects: [ObjectIdentifier] = []
    /// Lenient mode only: the errors skipped so far, and the path to the value being decoded
    /// (lenient errors are recorded where they happen, so the full path must be known there).
    let isLenient: Bool
    @exclusivity(unchecked) private(set) var skipped: [MappingError] = []
    /// For each entry of `skipped`, its place in the order of its object (see ``rank(from:as:)``).
    @exclusivity(unchecked) private var skippedRanks: [Int] = []
    @exclusivity(unchecked) private var path: [MappingError.PathComponent] = []
    /// Lenient mode only: how many relaxations that replace a failed value (a fallback, a
    /// collection that drops failing elements) enclose the value being decoded.
    @exclusivity(unchecked) private var enclosingRelaxations = 0
    @exclusivity(unchecked) var styledKeyTables = StyledKeyTables()
    /// URLs parsed so far in this decode (see ``TextMemo``).
    @exclusivity(unchecked) var urls = TextMemo<URL>(limit: 1024)
    /// The enum cases this decode has met, by the enum type (see ``CaseTexts``).
    @exclusivity(unchecked) private var caseTables: [ObjectIdentifier: AnyObject] = [:]
    /// Deep values built without the stack check, released without recursion when the decode
    /// ends (see `DecodingSession+DeepValues.swift`).
    @exclusivity(unchecked) var deepValues: [Any] = []
    /// An import's record of each element's related records (see ``RelatedCapture``); `nil`
    /// for every other decode. The walk reads the two flags only (plain `Bool`s: no reference
    /// is taken, retained or released per object or member): whether the next object's walk is
    /// an imported element's, and whether the value being read is a related property's.
    @exclusivity(unchecked) var relatedCapture: RelatedCapture?
    @exclusivity(unchecked) var isRelatedCaptureOpen = false
    @exclusivity(unchecked) var isRelatedCaptureArmed = false
    /// The metadata of the imported type: only its own walk is captured (a subclass's decoded
    /// properties are numbered otherwise).
    @exclusivity(unchecked) var relatedCaptureParent: ObjectIdentifier?

    /// Whether the object whose walk starts now, with `metadata`, is an imported element whose
    /// related records are captured; the capture closes, so that objects nested deeper find it
    /// closed.
    @inline(__always)
    func takeRelatedCapture(_ metadata: AnyObject) -> Bool {
        guard isRelatedCaptureOpen else { return false }
        isRelatedCaptureOpen = false
        return relatedCaptureParent == ObjectIdentifier(metadata)
    }

    /// Before the member of decoded property `index` of a captured element is read (`path`:
    /// where it was found, when not at its first key).
    func armRelatedCapture(_ index: Int, path: [MappingError.PathComponent]? = nil) {
        isRelatedCaptureArmed = relatedCapture?.arm(index, path: path) ?? false
    }

    /// After it is read; what a value that failed recorded is dropped (a fallback or lenient
    /// mode may give the property another value).
    @inline(__always)
    func disarmRelatedCapture(failed: Bool = false) {
        guard isRelatedCaptureArmed else { return }
        isRelatedCaptureArmed = false
        relatedCapture?.disarm(failed: failed)
    }

    /// The key an internally tagged enum's tag stands under, in the object at `depth` that its
    /// payload model reads: a member of that object the model does not read, yet not unknown.
    @exclusivity(unchecked) var adoptedKey: (key: String, depth: Int)?

    init(options: KeyValueDecoder, lenient: Bool = false) {
        self.options = options
        isStrict = options.coercion == .strict
        keyStyle = options.keyNamingStyle
        nullKeepsDefault = options.nullDecoding == .useDefault
        rejectsMissingKeys = options.missingKeys == .reject
        rejectsUnknownKeys = options.unknownKeys == .reject
        skipsInvalidElements = options.invalidElements == .skip
        isLenient = lenient
    }

    deinit {
        if !deepValues.isEmpty { DeepValues.release(&deepValues) }
    }

    /// This decode's table of the cases of `Value` met so far.
    func caseTexts<Value>(for type: Value.Type) -> CaseTexts<Value> {
        if let table = caseTables[ObjectIdentifier(Value.self)] {
            // Filed under `Value`'s identifier, so it is a table of `Value`.
            return unsafeDowncast(table, to: CaseTexts<Value>.self)
        }
        let table = CaseTexts<Value>()
        caseTables[ObjectIdentifier(Value.self)] = table
        return table
    }

    /// Whether `key`, a member of the object being walked that its model does not read, is the
    /// tag of the enum case the model is the payload of (see ``adoptedKey``).
    func adopts(_ key: String) -> Bool {
        guard let adoptedKey else { return false }
        return adoptedKey.depth == depth && adoptedKey.key == key
    }

    /// Takes the calling thread's stack limit. A stream's session outlives the thread that made
    /// it: an asynchronous iteration resumes on whatever thread the executor picks after each
    /// read, and another thread's limit would stop a shallow decode there (its stack lies below
    /// the limit) or let a deep one overflow (above it). Each batch of elements starts here.
    func adoptCallingThread() {
        stackLimit = StackBounds.currentLimit()
    }

    // Lenient bookkeeping around one value, as a pair of calls rather than a closure: the walks
    // are generic over the source, and a closure inside one would be compiled for every source
    // at once and reach the reader through its protocol.

    /// What lenient decoding records while one value is decoded (see ``enter(_:)``); `nil`
    /// outside lenient mode, where scopes cost one test.
    struct LenientScope {
        /// How many entries `skipped` held when the value began.
        let listed: Int
        /// How many path components the value added.
        let components: Int
        /// Whether a relaxation that replaces the value if it fails encloses it.
        let relaxes: Bool
    }

    /// Enters the value at `component`: in lenient mode its path is extended, and when it fails
    /// (``exit(_:failed:)``) the value is discarded, and so is every relaxation listed while
    /// decoding it: `skipped` names only changes the returned model holds.
    @inline(__always)
    func enter(_ component: MappingError.PathComponent) -> LenientScope? {
        guard isLenient else { return nil }
        path.append(component)
        return LenientScope(listed: skipped.count, components: 1, relaxes: false)
    }

    /// ``enter(_:)`` for the value found at `components` (a key path).
    @inline(__always)
    func enter(_ components: [MappingError.PathComponent]) -> LenientScope? {
        guard isLenient else { return nil }
        path.append(contentsOf: components)
        return LenientScope(listed: skipped.count, components: components.count, relaxes: false)
    }

    /// Enters an element of a collection at `component`; `dropsFailures` says whether the
    /// collection drops an element that fails (its own rule or the decoder's), a relaxation
    /// around it (see ``enterRelaxation(_:)``).
    @inline(__always)
    func enterElement(_ component: MappingError.PathComponent, dropsFailures: Bool) -> LenientScope? {
        guard isLenient else { return nil }
        path.append(component)
        let relaxes = dropsFailures || skipsInvalidElements
        if relaxes { enclosingRelaxations += 1 }
        return LenientScope(listed: skipped.count, components: 1, relaxes: relaxes)
    }

    /// Enters a value that a relaxation replaces if it fails (`relaxes`: a fallback). In lenient
    /// mode an error inside it that this relaxation would absorb is not skipped where it happens
    /// (see ``carriesOn(after:)``): the relaxation takes it, as in a plain decode, so both give
    /// the same model.
    @inline(__always)
    func enterRelaxation(_ relaxes: Bool) -> LenientScope? {
        guard isLenient, relaxes else { return nil }
        enclosingRelaxations += 1
        return LenientScope(listed: skipped.count, components: 0, relaxes: true)
    }

    /// Leaves the value a scope was entered for; `failed` when it threw.
    @inline(__always)
    func exit(_ scope: LenientScope?, failed: Bool) {
        guard let scope else { return }
        if scope.relaxes { enclosingRelaxations -= 1 }
        path.removeLast(scope.components)
        if failed, skipped.count > scope.listed {
            skipped.removeSubrange(scope.listed...)
            skippedRanks.removeSubrange(scope.listed...)
        }
    }

    /// ``enter(_:)`` around `body`, for the few callers that are not generic walks.
    func withPath<R>(_ components: [MappingError.PathComponent], _ body: () throws -> R) rethrows -> R {
        let scope = enter(components)
        do {
            let result = try body()
            exit(scope, failed: false)
            return result
        } catch {
            exit(scope, failed: true)
            throw error
        }
    }

    /// Whether lenient decoding lists `error` and carries on with the next property: only for
    /// an error about the payload that no enclosing relaxation absorbs. An error a fallback or an
    /// element drop above would take is left to it, so that the lenient model is the model a
    /// plain decode gives whenever that succeeds.
    func carriesOn(after error: MappingError) -> Bool {
        isLenient && error.isSkippableLeniently && !(enclosingRelaxations > 0 && error.isRelaxable)
    }

    /// A relaxation changed a value (a null kept a default, an element was dropped, a fallback
    /// or an unknown case was used, an unknown key was passed over): in lenient mode it is listed
    /// in `skipped`, so a lenient decode is never silent; otherwise the decode carries on quietly.
    /// `error`'s path is relative to the current position.
    @inline(__always)
    func relaxed(_ error: @autoclosure () -> MappingError) {
        if isLenient { skip(error()) }
    }

    /// The invalid-element policy, for an element whose decode threw `error` (its path starting
    /// at the element): the collection's own rule (`skipping`) or the decoder's says whether the
    /// element is dropped (and listed in lenient mode) or the error stands. A lenient top-level
    /// collection (`dropsLeniently`: it has no prototype to keep) drops and lists whatever lenient
    /// mode carries on after.
    @inline(__always)
    func dropElement(_ error: MappingError, skipping: Bool, dropsLeniently: Bool = false) throws {
        if dropsLeniently, carriesOn(after: error) { return skip(error) }
        guard skipping || skipsInvalidElements, error.isRelaxable else { throw error }
        relaxed(error)
    }

    /// Records an error (whose path is relative to the current position) and carries on.
    func skip(_ error: MappingError) {
        skipped.append(error.prepending(path))
        skippedRanks.append(0)
    }

    /// Lenient mode: the entries listed from `start` on belong to the property at `rank` of the
    /// object being walked (`-1`: the object's own unknown keys). A walk reads an object's
    /// members in payload order, or in none; ``orderListed(from:)`` then lists them in the
    /// order errors are reported: unknown keys, then the properties in declaration order.
    func rank(from start: Int, as rank: Int) {
        for index in start..<skippedRanks.count { skippedRanks[index] = rank }
    }

    /// Lenient mode: removes the entries listed from `start` on for the property at `rank` (a
    /// key repeated in JSON text: only its last member counts).
    func removeListed(from start: Int, rank: Int) {
        for index in (start..<skipped.count).reversed() where skippedRanks[index] == rank {
            skipped.remove(at: index)
            skippedRanks.remove(at: index)
        }
    }

    /// Lenient mode: orders the entries of one object, listed from `start` on, by their ranks
    /// (stable, so each property's entries keep the order they were met in).
    func orderListed(from start: Int) {
        guard skipped.count - start > 1 else { return }
        let order = (start..<skipped.count).sorted { skippedRanks[$0] < skippedRanks[$1] || (skippedRanks[$0] == skippedRanks[$1] && $0 < $1) }
        guard order != Array(start..<skipped.count) else { return }
        let entries = order.map { skipped[$0] }
        let ranks = order.map { skippedRanks[$0] }
        skipped.replaceSubrange(start..., with: entries)
        skippedRanks.replaceSubrange(start..., with: ranks)
    }

    var maximumDepth: Int { options.maximumDepth }
}
