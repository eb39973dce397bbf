// Each codec's guess at the JSON kind it reads, computed once per property when a model's
// metadata is built (`ModelMetadata.codableHints`). Only the order of questions put to a
// foreign decoder depends on it: a value of another kind is still read, and the codec then
// accepts or rejects it exactly as on the other paths.

/// A codec or accessor that can say which JSON kind it usually reads.
protocol CodableHinting {
    var codableHint: CodableHint { get }
}

extension CodableHint {
    /// The hint of `codec` (or of a property accessor), `.unknown` when it gives none.
    static func of(_ codec: Any) -> CodableHint {
        (codec as? any CodableHinting)?.codableHint ?? .unknown
    }
}

extension StoredPropertyAccessor: CodableHinting {
    var codableHint: CodableHint { .of(codec) }
}

extension LazyPropertyAccessor: CodableHinting {
    var codableHint: CodableHint { .of(codec) }
}

extension StringCodec: CodableHinting { var codableHint: CodableHint { .string } }
extension CharacterCodec: CodableHinting { var codableHint: CodableHint { .string } }
extension URLCodec: CodableHinting { var codableHint: CodableHint { .string } }
extension UUIDCodec: CodableHinting { var codableHint: CodableHint { .string } }
extension DataCodec: CodableHinting { var codableHint: CodableHint { .string } }
// The default date strategy reads ISO 8601 text or seconds; text is by far the more common.
extension DateCodec: CodableHinting { var codableHint: CodableHint { .string } }
extension IntegerCodec: CodableHinting { var codableHint: CodableHint { .integer } }
extension DoubleCodec: CodableHinting { var codableHint: CodableHint { .number } }
extension FloatCodec: CodableHinting { var codableHint: CodableHint { .number } }
extension DecimalCodec: CodableHinting { var codableHint: CodableHint { .decimal } }
extension BoolCodec: CodableHinting { var codableHint: CodableHint { .bool } }

extension OptionalCodec: CodableHinting {
    var codableHint: CodableHint { .of(wrapped) }
}

extension ArrayCodec: CodableHinting {
    var codableHint: CodableHint { .array(.of(element)) }
}

extension SetCodec: CodableHinting {
    var codableHint: CodableHint { elements.codableHint }
}

extension DictionaryCodec: CodableHinting {
    var codableHint: CodableHint { .dictionary(.of(element)) }
}

extension RawValueCodec: CodableHinting {
    var codableHint: CodableHint { .of(raw) }
}

extension ModelCodec: CodableHinting {
    var codableHint: CodableHint { .model(metadata) }
}

extension IntCodec: CodableHinting { var codableHint: CodableHint { .integer } }
extension Int64Codec: CodableHinting { var codableHint: CodableHint { .integer } }
extension StringToIntCodec: CodableHinting { var codableHint: CodableHint { .dictionary(.integer) } }
extension StringToStringCodec: CodableHinting { var codableHint: CodableHint { .dictionary(.string) } }
extension StringArrayCodec: CodableHinting { var codableHint: CodableHint { .array(.string) } }
extension IntArrayCodec: CodableHinting { var codableHint: CodableHint { .array(.integer) } }
extension OptionalStringCodec: CodableHinting { var codableHint: CodableHint { .string } }
extension OptionalIntCodec: CodableHinting { var codableHint: CodableHint { .integer } }
