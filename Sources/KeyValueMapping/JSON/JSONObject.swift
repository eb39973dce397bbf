import Foundation
/// A JSON object: its members in the order they were read or inserted, with fast lookup by key.
///
/// Keys are unique, compared by their exact Unicode scalars as RFC 8259 §8.3 prescribes, not
/// by Swift's canonical equivalence: `"é"` (U+00E9) and `"e\u0301"` are two different keys,
/// and a lookup must spell the key the same way. (Decoding a model is another matter: a
/// property's key matches a canonically equivalent member too, as with a `[String: Any]` or
/// Foundation's `JSONDecoder`.) When a text or an initialiser repeats a key, the object keeps one member
/// for it: by default the last value wins and the member stays where the key first appeared,
/// so `{"a": 1, "b": 2, "a": 3}` becomes `{"a": 3, "b": 2}`.
///
/// ```swift
/// let object: JSONObject = ["name": .string("Ada"), "born": .number(JSONNumber(Int64(1815)))]
/// object["name"] // .string("Ada")
/// object.keys    // ["name", "born"]
/// ```
///
/// Equality is order-sensitive, like comparing two arrays of members; compare after sorting
/// when order should not matter.
public struct JSONObject: Sendable, Equatable, RandomAccessCollection, CustomStringConvertible {
    /// One member: a key and its value.
    public typealias Element = (key: String, value: JSONValue)
    /// Positions are offsets into the member list.
    public typealias Index = Int

    /// Above this many members a hash index is built; below it a linear scan of the members'
    /// key hashes is cheaper than maintaining one.
    static let linearScanLimit = 16

    private var members: [JSONObjectMember]
    /// Key hash → position, present only when there are more than `linearScanLimit` members.
    private var index: HashIndex?

    /// Creates an object from members in order; a repeated key keeps the last value at the
    /// position where the key first appeared.
    public init(_ members: [(String, JSONValue)]) {
        var builder = JSONObjectBuilder()
        for (key, value) in members {
            _ = builder.insert(key: key, value: value, policy: .useLast)
        }
        self.init(builder)
    }

    /// Adopts the members a builder collected, with its index.
    init(_ builder: JSONObjectBuilder) {
        members = builder.members
        index = builder.index
    }

    /// The position of the first member.
    public var startIndex: Int { 0 }
    /// The position after the last member.
    public var endIndex: Int { members.count }

    /// The member at `position`.
    public subscript(position: Int) -> Element {
        (members[position].key, members[position].value)
    }

    /// The value stored for `key`, or `nil` if the object has no such member.
    public subscript(key: String) -> JSONValue? {
        guard let position = position(of: key) else { return nil }
        return members[position].value
    }

    /// The keys in member order.
    public var keys: [String] {
        members.map(\.key)
    }

    /// The value of the member named `key`, trying position `hint` first: model properties are
    /// usually declared in the order the payload lists them, so the member after the previous
    /// match is most often the one wanted. `hint` is advanced past the match.
    func value(forKey key: String, hint: inout Int) -> JSONValue? {
        if hint < members.count, JSONObjectKey.same(members[hint].key, key) {
            hint += 1
            return members[hint - 1].value
        }
        guard let position = position(of: key) else { return nil }
        hint = position + 1
        return members[position].value
    }

    /// The value a model's property whose key is `key` reads: the member with exactly these
    /// bytes, else one whose key is canonically equivalent (see ``canonicalValue(forKey:keysAreASCII:)``).
    func value(matching key: String) -> JSONValue? {
        if let position = position(of: key) { return members[position].value }
        return canonicalValue(forKey: key, keysAreASCII: nil)
    }

    /// The value of the last member whose key is equal to `key` as Swift compares strings
    /// (canonical equivalence: `"user\u{212A}ey"`, with a Kelvin sign, equals `"userKey"`), for
    /// a key whose exact bytes are not a member: models read keys as the dictionary path and
    /// the stream compare them, and as Foundation's `JSONDecoder` does. Two keys with different
    /// bytes can be equivalent only if one of them is not plain ASCII, so nothing is compared
    /// when `key` and every member's key (`keysAreASCII`, when the caller knows it) are ASCII.
    func canonicalValue(forKey key: String, keysAreASCII: Bool?) -> JSONValue? {
        let keyIsASCII = Self.isASCII(key)
        if keyIsASCII, keysAreASCII == true { return nil }
        for member in members.reversed() where !(keyIsASCII && Self.isASCII(member.key)) && member.key == key {
            return member.value
        }
        return nil
    }

