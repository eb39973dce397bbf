import Foundation
import Testing
import KeyValueMapping

// MARK: - The log of user code

/// A piece of user code the library runs: hooks, rules, transformers and date closures.
enum CountedCode: String, CaseIterable, Sendable {
    case didDecode, beforeDecoding, subtypeOfBase, subtypeOfSpecial, transform, date
    case afterEncoding, transformEncode

    /// Whether it runs when a model is decoded (the others run when one is encoded).
    var decodes: Bool { self != .afterEncoding && self != .transformEncode }
}

/// Every run of user code, per test case. Cases run in parallel and the hooks are static, so
/// each case carries its own token in its payload (in every element's `id`, `"<token>#<n>"`) and
/// every piece of user code records itself under the token it reads; a case reads only its own.
enum UserCodeLog {
    /// token → `"<code> <element>"` → runs.
    private static let runs = LockedBox<[String: [String: Int]]>([:])

    /// Records one run of `code` for element `element` of the case `token`.
    static func record(_ code: CountedCode, _ token: String, _ element: Int) {
        runs.withLock { $0[token, default: [:]]["\(code.rawValue) \(element)", default: 0] += 1 }
    }

    /// Records one run of `code` for the element whose payload dictionary is `dictionary`.
    static func record(_ code: CountedCode, in dictionary: [String: Any]) {
        guard let text = dictionary["id"] as? String, let id = CountedID(text: text) else {
            record(code, "unreadable", 0)
            return
        }
        record(code, id.token, id.number)
    }

    /// The runs recorded for `token`, removed from the log.
    static func take(_ token: String) -> [String: Int] {
        runs.withLock { $0.removeValue(forKey: token) ?? [:] }
    }
}

// MARK: - The counted models

/// An element's identity as its payload spells it, `"<token>#<n>"`: the case and the element.
struct CountedID: Hashable, Sendable {
    var token = ""
    var number = 0

    init() {}

    init(token: String, number: Int) {
        self.token = token
        self.number = number
    }

    /// Reads `"<token>#<n>"`; `nil` for anything else.
    init?(text: String) {
        guard let mark = text.lastIndex(of: "#"), let number = Int(text[text.index(after: mark)...]) else { return nil }
        token = String(text[..<mark])
        self.number = number
    }

    var text: String { "\(token)#\(number)" }
}

/// What the `id` transformer throws for a value that is not `"<token>#<n>"`.
struct UnreadableCountedID: Error {}

/// A plain enum: a raw value that is not a case is an error, which the fallback takes.
enum CountedKind: String { case a, b }

/// An enum with an unknown case, which takes any raw value that is not a case.
enum CountedRole: String, UnknownCaseRepresentable {
    case admin, member, unknown
    static var unknownCase: CountedRole { .unknown }
}

/// The rules every counted model shares: a `.custom` transformer on the primary key (which
/// records its runs), a fallback, a null rule.
enum CountedRules {
    static var shared: MappingRules {
        MappingRules()
            .transform("id", with: .custom(decode: { @Sendable (json: Any) throws -> CountedID in
                guard let text = json as? String, let id = CountedID(text: text) else { throw UnreadableCountedID() }
                UserCodeLog.record(.transform, id.token, id.number)
                return id
            }, encode: { @Sendable (id: CountedID) -> Any in
                UserCodeLog.record(.transformEncode, id.token, id.number)
                return id.text
            }))
            .fallback("kind", to: CountedKind.b)
            .useDefaultForNull("score")
            .primaryKey("id")
    }

    /// A `.custom` date strategy that records its runs under `token`: element `n` carries the
    /// date `1000 + n` seconds since 1970, which the default strategy reads as the same Date.
    static func dateStrategy(token: String) -> KeyValueDecoder.DateDecodingStrategy {
        .custom { value in
            guard let seconds = wholeNumber(value) else { throw UnreadableCountedID() }
            UserCodeLog.record(.date, token, seconds - 1000)
            return Date(timeIntervalSince1970: Double(seconds))
        }
    }

    /// The whole number a Foundation value holds, whatever class carries it.
    static func wholeNumber(_ value: Any) -> Int? {
        switch value {
        case let number as Int: return number
        case let number as Int64: return Int(exactly: number)
        case let number as UInt64: return Int(exactly: number)
        case let number as Double: return Int(exactly: number)
        case let number as NSNumber: return number.intValue
        case let text as String: return Int(text)
        default: return nil
        }
    }
}

