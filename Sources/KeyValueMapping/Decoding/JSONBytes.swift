import Foundation

/// Runs the library's own strict JSON reader over bytes as the source of a decode, and
/// reports what the document holds when it is not what the entry point reads.
enum JSONBytes {
    /// Decodes the one value of the document in `bytes` with `body`, which reads it from the
    /// reader; the value must open with `opening` (`expected` names what it must be), or be any
    /// value when `opening` is `nil`.
    static func decode<T>(_ bytes: some Collection<UInt8>, options: JSONReadingOptions, opening: UInt8?, expected: String,
                          _ body: (inout JSONReader) throws -> T) throws -> T {
        try ByteInput.withBytes(of: bytes) { input in
            Result { try decode(input, options: options, opening: opening, expected: expected, body) }
        }.get()
    }

    /// ``decode(_:options:opening:expected:_:)`` over bytes already lent; without
    /// `sniffsEncoding`, an error never says the bytes are UTF-16 or UTF-32 text (a stream's
    /// elements are values inside a larger text).
    ///
    /// The document is read once. When the value fails to map (or a limit stops it, the
    /// thread's stack included), the rest of the document is still checked (scanned, not read
    /// into values) so that malformed JSON anywhere in it, the reader's depth limit included, is
    /// the error reported, wherever the value failed.
    static func decode<T>(_ input: ByteInput, options: JSONReadingOptions, opening: UInt8?, expected: String, sniffsEncoding: Bool = true,
                          _ body: (inout JSONReader) throws -> T) throws -> T {
        // The bytes are lent for this call only; the reader does not outlive it.
        var reader = JSONReader(input: input, options: options)
        do {
            try reader.syntax { try $0.beginDocument() }
            // `try?`: blank input is diagnosed with the rest, not reported as a syntax error.
            guard let first = try? reader.peek(), opening == nil || first == opening else {
                throw topLevelError(input, options: options, expected: expected, sniffsEncoding: sniffsEncoding)
            }
            let start = reader.mark()
            let result: T
            do {
                result = try body(&reader)
            } catch let error as MappingError {
                if case .malformedJSON = error.reason { throw error }
                try reader.skipValue(from: start)
                try reader.syntax { try $0.endDocument() }
                throw error
            }
            try reader.syntax { try $0.endDocument() }
            return result
        } catch let error as MappingError {
            guard case .malformedJSON = error.reason, sniffsEncoding, let foreign = encodingError(input, expected: expected) else { throw error }
            throw foreign
        }
    }

    /// Reads the whole document into a tree, checks that its top level opens with `opening`,
    /// and hands the tree to `body` (for entry points that look a value up by path first).
    static func decodeTree<T>(_ bytes: some Collection<UInt8>, options: JSONReadingOptions, opening: UInt8, expected: String,
                              _ body: (JSONValue) throws -> T) throws -> T {
        let parsed = try ByteInput.withBytes(of: bytes) { input in
            Result { () throws -> JSONValue in
                var reader = JSONReader(input: input, options: options)
                do {
                    try reader.syntax { try $0.beginDocument() }
                } catch let error as MappingError {
                    throw encodingError(input, expected: expected) ?? error
                }
                // `try?`: blank input is diagnosed with the rest, not reported as a syntax error.
                guard (try? reader.peek()) == opening else {
                    throw topLevelError(input, options: options, expected: expected)
                }
                do {
                    return try JSONReader.read(input, options: options)
                } catch let error as JSONSyntaxError {
                    throw encodingError(input, expected: expected) ?? MappingError(.malformedJSON(error.description), underlyingError: error)
                }
            }
        }.get()
        return try body(parsed)
    }
}
