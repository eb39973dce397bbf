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

/// The cases of an enum whose raw values are text, found by the exact bytes of that text, so a
/// case costs neither a String nor `init(rawValue:)` (in unspecialised generic code that and
/// its optional result cost runtime metadata lookups each time).
///
/// For a `CaseIterable` enum every case is listed once, when its codec is made, and the table
/// is read-only from then on, shared by every decode without a lock. For any other enum the
/// cases are learnt as one decode meets them, in a table of that decode's own
/// (``DecodingSession/caseTexts(for:)``). Only cases are listed: a text that is not a case (an
/// unknown case a relaxation replaces) is converted, and reported, every time.
// Unchecked: the values are only of trivial types (see `RawValueCodec`), plain bits that share no
// storage between the copies handed to different threads; a shared table is never written
// after it is made, and a decode's own is used by that decode alone. For the same reason the
// dynamic exclusivity checks on every lookup (about 80 instructions each) buy nothing.
final class CaseTexts<Value>: @unchecked Sendable {
    @exclusivity(unchecked) private var texts = TextIndex()
    @exclusivity(unchecked) private var values: [Value] = []

    init() {}

    /// The table of every case of a `CaseIterable` enum whose raw values are `String`s.
    init?(listing type: Value.Type) {
        guard let cases = CaseList.cases(of: Value.self) else { return nil }
        for value in cases {
            guard let text = (value as? any RawRepresentable)?.rawValue as? String else { return nil }
            ByteInput.withUTF8(of: text) { bytes in
                let hash = TextIndex.hash(bytes)
                if texts.position(of: bytes, hash: hash) == nil { add(value, text: text, hash: hash) }
            }
        }
    }

    /// Where the case whose text is exactly `bytes` is listed, if it is: a position rather
    /// than the case, because generic code handling a `Value?` looks up `Optional<Value>`'s
    /// metadata at run time on every call.
    func position(of bytes: ByteInput) -> Int? {
        texts.position(of: bytes, hash: TextIndex.hash(bytes))
    }

    /// The case listed at `position`.
    func value(at position: Int) -> Value {
        values[position]
    }

    /// Lists `value` under `bytes` (not listed yet), unless the table is full.
    func add(_ value: Value, bytes: ByteInput) {
        guard texts.count < Self.limit else { return }
        add(value, text: bytes.text, hash: TextIndex.hash(bytes))
    }

    private func add(_ value: Value, text: String, hash: UInt64) {
        texts.append(text, hash: hash)
        values.append(value)
    }

    /// Texts kept in a decode's table; later new texts are converted every time (a type with
    /// more distinct raw values than this is not an enum of cases).
    static var limit: Int { 64 }
}
