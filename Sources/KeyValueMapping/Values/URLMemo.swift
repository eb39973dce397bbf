import Foundation

/// The URLs one decode has already parsed, by their exact text.
///
/// Payloads repeat URLs: the same user, repository or image is embedded in item after item
/// (GitHub's issue lists carry ~1,600 URL fields with ~150 distinct values), and Foundation's
/// `URL(string:)` costs microseconds on Linux. `URL` is a value and parsing is a pure function
/// of the text, so a repeated text gets the same result without parsing it again. Texts are
/// matched by their UTF-8 bytes, never by `String`'s canonical equivalence (U+212A KELVIN
/// SIGN equals "K" there, but is not a valid URL character). Only successful parses are
/// kept, at most ``limit`` of them, and the memo lives and dies with its decode.
struct URLMemo {
    /// Entries kept per decode; later new texts are parsed every time.
    static let limit = 1024

    /// By the seeded hash of the text's bytes; the bytes confirm a match. A second text with
    /// the same hash is simply not remembered.
    private var entries: [UInt64: Entry] = [:]

    private struct Entry {
        let text: String
        let url: URL
    }

    /// The URL for `text`, from the memo or from `parse` (whose successes are remembered).
    mutating func url(for text: String, parse: (String) -> URL?) -> URL? {
        let (hash, remembered) = ByteInput.withUTF8(of: text) { bytes in
            let hash = JSONObjectKey.hash(bytes)
            return (hash, url(hash: hash, bytes: bytes))
        }
        if let remembered { return remembered }
        guard let url = parse(text) else { return nil }
        remember(url, text: text, hash: hash)
        return url
    }

    /// The remembered URL whose text has exactly the bytes of `bytes` (which hash to `hash`).
    func url(hash: UInt64, bytes: ByteInput) -> URL? {
        guard let entry = entries[hash], bytes.equals(entry.text) else { return nil }
        return entry.url
    }

    /// Remembers a successful parse of `text`, whose bytes hash to `hash`.
    mutating func remember(_ url: URL, text: String, hash: UInt64) {
        // Payloads that repeat URLs usually hold dozens to hundreds of distinct ones.
        if entries.isEmpty { entries.reserveCapacity(128) }
        guard entries.count < Self.limit, entries[hash] == nil else { return }
        entries[hash] = Entry(text: text, url: url)
    }
}