/// A model whose user code counts its runs; three kinds take three different walks.
protocol CountedItem: CodableMappable {
    var id: CountedID { get set }
    var shape: String { get set }
    var age: Int { get }
    var kind: CountedKind { get }
    var role: CountedRole { get }
    var score: Int { get }
    var at: Date { get }
    /// A record as an existing collection holds it before an import: the prototype with an id.
    static func existing(_ id: CountedID, special: Bool) -> Self
    /// The name of the type that decodes element `n`, as error messages spell it.
    static func typeName(special: Bool) -> String
    /// Whether the instance's class is the one its `shape` asks for (always, for a struct).
    var classMatchesShape: Bool { get }
}

extension CountedItem {
    /// `2 special age=32 kind=a role=admin score=2 at=1002`.
    var rendering: String {
        "\(id.number) \(shape) age=\(age) kind=\(kind.rawValue) role=\(role.rawValue) score=\(score) at=\(Int(at.timeIntervalSince1970))"
    }

    var classMatchesShape: Bool { true }

    static func existing(_ id: CountedID, special: Bool) -> Self {
        var item = Self()
        item.id = id
        item.shape = special ? "special" : "plain"
        return item
    }

    static func typeName(special: Bool) -> String { "\(Self.self)" }
}

/// No hooks and no cluster: from bytes its object is read member by member, straight from the
/// reader. User code: `didDecode`, the key's transformer, the decoder's date strategy.
struct PlainCounted: CountedItem {
    var id = CountedID()
    var shape = "plain"
    var age = 0
    var kind = CountedKind.a
    var role = CountedRole.member
    var score = 7
    var at = Date(timeIntervalSince1970: 0)

    static var mappingRules: MappingRules { CountedRules.shared }
    mutating func didDecode() throws { UserCodeLog.record(.didDecode, id.token, id.number) }
}

/// Dictionary hooks: its object is read whole, as the dictionary the hooks see.
struct HookedCounted: CountedItem {
    var id = CountedID()
    var shape = "plain"
    var age = 0
    var kind = CountedKind.a
    var role = CountedRole.member
    var score = 7
    var at = Date(timeIntervalSince1970: 0)

    static var mappingRules: MappingRules {
        CountedRules.shared
            .beforeDecoding { dictionary in UserCodeLog.record(.beforeDecoding, in: dictionary) }
            .afterEncoding { dictionary in UserCodeLog.record(.afterEncoding, in: dictionary) }
    }
    mutating func didDecode() throws { UserCodeLog.record(.didDecode, id.token, id.number) }
}

/// A class cluster: the base's `subtype` rule picks ``SpecialClusterCounted`` for
/// `"shape": "special"`, whose own rule is then asked (and answers itself), as the README says.
class ClusterCounted: CountedItem {
    var id = CountedID()
    var shape = "plain"
    var age = 0
    var kind = CountedKind.a
    var role = CountedRole.member
    var score = 7
    var at = Date(timeIntervalSince1970: 0)

    required init() {}
    required convenience init(from decoder: any Decoder) throws { try self.init(mappingFrom: decoder) }

    class var mappingRules: MappingRules {
        CountedRules.shared
            .subtype { dictionary in
                UserCodeLog.record(.subtypeOfBase, in: dictionary)
                return dictionary["shape"] as? String == "special" ? SpecialClusterCounted.self : nil
            }
            .afterEncoding { dictionary in UserCodeLog.record(.afterEncoding, in: dictionary) }
    }

    func didDecode() throws { UserCodeLog.record(.didDecode, id.token, id.number) }

    var classMatchesShape: Bool { (self is SpecialClusterCounted) == (shape == "special") }

    class func existing(_ id: CountedID, special: Bool) -> Self {
        let item = special ? SpecialClusterCounted() : ClusterCounted()
        item.id = id
        item.shape = special ? "special" : "plain"
        // `Self` is `ClusterCounted` wherever the tests ask (the element type of their arrays).
        return item as! Self
    }

    class func typeName(special: Bool) -> String { special ? "SpecialClusterCounted" : "ClusterCounted" }
}

/// The subclass the cluster's rule picks; its own rule answers itself.
final class SpecialClusterCounted: ClusterCounted {
    required init() {}

