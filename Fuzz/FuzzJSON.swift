// libFuzzer target over KeyValueMapping's strict JSON reader and its bytes → model path.
//
// Compiled together with the library's sources (see Fuzz/run.sh), so the library's types are
// used directly, without `import KeyValueMapping`. Every check that fails calls `fatalError`,
// which is how libFuzzer learns about a bug: the process dies and the input is saved.
//
// Oracles, for every input:
//   1. JSON reader: a text that parses is written back compactly (and pretty-printed), and the
//      output parses again to an equal value; compact output is a fixpoint of read → write.
//   2. Reader options: a parse with `maximumDepth = 8` and `duplicateKeys = .reject` succeeds
//      only if the default parse does, and then gives the same value (so does `.useFirst`);
//      `allowsByteOrderMark` equals parsing the text without its BOM.
//   3. Bytes → model: decoding with `KeyValueDecoder().decode(_:fromJSON:)` either throws a
//      `MappingError` or gives a model whose `jsonData()` decodes again to an equal model
//      (models without `Equatable` are compared through their sorted-key JSON).
//   4. Streaming vs dictionary path: the bytes path and `decode(_:from:)` on the parsed
//      dictionary agree on success or failure, and on the model. The dictionary holds each
//      number as the Swift value `foundationValue()` makes of it (as JSONSerialization would),
//      the bytes path judges the literal itself, so they are compared on a text whose every
//      literal is written as its Swift value (see `comparableText`).

import Foundation

// MARK: - Models

enum FuzzKind: String {
    case a, b, zz
}

struct FuzzInner: Mappable, Equatable {
    var i = 0
    var s = ""
    var o: Int?
    /// A prototype that is not nil: a decoded nil must be written as null to come back as nil.
    var preset: Int? = 7
}

/// Lossless types only: every decoded value must survive encode → decode unchanged.
struct FuzzScalars: Mappable, Equatable {
    var i = 0
    var i8: Int8 = 0
    var u: UInt64 = 0
    var d = 0.0
    var f: Float = 0
    var b = false
    var s = ""
    var os: String?
    var oi: Int?
    var k = FuzzKind.a
    var n = FuzzInner()
    var on: FuzzInner?
    var ai: [Int] = []
    var an: [FuzzInner] = []
    var m: [String: Int] = [:]
    var od: Double?
    var ps: String? = "preset"
    var pn: FuzzInner? = FuzzInner()
}

/// Foundation types and `Any`: compared through their JSON, since `Any` has no equality and
/// dates are written with millisecond precision.
struct FuzzFoundation: Mappable {
    var t = Date(timeIntervalSince1970: 0)
    var ot: Date?
    var url = URL(string: "x")
    var dec = Decimal(0)
    var any: Any = 0
    var oany: Any?
    var am: [String: Any] = [:]
}

// MARK: - Helpers

func fuzzFail(_ message: String, _ bytes: [UInt8]) -> Never {
    let text = String(decoding: bytes.prefix(512), as: UTF8.self)
    fatalError("FuzzJSON: \(message)\ninput (\(bytes.count) bytes, first 512 as UTF-8): \(text)")
}

func parse(_ bytes: [UInt8], _ options: JSONReadingOptions = JSONReadingOptions()) -> JSONValue? {
    do {
        return try JSONValue(jsonData: bytes, options: options)
    } catch {
        return nil
    }
}

/// Runs an encode that must succeed; a thrown error is a failure that names it.
/// The one documented way a decodable model can fail to encode: a Date outside years
/// 0000–9999 (it decodes from seconds since 1970, but ISO 8601 text has four-digit years).
/// Returns `nil` then; any other error is a failure.
func mustEncode<Encoded>(_ what: String, _ bytes: [UInt8], _ body: () throws -> Encoded) -> Encoded? {
    do {
        return try body()
    } catch let error as MappingError {
        if case .invalidValue(let expected, _, _) = error.reason, expected == "a date in years 0000–9999" { return nil }
        fuzzFail("\(what) threw MappingError: \(error)", bytes)
    } catch {
        fuzzFail("\(what) threw \(type(of: error)): \(error)", bytes)
    }
}

/// Runs a decode of encoded output, which must succeed; a thrown error is a failure.
func mustDecode<T>(_ what: String, _ bytes: [UInt8], encoded: [UInt8], _ body: () throws -> T) -> T {
    do {
        return try body()
    } catch {
        fuzzFail("\(what) threw \(type(of: error)): \(error)\nencoded: \(String(decoding: encoded.prefix(512), as: UTF8.self))", bytes)
    }
}

