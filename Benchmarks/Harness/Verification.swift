import Foundation

/// Checks a candidate's output against the floor's before anything is timed, so a fast but
/// wrong candidate can never win a table.
enum Verification {
    /// How far apart two `Double`s may be, in units in the last place, and still count as equal.
    /// Linux Foundation's `JSONSerialization` parser rounds imprecisely (up to 5 ulp on
    /// canada.json, where `JSONDecoder` is exact), and it is the floor everything is checked
    /// against; a real precision bug (a `Float` detour, a truncated digit) is far larger.
    static let ulpTolerance = 8.0

    /// Throws a ``BenchmarkFailure`` naming the workload, operation, candidate and the first
    /// differing field when `actual` is not equal to `expected` (doubles within
    /// ``ulpTolerance`` excepted, and reported).
    static func check<Value: Equatable>(
        _ actual: Value,
        equals expected: Value,
        workload: WorkloadName,
        operation: OperationName,
        candidate: CandidateName
    ) throws {
        guard actual != expected else { return }
        var walk = Walk()
        if let difference = walk.firstDifference(actual, expected, path: "") {
            throw BenchmarkFailure(
                "verification failed: workload \(workload.rawValue), \(operation.rawValue), candidate \(candidate.rawValue): \(difference)"
            )
        }
        guard walk.toleratedDoubles > 0 else {
            throw BenchmarkFailure(
                "verification failed: workload \(workload.rawValue), \(operation.rawValue), candidate \(candidate.rawValue): the values differ, but no field does (check ==)"
            )
        }
        print(
            "note: \(workload.rawValue) \(operation.rawValue) \(candidate.rawValue): \(walk.toleratedDoubles) doubles differ from the floor "
                + "by at most \(Int(walk.largestUlps)) ulp (JSONSerialization's imprecise number parsing); accepted"
        )
    }

    /// Runs `produce` and rewraps any error with the workload, operation and candidate.
    static func attempt<Value>(
        workload: WorkloadName,
        operation: OperationName,
        candidate: CandidateName,
        _ produce: () throws -> Value
    ) throws -> Value {
        do {
            return try produce()
        } catch {
            throw BenchmarkFailure(
                "verification failed: workload \(workload.rawValue), \(operation.rawValue), candidate \(candidate.rawValue) threw: \(error)"
            )
        }
    }

    // Walks both values with Mirror (the models are plain structs, arrays, dictionaries and
    // optionals) and describes the first leaf that differs, e.g. `[3].user.login: "a" vs "b"`.
    private struct Walk {
        var toleratedDoubles = 0
        var largestUlps = 0.0

        mutating func firstDifference(_ actual: Any, _ expected: Any, path: String) -> String? {
            let place = path.isEmpty ? "(root)" : path
            if let left = actual as? Double, let right = expected as? Double {
                return compare(left, right, place: place)
            }
            // Coordinates arrive as [Double] by the ten thousand: compare them without Mirror.
            if let left = actual as? [Double], let right = expected as? [Double], left.count == right.count {
                for (index, (leftValue, rightValue)) in zip(left, right).enumerated() {
                    if let found = compare(leftValue, rightValue, place: "\(path)[\(index)]") { return found }
                }
                return nil
            }
            let left = Mirror(reflecting: actual)
            let right = Mirror(reflecting: expected)
            if left.displayStyle == .dictionary, right.displayStyle == .dictionary {
                return dictionaryDifference(left, right, path: path)
            }
            let leftChildren = Array(left.children)
            let rightChildren = Array(right.children)
            let isLeaf = leftChildren.isEmpty && rightChildren.isEmpty
            if isLeaf || left.displayStyle == .enum || actual is URL || actual is Date {
                let leftText = String(reflecting: actual)
                let rightText = String(reflecting: expected)
                return leftText == rightText ? nil : "\(place): got \(leftText), expected \(rightText)"
            }
            if leftChildren.count != rightChildren.count {
                return "\(place): got \(leftChildren.count) elements, expected \(rightChildren.count)"
            }
            for (index, (leftChild, rightChild)) in zip(leftChildren, rightChildren).enumerated() {
                let step = left.displayStyle == .collection || left.displayStyle == .set
                    ? "[\(index)]"
                    : leftChild.label.map { path.isEmpty ? $0 : ".\($0)" } ?? "[\(index)]"
                if let found = firstDifference(leftChild.value, rightChild.value, path: path + step) {
                    return found
                }
            }
            return nil
        }

        private mutating func compare(_ left: Double, _ right: Double, place: String) -> String? {
            if left == right { return nil }
            let ulps = abs(left - right) / max(left.ulp, right.ulp)
            guard ulps <= Verification.ulpTolerance else { return "\(place): got \(left), expected \(right)" }
            toleratedDoubles += 1
            largestUlps = max(largestUlps, ulps)
            return nil
        }

        // Dictionaries iterate in an unspecified order, so match children by key text.
        private mutating func dictionaryDifference(_ left: Mirror, _ right: Mirror, path: String) -> String? {
            func entries(_ mirror: Mirror) -> [String: Any] {
                var result: [String: Any] = [:]
                for child in mirror.children {
                    let pair = Array(Mirror(reflecting: child.value).children)
                    if pair.count == 2 { result[String(describing: pair[0].value)] = pair[1].value }
                }
                return result
            }
            let leftEntries = entries(left)
            let rightEntries = entries(right)
            for key in rightEntries.keys.sorted() {
                guard let leftValue = leftEntries[key], let rightValue = rightEntries[key] else {
                    return "\(path)[\(key)]: missing"
                }
                if let found = firstDifference(leftValue, rightValue, path: "\(path)[\(key)]") { return found }
            }
            if let extra = leftEntries.keys.first(where: { rightEntries[$0] == nil }) {
                return "\(path)[\(extra)]: unexpected key"
            }
            return nil
        }
    }
}
