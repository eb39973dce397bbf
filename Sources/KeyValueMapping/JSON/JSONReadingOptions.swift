/// Settings for ``JSONValue/init(jsonData:options:)``: how deep, how forgiving, how duplicates resolve.
///
/// The defaults follow RFC 8259 strictly. Every setting is a plain stored property, so a caller
/// builds the options once and the reader takes them by value (an immutable snapshot).
public struct JSONReadingOptions: Sendable {
    /// What to do when one object holds the same key more than once.
    ///
    /// RFC 8259 says names "SHOULD be unique" and leaves the outcome to the parser. Keys are
    /// compared by their exact Unicode scalars (RFC 8259 §8.3), so `"é"` precomposed and
    /// `"e\u0301"` are different keys, not duplicates.
    public enum DuplicateKeyPolicy: Sendable, Hashable {
        /// Keep one member per key whose value is the last one read, at the position where
        /// the key first appeared. This matches JavaScript's `JSON.parse` and Foundation.
        case useLast
        /// Keep the first member read for a key and ignore later ones.
        case useFirst
        /// Throw a ``JSONSyntaxError`` pointing at the second occurrence of the key.
        case reject
    }

    /// The deepest nesting of arrays and objects accepted; default `512`, at most
    /// ``depthCeiling``.
    ///
    /// `[[]]` has depth 2 and a scalar has depth 0. A deeper text throws a ``JSONSyntaxError``
    /// at the bracket that goes one level too far. The reader is iterative, and so are writing,
    /// comparing and converting a ``JSONValue``; but Swift destroys a nested value recursively,
    /// about 230 bytes of stack per level, so a value nested without bound could overflow the
    /// stack of whichever thread releases it. A larger setting, even `Int.max`, therefore
    /// reads at most ``depthCeiling`` levels.
    public var maximumDepth = 512

    /// The most levels the reader accepts whatever ``maximumDepth`` says: `1_000`, which a
    /// 512 KiB thread (the smallest default stack on Apple platforms) can still release in a
    /// debug build with room to spare.
    public static let depthCeiling = 1_000

    /// The limit the reader applies: ``maximumDepth``, capped at ``depthCeiling``.
    var effectiveMaximumDepth: Int { min(maximumDepth, Self.depthCeiling) }

    /// How repeated keys in one object are resolved; default ``DuplicateKeyPolicy/useLast``.
    public var duplicateKeys: DuplicateKeyPolicy = .useLast

    /// Whether a leading UTF-8 byte order mark (`EF BB BF`) is skipped; default `false`.
    ///
    /// RFC 8259 §8.1 says implementations "MUST NOT add a byte order mark" and "MAY ignore the
    /// presence of one". The reader rejects it by default, so a stray BOM is noticed; set
    /// this to `true` to skip one mark before the text. Byte offsets in errors still count it.
    public var allowsByteOrderMark = false

    /// Creates options with the strict defaults.
    public init() {}
}

/// Settings for ``JSONValue/jsonData(options:)`` and ``JSONValue/jsonString(options:)``.
///
/// With no options the output is compact: no whitespace at all, members in stored order.
public struct JSONWritingOptions: OptionSet, Sendable {
    /// The raw bits of the set.
    public let rawValue: Int

    /// Creates a set from raw bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Breaks lines and indents by two spaces per level, writing members as `"key": value`.
    ///
    /// Each element or member sits on its own line; empty containers stay `[]` and `{}`; there
    /// is no trailing newline.
    ///
    /// ```
    /// {
    ///   "a": [
    ///     1,
    ///     2
    ///   ],
    ///   "b": {}
    /// }
    /// ```
    public static let prettyPrinted = JSONWritingOptions(rawValue: 1 << 0)

    /// Writes object members ordered by key, comparing the keys' UTF-8 bytes.
    ///
    /// Byte order of UTF-8 equals Unicode scalar order, so the result does not depend on the
    /// locale or on Unicode normalisation, and it is the same on every platform.
    public static let sortedKeys = JSONWritingOptions(rawValue: 1 << 1)
}
