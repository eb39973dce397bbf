extension Dictionary {
    /// Calls `body` with the dictionary's indexes in iteration order, held in temporary storage
    /// (on the stack for a small dictionary) rather than in an array allocated per call.
    func withIndexTable<Result>(_ body: (IndexTable<Key, Value>) throws -> Result) rethrows -> Result {
        try withUnsafeTemporaryAllocation(of: Index.self, capacity: count) { buffer in
            var initialized = 0
            for index in indices {
                // Sound: a dictionary has `count` indexes, the buffer's capacity.
                buffer.initializeElement(at: initialized, to: index)
                initialized += 1
            }
            // Every element was initialised above, and each is destroyed once.
            defer { buffer.prefix(initialized).deinitialize() }
            return try body(IndexTable(buffer: UnsafeBufferPointer(buffer)))
        }
    }
}

/// A dictionary's indexes by their position in its iteration order, lent by
/// ``Swift/Dictionary/withIndexTable(_:)`` for the call only.
struct IndexTable<Key: Hashable, Value> {
    fileprivate let buffer: UnsafeBufferPointer<Dictionary<Key, Value>.Index>

    /// The number of indexes.
    var count: Int { buffer.count }

    /// The index at `position` of the iteration order (checked).
    subscript(position: Int) -> Dictionary<Key, Value>.Index {
        precondition(position >= 0 && position < buffer.count, "index table position out of range")
        return buffer[position]
    }
}
