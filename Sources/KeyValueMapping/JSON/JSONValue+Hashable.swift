// Hashing follows each type's documented equality: numbers hash their literal text (as
// `JSONNumber` already does), strings hash as `String` (canonical equivalence, like `==`), and
// object keys hash their exact UTF-8 bytes, in member order, as `JSONObject`'s `==` compares
// them. Equal values therefore always hash alike.

extension JSONObject: Hashable {
    /// Hashes the members in order: each key's exact UTF-8 bytes and its value.
    public func hash(into hasher: inout Hasher) {
        JSONValue.object(self).hash(into: &hasher)
    }
}

extension JSONValue: Hashable {
    /// Hashes the value consistently with `==` (see ``JSONValue`` for what counts as equal).
    public func hash(into hasher: inout Hasher) {
        // Iterative, like `==` and writing: a value nested as deep as the reader allows would
        // otherwise recurse as deep on a thread that may have little stack. Values are hashed
        // in document order, each container with its kind and count, so the sequence fed to the
        // hasher determines the structure.
        var pending: [HashStep] = [.value(self)]
        while let step = pending.popLast() {
            switch step {
            case .key(let key):
                // The key's bytes, not the `String`: `"é"` and `"e\u{301}"` are different keys.
                hasher.combine(JSONObjectKey.hash(key))
            case .value(.null):
                hasher.combine(0)
            case .value(.bool(let flag)):
                hasher.combine(1)
                hasher.combine(flag)
            case .value(.number(let number)):
                hasher.combine(2)
                hasher.combine(number)
            case .value(.string(let text)):
                hasher.combine(3)
                hasher.combine(text)
            case .value(.array(let elements)):
                hasher.combine(4)
                hasher.combine(elements.count)
                pending.append(contentsOf: elements.reversed().lazy.map(HashStep.value))
            case .value(.object(let object)):
                hasher.combine(5)
                hasher.combine(object.count)
                for member in object.reversed() {
                    pending.append(.value(member.value))
                    pending.append(.key(member.key))
                }
            }
        }
    }

    private enum HashStep {
        case key(String)
        case value(JSONValue)
    }
}
