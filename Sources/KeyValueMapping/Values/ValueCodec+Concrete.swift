import Foundation

// The codecs are generic and reached through existentials, so their code runs unspecialised
// unless the concrete type is spelled out somewhere. For the most common property types these
// non-generic wrappers spell it out: every call into the wrapped codec is then compiled for
// that type, without the run-time generic metadata lookups (Optional<Value> and friends) that
// profiles showed on every integer and small dictionary.
protocol ConcreteCodec: ValueCodec {
    associatedtype Base: ValueCodec where Base.Value == Value
    var base: Base { get }
}

extension ConcreteCodec {
    var typeName: String { base.typeName }
    func decode(_ value: Any, _ session: DecodingSession) throws -> Value { try base.decode(value, session) }
    func encode(_ value: Value, _ session: EncodingSession) throws -> Any { try base.encode(value, session) }
    func isNil(_ value: Value) -> Bool { base.isNil(value) }
    var acceptsNull: Bool { base.acceptsNull }
    func passesThrough(_ values: [Value]) -> Bool { base.passesThrough(values) }
    var alwaysPassesThrough: Bool { base.alwaysPassesThrough }
    func passesThroughNested(_ values: [[Value]]) -> Bool { base.passesThroughNested(values) }
    func decodeArray(_ array: [Any], _ session: DecodingSession, skipping: Bool) throws -> [Value] {
        try base.decodeArray(array, session, skipping: skipping)
    }
    func decode(json: JSONValue, _ session: DecodingSession) throws -> Value { try base.decode(json: json, session) }
    func decodeArray(json array: [JSONValue], _ session: DecodingSession, skipping: Bool) throws -> [Value] {
        try base.decodeArray(json: array, session, skipping: skipping)
    }
    func decode(reader: inout JSONReader, _ session: DecodingSession) throws -> Value { try base.decode(reader: &reader, session) }
    func encode(_ value: Value, to writer: inout JSONWriter, _ session: EncodingSession) throws { try base.encode(value, to: &writer, session) }
}

/// `Int`, compiled for `Int`.
struct IntCodec: ConcreteCodec {
    let base = IntegerCodec<Int>()
}

/// `Int64`, compiled for `Int64`.
struct Int64Codec: ConcreteCodec {
    let base = IntegerCodec<Int64>()
}

/// `[String: Int]`, compiled for that type.
struct StringToIntCodec: ConcreteCodec {
    let base = DictionaryCodec<String, Int>(key: StringKeys(), element: IntCodec())
}

/// `[String: String]`, compiled for that type.
struct StringToStringCodec: ConcreteCodec {
    let base = DictionaryCodec<String, String>(key: StringKeys(), element: StringCodec())
}

/// `[String]`, compiled for that type.
struct StringArrayCodec: ConcreteCodec {
    let base = ArrayCodec<String>(element: StringCodec())
}

/// `[Int]`, compiled for that type.
struct IntArrayCodec: ConcreteCodec {
    let base = ArrayCodec<Int>(element: IntCodec())
}

/// `String?`, compiled for that type.
struct OptionalStringCodec: ConcreteCodec {
    let base = OptionalCodec<String?>(wrapped: StringCodec())
}

/// `Int?`, compiled for that type.
struct OptionalIntCodec: ConcreteCodec {
    let base = OptionalCodec<Int?>(wrapped: IntCodec())
}
