// Hashing follows each type's documented equality: numbers hash their literal text (as
// `JSONNumber` already does), strings hash as `String` (canonical equivalence, like `==`), and
// object keys hash their exact UTF-8 bytes, in member order, as `JSONObject`'s `==` compares
// them. Equal values therefore always hash alike.

extension JSONObject: Hashable {
    /// Hashes the members in order: each key's exact UTF-8 bytes and its value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for member in self {
            // The key's bytes, not the `String`: `"é"` and `"e\u{301}"` are different keys.
            hasher.combine(JSONObjectKey.hash(member.key))
            hasher.combine(member.value)
        }
    }
}

extension JSONValue: Hashable {
    /// Hashes the value consistently with `==` (see ``JSONValue`` for what counts as equal).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0)
        case .bool(let flag):
            hasher.combine(1)
            hasher.combine(flag)
        case .number(let number):
            hasher.combine(2)
            hasher.combine(number)
        case .string(let text):
            hasher.combine(3)
            hasher.combine(text)
        case .array(let elements):
            hasher.combine(4)
            hasher.combine(elements)
        case .object(let object):
            hasher.combine(5)
            hasher.combine(object)
        }
    }
}