    override class var mappingRules: MappingRules {
        MappingRules().subtype { dictionary in
            UserCodeLog.record(.subtypeOfSpecial, in: dictionary)
            return nil
        }
    }
}

/// A model holding the elements, for the entrances that decode one model.
struct CountedBatch<Item: CountedItem>: CodableMappable {
    var items: [Item] = []
}

/// The same with `.skipInvalidElements`: the Codable bridge has no decoder options, so its skip
/// is the per-property rule.
struct SkippingCountedBatch<Item: CountedItem>: CodableMappable {
    var items: [Item] = []
    static var mappingRules: MappingRules { MappingRules().skipInvalidElements("items") }
}

// MARK: - The route table

/// User code runs exactly once per decoded model, per decode, on every entrance and under every
/// policy (issue 19, point 2): `didDecode`, `beforeDecoding`, `.subtype` (once per class the
/// cluster chain asks), the key's `.custom` transformer (upsert included: the key is read in the
/// same walk as the record), the `.custom` date strategy; a dropped element's at most once;
/// `afterEncoding` once per encoded model. And every route gives the same result: the same
/// values, or the same error at the same key path.
///
/// Each case decodes three elements (`id` `"<token>#1"` … `#3`, the second one a `"special"`
/// shape, the one the policy alters) with each of three models: ``PlainCounted`` (read member by
/// member from bytes), ``HookedCounted`` (read whole, for its hooks) and ``ClusterCounted``
/// (a class cluster).
@Suite struct UserCodeRunsOnceTests {
    /// Every entrance a payload reaches models through.
    enum Route: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// `decode(_:from:)`, a model holding the elements.
        case dictionary
        /// `decode(_:fromJSON:)`.
        case bytes
        /// `decode(_:from:at:)` and `decode(_:fromJSON:at:)`, the model at `data.batch`.
        case dictionaryAt, bytesAt
        /// `update(_:from:)` of an empty model. There is no `update` from bytes (README, The API).
        /// The elements it decodes are new models: `missingKeys = .reject` applies to them (it is
        /// only the updated model's own absent keys that update never rejects).
        case update
        /// `decodeLeniently(_:from:)` and `decodeLeniently(_:fromJSON:)`: the lenient policy.
        case lenientDictionary, lenientBytes
        /// `applyingMergePatch(_:decoder:)` with a `JSONValue`, `applyMergePatch(_:decoder:)` with `Data`.
        case mergePatchValue, mergePatchData
        /// `decode(_:fromJSONAt:)`, one model from a file.
        case fileModel
        /// `JSONDecoder` through `CodableMappable`: a model holding the elements, and `[Item]`.
        case codableModel, codableArray
        /// `decode([Item].self, from:)`.
        case arrayDictionaries
        /// `decode([Item].self, fromJSON:)`.
        case arrayBytes
        /// `[Item](jsonData:)`: the default decoder.
        case arrayJSONDataInit
        /// `decode([Item].self, fromJSONLines:)`.
        case jsonLines
        /// `models(of:from:)` over async bytes: a JSON array, and JSON Lines.
        case streamArray, streamLines
        /// `models(of:fromJSONAt:)`, a JSON array in a file.
        case streamFile
        /// `decode([Item].self, fromJSONAt:)`.
        case fileArray
        /// `upsert(from:)` and `upsert(fromJSON:)` into an empty array: every element inserted.
        case upsertDictionaries, upsertBytes
        /// The same into an array already holding records 1…3 (prototypes): every element updates one.
        case upsertUpdateDictionaries, upsertUpdateBytes

        var testDescription: String { rawValue }

        /// What an error's path starts with before the element's index.
        var prefix: [MappingError.PathComponent] {
            switch self {
            case .dictionary, .bytes, .update, .lenientDictionary, .lenientBytes, .mergePatchValue, .mergePatchData, .fileModel, .codableModel:
                return [.key("items")]
            case .dictionaryAt, .bytesAt:
                return [.key("data"), .key("batch"), .key("items")]
            default:
                return []
            }
        }

