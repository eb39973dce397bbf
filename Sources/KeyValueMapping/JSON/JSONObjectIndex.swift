/// An open-addressing table from key hash to member position, for objects with more members
/// than ``JSONObject/linearScanLimit``.
///
/// It stores positions only; the hashes live in the members, so growing the table rehashes
/// nothing. Lookups probe linearly from the hash's slot and confirm a candidate with the
/// caller's byte comparison, so two keys with one hash are still told apart.
struct JSONObjectIndex: Sendable {
    /// Member position + 1 in each slot; 0 marks an empty slot. The count is a power of two.
    private var slots: [Int]
    private var used = 0

    /// A table holding every member.
    init(members: [JSONObjectMember]) {
        var capacity = 32
        while capacity < members.count * 2 { capacity *= 2 }
        slots = [Int](repeating: 0, count: capacity)
        for position in members.indices {
            place(position, hash: members[position].hash)
        }
    }

    /// Adds the member at `position` (a key not yet present), growing at half full.
    mutating func insert(position: Int, members: [JSONObjectMember]) {
        if (used + 1) * 2 > slots.count {
            self = JSONObjectIndex(members: members)
            return
        }
        place(position, hash: members[position].hash)
    }

    /// The position of a member with hash `hash` for which `matches` holds.
    func position(of hash: UInt64, in members: [JSONObjectMember], matches: (Int) -> Bool) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let position = slots[slot] - 1
            if members[position].hash == hash && matches(position) { return position }
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
