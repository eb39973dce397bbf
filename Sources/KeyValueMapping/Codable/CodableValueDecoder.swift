import Foundation

/// The `Decoder` a `Codable` property type decodes itself from: a view of one value of the
/// library's own JSON tree, inside one decode (its options and depth).
///
/// Scalars are converted by the library's own codecs, so coercion, exact numbers and every
/// message are those of any other property; `Date`, `URL`, `UUID`, `Data` and `Decimal` follow
/// the ``KeyValueDecoder``'s strategies, and a `Mappable` type maps through its rules. A
/// ``MappingError`` thrown here carries the key path from the property's value down, so it is
/// complete however the type's `init(from:)` nests its calls.
final class CodableValueDecoder: Decoder {
    let value: JSONValue
    let session: DecodingSession
    /// Where `value` is, from the property's value (for errors).
    let path: [MappingError.PathComponent]
    let codingPath: [any CodingKey]
    /// The type being decoded from `value`, for messages.
    let typeName: String

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(value: JSONValue, session: DecodingSession, path: [MappingError.PathComponent], codingPath: [any CodingKey], typeName: String) {
        self.value = value
        self.session = session
        self.path = path
        self.codingPath = codingPath
        self.typeName = typeName
    }

    /// Decodes a property's whole value.
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, _ session: DecodingSession) throws -> T {
        let root = CodableValueDecoder(value: value, session: session, path: [], codingPath: [], typeName: String(describing: T.self))
        return try root.decode(T.self, from: value, path: [], codingPath: [])
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw mismatch() }
        return KeyedDecodingContainer(CodableKeyedDecodingContainer<Key>(decoder: self, object: object))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch() }
        return CodableUnkeyedDecodingContainer(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    /// The error for a container of the wrong kind: this value is not what `typeName` reads.
    private func mismatch() -> MappingError {
        MappingError.typeMismatch(expected: typeName, json: value).prepending(path)
    }

    /// Converts `value` with one of the library's scalar codecs.
    func scalar<Codec: ValueCodec>(_ codec: Codec, _ value: JSONValue, path: [MappingError.PathComponent]) throws -> Codec.Value {
        do {
            var source = TreeSource(value)
            return try codec.decode(from: &source, session)
        } catch let error as MappingError {
            throw error.prepending(path)
        }
    }

    /// Decodes a `T` from `value` found at `path`: the library's own conversion for the types it
    /// knows, else `T(from:)`. Errors become MappingErrors at their full path; `null` for a type
    /// that does not accept it is the usual null error.
    func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, path: [MappingError.PathComponent], codingPath: [any CodingKey]) throws -> T {
        if let known = try decodeKnown(T.self, from: value, path: path) { return known }
        let typeName = String(describing: T.self)
        let child = CodableValueDecoder(value: value, session: session, path: path, codingPath: codingPath, typeName: typeName)
        do {
            try session.enter()
            defer { session.leave() }
            return try T(from: child)
        } catch where value.isNull {
            throw MappingError(.nullForNonOptional(expected: typeName), path: path, foundValue: "null")
        } catch let error as MappingError {
            // Errors from this decoder's containers are complete already; one with no path (the
            // depth check, or the type's own) happened here.
            throw error.path.isEmpty ? error.prepending(path) : error
        } catch let error as DecodingError {
            // The type is only known for an error at this level; deeper ones name none.
            let here = error.codingPath.count == codingPath.count
            throw MappingError(error, expected: here ? typeName : nil, found: describe(at: error.codingPath))
        } catch {
            let found = ValueDescription.describe(json: value)
            throw MappingError(.invalidValue(expected: typeName, found: found, detail: "\(error)"), path: path, foundValue: found, underlyingError: error)
        }
    }

    /// The library's own conversion for the value types it maps with its strategies, and for
    /// models, which always map through their rules; `nil` for any other type.
    private func decodeKnown<T>(_ type: T.Type, from value: JSONValue, path: [MappingError.PathComponent]) throws -> T? {
        if T.self == JSONValue.self { return value as? T }
        if T.self == Date.self { return try scalar(DateCodec(), value, path: path) as? T }
        if T.self == URL.self { return try scalar(URLCodec(), value, path: path) as? T }
        if T.self == UUID.self { return try scalar(UUIDCodec(), value, path: path) as? T }
        if T.self == Data.self { return try scalar(DataCodec(), value, path: path) as? T }
        if T.self == Decimal.self { return try scalar(DecimalCodec(), value, path: path) as? T }
        if let model = T.self as? any KeyValueModel.Type {
            return try decodeModel(model, from: value, path: path) as? T
        }
        return nil
    }

    private func decodeModel<Model: KeyValueModel>(_ type: Model.Type, from value: JSONValue, path: [MappingError.PathComponent]) throws -> Model {
        do {
            let metadata = try ModelMetadata.of(Model.self)
            var source = TreeSource(value)
            // Lenient decodes record skipped errors at the session's path: extend it to here.
            return try session.withPath(path) { try metadata.makeModel(from: &source, session) }
        } catch let error as MappingError {
            throw error.prepending(path)
        }
    }

    /// A short description of the value at `codingPath` (a path inside this decoder's value), if
    /// there is one there.
    private func describe(at codingPath: [any CodingKey]) -> String? {
        var current = value
        for key in codingPath.dropFirst(self.codingPath.count) {
            switch current {
            case .object(let object):
                guard let member = object[key.stringValue] else { return nil }
                current = member
            case .array(let elements):
                guard let index = key.intValue, elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return ValueDescription.describe(json: current)
    }
}

extension CodableValueDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try scalar(BoolCodec(), value, path: path) }
    func decode(_ type: String.Type) throws -> String { try scalar(StringCodec(), value, path: path) }
    func decode(_ type: Double.Type) throws -> Double { try scalar(DoubleCodec(), value, path: path) }
    func decode(_ type: Float.Type) throws -> Float { try scalar(FloatCodec(), value, path: path) }
    func decode(_ type: Int.Type) throws -> Int { try scalar(IntegerCodec<Int>(), value, path: path) }
    func decode(_ type: Int8.Type) throws -> Int8 { try scalar(IntegerCodec<Int8>(), value, path: path) }
    func decode(_ type: Int16.Type) throws -> Int16 { try scalar(IntegerCodec<Int16>(), value, path: path) }
    func decode(_ type: Int32.Type) throws -> Int32 { try scalar(IntegerCodec<Int32>(), value, path: path) }
    func decode(_ type: Int64.Type) throws -> Int64 { try scalar(IntegerCodec<Int64>(), value, path: path) }
    func decode(_ type: UInt.Type) throws -> UInt { try scalar(IntegerCodec<UInt>(), value, path: path) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(IntegerCodec<UInt8>(), value, path: path) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(IntegerCodec<UInt16>(), value, path: path) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(IntegerCodec<UInt32>(), value, path: path) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(IntegerCodec<UInt64>(), value, path: path) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decode(T.self, from: value, path: path, codingPath: codingPath)
    }
}
