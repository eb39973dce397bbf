/// A set of property indexes, the ones a walk has met in an object. Most models have at most
/// 64 decoded properties: their set lives in one word, with no allocation per model.
struct PropertySet {
    private var low: UInt64 = 0
    private var high: [UInt64] = []

    /// A set for indexes below `count`.
    init(count: Int) {
        if count > 64 { high = [UInt64](repeating: 0, count: (count - 1) / 64) }
    }

    @inline(__always)
    func contains(_ index: Int) -> Bool {
        if index < 64 { return low & (1 << UInt64(index)) != 0 }
        return high[index / 64 - 1] & (1 << UInt64(index % 64)) != 0
    }

    @inline(__always)
    mutating func remove(_ index: Int) {
        if index < 64 {
            low &= ~(1 << UInt64(index))
        } else {
            high[index / 64 - 1] &= ~(1 << UInt64(index % 64))
        }
    }

    @inline(__always)
    mutating func insert(_ index: Int) {
        if index < 64 {
            low |= 1 << UInt64(index)
        } else {
            high[index / 64 - 1] |= 1 << UInt64(index % 64)
        }
    }
}
