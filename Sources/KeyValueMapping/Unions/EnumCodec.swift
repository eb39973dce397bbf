import Foundation

/// A ``MappableEnum``: the tag chooses the case, the case's codec reads its payload. Written
/// once against the source, for the four representations.
struct EnumCodec<Enum: MappableEnum>: ValueCodec {
    let metadata: EnumMetadata<Enum>

    var typeName: String { metadata.typeName }

    @_specialize(exported: false, kind: partial, where Source == JSONReader)
    @_specialize(exported: false, kind: partial, where Source == FoundationSource)
    @_specialize(exported: false, kind: partial, where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Enum {
        switch metadata.representation {
        case .externallyTagged: return try decodeExternallyTagged(from: &source, session)
        case .internallyTagged(let key): return try decodeInternallyTagged(key, from: &source, session)
        case .adjacentlyTagged(let key, let content): return try decodeAdjacentlyTagged(key, content: content, from: &source, session)
        case .untagged: return try decodeUntagged(from: &source, session)
        }
    }

    /// `"unknown"` or `{"circle": {…}}`. The object is read once into a tree, so that its
    /// members are counted before anything is decoded and a repeated key counts as the
    /// duplicate-key policy says, as on every other source.
    private func decodeExternallyTagged<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Enum {
        if let tag = try source.readText() {
            guard let index = metadata.tagIndexes[tag] else { return try unknownTag(tag, session) }
            guard let unit = metadata.cases[index].unit else {
                throw MappingError(.typeMismatch(expected: "an object {\"\(tag)\": …} holding the payload of case \"\(tag)\"", found: "the bare tag"))
            }
            return unit()
        }
        guard try source.peekKind() == .object, case .object(let object) = try source.readJSONValue(session) else {
            throw MappingError.typeMismatch(expected: "\(typeName) (a tag, or an object with one tag)", found: try source.readScalarValue(session))
        }
        guard object.count == 1 else {
            throw MappingError(.invalidValue(expected: "\(typeName) (an object with one member, the tag)",
                                             found: object.isEmpty ? "an empty object" : "an object with more members",
                                             detail: "an externally tagged value holds its tag and payload alone (the tags are \(metadata.tagList))"))
        }
        let (tag, content) = object[0]
        guard let index = metadata.tagIndexes[tag] else { return try unknownTag(tag, session) }
        var tree = TreeSource(content)
        return try decodeCase(index, from: &tree, at: .key(tag), session)
    }

    /// `{"type": "circle", "radius": 1.5}`: the tag is read first (the reader scans the object
    /// for it and comes back), then the object is decoded as the case's payload model, which
    /// counts the tag as one of its own keys.
    private func decodeInternallyTagged<Source: DecodingSource>(_ key: String, from source: inout Source, _ session: DecodingSession) throws -> Enum {
        let name = metadata.tagName ?? MemberName(key)
        guard let tag = try InternalTag.read(name, of: typeName, from: &source, session) else {
            throw InternalTag.missing(key, of: typeName, tags: metadata.tagList)
        }
        let mark = source.mark()
        guard let index = metadata.tagIndexes[tag] else {
            let value = try unknownTag(tag, session)
            try source.skipValue(from: mark)
            return value
        }
        guard let payload = metadata.cases[index].payload else {
            // The object holds the tag alone; any other member is unknown.
            if session.rejectsUnknownKeys, case .object(let object) = try source.readJSONValue(session),
               let extra = InternalTag.firstUnknownKey(in: object, besides: key) {
                throw MappingError(.unknownKey(type: typeName), path: [.key(extra)])
            }
            try source.skipValue(from: mark)
            return try unitCase(index)
        }
        try payload.checkTagKey(key, style: session.keyStyle)
        return try InternalTag.decodeAdopting(name, session) { try payload.decode(from: &source, session) }
    }

    /// `{"type": "circle", "data": {…}}`, in either order: the object is read once into a
    /// tree, whose members are then looked up (a repeated key counts as the duplicate-key
    /// policy says, as on every other source).
    private func decodeAdjacentlyTagged<Source: DecodingSource>(_ key: String, content: String, from source: inout Source,
                                                                _ session: DecodingSession) throws -> Enum {
        guard try source.peekKind() == .object, case .object(let object) = try source.readJSONValue(session) else {
            throw MappingError.typeMismatch(expected: "\(typeName) (an object with the tag \"\(key)\")", found: try source.readScalarValue(session))
        }
        // The first unknown member in UTF-8 order: a dictionary has no order of its own.
        if session.rejectsUnknownKeys, let extra = InternalTag.firstUnknownKey(in: object, besides: key, content) {
            throw MappingError(.unknownKey(type: typeName), path: [.key(extra)])
        }
        guard let tagValue = object[key] else { throw InternalTag.missing(key, of: typeName, tags: metadata.tagList) }
        guard case .string(let tag) = tagValue else {
            throw MappingError.typeMismatch(expected: "String (the tag of \(typeName))", json: tagValue).prepending([.key(key)])
        }
        guard let index = metadata.tagIndexes[tag] else { return try unknownTag(tag, session) }
        guard let value = object[content] else {
            if metadata.cases[index].payload == nil { return try unitCase(index) }
            throw MappingError(.missingKey(expected: "the payload of case \"\(tag)\" (\(metadata.cases[index].payload?.typeName ?? ""))"),
                               path: [.key(content)])
        }
        var tree = TreeSource(value)
        return try decodeCase(index, from: &tree, at: .key(content), session)
    }

    /// No tag: the value is read once, and each case tried on it in declaration order. The
    /// trials convert strictly (a string is never a number here), so each value decodes back
    /// as the case that wrote it.
    private func decodeUntagged<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Enum {
        let value = try source.readJSONValue(session)
        let wasStrict = session.isStrict
        session.isStrict = true
        defer { session.isStrict = wasStrict }
        var failures: [String] = []
        for index in 0..<metadata.cases.count {
            let entry = metadata.cases[index]
            guard let payload = entry.payload else {
                if value.isNull { return try unitCase(index) }
                failures.append("\(entry.tag): expected null")
                continue
            }
            // A trial: an error inside it is the trial's, never listed by lenient decoding.
            let scope = session.enterRelaxation(true)
            do {
                var tree = TreeSource(value)
                let decoded = try payload.decode(from: &tree, session)
                session.exit(scope, failed: false)
                return decoded
            } catch let error as MappingError where error.isRelaxable {
                session.exit(scope, failed: true)
                failures.append("\(entry.tag): \(error.path.isEmpty ? error.reasonDescription : error.description)")
            } catch {
                session.exit(scope, failed: true)
                throw error
            }
        }
        let found = ValueDescription.describe(json: value)
        return try noCaseFits(MappingError(.invalidValue(expected: "a value one of \(typeName)'s cases decodes", found: found,
                                                           detail: failures.joined(separator: "; ")), foundValue: found), session)
    }

    /// The case at `index` read from the value at the cursor: its payload, or, for a case
    /// without one, `null`.
    private func decodeCase<Source: DecodingSource>(_ index: Int, from source: inout Source, at component: MappingError.PathComponent,
                                                    _ session: DecodingSession) throws -> Enum {
        guard let payload = metadata.cases[index].payload else {
            guard try source.readNull() else {
                throw MappingError.typeMismatch(expected: "null (case \"\(metadata.cases[index].tag)\" has no payload)",
                                                found: try source.readScalarValue(session)).prepending([component])
            }
            return try unitCase(index)
        }
        let scope = session.enter(component)
        do {
            let value = try payload.decode(from: &source, session)
            session.exit(scope, failed: false)
            return value
        } catch let error as MappingError {
            session.exit(scope, failed: true)
            throw error.prepending([component])
        }
    }

    private func unitCase(_ index: Int) throws -> Enum {
        guard let unit = metadata.cases[index].unit else {
            throw MappingError(.other("case \"\(metadata.cases[index].tag)\" of \(typeName) has a payload"))
        }
        return unit()
    }

    /// A tag no case declares: the fallback case (listed by lenient decoding), or the error.
    private func unknownTag(_ tag: String, _ session: DecodingSession) throws -> Enum {
        try noCaseFits(metadata.unknownTag(tag), session)
    }

    private func noCaseFits(_ error: MappingError, _ session: DecodingSession) throws -> Enum {
        guard let fallback = metadata.fallback else { throw error }
        session.relaxed(error)
        return fallback()
    }

    func encode(_ value: Enum, _ session: EncodingSession) throws -> Any {
        // A level of its own, as a model's: a recursive union (`indirect`) meets the depth limit
        // and the stack check like any nesting.
        try session.enter()
        defer { session.leave() }
        let index = try metadata.caseIndex(of: value)
        let entry = metadata.cases[index]
        guard let payload = entry.payload else {
            switch metadata.representation {
            case .externallyTagged: return entry.tag
            case .internallyTagged(let key), .adjacentlyTagged(let key, _): return [key: entry.tag]
            case .untagged: return NSNull()
            }
        }
        let encoded = try encodePayload(payload, of: value, entry, session)
        switch metadata.representation {
        case .externallyTagged:
            return [entry.tag: encoded]
        case .internallyTagged(let key):
            try payload.checkTagKey(key, style: session.keyStyle)
            guard var object = encoded as? [String: Any] else {
                throw MappingError(.invalidValue(expected: "an object for the internally tagged case \"\(entry.tag)\"", found: "\(type(of: encoded))",
                                                 detail: "its payload did not encode to an object"))
            }
            object[key] = entry.tag
            return object
        case .adjacentlyTagged(let key, let content):
            return [key: entry.tag, content: encoded]
        case .untagged:
            return encoded
        }
    }

    private func encodePayload(_ payload: any EnumPayloadCoding<Enum>, of value: Enum, _ entry: EnumMetadata<Enum>.Case,
                               _ session: EncodingSession) throws -> Any {
        let held = EnumCase.payload(ofCaseWithPayload: value)
        do {
            return try payload.encode(payload: held, session)
        } catch let error as MappingError {
            throw Self.payloadError(error, entry, metadata.representation)
        }
    }

    /// A payload's error with the tag or content key it is written under in front.
    static func payloadError(_ error: MappingError, _ entry: EnumMetadata<Enum>.Case, _ representation: EnumRules<Enum>.Representation) -> MappingError {
        switch representation {
        case .externallyTagged: return error.prepending([.key(entry.tag)])
        case .adjacentlyTagged(_, let content): return error.prepending([.key(content)])
        case .internallyTagged, .untagged: return error
        }
    }
}
