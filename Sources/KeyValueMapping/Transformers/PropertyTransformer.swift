import Foundation

/// Converts one property's JSON value in both directions, replacing the built-in conversion
/// for that property. Either direction may throw; a thrown error is reported at the property's
/// key path (a ``MappingError`` as it is, any other error as the underlying error).
///
/// Transformers never see `null`: an optional property maps `null` to `nil` first, and a
/// non-optional one rejects it. A transformer whose `Value` is `Date` also serves a `Date?`
/// property.
///
/// ```swift
/// static var mappingRules: MappingRules {
///     MappingRules()
///         .transform("createdAt", with: .millisecondsSince1970)
///         .transform("status", with: .valueTable(["open": Status.open, "closed": .closed]))
/// }
/// ```
public protocol PropertyTransformer<Value>: Sendable {
    /// The property's Swift type.
    associatedtype Value
    /// JSON value → property value.
    func decode(_ json: Any) throws -> Value
    /// Property value → JSON-compatible value.
    func encode(_ value: Value) throws -> Any
}

/// A transformer made of two closures, which receive and return plain Foundation values
/// (``custom(decode:encode:)``) or ``JSONValue``s (``custom(decodeJSON:encodeJSON:)``).
public struct CustomTransformer<Value>: PropertyTransformer {
    let decodeValue: @Sendable (Any) throws -> Value
    let encodeValue: @Sendable (Value) throws -> Any
    /// The typed form's decode closure: the decode reads the payload's value as a JSON tree
    /// (numbers as written) and hands it over, with no Foundation values in between.
    let decodeJSONValue: (@Sendable (JSONValue) throws -> Value)?
    /// The typed form's encode closure: the encode checks the value's depth against the
    /// encoder's limit before converting it.
    let encodeJSONValue: (@Sendable (Value) throws -> JSONValue)?

    /// Creates a transformer from a decode closure and an encode closure.
    public init(decode: @escaping @Sendable (Any) throws -> Value, encode: @escaping @Sendable (Value) throws -> Any) {
        decodeValue = decode
        encodeValue = encode
        decodeJSONValue = nil
        encodeJSONValue = nil
    }

    /// Creates a transformer whose closures read and write ``JSONValue``s. Where the decode reads
    /// JSON text, the payload's value arrives as it is written (a number as its literal, an
    /// object's members in payload order); from a dictionary, its members come in UTF-8 key
    /// order; inside `.elementwise`, and for a model whose rules read a dictionary, it arrives
    /// through plain values, as the untyped form's does. What `encodeJSON` returns is written as
    /// plain Foundation values (numbers as `Int`, `Double` or `Decimal`, as `JSONSerialization`
    /// would give them).
    public init(decodeJSON: @escaping @Sendable (JSONValue) throws -> Value, encodeJSON: @escaping @Sendable (Value) throws -> JSONValue) {
        decodeValue = { value in
            try decodeJSON(try JSONValue(libraryValue: value, DecodingSession(options: KeyValueDecoder()), encoding: false))
        }
        encodeValue = { value in try TransformerCodec<Value>.plainValue(of: try encodeJSON(value), allowing: KeyValueEncoder().maximumDepth, limit: KeyValueEncoder().maximumDepth) }
        decodeJSONValue = decodeJSON
        encodeJSONValue = encodeJSON
    }

    /// Calls the decode closure.
    public func decode(_ json: Any) throws -> Value { try decodeValue(json) }
    /// Calls the encode closure.
    public func encode(_ value: Value) throws -> Any { try encodeValue(value) }
}

extension PropertyTransformer {
    /// A transformer from a pair of closures on plain Foundation values (`String`, `Int`,
    /// `[String: Any]`, …): `.custom(decode: { … }, encode: { … })`.
    public static func custom<V>(decode: @escaping @Sendable (Any) throws -> V, encode: @escaping @Sendable (V) throws -> Any) -> CustomTransformer<V> where Self == CustomTransformer<V> {
        CustomTransformer(decode: decode, encode: encode)
    }

    /// A transformer from a pair of closures on ``JSONValue``s, typed both ways:
    /// `.custom(decodeJSON: { json in … }, encodeJSON: { value in … })`. Read the value with
    /// its subscripts and accessors (`json["min"]?.intValue`).
    public static func custom<V>(decodeJSON: @escaping @Sendable (JSONValue) throws -> V,
                                 encodeJSON: @escaping @Sendable (V) throws -> JSONValue) -> CustomTransformer<V> where Self == CustomTransformer<V> {
        CustomTransformer(decodeJSON: decodeJSON, encodeJSON: encodeJSON)
    }
}

