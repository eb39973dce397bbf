import Foundation

// Swift releases a nested value recursively, a chain of calls per level. What a decode builds
// level by level under `NestingSession.enter()` is safe to release where it was built: building
// it took more stack than releasing it does. Two kinds of value are built without that check: a
// value the reader reads whole in the middle of a stream (iterative, up to the reader's 1,000
// levels) and the Foundation form of a parsed value (`JSONValue.foundationValue()`, iterative
// too). Dropped deep in a decode, such a value could need more stack than the thread has left.
// So a deep one is also held by the session, which outlives every frame of the decode, and when
// the session ends it is taken apart one level at a time: each container is then released when
// it no longer holds the only reference to any nested container.
extension DecodingSession {
    /// Values nested deeper than this are held: releasing this many levels takes a few KiB of
    /// stack, well inside the reserve ``NestingSession/enter()`` keeps below the last level.
    static var deepValueLevels: Int { 32 }

    /// Reads the value at the reader's position whole, its depth counted from the document's
    /// root (see ``JSONReader/depth``).
    func readValue(_ reader: inout JSONReader) throws -> JSONValue {
        var levels = 0
        let value = try reader.syntax { try $0.readValue(levels: &levels) }
        if levels > Self.deepValueLevels { deepValues.append(value) }
        return value
    }

    /// `json` as the plain Swift values ``JSONValue/foundationValue()`` gives, for the rules and
    /// codecs that work on those.
    func foundationValue(of json: JSONValue) -> Any {
        var levels = 0
        let value = json.foundationValue(levels: &levels)
        if levels > Self.deepValueLevels { deepValues.append(value) }
        return value
    }
}

/// Releases nested values without recursion.
enum DeepValues {
    /// Empties `values` (parsed values and the Foundation containers made from them), releasing
    /// each container only after its elements are held elsewhere: on the pending lists, which
    /// hold nothing nested once their containers are gone.
    static func release(_ values: inout [Any]) {
        var pending = values
        values = []
        var parsed: [JSONValue] = []
        // Each value popped, and each container bound from it, lives for one turn of its loop:
        // at the end of the turn its storage goes, while its elements live on, on a pending list.
        while let value = pending.popLast() {
            if let json = value as? JSONValue {
                parsed.append(json)
            } else if let array = value as? [Any] {
                pending.append(contentsOf: array)
            } else if let dictionary = value as? [String: Any] {
                pending.append(contentsOf: dictionary.values)
            }
        }
        while let json = parsed.popLast() {
            switch json {
            case .array(let elements):
                parsed.append(contentsOf: elements)
            case .object(let object):
                for member in object { parsed.append(member.value) }
            case .null, .bool, .number, .string:
                break
            }
        }
    }
}
