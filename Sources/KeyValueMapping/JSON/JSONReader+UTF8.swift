extension JSONReader {
    /// Whether the input starts with the UTF-8 encoding of U+FEFF, a byte order mark.
    ///
    /// Only the UTF-8 mark is recognised; UTF-16 and UTF-32 input (with or without a mark) is
    /// not JSON under RFC 8259 and fails on its first byte that is not valid here.
    var startsWithByteOrderMark: Bool {
        // Each index is below 3, and the count check makes all three in bounds.
        input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF
    }

    /// Checks the multi-byte UTF-8 sequence whose lead byte (≥ 0x80) is at `index` and returns
    /// the offset after it.
    ///
    /// Follows the well-formed byte sequences of Unicode's Table 3-7, so it rejects stray
    /// continuation bytes, overlong forms (`C0 AF`, `E0 80 AF`), encoded surrogates
    /// (`ED A0 80`), scalars above U+10FFFF (`F4 90 …`, `F5`–`FF`) and truncated sequences.
    /// The error points at the first byte that cannot belong to a valid sequence.
    func skipUTF8Sequence(at index: Int) throws(JSONSyntaxError) -> Int {
        let lead = input[index]
        let length: Int
        // The allowed range of the second byte; later continuation bytes are always 80...BF.
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF:
            length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF // below A0 would be overlong
        case 0xE1...0xEC, 0xEE...0xEF:
            length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F // A0...BF would encode U+D800...U+DFFF
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF // below 90 would be overlong
        case 0xF1...0xF3:
            length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F // 90 and above would exceed U+10FFFF
        default:
            throw invalidUTF8(at: index)
        }
        for offset in 1..<length {
            let position = index + offset
            guard position < input.count else { throw endOfInput() }
            let allowed = offset == 1 ? secondRange : 0x80...0xBF
            guard allowed.contains(input[position]) else { throw invalidUTF8(at: position) }
        }
        return index + length
    }

    /// Checks every byte in `range` with ``skipUTF8Sequence(at:)``, throwing at the first that
    /// cannot belong to a valid sequence (a sequence may run past `range` and is checked whole).
    func validateUTF8(in range: Range<Int>) throws(JSONSyntaxError) {
        var index = range.lowerBound
        while index < range.upperBound {
            index = input[index] < 0x80 ? index + 1 : try skipUTF8Sequence(at: index)
        }
    }

    private func invalidUTF8(at index: Int) -> JSONSyntaxError {
        error("invalid UTF-8 byte 0x\(JSONSyntaxError.hex(input[index])) in string", at: index)
    }
}
