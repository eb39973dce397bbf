import Foundation

/// `Date`: by default ISO 8601 text or a number of seconds since 1970 (never Foundation's
/// 2001 reference date); see ``KeyValueDecoder/DateDecodingStrategy``.
struct DateCodec: ValueCodec {
    var typeName: String { "Date" }

    /// ISO 8601 text is parsed where it lies in the bytes; a custom strategy receives the value
    /// as plain Foundation values (user code never sees a literal).
    @_specialize(where Source == JSONReader)
    @_specialize(where Source == FoundationSource)
    @_specialize(where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Date {
        switch session.options.dateDecoding {
        case .custom:
            return try convert(try source.readFoundationValue(session), session)
        case .iso8601, .iso8601OrSecondsSince1970:
            if let text = try source.readPlainText() {
                if let date = ISO8601.parse(text) { return date }
                return try convert(text.text as Any, session)
            }
        case .secondsSince1970, .millisecondsSince1970:
            break
        }
        return try convert(try source.readScalarValue(session), session)
    }

    func convert(_ value: Any, _ session: DecodingSession) throws -> Date {
        let scalar = JSONScalar(value)
        switch (session.options.dateDecoding, scalar) {
        case (.iso8601OrSecondsSince1970, .string(let text)), (.iso8601, .string(let text)):
            if let date = ISO8601.parse(text) { return date }
            throw MappingError.invalidValue(expected: typeName, found: value, detail: "not an ISO 8601 date with a time zone")
        case (.iso8601OrSecondsSince1970, _), (.secondsSince1970, _):
            return try Date.since1970(try seconds(value, scalar: scalar, session), milliseconds: false, found: value)
        case (.millisecondsSince1970, _):
            return try Date.since1970(try seconds(value, scalar: scalar, session), milliseconds: true, found: value)
        case (.iso8601, _):
            throw MappingError.typeMismatch(expected: "\(typeName) (ISO 8601 text)", found: value)
        case (.custom(let convert), _):
            do {
                let date = try convert(value)
                // Kept to the years every form writes, as the built-in strategies are.
                try ISO8601.checkRepresentable(date)
                return date
            } catch let error as MappingError {
                throw error
            } catch {
                throw MappingError.invalidValue(expected: typeName, found: value, detail: "\(error)", underlying: error)
            }
        }
    }

    private func seconds(_ value: Any, scalar: JSONScalar, _ session: DecodingSession) throws -> Double {
        switch scalar {
        case .int, .uint, .double, .decimal, .literal: return try DoubleCodec().convert(value, session)
        default: throw MappingError.typeMismatch(expected: "\(typeName) (ISO 8601 text or seconds since 1970)", found: value)
        }
    }

    func encode(_ value: Date, _ session: EncodingSession) throws -> Any {
        switch session.options.dateEncoding {
        case .iso8601: return try ISO8601.formatted(value)
        case .secondsSince1970: return try value.writtenSince1970(milliseconds: false)
        case .millisecondsSince1970: return try value.writtenSince1970(milliseconds: true)
        case .custom(let convert): return try convert(value)
        }
    }
}

/// `URL`: absolute or relative URL text; text that is not a valid URL (spaces, empty) is an error.
/// A text repeated within one decode is parsed once (see ``TextMemo``).
struct URLCodec: ValueCodec {
    var typeName: String { "URL" }

    /// Plain ASCII text is looked up in the decode's memo by its bytes where they lie, so a
    /// repeated URL costs neither a String nor a parse; other text is looked up once built.
    @_specialize(where Source == JSONReader)
    @_specialize(where Source == FoundationSource)
    @_specialize(where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> URL {
        if let bytes = try source.readPlainText() {
            return try session.urls.value(for: bytes, text: { bytes.text }, convert: Self.parse) ?? convert(bytes.text as Any, session)
        }
        // Escaped text (`https:\/\/…`, as JSONSerialization writes it) is built, then looked
        // up: boxing it for `convert` would cost a box and a dynamic cast per URL.
        if let text = try source.readText() {
            return try session.urls.value(for: text, convert: Self.parse) ?? convert(text as Any, session)
        }
        return try convert(try source.readScalarValue(session), session)
    }

    func convert(_ value: Any, _ session: DecodingSession) throws -> URL {
        guard case .string(let text) = JSONScalar(value) else {
            throw MappingError.typeMismatch(expected: typeName, found: value)
        }
        guard let url = session.urls.value(for: text, convert: Self.parse) else {
            throw MappingError.invalidValue(expected: typeName, found: value, detail: "not a valid URL")
        }
        return url
    }

    /// Strict parsing: no percent-encoding of invalid characters, and no empty URL.
    static func parse(_ text: String) -> URL? {
        guard !text.isEmpty else { return nil }
        // Since macOS 14 / iOS 17 `URL(string:)` percent-encodes invalid characters unless told
        // not to; the releases before had only the strict behaviour, so both ask for the same.
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            return URL(string: text, encodingInvalidCharacters: false)
        }
        return URL(string: text)
    }

    func encode(_ value: URL, _ session: EncodingSession) throws -> Any { value.absoluteString }
}

/// `UUID`: its canonical 36-character text, in either letter case; written in upper case.
struct UUIDCodec: ValueCodec {
    var typeName: String { "UUID" }

    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> UUID {
        try Self.parse(try source.readScalarValue(session))
    }

    /// UUID text → UUID; shared with ``UUIDTransformer``.
    static func parse(_ value: Any) throws -> UUID {
        guard case .string(let text) = JSONScalar(value) else {
            throw MappingError.typeMismatch(expected: "UUID", found: value)
        }
        guard let uuid = UUID(uuidString: text) else {
            throw MappingError.invalidValue(expected: "UUID", found: value, detail: "not a UUID")
        }
        return uuid
    }

    func encode(_ value: UUID, _ session: EncodingSession) throws -> Any { value.uuidString }
}

/// `Data`: base64 text (RFC 4648, padded); written the same way.
struct DataCodec: ValueCodec {
    var typeName: String { "Data" }

    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Data {
        try Self.parse(try source.readScalarValue(session))
    }

    /// Base64 text → Data; shared with ``Base64Transformer``.
    static func parse(_ value: Any) throws -> Data {
        guard case .string(let text) = JSONScalar(value) else {
            throw MappingError.typeMismatch(expected: "Data", found: value)
        }
        guard let data = Data(base64Encoded: text) else {
            throw MappingError.invalidValue(expected: "Data", found: value, detail: "not base64")
        }
        return data
    }

    func encode(_ value: Data, _ session: EncodingSession) throws -> Any { value.base64EncodedString() }
}
