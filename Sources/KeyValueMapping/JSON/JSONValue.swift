import Foundation

/// Any JSON value, read strictly by RFC 8259 and written back without loss.
///
/// Numbers keep their literal text (see ``JSONNumber``) and objects keep their member order
/// (see ``JSONObject``), so reading and writing compact output reproduces the input's values
/// exactly.
///
/// Equality is structural: numbers compare their literal text, objects their members in
/// order with keys matched by exact scalars, and string values use Swift's `String` equality
/// (canonical equivalence), so `.string("é") == .string("e\u{301}")`.
///
/// ```swift
/// let value = try JSONValue(jsonString: #"{"id": 12345678901234567890, "tags": ["a", "b"]}"#)
/// if case .object(let object) = value, case .number(let id)? = object["id"] {
///     id.uint64Value // 12345678901234567890
/// }
/// value.jsonString() // {"id":12345678901234567890,"tags":["a","b"]}
/// ```
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its literal text.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array of values.
    case array([JSONValue])
    /// An object with ordered, unique keys.
    case object(JSONObject)

    /// Reads one JSON text from UTF-8 bytes, such as `Data` or `[UInt8]`.
    ///
    /// Any value may stand at the top level, including a bare scalar such as `42` or `"hi"`.
    /// Whitespace (space, tab, LF, CR) may surround it; nothing else may follow it.
    ///
    /// - Throws: ``JSONSyntaxError`` for anything that is not strict RFC 8259 JSON in UTF-8,
    ///   or that breaks a limit in `options`.
    public init(jsonData: some Collection<UInt8>, options: JSONReadingOptions = JSONReadingOptions()) throws(JSONSyntaxError) {
        // Read in place when the collection has contiguous storage (Data, Array), else from one
        // copy; the reader neither stores nor returns the lent bytes.
        let result = ByteInput.withBytes(of: jsonData) { input in
            Result { () throws(JSONSyntaxError) in try JSONReader.read(input, options: options) }
        }
        self = try result.get()
    }

    /// Reads one JSON text from a string (its UTF-8 encoding).
    ///
    /// - Throws: ``JSONSyntaxError``, with offsets and columns counted in UTF-8 bytes.
    public init(jsonString: String, options: JSONReadingOptions = JSONReadingOptions()) throws(JSONSyntaxError) {
        // The UTF-8 bytes are lent for the read; the reader copies out what it keeps.
        let result = ByteInput.withUTF8(of: jsonString) { input in
            Result { () throws(JSONSyntaxError) in try JSONReader.read(input, options: options) }
        }
        self = try result.get()
    }

    /// Writes the value as UTF-8 JSON text.
    ///
    /// Never fails: every ``JSONNumber`` is finite by construction. Output is compact unless
    /// `options` contains ``JSONWritingOptions/prettyPrinted``.
    public func jsonData(options: JSONWritingOptions = []) -> Data {
        Data(jsonBytes(options: options))
    }

    /// Writes the value as JSON text; see ``jsonData(options:)``.
    public func jsonString(options: JSONWritingOptions = []) -> String {
        String(decoding: jsonBytes(options: options), as: UTF8.self)
    }

    /// The UTF-8 bytes of the written text.
    func jsonBytes(options: JSONWritingOptions) -> [UInt8] {
        var writer = JSONWriter(prettyPrinted: options.contains(.prettyPrinted))
        writer.write(self, sortedKeys: options.contains(.sortedKeys))
        return writer.bytes
    }
}

extension JSONWriter {
    /// Writes a whole value tree, members sorted by UTF-8 key bytes when `sortedKeys` is set.
    // Iterative, with the pending tokens on an explicit stack: a value may be nested up to the
    // reader's ceiling (or deeper, when built in code), and a frame per level would overflow a
    // small thread stack in debug builds.
    mutating func write(_ value: JSONValue, sortedKeys: Bool) {
        enum Pending {
            case value(JSONValue)
            case member(key: String, value: JSONValue)
            case endArray
            case endObject
        }
        var pending: [Pending] = [.value(value)]
        while let next = pending.popLast() {
            switch next {
            case .value(.null):
                writeNull()
            case .value(.bool(let flag)):
                writeBool(flag)
            case .value(.number(let number)):
                writeNumber(number)
            case .value(.string(let string)):
                writeString(string)
            case .value(.array(let elements)):
                beginArray()
                pending.append(.endArray)
                for element in elements.reversed() {
                    pending.append(.value(element))
                }
            case .value(.object(let object)):
                beginObject()
                pending.append(.endObject)
                let members = sortedKeys ? object.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : Array(object)
                for member in members.reversed() {
                    pending.append(.member(key: member.key, value: member.value))
                }
            case .member(let key, let value):
                writeKey(key)
                pending.append(.value(value))
            case .endArray:
                endArray()
            case .endObject:
                endObject()
            }
        }
    }
}

extension JSONValue {
    /// Structural equality (see the type's documentation): numbers by literal text, objects by
    /// members in order with keys matched by exact scalars, strings by Swift's `String` equality.
    // Iterative for the same reason as writing: pairs still to compare wait on a list.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        var pending: [(JSONValue, JSONValue)] = [(lhs, rhs)]
        while let (left, right) = pending.popLast() {
            switch (left, right) {
            case (.null, .null):
                continue
            case (.bool(let a), .bool(let b)):
                guard a == b else { return false }
            case (.number(let a), .number(let b)):
                guard a == b else { return false }
            case (.string(let a), .string(let b)):
                guard a == b else { return false }
            case (.array(let a), .array(let b)):
                guard a.count == b.count else { return false }
                for index in a.indices { pending.append((a[index], b[index])) }
            case (.object(let a), .object(let b)):
                guard a.count == b.count else { return false }
                for index in a.indices {
                    guard JSONObjectKey.same(a[index].key, b[index].key) else { return false }
                    pending.append((a[index].value, b[index].value))
                }
            default:
                return false
            }
        }
        return true
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text (``jsonString(options:)``), written without recursion.
    public var description: String { jsonString() }
}