/// Applies a transformer to every element of an array property.
public struct ElementwiseTransformer<Element: PropertyTransformer>: PropertyTransformer {
    let element: Element

    /// Wraps `element` to work on arrays.
    public init(_ element: Element) { self.element = element }

    /// Decodes each element of a JSON array; an element's error carries its index.
    public func decode(_ json: Any) throws -> [Element.Value] {
        guard case .array(let array) = JSONScalar(json) else {
            throw MappingError.typeMismatch(expected: "[\(Element.Value.self)]", found: json)
        }
        return try array.enumerated().map { index, item in
            do { return try TransformerCodec(transformer: element).decodeValue(item) } catch let error as MappingError { throw error.prepending(.index(index)) }
        }
    }

    /// Encodes each element.
    public func encode(_ value: [Element.Value]) throws -> Any {
        try value.enumerated().map { index, item in
            do { return try TransformerCodec(transformer: element).encodeValue(item) } catch let error as MappingError { throw error.prepending(.index(index)) }
        }
    }
}

extension PropertyTransformer {
    /// `.elementwise(.iso8601)`: the transformer applied to each element of an array property.
    public static func elementwise<Element>(_ element: Element) -> ElementwiseTransformer<Element> where Self == ElementwiseTransformer<Element> {
        ElementwiseTransformer(element)
    }
}

/// Runs a transformer as a property codec, turning foreign errors into MappingErrors.
struct TransformerCodec<Value>: ValueCodec {
    let transformer: any PropertyTransformer<Value>
    /// The typed custom form's closures, found once here rather than cast for on every value.
    private let decodeJSON: (@Sendable (JSONValue) throws -> Value)?
    private let encodeJSON: (@Sendable (Value) throws -> JSONValue)?

    init(transformer: any PropertyTransformer<Value>) {
        self.transformer = transformer
        let custom = transformer as? CustomTransformer<Value>
        decodeJSON = custom?.decodeJSONValue
        encodeJSON = custom?.encodeJSONValue
    }

    /// A JSON value a typed closure returned, as the plain values the encoders write; deeper than
    /// `levels` is an error (a value the decoder would refuse is never written), and such a
    /// value is released without recursion, however deep the closure built it.
    static func plainValue(of json: consuming JSONValue, allowing levels: Int, limit: Int) throws -> Any {
        do {
            try json.checkNesting(allowing: levels, limit: limit)
        } catch {
            // The only reference is moved onto the release's list.
            var values: [Any] = [consume json]
            DeepValues.release(&values)
            throw error
        }
        return json.foundationValue()
    }

    var typeName: String { String(describing: Value.self) }

    func decodeValue(_ value: Any) throws -> Value {
        if case .null = JSONScalar(value) { throw MappingError.typeMismatch(expected: typeName, found: value) }
        return try decoding(found: value) { try transformer.decode(value) }
    }

    /// Runs user code that decodes: its `MappingError` as it is, any other error as the
    /// underlying error of an `invalidValue` that names `found`, the payload's value.
    private func decoding(found: @autoclosure () -> Any, _ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let error as MappingError {
            throw error
        } catch {
            throw MappingError.invalidValue(expected: typeName, found: found(), detail: "\(error)", underlying: error)
        }
    }

    /// Runs user code that encodes, its errors reported as ``decoding(found:_:)`` reports them.
    private func encoding<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as MappingError {
            throw error
        } catch {
            throw MappingError(.invalidValue(expected: "a JSON value", found: typeName, detail: "\(error)"), underlyingError: error)
        }
    }

    /// The transformer receives the value as plain Foundation values, whatever the source; the
    /// typed custom form receives it as a JSON tree.
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Value {
        guard let decodeJSON else { return try decodeValue(try source.readFoundationValue(session)) }
        let json = try source.readJSONValue(session)
        if json == .null { throw MappingError.typeMismatch(expected: typeName, found: NSNull()) }
        return try decoding(found: session.foundationValue(of: json)) { try decodeJSON(json) }
    }

    func encodeValue(_ value: Value) throws -> Any {
        try encoding { try transformer.encode(value) }
    }

    func encode(_ value: Value, _ session: EncodingSession) throws -> Any {
        guard let encodeJSON else { return try encodeValue(value) }
        let json = try encoding { try encodeJSON(value) }
        return try Self.plainValue(of: consume json, allowing: session.maximumDepth - session.depth, limit: session.maximumDepth)
    }
}