    /// Whether every key is plain ASCII, so none is canonically equivalent to another ASCII key
    /// without being that key.
    var keysAreASCII: Bool {
        members.allSatisfy { Self.isASCII($0.key) }
    }

    private static func isASCII(_ key: String) -> Bool {
        key.utf8.allSatisfy { $0 < 0x80 }
    }

    /// The position of the member named `key`.
    func position(of key: String) -> Int? {
        JSONObjectBuilder.position(of: key, hash: JSONObjectKey.hash(key), in: members, index: index)
    }

    /// The object as compact JSON text, members in order.
    public var description: String { JSONValue.object(self).jsonString() }

    /// Whether both objects have the same members in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        // Through JSONValue's iterative comparison, so nested members never recurse.
        JSONValue.object(lhs) == JSONValue.object(rhs)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Creates an object from a literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}

/// One stored member, with its key's hash (see ``JSONObjectKey/hash(_:)``).
struct JSONObjectMember: Sendable {
    let key: String
    var value: JSONValue
    let hash: UInt64
}

/// Collects an object's members one at a time, resolving repeated keys as they arrive.
///
/// The reader and the public initialisers share it, so both apply exactly the same duplicate
/// rule, and the lookup index is built once, incrementally, instead of after the fact.
struct JSONObjectBuilder {
    /// What `insert` did with a member.
    enum Outcome {
        /// The key was new and the member was appended.
        case added
        /// The key was already present and the policy decided the outcome.
        case duplicate
    }

    fileprivate(set) var members: [JSONObjectMember] = []
    fileprivate(set) var index: HashIndex?
    /// One bit per key hash (its low six bits) seen so far: a key whose bit is clear is new
    /// without scanning the members, which is the usual case in a payload.
    private var seen: UInt64 = 0

    /// Makes room for `count` members.
    mutating func reserveCapacity(_ count: Int) {
        members.reserveCapacity(count)
    }

    /// Adds a member, or resolves a repeated key by `policy`. With `.reject` the existing
    /// member is left unchanged and the caller reports the error.
    mutating func insert(key: String, value: JSONValue, policy: JSONReadingOptions.DuplicateKeyPolicy) -> Outcome {
        insert(key: key, hash: JSONObjectKey.hash(key), value: value, policy: policy)
    }

    /// ``insert(key:value:policy:)`` for a key whose hash the caller already has.
    mutating func insert(key: String, hash: UInt64, value: JSONValue, policy: JSONReadingOptions.DuplicateKeyPolicy) -> Outcome {
        let bit: UInt64 = 1 << (hash & 63)
        defer { seen |= bit }
        if seen & bit != 0, let existing = Self.position(of: key, hash: hash, in: members, index: index) {
            if policy == .useLast {
                members[existing].value = value
            }
            return .duplicate
        }
        members.append(JSONObjectMember(key: key, value: value, hash: hash))
        if index != nil {
            index?.insert(position: members.count - 1, hashes: members.lazy.map(\.hash))
        } else if members.count > JSONObject.linearScanLimit {
            index = HashIndex(hashes: members.lazy.map(\.hash))
        }
        return .added
    }

    /// The position of the member whose key has exactly the UTF-8 bytes of `key` (whose hash
    /// is `hash`): hashes are compared first, bytes only when they agree.
    static func position(of key: String, hash: UInt64, in members: [JSONObjectMember], index: HashIndex?) -> Int? {
        if let index {
            return index.position(of: hash) { members[$0].hash == hash && JSONObjectKey.same(members[$0].key, key) }
        }
        for position in members.indices where members[position].hash == hash && JSONObjectKey.same(members[position].key, key) {
            return position
        }
        return nil
    }
}

/// Object keys are compared and hashed by their UTF-8 bytes, so that canonically equivalent
/// but differently encoded keys stay distinct, as JSON requires (Swift's `String ==` would
/// merge them).
enum JSONObjectKey {
    /// Whether two keys have the same UTF-8 bytes.
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        ByteInput.sameUTF8(lhs, rhs)
    }

    /// A hash of the key's UTF-8 bytes, seeded per process (see `ByteInput.hash`).
    static func hash(_ key: String) -> UInt64 {
        ByteInput.withUTF8(of: key) { hash($0) }
    }

    /// The same hash of bytes that are not (yet) a String.
    static func hash(_ bytes: ByteInput) -> UInt64 {
        bytes.hash(seed: seed)
    }

    /// Random per process, so inputs cannot be crafted offline to collide.
    private static let seed = UInt64.random(in: .min ... .max)
}