/// Runs a decode; a `MappingError` means "rejected" (nil); any other error breaks the
/// library's contract that every failure is a `MappingError`.
func attempt<T>(_ what: String, _ bytes: [UInt8], _ body: () throws -> T) -> T? {
    do {
        return try body()
    } catch is MappingError {
        return nil
    } catch {
        fuzzFail("\(what) threw a non-MappingError \(type(of: error)): \(error)", bytes)
    }
}

let sortedWriting: JSONWritingOptions = [.sortedKeys]

// MARK: - JSON reader

func checkReader(_ bytes: [UInt8]) -> JSONValue? {
    let value = parse(bytes)

    if let value {
        let compact = [UInt8](value.jsonData())
        guard let again = parse(compact) else {
            fuzzFail("compact output does not parse: \(String(decoding: compact.prefix(512), as: UTF8.self))", bytes)
        }
        guard again == value else { fuzzFail("re-parse of compact output differs", bytes) }
        let compactAgain = [UInt8](again.jsonData())
        guard compactAgain == compact else { fuzzFail("compact output is not a fixpoint of read → write", bytes) }

        let pretty = [UInt8](value.jsonData(options: .prettyPrinted))
        guard let prettyAgain = parse(pretty) else { fuzzFail("pretty-printed output does not parse", bytes) }
        guard prettyAgain == value else { fuzzFail("re-parse of pretty-printed output differs", bytes) }

        let sorted = [UInt8](value.jsonData(options: sortedWriting))
        guard let sortedAgain = parse(sorted) else { fuzzFail("sorted-key output does not parse", bytes) }
        guard [UInt8](sortedAgain.jsonData(options: sortedWriting)) == sorted else {
            fuzzFail("sorted-key output is not a fixpoint of read → write", bytes)
        }
    }

    // A stricter reader accepts a subset of texts, and reads them the same way.
    var strict = JSONReadingOptions()
    strict.maximumDepth = 8
    strict.duplicateKeys = .reject
    if let strictValue = parse(bytes, strict) {
        guard let value else { fuzzFail("strict options accept a text the defaults reject", bytes) }
        guard strictValue == value else { fuzzFail("strict parse differs from default parse", bytes) }
        var first = JSONReadingOptions()
        first.duplicateKeys = .useFirst
        guard parse(bytes, first) == value else { fuzzFail("useFirst differs on a text without duplicate keys", bytes) }
    }

    var bom = JSONReadingOptions()
    bom.allowsByteOrderMark = true
    let withBOM = parse(bytes, bom)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
        guard value == nil else { fuzzFail("a byte order mark is accepted by default", bytes) }
        guard withBOM == parse(Array(bytes.dropFirst(3))) else { fuzzFail("allowsByteOrderMark differs from parsing without the mark", bytes) }
    } else {
        guard withBOM == value else { fuzzFail("allowsByteOrderMark changes a text without a mark", bytes) }
    }

    if let value { checkNumbers(value, bytes) }
    return value
}

/// Every number literal read converts to the Double `Double(String)` gives, bit for bit (the
/// reader's Eisel–Lemire conversion against Swift's own, on whatever literals the fuzzer makes).
func checkNumbers(_ value: JSONValue, _ bytes: [UInt8]) {
    switch value {
    case .number(let number):
        let text = number.description
        let expected = Double(text).flatMap { $0.isFinite ? $0 : nil }
        // The fast conversion alone, where it takes the literal (`doubleValue` falls back to
        // `Double(String)` where it does not).
        if let (fast, end) = ByteInput.withUTF8(of: text, { JSONReader.scanDouble($0, from: 0, exactIntegers: false) }) {
            guard end == text.utf8.count, fast.bitPattern == expected?.bitPattern else {
                fuzzFail("\(number) converts to \(fast) by the fast path, Double(String) gives \(String(describing: expected))", bytes)
            }
        }
        guard number.doubleValue?.bitPattern == expected?.bitPattern else {
            fuzzFail("\(number) reads as \(String(describing: number.doubleValue)), Double(String) gives \(String(describing: expected))", bytes)
        }
    case .array(let elements):
        for element in elements { checkNumbers(element, bytes) }
    case .object(let object):
        for member in object { checkNumbers(member.value, bytes) }
    default:
        break
    }
}

// MARK: - Bytes → model

// MARK: - The documented difference between the paths