        var isLenient: Bool { self == .lenientDictionary || self == .lenientBytes }
        var updatesRecords: Bool { self == .upsertUpdateDictionaries || self == .upsertUpdateBytes }
        var isUpsert: Bool { rawValue.hasPrefix("upsert") }
        var encodesOldModel: Bool { self == .mergePatchValue || self == .mergePatchData }
        var isJSONLines: Bool { self == .jsonLines || self == .streamLines }
        /// Routes with no `KeyValueDecoder` of the test's making: the Codable bridge decodes with
        /// the default options (README, Codable), `[Item](jsonData:)` with the default decoder.
        var hasDefaultOptions: Bool { self == .codableModel || self == .codableArray || self == .arrayJSONDataInit }

        /// Whether `policy` exists on this route. Decoder options (`nullDecoding`,
        /// `invalidElements`, `unknownKeys`, `missingKeys`) need a decoder: the routes with the
        /// default options have none, except that the Codable bridge's model skips by its
        /// per-property rule (``SkippingCountedBatch``); a `[Item]` read by `JSONDecoder` is
        /// Foundation's array, which has no skipping. The per-property policies (fallback, the
        /// null rule, an unknown enum case) and strict rejection exist everywhere. Lenient
        /// decoding is not a policy of other routes: it is an entrance of its own (two routes),
        /// which take every policy.
        func supports(_ policy: Policy) -> Bool {
            switch (self, policy) {
            case (.codableModel, .skip): return true
            case (_, .nullOption), (_, .skip), (_, .unknownKeyRejected), (_, .missingKeyRejected): return !hasDefaultOptions
            default: return true
            }
        }
    }

    /// What the second element does, and the decoder option that meets it.
    enum Policy: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Nothing to relax.
        case clean
        /// `"age": "old"` with no relaxation: an error at `[1].age`.
        case rejected
        /// `"kind": "zzz"` becomes the fallback `.b`.
        case fallback
        /// `"score": null` keeps the prototype's 7 (`.useDefaultForNull`).
        case nullRule
        /// `"age": null` keeps the prototype's 0 (`nullDecoding = .useDefault`).
        case nullOption
        /// `"role": "owner"` decodes as the unknown case.
        case unknownEnumCase
        /// `"age": "old"` with `invalidElements = .skip`: the element is dropped.
        case skip
        /// `"extra": true` with `unknownKeys = .reject`: an error at `[1].extra`.
        case unknownKeyRejected
        /// No `age` with `missingKeys = .reject`: an error at `[1].age`.
        case missingKeyRejected

        var testDescription: String { rawValue }

        /// The second element's members, as this policy alters them.
        func alter(_ members: inout [(key: String, value: String)]) {
            func set(_ key: String, _ value: String) {
                if let index = members.firstIndex(where: { $0.key == key }) { members[index].value = value }
            }
            switch self {
            case .clean: break
            case .rejected, .skip: set("age", #""old""#)
            case .fallback: set("kind", #""zzz""#)
            case .nullRule: set("score", "null")
            case .nullOption: set("age", "null")
            case .unknownEnumCase: set("role", #""owner""#)
            case .unknownKeyRejected: members.append((key: "extra", value: "true"))
            case .missingKeyRejected: members.removeAll { $0.key == "age" }
            }
        }

        /// The decoder of a case: its token's date strategy, and this policy's option.
        func decoder(token: String) -> KeyValueDecoder {
            var decoder = KeyValueDecoder()
            decoder.dateDecoding = CountedRules.dateStrategy(token: token)
            switch self {
            case .nullOption: decoder.nullDecoding = .useDefault
            case .skip: decoder.invalidElements = .skip
            case .unknownKeyRejected: decoder.unknownKeys = .reject
            case .missingKeyRejected: decoder.missingKeys = .reject
            case .clean, .rejected, .fallback, .nullRule, .unknownEnumCase: break
            }
            return decoder
        }
    }

    /// One row of the table: a route and a policy it supports.
    struct Case: Sendable, CustomTestStringConvertible {
        let route: Route
        let policy: Policy
        var testDescription: String { "\(route.rawValue) × \(policy.rawValue)" }
    }

    /// Every route with every policy it supports (see ``Route/supports(_:)`` for the others).
    static let cases: [Case] = Route.allCases.flatMap { route in
        Policy.allCases.filter(route.supports).map { Case(route: route, policy: $0) }
    }

    /// A case's payload in every form an entrance takes.
    struct Payload {
        let token: String
        /// The three elements as JSON objects, one per line.
        let elements: [String]

        init(token: String, policy: Policy) {
            self.token = token
            elements = (1...3).map { number in
                var members: [(key: String, value: String)] = [
                    ("id", #""\#(token)#\#(number)""#), ("shape", number == 2 ? #""special""# : #""plain""#), ("age", "\(30 + number)"),
                    ("kind", #""a""#), ("role", #""admin""#), ("score", "\(number)"), ("at", "\(1000 + number)"),
                ]
                if number == 2 { policy.alter(&members) }
                return "{" + members.map { #""\#($0.key)": \#($0.value)"# }.joined(separator: ", ") + "}"
            }
        }

        var array: String { "[" + elements.joined(separator: ",\n ") + "]" }
        var lines: String { elements.joined(separator: "\n") + "\n" }
        var batch: String { #"{"items": "# + array + "}" }
        var wrapped: String { #"{"data": {"batch": "# + batch + "}}" }

        func object(_ text: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }

        func list() throws -> [Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(array.utf8)) as? [Any])
        }
    }

    /// What a route gave: its models and what lenient decoding listed, or its error.
    enum Outcome: Equatable, CustomStringConvertible {
        case models([String], skipped: [String])
        case failure(String)

        var description: String {
            switch self {
            case .models(let models, let skipped): return models.joined(separator: "; ") + " | " + skipped.joined(separator: "; ")
            case .failure(let error): return "error: " + error
            }
        }
    }

    /// `error` with the route's prefix and JSON Lines' line left out, so every route reads the same.
    static func normalised(_ error: any Error, _ route: Route) -> String {
        guard var mapping = error as? MappingError else { return "not a MappingError: \(error)" }
        if mapping.path.starts(with: route.prefix) { mapping.path.removeFirst(route.prefix.count) }
        mapping.line = nil
        return mapping.description
    }

    /// Decodes the payload through `route`: the models, the relaxations listed, the upsert summary.
    static func decode<Item: CountedItem>(_ route: Route, _ policy: Policy, _ payload: Payload, as item: Item.Type) async throws
        -> (models: [Item], skipped: [MappingError], summary: UpsertSummary?) {
        let decoder = policy.decoder(token: payload.token)
        switch route {
        case .dictionary:
            return (try decoder.decode(CountedBatch<Item>.self, from: try payload.object(payload.batch)).items, [], nil)
        case .bytes:
            return (try decoder.decode(CountedBatch<Item>.self, fromJSON: Data(payload.batch.utf8)).items, [], nil)
        case .dictionaryAt:
            return (try decoder.decode(CountedBatch<Item>.self, from: try payload.object(payload.wrapped), at: "data.batch").items, [], nil)
        case .bytesAt:
            return (try decoder.decode(CountedBatch<Item>.self, fromJSON: Data(payload.wrapped.utf8), at: "data.batch").items, [], nil)
        case .update:
            var batch = CountedBatch<Item>()
            try decoder.update(&batch, from: try payload.object(payload.batch))
            return (batch.items, [], nil)
        case .lenientDictionary:
            let (batch, skipped) = try decoder.decodeLeniently(CountedBatch<Item>.self, from: try payload.object(payload.batch))
            return (batch.items, skipped, nil)
        case .lenientBytes:
            let (batch, skipped) = try decoder.decodeLeniently(CountedBatch<Item>.self, fromJSON: Data(payload.batch.utf8))
            return (batch.items, skipped, nil)
        case .mergePatchValue:
            let old = CountedBatch(items: existingRecords(Item.self, payload.token))
            return (try old.applyingMergePatch(try JSONValue(jsonString: payload.batch), decoder: decoder).items, [], nil)
        case .mergePatchData:
            var batch = CountedBatch(items: existingRecords(Item.self, payload.token))
            try batch.applyMergePatch(Data(payload.batch.utf8), decoder: decoder)
            return (batch.items, [], nil)
        case .fileModel:
            let url = try temporaryFile(payload.batch)
            defer { try? FileManager.default.removeItem(at: url) }
            return (try await decoder.decode(CountedBatch<Item>.self, fromJSONAt: url).items, [], nil)
        case .codableModel where policy == .skip:
            return (try JSONDecoder().decode(SkippingCountedBatch<Item>.self, from: Data(payload.batch.utf8)).items, [], nil)
        case .codableModel:
            return (try JSONDecoder().decode(CountedBatch<Item>.self, from: Data(payload.batch.utf8)).items, [], nil)
        case .codableArray:
            return (try JSONDecoder().decode([Item].self, from: Data(payload.array.utf8)), [], nil)
        case .arrayDictionaries:
            return (try decoder.decode([Item].self, from: try payload.list()), [], nil)
        case .arrayBytes:
            return (try decoder.decode([Item].self, fromJSON: Data(payload.array.utf8)), [], nil)
        case .arrayJSONDataInit:
            return (try [Item](jsonData: Data(payload.array.utf8)), [], nil)
        case .jsonLines:
            return (try decoder.decode([Item].self, fromJSONLines: Data(payload.lines.utf8)), [], nil)
        case .streamArray, .streamLines:
            let text = Array((route == .streamArray ? payload.array : payload.lines).utf8)
            let stream = decoder.models(of: Item.self, from: GeneratedBytes { $0 == 0 ? text : nil },
                                        format: route == .streamArray ? .jsonArray : .jsonLines)
            let (models, error) = await collect(stream)
            if let error { throw error }
            #expect(stream.progress.elementsSkipped == (policy == .skip ? 1 : 0))
            return (models, [], nil)
        case .streamFile:
            let url = try temporaryFile(payload.array)
            defer { try? FileManager.default.removeItem(at: url) }
            let (models, error) = await collect(decoder.models(of: Item.self, fromJSONAt: url))
            if let error { throw error }
            return (models, [], nil)
        case .fileArray:
            let url = try temporaryFile(payload.array)
            defer { try? FileManager.default.removeItem(at: url) }
            return (try await decoder.decode([Item].self, fromJSONAt: url), [], nil)
        case .upsertDictionaries, .upsertBytes, .upsertUpdateDictionaries, .upsertUpdateBytes:
            var records = route.updatesRecords ? existingRecords(Item.self, payload.token) : []
            let summary = route == .upsertDictionaries || route == .upsertUpdateDictionaries
                ? try records.upsert(from: try payload.list(), decoder: decoder)
                : try records.upsert(fromJSON: Data(payload.array.utf8), decoder: decoder)
            return (records, [], summary)
        }
    }

    /// Records 1…3 as prototypes with their ids (the second one of the special class).
    static func existingRecords<Item: CountedItem>(_ type: Item.Type, _ token: String) -> [Item] {
        (1...3).map { Item.existing(CountedID(token: token, number: $0), special: $0 == 2) }
    }

    /// Element `number` as the payload describes it, after the policy.
    static func rendering(_ number: Int, _ policy: Policy, lenient: Bool) -> String {
        var age = 30 + number, kind = "a", role = "admin", score = number
        if number == 2 {
            switch policy {
            case .fallback: kind = "b"
            case .nullRule: score = 7
            case .nullOption: age = 0
            case .unknownEnumCase: role = "unknown"
            // Lenient decoding keeps the prototype's value of a property that failed.
            case .rejected, .missingKeyRejected: if lenient { age = 0 }
            case .clean, .skip, .unknownKeyRejected: break
            }
        }
        return "\(number) \(number == 2 ? "special" : "plain") age=\(age) kind=\(kind) role=\(role) score=\(score) at=\(1000 + number)"
    }

    /// The error or relaxation the second element meets under `policy`, its path relative to the
    /// elements; `nil` when there is none.
    static func secondElementError(_ policy: Policy, typeName: String) -> String? {
        switch policy {
        case .clean: return nil
        case .rejected, .skip: return #"[1].age: expected Int, found String "old""#
        case .fallback: return #"[1].kind: expected CountedKind, found String "zzz" (not a raw value of CountedKind)"#
        case .nullRule: return "[1].score: expected Int, found null (the property is not optional)"
        case .nullOption: return "[1].age: expected Int, found null (the property is not optional)"
        case .unknownEnumCase: return #"[1].role: expected CountedRole, found String "owner" (not a raw value of CountedRole)"#
        case .unknownKeyRejected: return "[1].extra: unknown key (\(typeName) has no property reading it)"
        case .missingKeyRejected: return "[1].age: required key is missing (expected Int)"
        }
    }

    /// What every route must give for `policy`: the same values, or the same error at the same
    /// key path. Where a route's documented rule differs, it says so.
    static func expected(_ route: Route, _ policy: Policy, typeName: String) -> Outcome {
        let all = (1...3).map { rendering($0, policy, lenient: route.isLenient) }
        let error = secondElementError(policy, typeName: typeName)
        if route.isLenient {
            // Every error and every relaxation that changed a value is listed; a skipped element is dropped.
            let models = policy == .skip ? [all[0], all[2]] : all
            return .models(models, skipped: error.map { [$0] } ?? [])
        }
        switch policy {
        case .clean, .fallback, .nullRule, .nullOption, .unknownEnumCase:
            return .models(all, skipped: [])
        case .rejected, .unknownKeyRejected:
            return .failure(error ?? "")
        case .skip:
            // An import keeps the record a dropped element matched, as it was.
            return .models(route.updatesRecords ? [all[0], "2 special age=0 kind=a role=member score=7 at=0", all[2]] : [all[0], all[2]], skipped: [])
        case .missingKeyRejected:
            // An element that updates a record has update(from:) semantics: absent keys keep the
            // record's values (README: missingKeys never applies to update).
            return route.updatesRecords ? .models([all[0], rendering(2, .missingKeyRejected, lenient: true), all[2]], skipped: []) : .failure(error ?? "")
        }
    }

    /// How many times `code` must run for element `number` on `route` when the element is decoded.
    static func runs(of code: CountedCode, _ number: Int, _ route: Route, hooked: Bool, cluster: Bool) -> Int {
        switch code {
        case .didDecode, .transform: return 1
        // The Codable bridge and `[Item](jsonData:)` decode with the default date strategy.
        case .date: return route.hasDefaultOptions ? 0 : 1
        case .beforeDecoding: return hooked ? 1 : 0
        case .subtypeOfBase: return cluster ? 1 : 0
        case .subtypeOfSpecial: return cluster && number == 2 ? 1 : 0
        // A merge patch writes the model's JSON form (its old records) before it merges.
        case .afterEncoding: return route.encodesOldModel && (hooked || cluster) ? 1 : 0
        case .transformEncode: return route.encodesOldModel ? 1 : 0
        }
    }

    /// Each row, with each of the three models.
    @Test(arguments: cases)
    func userCodeRunsOncePerDecodedModel(_ testCase: Case) async throws {
        try await check(PlainCounted.self, testCase, hooked: false, cluster: false)
        try await check(HookedCounted.self, testCase, hooked: true, cluster: false)
        try await check(ClusterCounted.self, testCase, hooked: false, cluster: true)
    }

    /// Decodes the row's payload as `Item`s: the outcome the table expects, and each piece of
    /// user code run once per element decoded, at most once for the others.
    func check<Item: CountedItem>(_ type: Item.Type, _ testCase: Case, hooked: Bool, cluster: Bool) async throws {
        let (route, policy) = (testCase.route, testCase.policy)
        let token = UUID().uuidString
        let payload = Payload(token: token, policy: policy)
        let context = "\(Item.self) through \(route) with \(policy)"

        let outcome: Outcome
        do {
            let (models, skipped, summary) = try await Self.decode(route, policy, payload, as: Item.self)
            #expect(models.allSatisfy { $0.id.token == token && $0.classMatchesShape }, "\(context)")
            outcome = .models(models.map(\.rendering), skipped: skipped.map { Self.normalised($0, route) })
            if let summary {
                let dropped = policy == .skip ? 1 : 0
                let applied = 3 - dropped
                #expect(summary == (route.updatesRecords ? UpsertSummary(updated: applied, skipped: dropped) : UpsertSummary(inserted: applied, skipped: dropped)),
                        "\(context): \(summary)")
            }
        } catch {
            if route.isJSONLines, let mapping = error as? MappingError {
                #expect(mapping.line == 2, "\(context): \(mapping)")
            }
            outcome = .failure(Self.normalised(error, route))
        }
        let expected = Self.expected(route, policy, typeName: Item.typeName(special: true))
        #expect(outcome == expected, "\(context)")

        // Elements decoded whole: every one a model came out of, and before an error the first
        // (decoded before the second failed). The others (dropped, failing, never reached) may
        // have run their user code once, never more.
        let decoded: Set<Int>
        switch outcome {
        case .failure: decoded = [1]
        case .models: decoded = policy == .skip ? [1, 3] : [1, 2, 3]
        }
        let runs = UserCodeLog.take(token)
        var expectedKeys: Set<String> = []
        for code in CountedCode.allCases {
            for number in 1...3 {
                let key = "\(code.rawValue) \(number)"
                expectedKeys.insert(key)
                let count = runs[key] ?? 0
                let once = Self.runs(of: code, number, route, hooked: hooked, cluster: cluster)
                if code.decodes && decoded.contains(number) {
                    #expect(count == once, "\(context): \(key) ran \(count) times")
                } else {
                    #expect(count <= once, "\(context): \(key) ran \(count) times")
                }
            }
        }
        #expect(Set(runs.keys).isSubset(of: expectedKeys), "\(context): \(runs)")
    }

    // MARK: Encoding

    /// Every way a model is encoded.
    enum EncodeRoute: String, CaseIterable, Sendable {
        case dictionary, dictionaries, jsonBytes, jsonBytesOfArray, jsonString, arrayJSONData, sortedPrettyBytes
        case jsonEncoder, jsonEncoderOfArray, propertyListEncoder, mergePatchDifference
    }

    /// `afterEncoding` (and the key's transformer) run once per encoded model, into dictionaries,
    /// into JSON bytes and through Foundation's encoders.
    @Test(arguments: EncodeRoute.allCases)
    func afterEncodingRunsOncePerEncodedModel(_ route: EncodeRoute) throws {
        try checkEncoding(PlainCounted.self, route, hooked: false)
        try checkEncoding(HookedCounted.self, route, hooked: true)
        try checkEncoding(ClusterCounted.self, route, hooked: true)
    }

    /// Encodes records 1…3 through `route`: each record's `afterEncoding` and key transformer once.
    func checkEncoding<Item: CountedItem>(_ type: Item.Type, _ route: EncodeRoute, hooked: Bool) throws {
        let token = UUID().uuidString
        let items = Self.existingRecords(Item.self, token)
        let batch = CountedBatch(items: items)
        let encoder = KeyValueEncoder()
        let written: String
        switch route {
        case .dictionary: written = "\(try encoder.encode(batch))"
        case .dictionaries: written = "\(try encoder.encode(items))"
        case .jsonBytes: written = String(decoding: try encoder.encodeJSON(batch), as: UTF8.self)
        case .jsonBytesOfArray: written = String(decoding: try encoder.encodeJSON(items), as: UTF8.self)
        case .jsonString: written = try batch.jsonString()
        case .arrayJSONData: written = String(decoding: try items.jsonData(), as: UTF8.self)
        case .sortedPrettyBytes: written = String(decoding: try encoder.encodeJSON(batch, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
        case .jsonEncoder: written = String(decoding: try JSONEncoder().encode(batch), as: UTF8.self)
        case .jsonEncoderOfArray: written = String(decoding: try JSONEncoder().encode(items), as: UTF8.self)
        case .propertyListEncoder:
            let data = try PropertyListEncoder().encode(batch)
            written = "\(try PropertyListSerialization.propertyList(from: data, format: nil))"
        case .mergePatchDifference:
            // Records 4…6 in the old model, 1…3 in the new: each record is encoded once.
            let old = CountedBatch(items: (4...6).map { Item.existing(CountedID(token: token, number: $0), special: false) })
            written = try batch.mergePatch(from: old).jsonString()
        }
        for number in 1...3 {
            #expect(written.contains("\(token)#\(number)"), "\(Item.self) \(route): \(written)")
        }
        var expected: [String: Int] = [:]
        let numbers = route == .mergePatchDifference ? Array(1...6) : Array(1...3)
        for number in numbers {
            expected["transformEncode \(number)"] = 1
            if hooked { expected["afterEncoding \(number)"] = 1 }
        }
        #expect(UserCodeLog.take(token) == expected, "\(Item.self) \(route)")
    }

    /// The table covers every route and every policy, each policy on at least the dictionary,
    /// bytes, stream and import routes.
    @Test func theTableCoversEveryRouteAndPolicy() {
        #expect(Set(Self.cases.map(\.route)) == Set(Route.allCases))
        for policy in Policy.allCases {
            let routes = Set(Self.cases.filter { $0.policy == policy }.map(\.route))
            #expect(routes.isSuperset(of: [.dictionary, .bytes, .streamArray, .streamFile, .jsonLines, .upsertBytes, .lenientBytes, .mergePatchData]), "\(policy)")
        }
    }
}
