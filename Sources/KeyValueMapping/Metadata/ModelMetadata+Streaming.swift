import Foundation

/// Decoding a model straight from the JSON reader (the bytes path).
extension ModelMetadata {
    /// Whether this model can be decoded member by member from the reader: every key is a single
    /// top-level key under this decode's naming style and no rule needs the whole dictionary
    /// (hooks, class clusters, key paths, candidates, gather). Other models read their object
    /// as a JSONValue first.
    func decodesStreaming(_ session: DecodingSession) throws -> Bool {
        try rulesAllowStreaming && session.keyTable(for: self).decodedKeysAreSingle && session.options.jsonReading.duplicateKeys == .useLast
    }

    /// Reads one object (the reader is at its `{`) into a new model. Unknown members are read
    /// and validated but not kept (or, with `unknownKeys = .reject`, reported); a key that
    /// appears twice is decoded twice (the last wins). `null` for a property whose null rule
    /// keeps its default leaves the prototype's value (put back if an earlier occurrence of the
    /// key set another); any other relaxation needs a value that failed, which is left to the
    /// parsed tree (`JSONBytes.decode`), where the one validate-and-set step applies it.
    func makeModel(reader: inout JSONReader, _ session: DecodingSession) throws -> Model {
        var model = Model()
        let table = try session.keyTable(for: self)
        let keys = table.decodedSingleKeys
        let keyBytes = table.decodedKeyBytes
        // A local copy of the list (one retain per model): its elements are then borrowed in
        // place, where reading the class's property in the loop copied each accessor out.
        let properties = decodedProperties
        var found = requiredCount > 0 || session.rejectsMissingKeys ? [Bool](repeating: false, count: keys.count) : []
        let reportsUnknownKeys = session.rejectsUnknownKeys && !allowsAllUnknownKeys
        let nullsMayKeepDefaults = session.nullKeepsDefault || hasNullRules
        try ModelStorage.withMutableFields(of: &model, isClass: isClass) { base in
            if try reader.open(closing: UInt8(ascii: "}")) { return }
            var hint = 0
            // Whether the payload is following the declaration order. After a miss the guess is
            // not tried again until a key lands where the order predicts: payloads written from
            // a dictionary list keys in hash order, and every failed guess costs a comparison.
            var guessing = true
            while true {
                _ = try reader.peek()
                let matched: Int?
                if guessing, hint < keys.count, let bytes = keyBytes[hint], try reader.consumeKey(ifEqualTo: bytes) {
                    // The key the declaration order predicts, matched in place.
                    matched = hint
                    hint += 1
                } else {
                    let predicted = hint
                    var unmatchedKey: String?
                    matched = try memberIndex(reader: &reader, table: table, hint: &hint, unmatchedKey: &unmatchedKey, wantsUnmatchedKey: reportsUnknownKeys)
                    guessing = matched == predicted
                    if let unmatchedKey, !table.knownKeys.contains(unmatchedKey) {
                        throw MappingError(.unknownKey(type: shortTypeName), path: [.key(unmatchedKey)])
                    }
                }
                if let index = matched, let key = keys[index] {
                    if nullsMayKeepDefaults, try reader.peek() == UInt8(ascii: "n"),
                       PropertyRelaxations.keepsDefaultForNull(properties[index].relaxations, properties[index].accessor, session) {
                        try reader.syntax { try $0.readLiteral("null") }
                        // Without the list of keys found, any key may have come before.
                        if found.isEmpty || found[index] {
                            Self.restorePrototypeValue(of: properties[index].accessor, into: base, isClass: isClass)
                        }
                    } else {
                        do {
                            try session.withPath(.key(key)) { try properties[index].accessor.decode(reader: &reader, into: base, session) }
                        } catch let error as MappingError {
                            throw error.prepending(.key(key))
                        }
                    }
                    if !found.isEmpty { found[index] = true }
                } else {
                    try reader.syntax { try $0.skipValue() }
                }
                if try reader.finishElement(closing: UInt8(ascii: "}")) { return }
            }
        }
        for index in found.indices where !found[index] && decodedProperties[index].isRequired(in: session) {
            throw MappingError(.missingKey(expected: decodedProperties[index].accessor.typeName), path: [.key(keys[index] ?? "")])
        }
        try Self.validate(&model)
        return model
    }

    /// Puts the prototype's value of one property back into the model being read, from a second
    /// `Model()`: only a repeated key whose last value is a null that keeps the default needs it
    /// (the first occurrence has overwritten the prototype's value). No `Model?` is kept across
    /// members: an optional of a generic model costs a metadata lookup on every decode.
    private static func restorePrototypeValue(of accessor: any PropertyAccessor, into base: UnsafeMutableRawPointer, isClass: Bool) {
        ModelStorage.withFields(of: Model(), isClass: isClass) { accessor.copyValue(from: $0, to: base) }
    }

    /// Reads the next member's key and returns the decoded property it names, if any. A plain
    /// ASCII key is compared as bytes with the declared keys, building no String; any other key
    /// is read as a String and looked up (first the one after the previous match, since payloads
    /// usually list keys in declaration order).
    /// When `wantsUnmatchedKey` and the key names no decoded property, `unmatchedKey` receives
    /// the key's text (for the unknown-key check).
    private func memberIndex(reader: inout JSONReader, table: KeyTable, hint: inout Int,
                             unmatchedKey: inout String?, wantsUnmatchedKey: Bool) throws -> Int? {
        if let range = try reader.syntax({ try $0.readPlainASCIIKey() }) {
            let probe = KeyTable.keyProbe(count: range.count, first: range.isEmpty ? nil : reader.input[range.lowerBound])
            let probes = table.decodedKeyProbes
            for index in probes.indices where probes[index] == probe {
                if let bytes = table.decodedKeyBytes[index], reader.bytes(in: range, equal: bytes) {
                    hint = index + 1
                    return index
                }
            }
            if table.keyBytesAreComplete {
                if wantsUnmatchedKey { unmatchedKey = reader.input.string(range) }
                return nil
            }
            let key = reader.input.string(range)
            let index = propertyIndex(of: key, table: table, hint: &hint)
            if index == nil, wantsUnmatchedKey { unmatchedKey = key }
            return index
        }
        let key = try reader.syntax { try $0.readKey().key }
        let index = propertyIndex(of: key, table: table, hint: &hint)
        if index == nil, wantsUnmatchedKey { unmatchedKey = key }
        return index
    }

    private func propertyIndex(of key: String, table: KeyTable, hint: inout Int) -> Int? {
        let keys = table.decodedSingleKeys
        if hint < keys.count, keys[hint] == key {
            hint += 1
            return hint - 1
        }
        guard let index = table.decodedKeyIndex[key] else { return nil }
        hint = index + 1
        return index
    }
}
