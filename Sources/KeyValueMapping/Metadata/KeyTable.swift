/// Everything about a model's keys that depends on the naming style, in the forms the decode and
/// encode loops read: built once per type and style (``ModelMetadata/keyTable(for:)``), immutable
/// afterwards. A decoder- or encoder-wide ``NamingStyle`` therefore keeps every fast path a
/// type-declared style has: keys matched as bytes while streaming, quoted once for writing, and
/// written in declaration order.
final class KeyTable: Sendable {
    /// The metadata object the table belongs to (sessions find their tables by it).
    let owner: ObjectIdentifier
    /// Each decoded property's key, and its single top-level key when it has one.
    let decodeKeys: [ResolvedKey]
    let decodedSingleKeys: [String?]
    /// Decoded property index by single key, for the streaming bytes path.
    let decodedKeyIndex: [String: Int]
    /// The UTF-8 bytes of each single decode key that needs no escaping in JSON.
    let decodedKeyBytes: [[UInt8]?]
    /// The entries of `decodedKeyBytes` by their ``keyFingerprint(_:)``, for a payload key the
    /// declaration order did not predict: each slot holds the fingerprint in its high half and
    /// the index plus one in its low half (0: empty), in a power-of-two table at least four
    /// times as long as the keys, probed linearly from ``keySlot(_:shift:)``. So a key read from the
    /// payload is compared byte by byte only with a declared key that has its fingerprint.
    let decodedKeySlots: [UInt64]
    /// How far a fingerprint's hash is shifted right to index `decodedKeySlots`.
    let keySlotShift: Int
    /// Whether every single decode key is in `decodedKeyBytes` and plain ASCII, so a plain ASCII
    /// key in the payload that matches none of those bytes matches no property at all.
    let keyBytesAreComplete: Bool
    /// Whether every decoded property reads one top-level key (what streaming needs).
    let decodedKeysAreSingle: Bool

    /// Each encoded property's key, and its single top-level key when it has one.
    let encodeKeys: [ResolvedKey]
    let encodedSingleKeys: [String?]
    /// Each encoded property's key (its single key, else its name) as the JSON writer writes
    /// it, quoted and escaped once here instead of once per value.
    let encodedQuotedKeys: [[UInt8]]
    /// Whether every encoded property has a single key (no key path).
    let encodedKeysAreSingle: Bool
    /// Encoded property indexes in UTF-8 key order, for `.sortedKeys`.
    let encodedKeyOrder: [Int]

    /// Every top-level payload key the type knows: the first key of every mapped property's
    /// key, path, candidates and gathered keys, the keys its other stored properties (ignored,
    /// `let`, weak) would have, and the keys its rules allow. Anything else is an unknown key.
    let knownKeys: Set<String>
    /// The single keys of the encoded properties that decoding never writes (a `let`), each
    /// with its property's name: with `unknownKeys = .reject` a payload value for one is an
    /// unknown key whose message says why, so a value the model cannot take is never dropped
    /// silently where the caller asked to hear about dropped values.
    let constantKeys: [String: String]

