import Foundation

extension MappingError {
    /// Of this error and `other` (both about members of one dictionary), the one whose member key
    /// (the first key of its path) comes first in UTF-8 order. A `[String: Any]` has no order of
    /// its own, so its members are read in whatever order its hash seed gives; choosing by key
    /// makes the reported error the same on every run.
    func earlierInKeyOrder(than other: MappingError?) -> MappingError {
        guard let other else { return self }
        return precedesInKeyOrder(other) ? self : other
    }

    /// Whether this error's member key comes before `other`'s in UTF-8 order.
    func precedesInKeyOrder(_ other: MappingError) -> Bool {
        memberKey.utf8.lexicographicallyPrecedes(other.memberKey.utf8)
    }

    private var memberKey: String {
        if case .key(let key)? = path.first { return key }
        return ""
    }
}
