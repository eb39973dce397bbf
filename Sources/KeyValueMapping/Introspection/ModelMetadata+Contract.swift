/// The two decisions the mapping table and the JSON Schema share about what a decoder demands
/// of a payload. Each is one small function so that new decoder options extend it in one place.
extension ModelMetadata {
    /// Whether decoding with `decoder` fails when `property`'s key is absent: the table's
    /// "required", the schema's `required`. The `.require` rule, or `missingKeys = .reject` for a
    /// property that is not optional; only for decoded properties (a `let` is never read).
    func requiresKey(of property: PropertyDescriptor, decoder: KeyValueDecoder) -> Bool {
        property.isDecoded && (property.isRequired || (decoder.missingKeys == .reject && !property.accessor.acceptsNull))
    }

    /// Whether decoding with `decoder` accepts `null` for `property` although it is not
    /// optional: its `.useDefaultForNull` rule or `nullDecoding = .useDefault` keeps the
    /// prototype's value.
    func acceptsNullAsDefault(for property: PropertyDescriptor, decoder: KeyValueDecoder) -> Bool {
        // An immutable model has no default to keep: a null for a non-optional is its error.
        property.isDecoded && !property.accessor.acceptsNull && !isImmutable
            && (property.relaxations?.nullKeepsDefault == true || decoder.nullDecoding == .useDefault)
    }

    /// Whether a payload may hold keys that no property of this model reads: the schema's
    /// `additionalProperties` of the model's own object (key paths' inner objects always allow
    /// them, as the decoder never checks those). Only `unknownKeys = .reject` forbids them, and
    /// not for a type that allows every unknown key, a class cluster (a subclass's keys are
    /// unknown to the base class yet written by the encoder) or a model with hooks (which may
    /// read or write any key).
    func allowsAdditionalProperties(decoder: KeyValueDecoder) -> Bool {
        decoder.unknownKeys == .ignore || allowsAllUnknownKeys
            || subtypeResolver != nil || beforeDecoding != nil || afterEncoding != nil
    }
}
