/// What maps to what for one ``Mappable`` type: one row per stored property, in declaration
/// order (superclass properties first), ignored properties included.
///
/// Build one with ``KeyValueModel/mappingTable()`` (or ``KeyValueModel/mappingTable(decoder:encoder:)`` to
/// see the keys under a decoder's and an encoder's naming styles). Its ``description`` is an
/// aligned table, one line per property starting with the property's name:
///
/// ```
/// property   key                      type     transformer             presence  direction
/// id         repo_id                  Int      –                       required  decoded, encoded
/// fullName   full_name                String   –                       default   decoded, encoded
/// stars      stargazers_count | stars Int      –                       default   decoded, encoded
/// createdAt  created_at               Date     .millisecondsSince1970  default   decoded, encoded
/// cache      –                        [String] –                       ignored   –
/// ```
///
/// Keys are written as the rules spell them: key paths (`owner.login`, `items[0].id`),
/// candidates in order separated by `|` (the first present one is read, the first one is
/// written), gathered keys joined by `+`. When the encoder writes another key than the decoder
/// reads, the key column adds `(writes …)`.
public struct MappingTable: Sendable, Equatable, CustomStringConvertible {
    /// One stored property and how it maps.
    public struct Row: Sendable, Equatable {
        /// How the property finds its value in the payload.
        public enum KeyKind: Sendable, Equatable {
            /// One top-level key.
            case key
            /// A key path of keys and indexes (`owner.login`, `items[0].id`).
            case path
            /// Several candidate keys; the first present one is read, the first one is written.
            case candidates
            /// Several keys gathered into one dictionary.
            case gathered
            /// Not mapped (ignored).
            case unmapped
        }

        /// What decoding requires of the property's key.
        public enum Presence: Sendable, Equatable, CustomStringConvertible {
            /// A missing key is an error.
            case required
            /// The type is an `Optional`: a missing key keeps the prototype's value, `null` is `nil`.
            case optional
            /// A missing key keeps the prototype's value; `null` is an error.
            case defaulted
            /// Never decoded or encoded (an ignore or allow rule, or a `weak`/`unowned` reference).
            case ignored
            /// Encoded but never decoded (a `let`).
            case notDecoded

            /// The word the table prints: `required`, `optional`, `default`, `ignored`, or `–`.
            public var description: String {
                switch self {
                case .required: return "required"
                case .optional: return "optional"
                case .defaulted: return "default"
                case .ignored: return "ignored"
                case .notDecoded: return "–"
                }
            }
        }

        /// The property's name in Swift.
        public let property: String
        /// The type that declares it (a superclass for inherited properties), by its short name.
        public let owner: String
        /// The key paths decoding reads, as the rules spell them (empty when ignored).
        public let keys: [String]
        /// The key paths encoding writes (empty when ignored).
        public let encodedKeys: [String]
        /// How ``keys`` are used.
        public let keyKind: KeyKind
        /// The Swift type, as written in code (`[String: Int]`, `Date?`).
        public let type: String
        /// The transformer as the rules write it (`.millisecondsSince1970`), if there is one.
        public let transformer: String?
        /// What decoding requires of the key.
        public let presence: Presence
        /// Whether decoding writes the property.
        public let isDecoded: Bool
        /// Whether encoding writes the property.
        public let isEncoded: Bool
        /// What a tag chooses, for a union (``MappableEnum``) or a polymorphic property, as
        /// `tag: Payload` (`circle: Circle`, or the tag alone for a case without a payload), in
        /// declaration order; empty for any other property. The table's type column lists them.
        public let cases: [String]
    }

    /// The model's type name (short form, as `String(describing:)` gives it).
    public let typeName: String
    /// Every stored property, in declaration order, superclass properties first.
    public let rows: [Row]

    /// The table as aligned text: a header, then one line per property starting with its name.
    /// A "declared in" column appears when the properties come from more than one class. Control
    /// characters and line separators in keys and names are written as JSON string escapes
    /// (`line\nbreak`), so each property stays on one line.
    public var description: String {
        var header = ["property", "key", "type", "transformer", "presence", "direction"]
        let showsOwner = Set(rows.map(\.owner)).count > 1
        if showsOwner { header.append("declared in") }
        var lines = [header]
        for row in rows {
            let type = row.cases.isEmpty ? row.type : "\(row.type) (\(row.cases.joined(separator: " | ")))"
            var cells = [row.property, Self.keyText(row), type, row.transformer ?? "–", row.presence.description, Self.direction(row)]
            if showsOwner { cells.append(row.owner) }
            lines.append(cells.map(Self.escapingControlCharacters))
        }
        var widths = [Int](repeating: 0, count: header.count)
        for line in lines {
            for (column, cell) in line.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        return lines.map { cells in
            var text = ""
            for (column, cell) in cells.enumerated() {
                text += cell
                if column < cells.count - 1 { text += String(repeating: " ", count: widths[column] - cell.count + 2) }
            }
            return text
        }.joined(separator: "\n")
    }

    /// `text` with every control character (C0, DEL, C1) and line or paragraph separator as a
    /// JSON string escape: `\n`, `\t`, `\r`, `\b`, `\f`, else `\u` and four hex digits.
    private static func escapingControlCharacters(_ text: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return result
    }

    private static func keyText(_ row: Row) -> String {
        func joined(_ keys: [String]) -> String {
            keys.joined(separator: row.keyKind == .gathered ? " + " : " | ")
        }
        guard !row.keys.isEmpty || !row.encodedKeys.isEmpty else { return "–" }
        if !row.isDecoded { return joined(row.encodedKeys) }
        let read = joined(row.keys)
        let written = row.keyKind == .candidates ? Array(row.encodedKeys.prefix(1)) : row.encodedKeys
        let expected = row.keyKind == .candidates ? Array(row.keys.prefix(1)) : row.keys
        return written == expected ? read : "\(read) (writes \(joined(written)))"
    }

    private static func direction(_ row: Row) -> String {
        switch (row.isDecoded, row.isEncoded) {
        case (true, true): return "decoded, encoded"
        case (false, true): return "encoded only"
        case (true, false): return "decoded only"
        case (false, false): return "–"
        }
    }
}
