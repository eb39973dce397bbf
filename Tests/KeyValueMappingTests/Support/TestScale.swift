import Foundation

/// How much of a generated or exhaustive table a test runs. The plain run (`swift test`, the
/// README's command) runs all of it. The runs under AddressSanitizer and ThreadSanitizer, where
/// each case costs 5–20 times as much and which look for memory and thread errors rather than
/// for wrong values, set `KEYVALUEMAPPING_TEST_SCALE=reduced` (`.ci/run` does) and run a fifth.
enum TestScale {
    /// Whether the reduced scale was asked for.
    static let isReduced = ProcessInfo.processInfo.environment["KEYVALUEMAPPING_TEST_SCALE"] == "reduced"

    /// `full` in the plain run, a fifth of it (at least one) at the reduced scale.
    static func count(_ full: Int) -> Int {
        isReduced ? max(1, full / 5) : full
    }
}
