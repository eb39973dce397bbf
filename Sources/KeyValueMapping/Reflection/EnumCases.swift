/// Lists the cases of an enum without payloads, for the JSON Schema's `enum` of raw values,
/// when the type does not declare `CaseIterable` (`enum Role: String { case member, admin }`).
///
/// A payload-free enum is stored as its case's index in declaration order, in the smallest
/// unsigned integer that holds every index (no bytes for a single case, one byte up to 256
/// cases, two up to 65,536). That layout and the two runtime records read below are part of
/// Swift's stable ABI (`MetadataKind::Enum`, `TargetEnumDescriptor`); each is checked before it
/// is trusted, and anything unexpected answers `nil`, so the caller falls back to the raw
/// value's type instead of guessing. Only the metatype's records are read; no value is read
/// before it is known to be a valid case.
enum EnumCases {
    /// Every case of `T` in declaration order, or `nil` unless `T` is a plain enum with no
    /// payload cases whose storage is exactly the case index.
    static func cases<T>(of type: T.Type) -> [T]? {
        guard _isPOD(T.self), let count = emptyCaseCount(of: T.self) else { return nil }
        switch (count, MemoryLayout<T>.size) {
        case (1, 0):
            return [unsafeBitCast((), to: T.self)]
        case (2...256, 1):
            // Indexes below `count` are exactly the valid values of a one-byte payload-free enum.
            return (0..<count).map { unsafeBitCast(UInt8(truncatingIfNeeded: $0), to: T.self) }
        case (257...65_536, 2):
            return (0..<count).map { unsafeBitCast(UInt16(truncatingIfNeeded: $0), to: T.self) }
        default:
            return nil
        }
    }

    /// The number of cases of a payload-free enum, from its type metadata; `nil` for any other
    /// kind of type or an enum with payload cases.
    private static func emptyCaseCount(of type: Any.Type) -> Int? {
        // Value metadata starts with its kind (a pointer-sized integer) and then a pointer to
        // its nominal type descriptor.
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let enumKind = 0x201  // MetadataKind::Enum (Optional is 0x202 and is not accepted)
        guard metadata.load(as: Int.self) == enumKind else { return nil }
        let descriptor = metadata.load(fromByteOffset: MemoryLayout<Int>.size, as: UnsafeRawPointer.self)
        // TargetEnumDescriptor: flags (kind in the low five bits, 18 for an enum), four 32-bit
        // relative pointers (parent, name, access function, fields), then the payload-case
        // count (low 24 bits) and the count of cases without payload.
        guard descriptor.load(as: UInt32.self) & 0x1F == 18 else { return nil }
        guard descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0xFF_FFFF == 0 else { return nil }
        let count = Int(descriptor.load(fromByteOffset: 24, as: UInt32.self))
        return count > 0 ? count : nil
    }
}
