import Foundation

/// A value guarded by a lock; every access goes through ``withLock(_:)``.
///
/// Backed by `NSLock` (a pthread mutex) rather than the Synchronization module's `Mutex`:
/// ThreadSanitizer cannot see `Mutex`'s futex-based synchronisation on Linux and reports races
/// that are not there, which would hide real ones in CI's TSan run.
final class Locked<Value> {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

// Safe because the value is only ever reached through `withLock`, while the lock is held.
extension Locked: @unchecked Sendable {}
