/// The running state of one merge or difference: its depth against the limit, and the thread's
/// stack, which every level checks (``NestingSession/enter()``) because merging recurses once per
/// object level, several calls a level for a model.
// A session never leaves the thread of its merge, so the exclusivity checks on its counters are
// switched off, as in the decoding session.
final class PatchSession: NestingSession {
    @exclusivity(unchecked) var depth = 0
    let maximumDepth: Int
    let stackLimit = StackBounds.currentLimit()
    @exclusivity(unchecked) var activeObjects: [ObjectIdentifier] = []
    /// The naming style a patch's keys follow (the decoder's): models merge by their keys under it.
    let keyNamingStyle: NamingStyle

    init(maximumDepth: Int, keyNamingStyle: NamingStyle = .asDeclared) {
        self.maximumDepth = maximumDepth
        self.keyNamingStyle = keyNamingStyle
    }
}
