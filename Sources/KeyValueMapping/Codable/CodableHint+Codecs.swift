// Each codec's guess at the JSON kind it reads, computed once per property for the Codable
// bridge's view of a model (`CodableModelView`). Only the order of questions put to a foreign
// decoder depends on it: a value of another kind is still read, and the codec then accepts or
// rejects it exactly as on the other paths.

/// A codec that says which JSON kind it usually reads (every codec: a ``ValueCodec``
/// requirement).
protocol CodableHinting {
    var codableHint: CodableHint { get }
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

// Any JSON at all, or whatever the type's own `init(from:)` or the transformer reads: no kind is
// likelier than another.
extension AnyValueCodec: CodableHinting { var codableHint: CodableHint { .unknown } }
extension CodableCodec: CodableHinting { var codableHint: CodableHint { .unknown } }
extension TransformerCodec: CodableHinting { var codableHint: CodableHint { .unknown } }

extension OptionalCodec: CodableHinting {
    var codableHint: CodableHint { wrapped.codableHint }
}

extension ArrayCodec: CodableHinting {
    var codableHint: CodableHint { .array(element.codableHint) }
}

extension SetCodec: CodableHinting {
    var codableHint: CodableHint { elements.codableHint }
}

extension DictionaryCodec: CodableHinting {
    var codableHint: CodableHint { .dictionary(element.codableHint) }
}

extension RawValueCodec: CodableHinting {
    var codableHint: CodableHint { raw.codableHint }
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
