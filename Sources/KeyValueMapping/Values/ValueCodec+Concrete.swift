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
    func encode(_ value: Value, _ session: EncodingSession) throws -> Any { try base.encode(value, session) }
    func isNil(_ value: Value) -> Bool { base.isNil(value) }
    var acceptsNull: Bool { base.acceptsNull }
    func passesThrough(_ values: [Value]) -> Bool { base.passesThrough(values) }
    var alwaysPassesThrough: Bool { base.alwaysPassesThrough }
    func passesThroughNested(_ values: [[Value]]) -> Bool { base.passesThroughNested(values) }
    func encode(_ value: Value, to writer: inout JSONWriter, _ session: EncodingSession) throws { try base.encode(value, to: &writer, session) }
}

/// `Int`, compiled for `Int`.
struct IntCodec: ConcreteCodec {
    let base = IntegerCodec<Int>()

    @_specialize(where Source == JSONReader)
    @_specialize(where Source == FoundationSource)
    @_specialize(where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Int {
        try base.decode(from: &source, session)
    }
}

/// `Int64`, compiled for `Int64`.
struct Int64Codec: ConcreteCodec {
    let base = IntegerCodec<Int64>()

    @_specialize(where Source == JSONReader)
    @_specialize(where Source == FoundationSource)
    @_specialize(where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Int64 {
        try base.decode(from: &source, session)
    }
}

/// `[String: Int]`, compiled for that type.
struct StringToIntCodec: ConcreteCodec {
    let base = DictionaryCodec<String, Int>(key: StringKeys(), element: IntCodec())

    @_specialize(where Source == JSONReader)
    @_specialize(where Source == FoundationSource)
    @_specialize(where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> [String: Int] {
        try base.decode(from: &source, session)
    }
}

/// `[String: String]`, compiled for that type.
struct StringToStringCodec: ConcreteCodec {
    let base = DictionaryCodec<String, String>(key: StringKeys(), element: StringCodec())

    @_specialize(where Source == JSONReader)
    @_specialize(where Source == FoundationSource)
    @_specialize(where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> [String: String] {
        try base.decode(from: &source, session)
    }
}

/// `[String]`, compiled for that type.
struct StringArrayCodec: ConcreteCodec {
    let base = ArrayCodec<String>(element: StringCodec())

    @_specialize(where Source == JSONReader)
    @_specialize(where Source == FoundationSource)
    @_specialize(where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> [String] {
        try base.decode(from: &source, session)
    }
}

/// `[Int]`, compiled for that type.
struct IntArrayCodec: ConcreteCodec {
    let base = ArrayCodec<Int>(element: IntCodec())

    @_specialize(where Source == JSONReader)
    @_specialize(where Source == FoundationSource)
    @_specialize(where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> [Int] {
        try base.decode(from: &source, session)
    }
}

/// `String?`, compiled for that type.
struct OptionalStringCodec: ConcreteCodec {
    let base = OptionalCodec<String?>(wrapped: StringCodec())

    @_specialize(where Source == JSONReader)
    @_specialize(where Source == FoundationSource)
    @_specialize(where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> String? {
        try base.decode(from: &source, session)
    }
}

/// `Int?`, compiled for that type.
struct OptionalIntCodec: ConcreteCodec {
    let base = OptionalCodec<Int?>(wrapped: IntCodec())

    @_specialize(where Source == JSONReader)
    @_specialize(where Source == FoundationSource)
    @_specialize(where Source == TreeSource)
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Int? {
        try base.decode(from: &source, session)
    }
}