/// The text the two paths are compared on, or `nil` when they cannot be.
///
/// The dictionary path receives numbers as Swift values (what `foundationValue()` makes of each
/// literal, as JSONSerialization does); the bytes path judges the literal itself, exactly. They
/// agree whenever a literal denotes exactly its Swift value and is written as that value's own
/// text, which is what `String` properties receive on the dictionary path. So every literal is
/// rewritten to that text (`1e2` → `100.0`, `-0` → `0`, `1e-400` → `0.0`,
/// `1.0000000000000000000000000000000000000000001` → `1`) when the rewritten literal reads back
/// as the same Swift value and denotes exactly the same number; `bytes` itself when nothing
/// needed rewriting. `nil` when some literal cannot be: an infinity (JSONSerialization rejects
/// the document), or an integral Double beyond 2^53 whose shortest text is another integer
/// (`1.152921504606847e+18` is 2^60 as a Double, 1152921504606847000 as a literal).
func comparableText(_ value: JSONValue, _ bytes: [UInt8]) -> [UInt8]? {
    var rewritten = false
    guard let comparable = comparable(value, &rewritten) else { return nil }
    return rewritten ? [UInt8](comparable.jsonData()) : bytes
}

func comparable(_ value: JSONValue, _ rewritten: inout Bool) -> JSONValue? {
    switch value {
    case .null, .bool, .string:
        return value
    case .number(let number):
        guard let written = writtenAsSwiftValue(number) else { return nil }
        if written != number { rewritten = true }
        return .number(written)
    case .array(let elements):
        var result: [JSONValue] = []
        for element in elements {
            guard let element = comparable(element, &rewritten) else { return nil }
            result.append(element)
        }
        return .array(result)
    case .object(let object):
        var members: [(String, JSONValue)] = []
        for member in object {
            guard let element = comparable(member.value, &rewritten) else { return nil }
            members.append((member.key, element))
        }
        return .object(JSONObject(members))
    }
}

/// The literal written as its Swift value's text, if that literal reads back as the same value
/// and denotes exactly the same number.
func writtenAsSwiftValue(_ number: JSONNumber) -> JSONNumber? {
    let value = number.foundationValue()
    let text: String
    switch value {
    case let integer as Int: text = String(integer)
    case let integer as UInt64: text = String(integer)
    case let decimal as Decimal: text = decimal.description
    case let double as Double:
        guard double.isFinite else { return nil }
        text = double.description
    default: return nil
    }
    guard let written = JSONNumber(literal: text), sameSwiftValue(written.foundationValue(), value) else { return nil }
    if let double = value as? Double, double.rounded(.towardZero) == double {
        // An integral Double: the literal must be exactly that integer where integers are exact.
        if let integer = Int64(exactly: double), written.int64Value != integer { return nil }
        if Int64(exactly: double) == nil, let integer = UInt64(exactly: double), written.uint64Value != integer { return nil }
    }
    return written
}

func sameSwiftValue(_ lhs: Any, _ rhs: Any) -> Bool {
    switch (lhs, rhs) {
    case (let a as Int, let b as Int): return a == b
    case (let a as UInt64, let b as UInt64): return a == b
    case (let a as Decimal, let b as Decimal): return a == b
    case (let a as Double, let b as Double): return a.bitPattern == b.bitPattern
    default: return false
    }
}

