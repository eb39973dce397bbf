/// Numbers appended to the writer's bytes through temporary storage, so that no `String` is
/// built per number: the one place the writer's number formatting touches buffers.
enum ByteOutput {
    /// Appends the decimal digits of `value`.
    static func appendDecimal(_ value: UInt64, to bytes: inout [UInt8]) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        // Filled from the last digit, two at a time from a table of the hundred pairs, in a
        // buffer on the stack, then appended at once.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            // Sound: a UInt64 has at most 20 digits, so `index` never goes below 0.
            var index = 20
            var rest = value
            while rest >= 100 {
                let pair = Int(truncatingIfNeeded: rest % 100) &* 2
                rest /= 100
                index -= 2
                buffer[index] = digitPairs[pair]
                buffer[index + 1] = digitPairs[pair + 1]
            }
            if rest >= 10 {
                let pair = Int(truncatingIfNeeded: rest) &* 2
                index -= 2
                buffer[index] = digitPairs[pair]
                buffer[index + 1] = digitPairs[pair + 1]
            } else {
                index -= 1
                buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index...]))
        }
    }

    /// `00` through `99`, two bytes each.
    private static let digitPairs: [UInt8] = (0..<100).flatMap { [UInt8(ascii: "0") + UInt8($0 / 10), UInt8(ascii: "0") + UInt8($0 % 10)] }

    /// Appends Swift's shortest round-tripping text for a finite `value` (the text
    /// `description` gives), formatted by the standard library straight into `bytes`.
    static func appendShortest(_ value: Double, to bytes: inout [UInt8]) {
        // `TextOutputStreamable` hands a stream its ASCII bytes; the sink takes the array for
        // the call (moved, not copied: it stays uniquely referenced).
        var sink = NumberTextSink(bytes: bytes)
        bytes = []
        value.write(to: &sink)
        bytes = sink.bytes
    }
}

/// Where `Double.write(to:)` puts a number's text: the writer's bytes, lent for the call.
private struct NumberTextSink: TextOutputStream {
    var bytes: [UInt8]

    mutating func write(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    // The standard library's number types write their ASCII text through this requirement.
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }
}
