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
    mutating func write(_ value: JSONValue, sortedKeys: Bool) {
        switch value {
        case .null:
            writeNull()
        case .bool(let flag):
            writeBool(flag)
        case .number(let number):
            writeNumber(number)
        case .string(let string):
            writeString(string)
        case .array(let elements):
            beginArray()
            for element in elements {
                write(element, sortedKeys: sortedKeys)
            }
            endArray()
        case .object(let object):
            beginObject()
            if sortedKeys {
                let members = object.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                for member in members {
                    writeKey(member.key)
                    write(member.value, sortedKeys: sortedKeys)
                }
            } else {
                for member in object {
                    writeKey(member.key)
                    write(member.value, sortedKeys: sortedKeys)
                }
            }
            endObject()
        }
    }
}