/// Decodes `bytes` as `Model` and `[Model]` through the bytes path, round-trips every success
/// through `jsonData()`, and compares the outcome with the dictionary path.
func checkModel<Model: Mappable>(
    _ type: Model.Type,
    _ bytes: [UInt8],
    _ value: JSONValue?,
    comparable comparableBytes: [UInt8]?,
    same: (Model, Model) throws -> Bool
) {
    let decoder = KeyValueDecoder()
    let name = String(describing: Model.self)

    // One model from a top-level object.
    let model = attempt("decode(\(name), fromJSON:)", bytes) { try decoder.decode(Model.self, fromJSON: bytes) }
    if model != nil {
        guard value != nil else { fuzzFail("\(name) decoded from bytes the JSON reader rejects", bytes) }
    }
    if let model, let encodedBytes = mustEncode("jsonData() of a decoded \(name)", bytes, { [UInt8](try model.jsonData()) }) {
        let again = mustDecode("decoding a re-encoded \(name)", bytes, encoded: encodedBytes) {
            try decoder.decode(Model.self, fromJSON: encodedBytes)
        }
        guard attempt("comparing \(name)", bytes, { try same(model, again) }) == true else {
            fuzzFail("\(name) differs after encode → decode: \(String(decoding: encodedBytes.prefix(512), as: UTF8.self))", bytes)
        }
    }
    // And through the dictionary encoder and decoder.
    if let model, let dictionary = mustEncode("dictionary() of a decoded \(name)", bytes, { try model.dictionary() }) {
        let again = mustDecode("decoding a re-encoded \(name) dictionary", bytes, encoded: Array("\(dictionary)".utf8)) {
            try decoder.decode(Model.self, from: dictionary)
        }
        guard attempt("comparing \(name)", bytes, { try same(model, again) }) == true else {
            fuzzFail("\(name) differs after dictionary() → decode: \(dictionary)", bytes)
        }
    }
    // The dictionary path must agree with the streaming bytes path, on a comparable text.
    if case .object? = value, let comparableBytes, let dictionary = value?.foundationValue() as? [String: Any] {
        let viaDictionary = attempt("decode(\(name), from: dictionary)", bytes) { try decoder.decode(Model.self, from: dictionary) }
        let streamed = comparableBytes == bytes
            ? model
            : attempt("decode(\(name), fromJSON: comparable text)", bytes) { try decoder.decode(Model.self, fromJSON: comparableBytes) }
        switch (streamed, viaDictionary) {
        case (nil, nil): break
        case (let streamed?, let mapped?):
            guard attempt("comparing \(name)", bytes, { try same(streamed, mapped) }) == true else {
                fuzzFail("\(name): bytes path and dictionary path decode different models", bytes)
            }
        case (nil, _?):
            fuzzFail("\(name): bytes path rejects what the dictionary path accepts", bytes)
        case (_?, nil): fuzzFail("\(name): bytes path accepts what the dictionary path rejects", bytes)
        }
    }

    // An array of models from a top-level array.
    let models = attempt("decode([\(name)], fromJSON:)", bytes) { try decoder.decode([Model].self, fromJSON: bytes) }
    if models != nil {
        guard value != nil else { fuzzFail("[\(name)] decoded from bytes the JSON reader rejects", bytes) }
    }
    if let models, let encodedBytes = mustEncode("jsonData() of a decoded [\(name)]", bytes, { [UInt8](try models.jsonData()) }) {
        let again = mustDecode("decoding re-encoded [\(name)]", bytes, encoded: encodedBytes) {
            try decoder.decode([Model].self, fromJSON: encodedBytes)
        }
        guard again.count == models.count,
              attempt("comparing [\(name)]", bytes, { try zip(models, again).allSatisfy { try same($0, $1) } }) == true
        else {
            fuzzFail("[\(name)] differs after encode → decode", bytes)
        }
    }
    if case .array? = value, let comparableBytes, let array = value?.foundationValue() as? [Any] {
        let viaArray = attempt("decode([\(name)], from: array)", bytes) { try decoder.decode([Model].self, from: array) }
        let streamed = comparableBytes == bytes
            ? models
            : attempt("decode([\(name)], fromJSON: comparable text)", bytes) { try decoder.decode([Model].self, fromJSON: comparableBytes) }
        switch (streamed, viaArray) {
        case (nil, nil): break
        case (let streamed?, let mapped?):
            guard streamed.count == mapped.count,
                  attempt("comparing [\(name)]", bytes, { try zip(streamed, mapped).allSatisfy { try same($0, $1) } }) == true
            else {
                fuzzFail("[\(name)]: bytes path and array path decode different models", bytes)
            }
        case (nil, _?):
            fuzzFail("[\(name)]: bytes path rejects what the array path accepts", bytes)
        case (_?, nil): fuzzFail("[\(name)]: bytes path accepts what the array path rejects", bytes)
        }
    }
}

func sameJSON<Model: Mappable>(_ lhs: Model, _ rhs: Model) throws -> Bool {
    // Models that cannot be written (a date outside years 0000–9999) compare by their dictionaries'
    // descriptions of everything else: both encodes must fail the same way.
    switch (Result { try lhs.jsonData(options: sortedWriting) }, Result { try rhs.jsonData(options: sortedWriting) }) {
    case (.success(let left), .success(let right)): return left == right
    case (.failure(let left), .failure(let right)): return "\(left)" == "\(right)"
    default: return false
    }
}

// MARK: - Entry point

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    let value = checkReader(bytes)
    let comparable = value.flatMap { comparableText($0, bytes) }
    checkModel(FuzzScalars.self, bytes, value, comparable: comparable, same: ==)
    checkModel(FuzzInner.self, bytes, value, comparable: comparable, same: ==)
    checkModel(FuzzFoundation.self, bytes, value, comparable: comparable, same: sameJSON)
    return 0
}
