import Foundation

/// A ``MappableEnum`` written straight into the JSON writer (the bytes path for encoding).
extension EnumCodec {
    func encode(_ value: Enum, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        try session.enter()
        defer { session.leave() }
        let index = try metadata.caseIndex(of: value)
        let entry = metadata.cases[index]
        guard let payload = entry.payload else {
            switch metadata.representation {
            case .externallyTagged:
                writer.writeString(entry.tag)
            case .internallyTagged(let key), .adjacentlyTagged(let key, _):
                writer.beginObject()
                writer.writeKey(key)
                writer.writeString(entry.tag)
                writer.endObject()
            case .untagged:
                writer.writeNull()
            }
            return
        }
        let held = EnumCase.payload(ofCaseWithPayload: value)
        do {
            switch metadata.representation {
            case .externallyTagged:
                writer.beginObject()
                writer.writeKey(quoted: entry.quotedTag)
                try payload.encode(payload: held, to: &writer, session)
                writer.endObject()
            case .internallyTagged(let key):
                try payload.checkTagKey(key, style: session.keyStyle)
                // The payload is a model, which opens exactly one object: its own.
                writer.leadNextObject(key: metadata.quotedTagKey, value: entry.quotedTag)
                defer { writer.clearLeadingMember() }
                try payload.encode(payload: held, to: &writer, session)
            case .adjacentlyTagged(let key, let content):
                writer.beginObject()
                writer.writeKey(key)
                writer.writeString(entry.tag)
                writer.writeKey(content)
                try payload.encode(payload: held, to: &writer, session)
                writer.endObject()
            case .untagged:
                try payload.encode(payload: held, to: &writer, session)
            }
        } catch let error as MappingError {
            throw Self.payloadError(error, entry, metadata.representation)
        }
    }
}