    /// The table of `properties` (of which `decoded` are decoded), whose keys `keyFor` gives by
    /// property name under the style wanted; `otherNames` are the type's stored properties that
    /// are not mapped, whose keys are known all the same.
    init(owner: ObjectIdentifier, properties: [PropertyDescriptor], decoded: [PropertyDescriptor], otherNames: [String],
         allowedUnknownKeys: [String], keyFor: (String) -> ResolvedKey) {
        self.owner = owner
        func key(_ property: PropertyDescriptor) -> ResolvedKey {
            property.keyIsFixed ? property.key : keyFor(property.name)
        }
        decodeKeys = decoded.map(key)
        decodedSingleKeys = decodeKeys.map(\.singleKey)
        var index: [String: Int] = [:]
        for (position, key) in decodedSingleKeys.enumerated() {
            if let key, index[key] == nil { index[key] = position }
        }
        decodedKeyIndex = index
        decodedKeyBytes = decodedSingleKeys.map { key in
            guard let bytes = key.map({ Array($0.utf8) }),
                  !bytes.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 })
            else { return nil }
            return bytes
        }
        let slotBits = Int.bitWidth - (max(8, 4 * decodedKeyBytes.count) - 1).leadingZeroBitCount
        keySlotShift = 64 - slotBits
        var slots = [UInt64](repeating: 0, count: 1 << slotBits)
        for (position, bytes) in decodedKeyBytes.enumerated() {
            guard let bytes else { continue }
            let fingerprint = bytes.withUnsafeBufferPointer(Self.keyFingerprint)
            // In declaration order: of two equal keys, the earlier property is met first.
            var slot = Self.keySlot(fingerprint, shift: keySlotShift)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = fingerprint << 32 | UInt64(position + 1)
        }
        decodedKeySlots = slots
        keyBytesAreComplete = decodedKeyBytes.allSatisfy { bytes in bytes.map { $0.allSatisfy { $0 < 0x80 } } ?? false }
        decodedKeysAreSingle = decodedSingleKeys.allSatisfy { $0 != nil }

        encodeKeys = properties.map(key)
        let encodedSingleKeys = encodeKeys.map(\.singleKey)
        self.encodedSingleKeys = encodedSingleKeys
        let writtenKeys = properties.indices.map { encodedSingleKeys[$0] ?? properties[$0].name }
        encodedQuotedKeys = writtenKeys.map(JSONWriter.quoted)
        encodedKeysAreSingle = encodedSingleKeys.allSatisfy { $0 != nil }
        encodedKeyOrder = properties.indices.sorted { writtenKeys[$0].utf8.lexicographicallyPrecedes(writtenKeys[$1].utf8) }

        // The top-level keys `keys` read: each path's first step.
        func firstKeys(of keys: [ResolvedKey]) -> Set<String> {
            Set(keys.flatMap(\.readPaths).compactMap { path in
                if case .key(let first)? = path.first { return first }
                return nil
            })
        }
        // A key a decoded property reads in any way (a candidate, a path's first step) is read.
        let read = firstKeys(of: decodeKeys).union(allowedUnknownKeys)
        var known = read.union(firstKeys(of: encodeKeys))
        for name in otherNames {
            if case .key(let first)? = keyFor(name).readPaths.first?.first { known.insert(first) }
        }
        knownKeys = known
        var constants: [String: String] = [:]
        for (position, property) in properties.enumerated() where !property.isDecoded {
            if let key = encodedSingleKeys[position], !read.contains(key) {
                constants[key] = property.name
            }
        }
        constantKeys = constants
    }

    /// The table of a type with no properties (what a metadata object holds until it is built).
    static let empty = KeyTable(owner: ObjectIdentifier(KeyTable.self), properties: [], decoded: [], otherNames: [],
                                allowedUnknownKeys: [], keyFor: { .key($0) })

    /// The decoded property whose single key is `key` (canonically equivalent text included, as
    /// Swift compares strings), trying position `hint` first: payloads usually list keys in
    /// declaration order. `hint` moves past a match.
    @inline(__always)
    func propertyIndex(of key: String, hint: inout Int) -> Int? {
        if hint < decodedSingleKeys.count, decodedSingleKeys[hint] == key {
            hint += 1
            return hint - 1
        }
        guard let index = decodedKeyIndex[key] else { return nil }
        hint = index + 1
        return index
    }

    /// A key's length (its low byte) and its first, middle and last bytes, in 32 bits.
    @inline(__always)
    static func keyFingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let last = bytes.last else { return 0 }
        return UInt64(UInt8(truncatingIfNeeded: bytes.count)) | UInt64(bytes[0]) << 8 | UInt64(bytes[bytes.count / 2]) << 16 | UInt64(last) << 24
    }

    /// Where `decodedKeySlots` starts looking for the key with `fingerprint` (Fibonacci hashing:
    /// the high bits of the product).
    @inline(__always)
    static func keySlot(_ fingerprint: UInt64, shift: Int) -> Int {
        Int(truncatingIfNeeded: (fingerprint &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }
}

extension ResolvedKey {
    /// The one top-level key, when this is one.
    var singleKey: String? {
        if case .key(let key) = self { return key }
        return nil
    }

    /// Every path this key may read: its key or path, each candidate, each gathered key.
    var readPaths: [[MappingError.PathComponent]] {
        switch self {
        case .key(let key): return [[.key(key)]]
        case .path(let components): return [components]
        case .candidates(let paths): return paths
        case .gather(_, let keys): return keys.map(\.path)
        }
    }
}

/// A session that resolves keys under its own naming style and remembers the tables it used.
protocol KeyTableSession: AnyObject {
    var keyStyle: NamingStyle { get }
    /// The tables of this session's style that it has used, for the few model types one call
    /// meets, found by owner, which costs less than hashing (and custom styles' tables are built
    /// once per call). The first two are kept without allocating: a call that encodes one small
    /// model would otherwise pay for a list.
    var styledKeyTables: StyledKeyTables { get set }
}

/// The key tables one session has used (see ``KeyTableSession``).
struct StyledKeyTables {
    private var first: KeyTable?
    private var second: KeyTable?
    private var others: [KeyTable] = []

    /// The table that belongs to `owner`, if this session has used it.
    @inline(__always)
    func table(for owner: ObjectIdentifier) -> KeyTable? {
        if let first, first.owner == owner { return first }
        if let second, second.owner == owner { return second }
        // An index loop: in generic callers an iterator would cost a runtime metadata lookup.
        for index in 0..<others.count where others[index].owner == owner {
            return others[index]
        }
        return nil
    }

    /// Remembers `table` and returns it.
    mutating func remember(_ table: KeyTable) -> KeyTable {
        if first == nil {
            first = table
        } else if second == nil {
            second = table
        } else {
            others.append(table)
        }
        return table
    }
}

extension KeyTableSession {
    /// The table of `metadata` under this session's style; an `invalidDeclaration` error when
    /// two of its properties' keys collide under that style.
    @inline(__always)
    func keyTable<Model>(for metadata: ModelMetadata<Model>) throws -> KeyTable {
        if metadata.keysAreFixed || keyStyle.isAsDeclared { return metadata.declaredKeys }
        return try styledKeyTables.table(for: ObjectIdentifier(metadata)) ?? styledKeyTables.remember(metadata.keyTable(for: keyStyle))
    }
}
