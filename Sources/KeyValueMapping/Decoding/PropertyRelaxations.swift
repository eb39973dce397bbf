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

/// A property's own relaxations (``MappingRules/useDefaultForNull(_:)``,
/// ``MappingRules/fallback(_:to:)``). Most properties have none and hold `nil`, so the decode
/// loop hands over one reference, or none, per property.
final class PropertyRelaxations: Sendable {
    /// Whether `null` keeps the prototype's value.
    let nullKeepsDefault: Bool
    /// The value a present value that fails to convert becomes.
    let fallback: FallbackValue?

    init?(nullKeepsDefault: Bool, fallback: FallbackValue?) {
        guard nullKeepsDefault || fallback != nil else { return nil }
        self.nullKeepsDefault = nullKeepsDefault
        self.fallback = fallback
    }

    /// The validate-and-set step the dictionary path and the bytes path's tree share: `null` for
    /// a non-optional property keeps the prototype's value when the property's rule or the
    /// decoder's `nullDecoding` says so; a value that fails to convert becomes the property's
    /// fallback when it has one; anything else is converted by the codec (which rejects what
    /// cannot be converted losslessly) and stored. Every relaxation is reported to the session.
    /// (The streaming path decides `null` the same way before reading a value, and leaves values
    /// that fail to this step, through the tree.)
    @inline(__always)
    static func set(_ value: some PayloadValue, with accessor: any PropertyAccessor, relaxations: PropertyRelaxations?,
                    into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws {
        // The common property has no relaxation and the decoder none: one test, then the codec.
        guard relaxations != nil || session.nullKeepsDefault else {
            return try value.decode(with: accessor, into: base, session)
        }
        if value.isNull, keepsDefaultForNull(relaxations, accessor, session) {
            session.relaxed(MappingError(.nullForNonOptional(expected: accessor.typeName), foundValue: "null"))
            return
        }
        guard let fallback = relaxations?.fallback else { return try value.decode(with: accessor, into: base, session) }
        do {
            try session.underRelaxation(!value.isNull) { try value.decode(with: accessor, into: base, session) }
        } catch let error as MappingError where error.isRelaxable && !value.isNull {
            accessor.store(fallback.value, into: base)
            session.relaxed(error)
        }
    }

    /// Whether `null` keeps the prototype's value: never for an optional property (it becomes
    /// `nil`), else when the property's rule or the decoder says so.
    @inline(__always)
    static func keepsDefaultForNull(_ relaxations: PropertyRelaxations?, _ accessor: any PropertyAccessor, _ session: DecodingSession) -> Bool {
        (relaxations?.nullKeepsDefault == true || session.nullKeepsDefault) && !accessor.acceptsNull
    }
}

extension PropertyDescriptor {
    /// Whether a missing key is an error: a `.require`d property, or, when the decoder rejects
    /// missing keys, any property that is not optional.
    @inline(__always)
    func isRequired(in session: DecodingSession) -> Bool {
        isRequired || (session.rejectsMissingKeys && !accessor.acceptsNull)
    }
}

extension MappingError {
    /// Whether this error is about one value, so a quiet relaxation (a fallback, a skipped
    /// element) may replace it. Malformed JSON, limits, cycles and broken declarations are not
    /// answered by another value: they always stop a plain decode.
    var isRelaxable: Bool {
        switch reason {
        case .malformedJSON, .depthLimitExceeded, .stackExhausted, .cycle:
            return false
        default:
            return !isAboutTheDeclaration
        }
    }

    /// Whether lenient decoding may list this error and carry on with the next property: any
    /// error about the payload (a value, a limit the payload reached, a cycle in it), not one
    /// about the type's declaration, which every model of the type would hit again.
    var isSkippableLeniently: Bool {
        if case .malformedJSON = reason { return false }
        return !isAboutTheDeclaration
    }

    private var isAboutTheDeclaration: Bool {
        switch reason {
        case .invalidDeclaration, .unsupportedType, .reflectionMismatch: return true
        default: return false
        }
    }
}
