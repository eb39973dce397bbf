import Foundation

/// A property's own relaxations (``MappingRules/useDefaultForNull(_:)-(String...)``,
/// ``MappingRules/fallback(_:to:)-(String,_)``). Most properties have none and hold `nil`, so the decode
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

    /// The validate-and-set step every source and route shares: `null` for a non-optional
    /// property keeps the prototype's value when the property's rule or the decoder's
    /// `nullDecoding` says so (returns `true`); a value that fails to convert becomes the
    /// property's fallback when it has one (the source skips what the failed conversion left);
    /// anything else is converted by the codec (which rejects what cannot be converted
    /// losslessly) and stored. Every relaxation is reported to the session.
    @inline(__always)
    static func set<Source: DecodingSource>(from source: inout Source, with accessor: any PropertyAccessor, relaxations: PropertyRelaxations?,
                                            into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws -> Bool {
        // The common property has no relaxation and the decoder none: one test, then the codec.
        guard relaxations != nil || session.nullKeepsDefault else {
            try source.decodeProperty(with: accessor, into: base, session)
            return false
        }
        if keepsDefaultForNull(relaxations, accessor, session), try source.readNull() {
            session.relaxed(MappingError(.nullForNonOptional(expected: accessor.typeName), foundValue: "null"))
            return true
        }
        guard let fallback = relaxations?.fallback else {
            try source.decodeProperty(with: accessor, into: base, session)
            return false
        }
        let mark = source.mark()
        let isNull = try source.peekKind() == .null
        let scope = session.enterRelaxation(!isNull)
        do {
            try source.decodeProperty(with: accessor, into: base, session)
            session.exit(scope, failed: false)
        } catch {
            session.exit(scope, failed: true)
            guard let error = error as? MappingError, error.isRelaxable, !isNull else { throw error }
            try source.skipValue(from: mark)
            accessor.store(fallback.value, into: base)
            // What the failed value recorded of an import's related records is not the property's.
            if session.isRelatedCaptureArmed { session.relatedCapture?.discardArmed() }
            session.relaxed(error)
        }
        return false
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
