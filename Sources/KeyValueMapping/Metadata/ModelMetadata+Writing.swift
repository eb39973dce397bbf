/// Encoding a model straight into the JSON writer (the bytes path).
extension ModelMetadata {
    /// Writes the model as a JSON object, properties in declaration order (or in key order with
    /// `.sortedKeys`). A model whose rules need the whole dictionary (key paths, candidates,
    /// gather, an `afterEncoding` hook) is encoded to a dictionary first and that is written.
    func encode(_ model: Model, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        guard isClass else { return try encodeFields(of: model, to: &writer, session) }
        if let dynamic = DynamicModel.type(of: model) {
            func encode<Dynamic: KeyValueModel>(as type: Dynamic.Type) throws {
                try ModelMetadata<Dynamic>.of(Dynamic.self).encode(try DynamicModel.cast(model, to: Dynamic.self), to: &writer, session)
            }
            return try encode(as: dynamic)
        }
        try session.beginObject(model as AnyObject)
        defer { session.endObject() }
        try encodeFields(of: model, to: &writer, session)
    }

    private func encodeFields(of model: Model, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        let table = try session.keyTable(for: self)
        // Key paths, candidates and gather spread one property over several keys, and an
        // `afterEncoding` hook needs the whole dictionary: those models are encoded to a
        // dictionary first and that is written.
        guard afterEncoding == nil, table.encodedKeysAreSingle else {
            return try writer.writeValue(try encodeDictionary(of: model, session), session)
        }
        try session.enter()
        defer { session.leave() }
        let order = session.sortedKeys ? table.encodedKeyOrder : declarationOrder
        // Local copies (one retain each per model), borrowed in the loop as in `encodeFields`
        // of the dictionary path.
        let properties = properties
        let encoders = borrowedEncoders
        let quotedKeys = table.encodedQuotedKeys
        try ModelStorage.withFields(of: model, isClass: isClass) { base in
            writer.beginObject()
            for index in order {
                do {
                    try encoders[index].encode(from: base, quotedKey: quotedKeys[index], to: &writer, session)
                } catch let error as MappingError {
                    throw error.prepending(.key(table.encodedSingleKeys[index] ?? properties[index].name))
                }
            }
            writer.endObject()
        }
    }

}
