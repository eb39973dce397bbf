import Foundation

/// One payload value on its way into a property: a Foundation value (the dictionary path) or a
/// parsed JSON value (the bytes path's tree).
protocol PayloadValue {
    /// Whether the value is JSON `null`.
    var isNull: Bool { get }
    /// Converts the value with the accessor's codec and stores it.
    func decode(with accessor: any PropertyAccessor, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws
}

/// A Foundation value (`Any` from `JSONSerialization` or a Swift literal).
struct FoundationPayload: PayloadValue {
    let value: Any

    var isNull: Bool { JSONScalar.isNull(value) }

    @inline(__always)
    func decode(with accessor: any PropertyAccessor, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws {
        try accessor.decode(value, into: base, session)
    }
}

extension JSONValue: PayloadValue {
    @inline(__always)
    func decode(with accessor: any PropertyAccessor, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws {
        try accessor.decode(json: self, into: base, session)
    }
}

extension PropertyDescriptor {
    /// The validate-and-set step the dictionary path and the bytes path's tree share: `null` for
    /// a non-optional property keeps the prototype's value when the property's rule or the
    /// decoder's `nullDecoding` says so; a value that fails to convert becomes the property's
    /// fallback when it has one; anything else is converted by the codec (which rejects what
    /// cannot be converted losslessly) and stored. Every relaxation is reported to the session.
    /// (The streaming path decides `null` the same way before reading a value, and leaves values
    /// that fail to this step, through the tree.)
    @inline(__always)
    func set(_ value: some PayloadValue, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws {
        if value.isNull, keepsDefaultForNull(session) {
            session.relaxed(MappingError(.nullForNonOptional(expected: accessor.typeName), foundValue: "null"))
            return
        }
        guard let fallback else { return try value.decode(with: accessor, into: base, session) }
        do {
            try value.decode(with: accessor, into: base, session)
        } catch let error as MappingError where error.isRelaxable && !value.isNull {
            accessor.store(fallback.value, into: base)
            session.relaxed(error)
        }
    }

    /// Whether `null` keeps the prototype's value: never for an optional property (it becomes
    /// `nil`), else when the property's rule or the decoder says so.
    @inline(__always)
    func keepsDefaultForNull(_ session: DecodingSession) -> Bool {
        (nullKeepsDefault || session.nullKeepsDefault) && !accessor.acceptsNull
    }

    /// Whether a missing key is an error: a `.require`d property, or, when the decoder rejects
    /// missing keys, any property that is not optional.
    @inline(__always)
    func isRequired(in session: DecodingSession) -> Bool {
        isRequired || (session.rejectsMissingKeys && !accessor.acceptsNull)
    }
}

extension MappingError {
    /// Whether this error is about one value, so a relaxation (a fallback, a skipped element,
    /// lenient decoding) may absorb it. Malformed JSON, limits, cycles and broken declarations
    /// concern the whole input or the type, and always stop the decode.
    var isRelaxable: Bool {
        switch reason {
        case .malformedJSON, .depthLimitExceeded, .stackExhausted, .cycle, .invalidDeclaration, .unsupportedType, .reflectionMismatch:
            return false
        default:
            return true
        }
    }
}
