
/// The one process-wide cache of model metadata, keyed by type.
///
/// Metadata is built outside the lock (building runs user code: `init()` and, later, rule
/// declarations); publishing is a single critical section that looks up and inserts together,
/// so racing builders all end up with the first published instance.
final class MetadataCache: Sendable {
    static let shared = MetadataCache()

    enum Entry {
        case ready(AnyObject)
        case failed(MappingError)
    }

    private let entries = Locked<[ObjectIdentifier: Entry]>([:])

    func entry(for type: Any.Type) -> Entry? {
        entries.withLock { $0[ObjectIdentifier(type)] }
    }

    /// Inserts `entry` unless one exists; returns whichever entry is in the cache afterwards.
    func publish(_ entry: Entry, for type: Any.Type) -> Entry {
        entries.withLock { entries in
            let key = ObjectIdentifier(type)
            if let existing = entries[key] { return existing }
            entries[key] = entry
            return entry
        }
    }
}

// Safe because an Entry is only ever handed out after publication through the lock, and what it
// holds is immutable from then on (see ModelMetadata).
extension MetadataCache.Entry: @unchecked Sendable {}
