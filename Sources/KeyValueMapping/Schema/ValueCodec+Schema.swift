import Foundation

// Each codec describes the JSON it writes; where the decoder accepts more (lossless coercion
// reads "12" into an Int), the schema keeps to the written form, so every document it allows is
// one the decoder reads and everything the encoder writes is allowed.

extension IntegerCodec: SchemaDescribing {
    func schema(_ builder: SchemaBuilder) throws -> JSONValue {
        Schema.type("integer", ("minimum", Schema.number(Value.min)), ("maximum", Schema.number(Value.max)))
    }
}

extension DoubleCodec: SchemaDescribing {
    func schema(_ builder: SchemaBuilder) throws -> JSONValue { Schema.type("number") }
}

extension FloatCodec: SchemaDescribing {
    // Bounds as Float.greatestFiniteMagnitude is written (3.4028235e+38): every number up to it
    // rounds to a finite Float, and the encoder never writes more.
    func schema(_ builder: SchemaBuilder) throws -> JSONValue {
        let bound = Double(Float.greatestFiniteMagnitude.description) ?? Double(Float.greatestFiniteMagnitude)
        guard let maximum = JSONNumber(bound), let minimum = JSONNumber(-bound) else { return Schema.type("number") }
        return Schema.type("number", ("minimum", .number(minimum)), ("maximum", .number(maximum)))
    }
}

extension DecimalCodec: SchemaDescribing {
    func schema(_ builder: SchemaBuilder) throws -> JSONValue { Schema.type("number") }
}

extension BoolCodec: SchemaDescribing {
    func schema(_ builder: SchemaBuilder) throws -> JSONValue { Schema.type("boolean") }
}

extension StringCodec: SchemaDescribing {
    func schema(_ builder: SchemaBuilder) throws -> JSONValue { Schema.type("string") }
}

extension CharacterCodec: SchemaDescribing {
    // One Character is one grapheme cluster, which may be several code points (a flag, a letter
    // with a combining accent); JSON Schema counts code points, so only the minimum is stated.
    func schema(_ builder: SchemaBuilder) throws -> JSONValue {
        Schema.type("string", ("minLength", .number(JSONNumber(Int64(1)))))
    }
}

extension DateCodec: SchemaDescribing {
    // The encoder's strategy decides the written form; a custom strategy on either side can
    // write or read anything.
    func schema(_ builder: SchemaBuilder) throws -> JSONValue {
        if case .custom = builder.decoder.dateDecoding { return .object([:]) }
        switch builder.encoder.dateEncoding {
        case .iso8601: return Schema.type("string", ("format", .string("date-time")))
        case .secondsSince1970, .millisecondsSince1970: return Schema.type("number")
        case .custom: return .object([:])
        }
    }
}

extension URLCodec: SchemaDescribing {
    // Absolute or relative; the empty text, which "uri-reference" allows, is not a URL here.
    func schema(_ builder: SchemaBuilder) throws -> JSONValue {
        Schema.type("string", ("format", .string("uri-reference")), ("minLength", .number(JSONNumber(Int64(1)))))
    }
}

extension UUIDCodec: SchemaDescribing {
    func schema(_ builder: SchemaBuilder) throws -> JSONValue { Schema.type("string", ("format", .string("uuid"))) }
}

extension DataCodec: SchemaDescribing {
    func schema(_ builder: SchemaBuilder) throws -> JSONValue { Schema.type("string", ("contentEncoding", .string("base64"))) }
}

extension AnyValueCodec: SchemaDescribing {
    func schema(_ builder: SchemaBuilder) throws -> JSONValue { .object([:]) }
}

extension CodableCodec: SchemaDescribing {
    // The type's own `encode(to:)` decides what it writes: nothing can be promised about it.
    func schema(_ builder: SchemaBuilder) throws -> JSONValue { .object([:]) }
}

extension ConcreteCodec where Self: SchemaDescribing {
    func schema(_ builder: SchemaBuilder) throws -> JSONValue { try builder.schema(of: base) }
    func gatheredValueSchema(_ builder: SchemaBuilder) throws -> JSONValue? { try base.gatheredValueSchema(builder) }
}

extension IntCodec: SchemaDescribing {}
extension Int64Codec: SchemaDescribing {}
extension StringToIntCodec: SchemaDescribing {}
extension StringToStringCodec: SchemaDescribing {}
extension StringArrayCodec: SchemaDescribing {}
extension IntArrayCodec: SchemaDescribing {}
extension OptionalStringCodec: SchemaDescribing {}
extension OptionalIntCodec: SchemaDescribing {}

extension OptionalCodec: SchemaDescribing {
    func schema(_ builder: SchemaBuilder) throws -> JSONValue { Schema.nullable(try builder.schema(of: wrapped)) }
    func gatheredValueSchema(_ builder: SchemaBuilder) throws -> JSONValue? { try wrapped.gatheredValueSchema(builder) }
}

