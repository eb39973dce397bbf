/// An open-addressing table from a 64-bit hash to a position in the caller's list, for lists
/// too long to scan: an object's members, a decode's remembered texts.
///
/// It stores positions only; the hashes live with the caller's entries, so growing the table
/// hashes nothing again. Lookups probe linearly from the hash's slot and let the caller confirm
/// each candidate (hash, then bytes), so two entries with one hash are still told apart.
struct HashIndex: Sendable {
    /// Position + 1 in each slot; 0 marks an empty slot. The count is a power of two.
    private var slots: [Int]
    private var used = 0

    /// A table holding positions `0..<hashes.count`, where `hashes` are the entries' hashes.
    init(hashes: some Collection<UInt64>) {
        var capacity = 32
        while capacity < hashes.count * 2 { capacity *= 2 }
        slots = [Int](repeating: 0, count: capacity)
        for (position, hash) in hashes.enumerated() {
            place(position, hash: hash)
        }
    }

    /// Adds the entry at `position` (the last of `hashes`, not yet present), growing at half full.
    mutating func insert(position: Int, hashes: some Collection<UInt64>) {
        if (used + 1) * 2 > slots.count {
            self = HashIndex(hashes: hashes)
            return
        }
        place(position, hash: hashes[hashes.index(hashes.startIndex, offsetBy: position)])
    }

    /// The first position stored under `hash` for which `matches` holds.
    func position(of hash: UInt64, matches: (Int) -> Bool) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let position = slots[slot] - 1
            if matches(position) { return position }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private mutating func place(_ position: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = position + 1
        used += 1
    }
}
