import Foundation
/// A JSON object: its members in the order they were read or inserted, with fast lookup by key.
///
/// Keys are unique, compared by their exact Unicode scalars as RFC 8259 §8.3 prescribes, not
/// by Swift's canonical equivalence: `"é"` (U+00E9) and `"e\u0301"` are two different keys,
/// and a lookup must spell the key the same way. When a text or an initialiser repeats a key, the object keeps one member
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
public struct JSONObject: Sendable, Equatable, RandomAccessCollection {
    /// One member: a key and its value.
    public typealias Element = (key: String, value: JSONValue)
    /// Positions are offsets into the member list.
    public typealias Index = Int

    /// Above this many members a hash index is built; below it a linear scan of a few short
    /// strings beats hashing the key.
    static let linearScanLimit = 16

    private var members: [Element]
    /// Key → position, present only when there are more than `linearScanLimit` members.
    private var index: [JSONObjectKey: Int]?

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
        members[position]
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

    /// The position of the member named `key`.
    func position(of key: String) -> Int? {
        if let index { return index[JSONObjectKey(key)] }
        return members.firstIndex { JSONObjectKey.same($0.key, key) }
    }

    /// Whether both objects have the same members in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { JSONObjectKey.same($0.key, $1.key) && $0.value == $1.value }
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Creates an object from a literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
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

    fileprivate(set) var members: [JSONObject.Element] = []
    fileprivate(set) var index: [JSONObjectKey: Int]?

    /// Adds a member, or resolves a repeated key by `policy`. With `.reject` the existing
    /// member is left unchanged and the caller reports the error.
    mutating func insert(key: String, value: JSONValue, policy: JSONReadingOptions.DuplicateKeyPolicy) -> Outcome {
        let existing: Int?
        if let index {
            existing = index[JSONObjectKey(key)]
        } else {
            existing = members.firstIndex { JSONObjectKey.same($0.key, key) }
        }
        if let existing {
            if policy == .useLast {
                members[existing].value = value
            }
            return .duplicate
        }
        members.append((key: key, value: value))
        if index != nil {
            index?[JSONObjectKey(key)] = members.count - 1
        } else if members.count > JSONObject.linearScanLimit {
            var built = [JSONObjectKey: Int](minimumCapacity: members.count * 2)
            for (position, member) in members.enumerated() {
                built[JSONObjectKey(member.key)] = position
            }
            index = built
        }
        return .added
    }
}

/// A key compared and hashed by its UTF-8 bytes, so that canonically equivalent but differently
/// encoded keys stay distinct, as JSON requires (Swift's `String ==` would merge them).
struct JSONObjectKey: Hashable {
    let string: String

    init(_ string: String) {
        self.string = string
    }

    /// Whether two keys have the same UTF-8 bytes.
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        ByteInput.sameUTF8(lhs, rhs)
    }

    static func == (lhs: JSONObjectKey, rhs: JSONObjectKey) -> Bool {
        same(lhs.string, rhs.string)
    }

    func hash(into hasher: inout Hasher) {
        ByteInput.hashUTF8(string, into: &hasher)
    }
}
