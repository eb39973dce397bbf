/// The two decisions the mapping table and the JSON Schema share about what a decoder demands
/// of a payload. Each is one small function so that new decoder options extend it in one place.
extension ModelMetadata {
    /// Whether decoding with `decoder` fails when `property`'s key is absent: the table's
    /// "required", the schema's `required`.
    ///
    /// Today only the `.require` rule does that (and only for decoded properties: a `let` is
    /// never read). A decoder-wide option that rejects missing keys of non-optional properties
    /// belongs here as well: `property.isDecoded && (property.isRequired || <option> && !property.isOptional)`.
    func requiresKey(of property: PropertyDescriptor, decoder: KeyValueDecoder) -> Bool {
        property.isDecoded && property.isRequired
    }

    /// Whether a payload may hold keys that no property of this model reads: the schema's
    /// `additionalProperties` of the model's own object (key paths' inner objects always allow
    /// them, as the decoder never checks those).
    ///
    /// Today the decoder ignores unknown keys, so they are always allowed. A decoder option that
    /// rejects them belongs here, except for class clusters (a subclass's keys are unknown to the
    /// base class yet written by the encoder) and models with hooks (which may read or write any
    /// key).
    func allowsAdditionalProperties(decoder: KeyValueDecoder) -> Bool {
        true
    }
}
