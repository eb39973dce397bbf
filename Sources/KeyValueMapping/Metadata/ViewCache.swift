/// What one view of the models (the Codable bridge's hints and snake-case keys, …) derives
/// from a type's metadata, built on first use and kept by that view, beside the metadata
/// rather than in it: the core metadata holds only what every walk needs.
///
/// An entry is built outside the lock (a view may need another type's metadata, which is
/// built and published under a lock of its own) and published in one critical section that
/// looks up and inserts together, so racing builders all end up with the first entry published.
final class ViewCache<Entry: Sendable>: Sendable {
    private let entries = Locked<[ObjectIdentifier: Entry]>([:])

    /// The entry for `type`, built by `build` when there is none yet.
    func entry(for type: Any.Type, build: () throws -> Entry) rethrows -> Entry {
        let key = ObjectIdentifier(type)
        if let entry = entries.withLock({ $0[key] }) { return entry }
        let built = try build()
        return entries.withLock { entries in
            if let existing = entries[key] { return existing }
            entries[key] = built
            return built
        }
    }
}