extension ArrayCodec: SchemaDescribing {
    func schema(_ builder: SchemaBuilder) throws -> JSONValue { Schema.type("array", ("items", try builder.schema(of: element))) }
}

extension SetCodec: SchemaDescribing {
    // `uniqueItems` only where distinct elements are always written as distinct JSON: two dates
    // a microsecond apart, two models differing in an ignored property or two values a
    // transformer maps alike are distinct in the set and written twice alike.
    func schema(_ builder: SchemaBuilder) throws -> JSONValue {
        let items = ("items", try builder.schema(of: elements.element))
        guard InjectiveForm.holds(for: elements.element) else { return Schema.type("array", items) }
        return Schema.type("array", items, ("uniqueItems", .bool(true)))
    }
}

/// A codec that writes distinct values as distinct JSON values (as JSON Schema's
/// `uniqueItems` compares them): text, integers, booleans, UUIDs, characters, and raw values of
/// those. Numbers with a fraction, dates, data, URLs, models and transformers are left out:
/// their written form can merge values the Swift type keeps apart.
protocol InjectiveJSONForm {
    var writesDistinctValuesDistinctly: Bool { get }
}

extension InjectiveJSONForm {
    var writesDistinctValuesDistinctly: Bool { true }
}

enum InjectiveForm {
    static func holds(for codec: Any) -> Bool {
        (codec as? any InjectiveJSONForm)?.writesDistinctValuesDistinctly ?? false
    }
}

extension StringCodec: InjectiveJSONForm {}
extension IntegerCodec: InjectiveJSONForm {}
extension BoolCodec: InjectiveJSONForm {}
extension UUIDCodec: InjectiveJSONForm {}
extension CharacterCodec: InjectiveJSONForm {}

extension RawValueCodec: InjectiveJSONForm {
    var writesDistinctValuesDistinctly: Bool { InjectiveForm.holds(for: raw) }
}

extension OptionalCodec: InjectiveJSONForm {
    // `nil` is `null`, which no wrapped value is unless it can be null itself.
    var writesDistinctValuesDistinctly: Bool { !wrapped.acceptsNull && InjectiveForm.holds(for: wrapped) }
}

extension ConcreteCodec where Self: InjectiveJSONForm {
    var writesDistinctValuesDistinctly: Bool { InjectiveForm.holds(for: base) }
}

extension IntCodec: InjectiveJSONForm {}
extension Int64Codec: InjectiveJSONForm {}
extension OptionalStringCodec: InjectiveJSONForm {}
extension OptionalIntCodec: InjectiveJSONForm {}

extension DictionaryCodec: SchemaDescribing {
    func schema(_ builder: SchemaBuilder) throws -> JSONValue {
        var members: [(String, JSONValue)] = [("additionalProperties", try builder.schema(of: element))]
        if let names = key.propertyNames(builder) { members.append(("propertyNames", names)) }
        return .object(JSONObject([("type", .string("object"))] + members))
    }

    func gatheredValueSchema(_ builder: SchemaBuilder) throws -> JSONValue? { try builder.schema(of: element) }
}

extension RawValueCodec: SchemaDescribing {
    // An enum's raw values, encoded as the encoder writes them; a raw-representable type whose
    // values cannot be listed is described by its raw value's type.
    func schema(_ builder: SchemaBuilder) throws -> JSONValue {
        let rawSchema = try builder.schema(of: raw)
        guard let cases = CaseList.cases(of: Value.self), !cases.isEmpty else { return rawSchema }
        var values: [JSONValue] = []
        for value in cases {
            let encoded = try raw.encode(value.rawValue, builder.session)
            guard let json = try? JSONValue(foundationValue: encoded) else { return rawSchema }
            if !values.contains(json) { values.append(json) }
        }
        var members: [(String, JSONValue)] = []
        if case .object(let object) = rawSchema, let type = object["type"] { members.append(("type", type)) }
        members.append(("enum", .array(values)))
        return .object(JSONObject(members))
    }
}

extension ModelCodec: SchemaDescribing {
    func schema(_ builder: SchemaBuilder) throws -> JSONValue { try builder.reference(to: metadata) }
}

extension TransformerCodec: SchemaDescribing {
    func schema(_ builder: SchemaBuilder) throws -> JSONValue {
        (transformer as? any TransformerSchemaDescribing)?.schema(builder) ?? .object([:])
    }
}

/// Lists the values of a type that can: a `CaseIterable` type's `allCases`. Nothing else can be
/// listed without reading the runtime's enum metadata by hand, which the library never does.
enum CaseList {
    static func cases<T>(of type: T.Type) -> [T]? {
        guard let iterable = T.self as? any CaseIterable.Type else { return nil }
        return allCases(of: iterable).compactMap { $0 as? T }
    }

    private static func allCases<C: CaseIterable>(of type: C.Type) -> [Any] {
        Array(C.allCases)
    }
}
