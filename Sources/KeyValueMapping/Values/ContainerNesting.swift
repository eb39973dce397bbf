import Foundation

// Every walk into a container held as `Any` — a JSON array or object on the dictionary path,
// or an `Any`, `[Any]` or `[String: Any]` being encoded — enters it here: one level of depth
// (the session's `enter()`, which bounds how deep any walk goes) and, for a Foundation container,
// a check by identity that it is not already open further up the path. NSMutableArray and
// NSMutableDictionary are the only JSON containers that can contain themselves; Swift arrays and
// dictionaries are values and are told apart in one comparison. Foundation containers are read
// one level at a time (``FoundationContainer``), so the walk, not a bridging cast, is what
// descends, and it meets a cycle as an error at its key path.
extension NestingSession {
    /// Enters `value`, a container about to be walked; returns what ``leaveContainer(_:)`` needs.
    @inline(__always)
    func enterContainer(_ value: Any) throws -> ObjectIdentifier? {
        try enter()
        guard let object = FoundationContainer.object(in: value) else { return nil }
        return try open(object)
    }

    /// Leaves the container ``enterContainer(_:)`` entered.
    @inline(__always)
    func leaveContainer(_ container: ObjectIdentifier?) {
        if container != nil { activeObjects.removeLast() }
        leave()
    }

    private func open(_ object: AnyObject) throws -> ObjectIdentifier {
        let identifier = ObjectIdentifier(object)
        if activeObjects.contains(identifier) {
            leave()
            throw MappingError(.cycle(type: SwiftTypeName.qualified(type(of: object))))
        }
        activeObjects.append(identifier)
        return identifier
    }
}
