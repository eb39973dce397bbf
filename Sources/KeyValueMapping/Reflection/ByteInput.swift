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

    /// The bytes in `range` as a String (the reader has validated them as UTF-8).
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
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
        let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                guard let leftBytes = left.baseAddress, let rightBytes = right.baseAddress else { return left.count == right.count }
                return left.count == right.count && memcmp(leftBytes, rightBytes, left.count) == 0
            }
        }
        if let compared = compared ?? nil { return compared }
        return lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// Feeds the UTF-8 bytes of `string` to `hasher`.
    static func hashUTF8(_ string: String, into hasher: inout Hasher) {
        var copy = string
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
