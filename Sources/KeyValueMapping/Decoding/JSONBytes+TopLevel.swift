import Foundation

// What a payload holds when it is not what the entry point decodes, said precisely: the JSON
// value that is there (`found Array (3 elements)`, `found null`), empty input, or text in
// another encoding. Only failing decodes come here; the happy path looks at one byte.
extension JSONBytes {
    /// The error for a document that does not open with the expected bracket (said to be in
    /// another encoding only when `sniffsEncoding`).
    static func topLevelError(_ input: ByteInput, options: JSONReadingOptions, expected: String, sniffsEncoding: Bool = true) -> MappingError {
        if sniffsEncoding, let error = encodingError(input, expected: expected) { return error }
        let value: JSONValue
        do {
            value = try JSONReader.read(input, options: options)
        } catch {
            if isBlank(input) {
                return MappingError(.malformedJSON("the input is empty, expected \(expected)"), underlyingError: error)
            }
            return MappingError(.malformedJSON(error.description), underlyingError: error)
        }
        let found = ValueDescription.describe(json: value)
        return MappingError(.typeMismatch(expected: expected, found: found), foundValue: found)
    }

    /// The error for input that is recognisably UTF-16 or UTF-32 rather than UTF-8; `nil` for
    /// anything else (which the reader's own error describes).
    static func encodingError(_ input: ByteInput, expected: String) -> MappingError? {
        guard let encoding = foreignEncoding(input) else { return nil }
        return MappingError(.malformedJSON("the input is \(encoding), not UTF-8 (JSON text must be UTF-8), expected \(expected)"))
    }

    /// The encoding of text that is UTF-16 or UTF-32: a byte order mark, or the pattern of zero
    /// bytes ASCII characters leave in its first four bytes (RFC 4627, section 3). UTF-8 JSON
    /// text never starts with 0xFE or 0xFF and never holds a zero byte, so neither is ambiguous.
    static func foreignEncoding(_ input: ByteInput) -> String? {
        let count = min(input.count, 4)
        var head: [UInt8] = []
        for index in 0..<count { head.append(input[index]) }
        if head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32 text (big-endian, byte order mark 00 00 FE FF)" }
        if head.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32 text (little-endian, byte order mark FF FE 00 00)" }
        if head.starts(with: [0xFE, 0xFF]) { return "UTF-16 text (big-endian, byte order mark FE FF)" }
        if head.starts(with: [0xFF, 0xFE]) { return "UTF-16 text (little-endian, byte order mark FF FE)" }
        if count == 4 {
            let zeros = head.map { $0 == 0 }
            if zeros == [true, true, true, false] { return "UTF-32 text (big-endian)" }
            if zeros == [false, true, true, true] { return "UTF-32 text (little-endian)" }
            if zeros == [true, false, true, false] { return "UTF-16 text (big-endian)" }
            if zeros == [false, true, false, true] { return "UTF-16 text (little-endian)" }
        }
        if count == 2 || count == 3 {
            if head[0] == 0, head[1] != 0 { return "UTF-16 text (big-endian)" }
            if head[0] != 0, head[1] == 0 { return "UTF-16 text (little-endian)" }
        }
        return nil
    }

    /// Whether the input holds nothing but JSON whitespace (and a UTF-8 byte order mark).
    static func isBlank(_ input: ByteInput) -> Bool {
        var index = 0
        if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { index = 3 }
        while index < input.count {
            switch input[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return false
            }
        }
        return true
    }
}

extension ValueDescription {
    /// A parsed JSON value for messages, in the words ``describe(_:)`` uses for plain values.
    /// Reads only the top level: a container is named by its kind and count, so describing a
    /// deep value never converts (or releases) the whole of it.
    static func describe(json value: JSONValue) -> String {
        switch value {
        case .array(let elements): return array(count: elements.count)
        case .object(let object): return dictionary(count: object.count)
        case .number(let number): return number.valueDescription
        case .null, .bool, .string: return describe(value.foundationValue())
        }
    }

    /// The JSON type's name for messages (`Array`, `Int`, `Number`, …), as ``JSONScalar/typeName``
    /// gives for the plain value, from the top level only.
    static func typeName(json value: JSONValue) -> String {
        switch value {
        case .array: return "Array"
        case .object: return "Dictionary"
        case .null, .bool, .number, .string: return JSONScalar(value.foundationValue()).typeName
        }
    }
}

extension MappingError {
    /// ``typeMismatch(expected:found:)`` for a parsed value, described from its top level only.
    static func typeMismatch(expected: String, json value: JSONValue) -> MappingError {
        if case .null = value { return typeMismatch(expected: expected, found: NSNull()) }
        let found = ValueDescription.describe(json: value)
        return MappingError(.typeMismatch(expected: expected, found: found), foundValue: found)
    }
}
