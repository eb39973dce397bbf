/// An error thrown when bytes are not a JSON text that the reader accepts.
///
/// The position is reported three ways: `offset` counts bytes from the start of the input
/// (a skipped byte order mark included), `line` and `column` are 1-based. Lines are separated
/// by LF (`0x0A`) only, so a CR LF pair counts as one line break and a lone CR does not break
/// a line. `column` counts bytes, not characters: in `"é!` the `!` is at column 4.
///
/// ```swift
/// do {
///     _ = try JSONValue(jsonString: "[1,\n 2,\n x]")
/// } catch {
///     print(error) // unexpected character 'x' at line 3, column 2
/// }
/// ```
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, without the position, such as `unexpected character 'x'`.
    public let message: String
    /// The 0-based byte offset of the offending byte, or the input's length for a truncated text.
    public let offset: Int
    /// The 1-based line of the offending byte; lines are separated by LF.
    public let line: Int
    /// The 1-based column of the offending byte, counted in bytes from the start of its line.
    public let column: Int

    /// The message followed by the position, such as `unexpected character 'x' at line 3, column 14`.
    public var description: String {
        "\(message) at line \(line), column \(column)"
    }

    /// Creates an error at `offset`, working out its line and column from `input`.
    ///
    /// Only called when a parse fails, so the linear scan of the prefix costs nothing on the
    /// happy path and the reader never has to track lines while it runs.
    init(_ message: String, offset: Int, in input: ByteInput) {
        let end = min(max(offset, 0), input.count)
        var line = 1
        var lineStart = 0
        // `index` stays below `end`, which is clamped to `input.count`, so every read is in bounds.
        for index in 0..<end where input[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        self.message = message
        self.offset = offset
        self.line = line
        self.column = end - lineStart + 1
    }

    /// Describes one input byte for a message: printable ASCII quoted, anything else in hex.
    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        return "byte 0x" + JSONSyntaxError.hex(byte)
    }

    /// A byte as itself when printable ASCII, otherwise as `0xNN`; used inside quoted text.
    static func printable(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F {
            return String(Character(Unicode.Scalar(byte)))
        }
        return "0x" + hex(byte)
    }

    /// Two uppercase hex digits, used for bytes in messages.
    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    /// The message for a byte that cannot start or continue what the reader expected.
    static func unexpected(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F {
            return "unexpected character \(describe(byte))"
        }
        switch byte {
        case 0x20: return "unexpected space"
        case 0x09: return "unexpected tab"
        case 0x0A: return "unexpected line feed"
        case 0x0D: return "unexpected carriage return"
        default: return "unexpected \(describe(byte))"
        }
    }
}
