/// How an ``ImmutableMappable`` model is built: the one walk initialises the fields the payload
/// gives in fresh storage, then every other field is initialised once — from the value an update
/// keeps, or as `nil` — and only then is the storage moved out as a value.
extension ModelMetadata {
    /// A value built from the object at `source`'s cursor (without `didDecode`). `keeping` is
    /// asked, once the walk has read the object, for the value whose fields the payload left out
    /// are copied from (an update's old value, an import's stored record), or `nil` for a new
    /// value, whose absent optionals are `nil` and whose absent non-optionals are errors; it sees
    /// what the walk met and wrote, and the fields written so far. `unmappedFrom` gives a new
    /// value the fields no property maps of another (a merge patch's old value), which would
    /// otherwise be `nil`.
    func buildModel<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession, missingKeys: MissingKeys,
                                            unmappedFrom other: Model? = nil,
                                            keeping: (DecodedMembers, UnsafeRawPointer) throws -> Model?) throws -> Model {
        try FreshStorage.build(Model.self) { base in
            let members = try decodeMembers(from: &source, at: base, session, missingKeys: missingKeys)
            do {
                try complete(base, members, keeping: try keeping(members, UnsafeRawPointer(base)), unmappedFrom: other, session)
            } catch {
                for (index, accessor) in decodedAccessors.enumerated() where members.written.contains(index) {
                    accessor.deinitialize(in: base)
                }
                throw error
            }
        }
    }

    /// Initialises every field the walk did not write: copied from `old`, or `nil`. Checks first,
    /// so that when it throws it has initialised nothing.
    private func complete(_ base: UnsafeMutableRawPointer, _ members: DecodedMembers, keeping old: Model?, unmappedFrom other: Model?,
                          _ session: DecodingSession) throws {
        if let old {
            ModelStorage.withFields(of: old, isClass: false) { oldBase in
                for (index, accessor) in decodedAccessors.enumerated() where !members.written.contains(index) {
                    accessor.copyValue(from: oldBase, to: base)
                }
                for field in unmappedOptionalFields { field.copyInitialize(from: oldBase, to: base) }
            }
            return
        }
        for (index, accessor) in decodedAccessors.enumerated() where !members.written.contains(index) && !accessor.acceptsNull {
            let path = try session.keyTable(for: self).decodeKeys[index].errorPath
            // Met but not written: a `null` that would have kept a default, which a new value lacks.
            guard members.found.contains(index) else { throw MappingError(.missingKey(expected: accessor.typeName), path: path) }
            throw MappingError(.nullForNonOptional(expected: accessor.typeName), path: path, foundValue: "null")
        }
        for (index, accessor) in decodedAccessors.enumerated() where !members.written.contains(index) {
            _ = accessor.initializeNil(in: base)
        }
        guard let other else {
            for field in unmappedOptionalFields { field.initializeNil(in: base) }
            return
        }
        ModelStorage.withFields(of: other, isClass: false) { otherBase in
            for field in unmappedOptionalFields { field.copyInitialize(from: otherBase, to: base) }
        }
    }
}
