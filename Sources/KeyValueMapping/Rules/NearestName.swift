/// The name a mistyped one most likely meant, for a message's "did you mean …?".
///
/// Names are compared without regard to case, by edit distance (insertions, deletions and
/// substitutions of characters); a candidate is offered only when it is close for the name's
/// length (at most one edit per three characters, and never more than two), so a name that
/// resembles nothing gets no suggestion rather than a misleading one.
enum NearestName {
    /// The closest of `candidates` to `name` (the first in their order on a tie), or `nil`
    /// when none is close enough.
    static func suggestion(for name: String, among candidates: [String]) -> String? {
        let target = Array(name.lowercased())
        let allowed = min(2, max(1, target.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(target, Array(candidate.lowercased()), limit: allowed)
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// For a payload key no property reads, the property whose key it most likely meant:
    /// keys are compared without case and without `_`, `-` and spaces (so naming styles that
    /// split acronyms differently meet), then by ``suggestion(for:among:)``'s closeness. `keys`
    /// pairs each property's name with the key it reads.
    static func keySuggestion(for key: String, keys: [(property: String, key: String)]) -> String? {
        func folded(_ text: String) -> String {
            String(text.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " })
        }
        let target = folded(key)
        let candidates = keys.filter { $0.key != key }
        let foldedKeys = candidates.map { folded($0.key) }
        let position = foldedKeys.firstIndex(of: target) ?? suggestion(for: target, among: foldedKeys).flatMap { foldedKeys.firstIndex(of: $0) }
        return position.map { "did you mean \"\(candidates[$0].property)\", which reads \"\(candidates[$0].key)\"?" }
    }

    /// The Levenshtein distance between `a` and `b`, or any value above `limit` once it is
    /// certain to exceed it.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                rowMinimum = min(rowMinimum, current[j])
            }
            // Every later row is at least this row's minimum.
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
