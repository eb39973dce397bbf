import Foundation

// This folder is the library's one home for unsafe code: reflection and typed access to model
// storage, and this view of borrowed bytes, which the JSON reader, writer and key comparisons
// use instead of touching pointers themselves.

/// Read-only UTF-8 bytes lent for the duration of one read (a `Data`, an array's storage, a
/// string's UTF-8). Valid only inside the `with…` call that lends it; never stored beyond it.
///
/// Soundness: the buffer comes from `withContiguousStorageIfAvailable`, `withUnsafeBufferPointer`
/// or `withUTF8` and is used only inside that closure; every subscript is preceded by an
/// explicit `index < count` check in the reader (asserted here in debug builds); ranges passed
/// to `string(_:)` and `append(_:to:)` come from indexes the reader has already checked.
struct ByteInput {
    private let buffer: UnsafeBufferPointer<UInt8>

    private init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// The number of bytes.
    var count: Int { buffer.count }

    /// The byte at `index`; callers check `index < count` first.
    @inline(__always)
    subscript(index: Int) -> UInt8 {
        assert(index >= 0 && index < buffer.count, "byte index out of range")
        return buffer[index]
    }

    /// The eight bytes from `index` as one little-endian word (the first byte lowest); callers
    /// check `index + 8 <= count` first.
    @inline(__always)
    func word(at index: Int) -> UInt64 {
        assert(index >= 0 && index + 8 <= buffer.count, "word out of range")
        // Sound: the eight bytes lie inside the buffer, and the load is unaligned.
        return UInt64(littleEndian: UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped).loadUnaligned(fromByteOffset: index, as: UInt64.self))
    }

    /// The bytes in `range` as a String (the reader has validated them as UTF-8).
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }

    /// All the bytes as a String (the reader has validated them as UTF-8).
    var text: String { string(0..<count) }

    /// The bytes in `range` as a String when they are valid UTF-8, else `nil`.
    func validatedString(_ range: Range<Int>) -> String? {
        // Not `String(validating:as:)`: it is generic and unspecialised here, two runtime
        // metadata lookups per call. Decoding replaces each invalid sequence with U+FFFD, so
        // the text is valid exactly when its bytes are the input's.
        let bytes = UnsafeBufferPointer(rebasing: buffer[range])
        var text = String(decoding: bytes, as: UTF8.self)
        let isValid = text.withUTF8 { decoded in
            guard decoded.count == bytes.count else { return false }
            guard let decodedBase = decoded.baseAddress, let base = bytes.baseAddress else { return true }
            return memcmp(decodedBase, base, bytes.count) == 0
        }
        return isValid ? text : nil
    }

    /// Whether the bytes starting at `offset` are exactly `expected` (one `memcmp`).
    @inline(__always)
    func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset <= buffer.count - expected.count else { return false }
        guard let base = buffer.baseAddress else { return expected.isEmpty }
        return expected.withUnsafeBufferPointer { wanted in
            guard let wantedBase = wanted.baseAddress else { return true }
            return memcmp(base + offset, wantedBase, wanted.count) == 0
        }
    }

    /// ``KeyTable/keyFingerprint(_:)`` of the bytes in `range`.
    @inline(__always)
    func keyFingerprint(_ range: Range<Int>) -> UInt64 {
        precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "byte range out of bounds")
        return KeyTable.keyFingerprint(UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// The offset of the first byte in `start..<end` that is not a space (0x20), or `end`.
    /// Eight bytes at a time, as ``endOfPlainRun(from:to:stopAtNonASCII:)``.
    @inline(__always)
    func endOfSpaces(from start: Int, to end: Int) -> Int {
        precondition(start >= 0 && start <= end && end <= buffer.count, "byte range out of bounds")
        var index = start
        if let base = buffer.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= end {
                let others = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ 0x2020_2020_2020_2020
                if others != 0 { return index + others.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < end, buffer[index] == 0x20 { index += 1 }
        return index
    }

    /// The offset of the first byte in `start..<end` that ends a plain run of string content
    /// (a quote, a backslash, a control character or, when `stopAtNonASCII`, a non-ASCII
    /// byte), or `end` if none does.
    ///
    /// Strings are most of a JSON text, so this reads eight bytes at a time: each test below
    /// sets the high bit of every byte lane that matches, and the lowest set bit is exact (a
    /// false positive can only appear in a lane above a true one, through a borrow).
    func endOfPlainRun(from start: Int, to end: Int, stopAtNonASCII: Bool = true) -> Int {
        precondition(start >= 0 && start <= end && end <= buffer.count, "byte range out of bounds")
        var index = start
        if let base = buffer.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= end {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let hits = Self.specialLanes(word, nonASCII: stopAtNonASCII)
                if hits != 0 { return index + hits.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < end {
            let byte = buffer[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || (stopAtNonASCII && byte >= 0x80) { return index }
            index += 1
        }
        return end
    }

    // Bytes of 0x80 and above never match the other three tests, and never borrow.
    private static func specialLanes(_ word: UInt64, nonASCII: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func zeroLanes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let control = (word &- ones &* 0x20) & ~word & highs
        let quote = zeroLanes(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
        let backslash = zeroLanes(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
        return control | quote | backslash | (nonASCII ? word & highs : 0)
    }

    /// The offset of the first byte in `start..<end` that is a quote, a bracket or brace, or a
    /// control byte (a line feed among them), or `end` if none: what a stream's splitter looks
    /// for between strings.
    /// Eight bytes at a time, as ``endOfPlainRun(from:to:stopAtNonASCII:)``.
    // Inlined into the scan: the runs between two strings are short (`": 12, "`), and a call
    // cost more than the bytes it passed.
    @inline(__always)
    func endOfUnstructuredRun(from start: Int, to end: Int) -> Int {
        precondition(start >= 0 && start <= end && end <= buffer.count, "byte range out of bounds")
        var index = start
        if let base = buffer.baseAddress {
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            func zeroLanes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
            while index + 8 <= end {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                // Setting bit 5 maps `[` onto `{` and `]` onto `}` (and nothing else onto them).
                let folded = word | (ones &* 0x20)
                // Bytes below 0x20 (exact in the lowest lane that matches, as in `specialLanes`).
                let control = (word &- ones &* 0x20) & ~word & highs
                let hits = zeroLanes(word ^ (ones &* 0x22)) | control
                    | zeroLanes(folded ^ (ones &* 0x7B)) | zeroLanes(folded ^ (ones &* 0x7D))
                if hits != 0 { return index + hits.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < end {
            switch buffer[index] {
            case 0x00..<0x20, 0x22, 0x5B, 0x5D, 0x7B, 0x7D: return index
            default: index += 1
            }
        }
        return end
    }

    /// The offset of the first line feed in `start..<end`, or `end` if none.
    func firstLineFeed(from start: Int, to end: Int) -> Int {
        precondition(start >= 0 && start <= end && end <= buffer.count, "byte range out of bounds")
        var index = start
        if let base = buffer.baseAddress {
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101
            while index + 8 <= end {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ (ones &* 0x0A)
                let hits = (word &- ones) & ~word & (ones &* 0x80)
                if hits != 0 { return index + hits.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < end, buffer[index] != 0x0A { index += 1 }
        return index
    }

    /// How many line feeds `start..<end` holds, and the offset just after the last one (`nil`
    /// when there is none).
    func lineFeeds(from start: Int, to end: Int) -> (count: Int, afterLast: Int?) {
        precondition(start >= 0 && start <= end && end <= buffer.count, "byte range out of bounds")
        var count = 0
        var afterLast: Int?
        var index = start
        if let base = buffer.baseAddress {
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            while index + 8 <= end {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ (ones &* 0x0A)
                // Exact: the high bit of each lane that is zero, with no borrow between lanes.
                let zeros = ~(((word & lows) &+ lows) | word | lows)
                if zeros != 0 {
                    count += zeros.nonzeroBitCount
                    afterLast = index + (63 - zeros.leadingZeroBitCount) / 8 + 1
                }
                index += 8
            }
        }
        while index < end {
            if buffer[index] == 0x0A {
                count += 1
                afterLast = index + 1
            }
            index += 1
        }
        return (count, afterLast)
    }

    /// Whether these bytes are exactly the UTF-8 of `string`.
    func equals(_ string: String) -> Bool {
        let utf8 = string.utf8
        guard utf8.count == buffer.count else { return false }
        let compared = utf8.withContiguousStorageIfAvailable { other in
            guard let base = buffer.baseAddress, let otherBase = other.baseAddress else { return true }
            return memcmp(base, otherBase, buffer.count) == 0
        }
        return compared ?? utf8.elementsEqual(buffer)
    }

    /// The bytes in `range` (inside this input, checked by the caller) as their own view.
    func slice(_ range: Range<Int>) -> ByteInput {
        precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "byte range out of bounds")
        return ByteInput(UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// Appends the bytes in `range` to `bytes`.
    func append(_ range: Range<Int>, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// Lends the bytes of `collection`, in place when it is contiguous, else from one copy.
    static func withBytes<T>(of collection: some Collection<UInt8>, _ body: (ByteInput) -> T) -> T {
        if let result = collection.withContiguousStorageIfAvailable({ body(ByteInput($0)) }) { return result }
        return Array(collection).withUnsafeBufferPointer { body(ByteInput($0)) }
    }

    /// Lends the UTF-8 bytes of `string`.
    static func withUTF8<T>(of string: String, _ body: (ByteInput) -> T) -> T {
        var copy = string
        return copy.withUTF8 { body(ByteInput($0)) }
    }

    /// Lends the bytes of a compile-time ASCII literal (valid for the whole program).
    static func literal(_ text: StaticString) -> ByteInput {
        ByteInput(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Whether two strings have the same UTF-8 bytes (memcmp on native storage).
    static func sameUTF8(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        return withUTF8(of: lhs) { $0.equals(rhs) }
    }

    /// A fast 64-bit hash of all the bytes, eight at a time (multiply–xorshift mixing, as in
    /// FxHash and splitmix64). Not cryptographic: `seed` is random per process, and callers
    /// confirm equal hashes by comparing bytes.
    func hash(seed: UInt64) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = seed ^ UInt64(buffer.count) &* multiplier
        var tail: UInt64 = 0
        if let base = buffer.baseAddress {
            let raw = UnsafeRawPointer(base)
            var index = 0
            while index + 8 <= buffer.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                hash = (hash ^ word) &* multiplier
                hash ^= hash >> 29
                index += 8
            }
            // The last 0-7 bytes in at most three loads (four, two, one bytes), low bytes first.
            var shift: UInt64 = 0
            if index + 4 <= buffer.count {
                tail = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt32.self)))
                shift = 32
                index += 4
            }
            if index + 2 <= buffer.count {
                tail |= UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt16.self))) << shift
                shift += 16
                index += 2
            }
            if index < buffer.count {
                tail |= UInt64(buffer[index]) << shift
            }
        }
        hash = (hash ^ tail) &* multiplier
        hash ^= hash >> 32
        hash &*= 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 29)
    }
}
