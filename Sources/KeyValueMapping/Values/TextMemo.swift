import Foundation

// Payloads repeat texts that are costly to convert: the same user, repository or image URL is
// embedded in item after item (GitHub's issue lists carry ~1,600 URL fields with ~150 distinct
// values, and Foundation's `URL(string:)` costs microseconds on Linux), and every record spells
// its enum cases again (in unspecialised generic code `init(rawValue:)` and its optional result
// cost runtime metadata lookups each time). Both results are values and pure functions of the
// text, so a repeated text gets the same value without converting it again.
//
// Texts are matched by their UTF-8 bytes, never by `String`'s canonical equivalence (U+212A
// KELVIN SIGN equals "K" there, but is not a valid URL character, nor the raw value of a case
// spelled with "K"), and only successful conversions are kept.

/// Texts by their exact UTF-8 bytes, each at the position where it was added.
///
/// It holds no values, so the generic memos below keep theirs in a plain array beside it and
/// unspecialised generic code (a user's enum) touches no runtime metadata for a lookup.
struct TextIndex {
    private var hashes: [UInt64] = []
    private var texts: [String] = []
    /// Built once there are more texts than a scan of `hashes` handles quickly.
    private var index: HashIndex?

    private static var linearScanLimit: Int { 8 }

    /// How many texts there are.
    var count: Int { hashes.count }

    /// The seeded hash of a text's bytes, under which it is found (see `ByteInput.hash`).
    static func hash(_ bytes: ByteInput) -> UInt64 {
        JSONObjectKey.hash(bytes)
    }

    /// The position of the text with exactly the bytes `bytes` (which hash to `hash`).
    func position(of bytes: ByteInput, hash: UInt64) -> Int? {
        if let index {
            return index.position(of: hash) { hashes[$0] == hash && bytes.equals(texts[$0]) }
        }
        for position in hashes.indices where hashes[position] == hash && bytes.equals(texts[position]) {
            return position
        }
        return nil
    }

    /// Adds `text` (whose bytes hash to `hash`, and which is not present) at position `count`.
    mutating func append(_ text: String, hash: UInt64) {
        hashes.append(hash)
        texts.append(text)
        if index != nil {
            index?.insert(position: hashes.count - 1, hashes: hashes)
        } else if hashes.count > Self.linearScanLimit {
            index = HashIndex(hashes: hashes)
        }
    }
}

/// The values one decode has built from text (its URLs), by the text's exact bytes; at most
/// `limit` are kept, later new texts are converted every time.
struct TextMemo<Value> {
    let limit: Int
    private var texts = TextIndex()
    private var values: [Value] = []

    init(limit: Int) {
        self.limit = limit
    }

    /// Remembers that `text` (whose bytes hash to `hash`, and which is not remembered yet)
    /// converts to `value`.
    private mutating func remember(_ value: Value, text: String, hash: UInt64) {
        guard texts.count < limit else { return }
        texts.append(text, hash: hash)
        values.append(value)
    }

    /// The value for the text whose bytes are `bytes`, from the memo or made by `convert` from
    /// `text()` (whose successes are remembered).
    mutating func value(for bytes: ByteInput, text: () -> String, convert: (String) -> Value?) -> Value? {
        let hash = TextIndex.hash(bytes)
        if let found = texts.position(of: bytes, hash: hash) { return values[found] }
        let text = text()
        guard let value = convert(text) else { return nil }
        remember(value, text: text, hash: hash)
        return value
    }

    /// ``value(for:text:convert:)`` for a text already built.
    mutating func value(for text: String, convert: (String) -> Value?) -> Value? {
        ByteInput.withUTF8(of: text) { bytes in value(for: bytes, text: { text }, convert: convert) }
    }
}

/// The values every decode through one enum codec has built from text, so each case's text is
/// converted once per process rather than once per decode.
///
/// Sharing is sound because what it remembers does not depend on the decode: a JSON string is
/// a `String` raw value as it stands under every option, and `init(rawValue:)` is a pure
/// function of it. It is small (a type with more distinct raw values than ``limit`` is not an
/// enum of cases) and every access holds the lock.
// Unchecked: the values are only of trivial types (see `RawValueCodec`), plain bits that share
// no storage between the copies handed to different threads. The lock guards every access, so
// Swift's dynamic exclusivity checks on the two properties are switched off. It keeps its own
// `TextIndex` and array rather than a `TextMemo<Value>`: a generic struct stored in this generic
// class made every lookup fetch `TextMemo<Value>`'s runtime metadata (measured: ~660
// instructions per enum value more).
final class SharedTextMemo<Value>: @unchecked Sendable {
    /// Texts kept; later new texts are converted every time.
    static var limit: Int { 64 }

    private let lock = NSLock()
    @exclusivity(unchecked) private var texts = TextIndex()
    @exclusivity(unchecked) private var values: [Value] = []

    /// The value for the text whose bytes are `bytes`, remembered or made by `convert` from
    /// `text()` (both run without the lock held; a success is then remembered).
    func value(for bytes: ByteInput, text: () -> String, convert: (String) throws -> Value) rethrows -> Value {
        let hash = TextIndex.hash(bytes)
        lock.lock()
        if let position = texts.position(of: bytes, hash: hash) {
            defer { lock.unlock() }
            return values[position]
        }
        lock.unlock()
        let text = text()
        let value = try convert(text)
        lock.lock()
        defer { lock.unlock() }
        if texts.count < Self.limit, texts.position(of: bytes, hash: hash) == nil {
            texts.append(text, hash: hash)
            values.append(value)
        }
        return value
    }
}
