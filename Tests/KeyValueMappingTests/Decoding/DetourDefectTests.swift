import Foundation
import Testing
import KeyValueMapping

/// A record imported by primary key, with a property of each kind the number detours touched.
struct DetourRecord: Mappable, Equatable {
    var id = 0
    var count = 0
    var text = ""
    var amount: Decimal = 0
    static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
}

/// Exact integers through `JSONDecoder`.
struct DetourExact: CodableMappable, Equatable {
    var int = 0
    var flag = false
    var big: UInt64 = 0
}

/// camelCase names with acronyms, which `.convertToSnakeCase` and `.convertFromSnakeCase` do
/// not give back as they were (`userID` → `user_id` → `userId`).
struct DetourCamel: CodableMappable, Equatable {
    var userID = 0
    var HTTPHeader = ""
    var imageURLs: [String] = []
    var homeAddress = DetourCamelAddress()
    var previousAddresses: [DetourCamelAddress] = []
}

/// A nested model with camelCase names, and an acronym at the end.
struct DetourCamelAddress: CodableMappable, Equatable {
    var streetName = ""
    var postalCodeID: String?
}

/// Plain synthesized `Codable` with the same names: the keys Foundation itself writes for them.
struct DetourCamelTwin: Encodable {
    var userID = 0
    var HTTPHeader = ""
    var imageURLs: [String] = []
    var homeAddress = DetourCamelAddressTwin()
    var previousAddresses: [DetourCamelAddressTwin] = []
}

/// The plain Codable twin of ``DetourCamelAddress``.
struct DetourCamelAddressTwin: Encodable {
    var streetName = ""
    var postalCodeID: String?
}

/// One element of a streamed array; any other member is skipped (and still counted for depth).
struct DetourElement: Mappable, Equatable, Sendable {
    var id = 0
}

/// A JSON value held by a model, for the encoders' depth limit.
struct DetourJSONHolder: CodableMappable {
    var value: JSONValue = .null
}

/// Sets, in a model and nested in its containers.
struct DetourSets: CodableMappable, Equatable {
    var names: Set<String> = []
    var numbers: Set<Int> = []
    var groups: [Set<String>] = []
    var byKey: [String: Set<Int>] = [:]
}

/// The defects a hostile review found on the detours (issue 19, point 8), each on its route,
/// asserting the behaviour the README promises.
@Suite struct DetourDefectTests {
    // MARK: upsert(fromJSON:) reads bytes as decode(_:fromJSON:) does

    /// `1.` then 41 zeros then `1`: 43 digits, more than an NSDecimalNumber keeps.
    static let longFraction = "1." + String(repeating: "0", count: 41) + "1"
    /// 44 digits.
    static let longInteger = "12345678901234567890123456789012345678901234"
    /// How an error shows the long fraction: its first 40 characters.
    static let shownFraction = "Number " + longFraction.prefix(40) + "…"

    /// The outcome of a route: the records rendered, or the error.
    static func outcome(_ body: () throws -> [DetourRecord]) -> String {
        do {
            return try body().map { "\($0.id) \($0.count) \($0.text) \($0.amount)" }.joined(separator: "; ")
        } catch {
            return "error: \(error)"
        }
    }

    /// A number literal for one member of an imported element.
    struct NumberCase: Sendable, CustomTestStringConvertible {
        let member: String
        let literal: String
        /// What `decode(_:fromJSON:)` gives: the error, or the record rendered; `nil` where
        /// ``longNumbersKeepTheirDigitsThroughUpsert()`` checks the value.
        let expected: String?
        var testDescription: String { "\(member): \(literal.prefix(12))" }
    }

    static let numberCases: [NumberCase] = [
        NumberCase(member: "id", literal: "1e-400", expected: "error: [0].id: Number 1e-400 is not exactly representable as Int"),
        NumberCase(member: "count", literal: "1e-400", expected: "error: [0].count: Number 1e-400 is not exactly representable as Int"),
        NumberCase(member: "id", literal: longFraction, expected: "error: [0].id: \(shownFraction) is not exactly representable as Int"),
        NumberCase(member: "count", literal: longFraction, expected: "error: [0].count: \(shownFraction) is not exactly representable as Int"),
        NumberCase(member: "text", literal: "1e2", expected: "7 0 1e2 0"),
        NumberCase(member: "text", literal: longInteger, expected: "7 0 \(longInteger) 0"),
        NumberCase(member: "amount", literal: longInteger, expected: nil),
    ]

    /// An element with `literal` as `member` (and id 7 unless the id is the member) gives what
    /// `decode([DetourRecord].self, fromJSON:)` gives for the same bytes, inserted or updating.
    @Test(arguments: numberCases)
    func upsertFromBytesReadsNumbersAsDecodeDoes(_ testCase: NumberCase) throws {
        let element = testCase.member == "id" ? #"{"id": \#(testCase.literal)}"# : #"{"id": 7, "\#(testCase.member)": \#(testCase.literal)}"#
        let payload = Data("[\(element)]".utf8)
        let decoded = Self.outcome { try KeyValueDecoder().decode([DetourRecord].self, fromJSON: payload) }
        if let expected = testCase.expected {
            #expect(decoded == expected)
        }
        let inserted = Self.outcome {
            var records: [DetourRecord] = []
            try records.upsert(fromJSON: payload)
            return records
        }
        #expect(inserted == decoded)

        // Existing records at 0, 1 and 7: a key read as 0 or 1 would silently update another record.
        let existing = [DetourRecord(id: 0, text: "zero"), DetourRecord(id: 1, text: "one"), DetourRecord(id: 7, text: "seven")]
        var records = existing
        let updated = Result { try records.upsert(fromJSON: payload) }
        switch updated {
        case .success:
            #expect(!decoded.hasPrefix("error"))
            let expectedRecord = try #require(try KeyValueDecoder().decode([DetourRecord].self, fromJSON: payload).first)
            var merged = existing
            if testCase.member == "text" { merged[2].text = expectedRecord.text }
            if testCase.member == "amount" { merged[2].amount = expectedRecord.amount }
            #expect(records == merged)
        case .failure(let error):
            #expect("error: \(error)" == decoded)
            #expect(records == existing)
        }
    }

    /// The literal itself, every digit of it, as decode gives it: a 44-digit integer into a
    /// `Decimal` keeps the digits `Decimal` holds, the same on both routes, never the double's.
    @Test func longNumbersKeepTheirDigitsThroughUpsert() throws {
        let payload = Data(#"[{"id": 7, "text": \#(Self.longInteger), "amount": \#(Self.longInteger)}]"#.utf8)
        let decoded = try #require(try KeyValueDecoder().decode([DetourRecord].self, fromJSON: payload).first)
        var records: [DetourRecord] = []
        try records.upsert(fromJSON: payload)
        #expect(records == [decoded])
        #expect(decoded.text == Self.longInteger)
        // Decimal holds 38 significant digits: the first 38 are the literal's.
        let digits = decoded.amount.description.filter(\.isNumber)
        #expect(digits.hasPrefix(String(Self.longInteger.prefix(38))), "\(decoded.amount)")
        #expect(decoded.amount > Decimal(string: "1.2345678901234567890e43")! && decoded.amount < Decimal(string: "1.2345678901234567891e43")!)
    }

    // MARK: Exact integers through JSONDecoder

    /// The kind of a reason and the type it expected, which the two routes must share.
    static func kind(of reason: MappingError.Reason) -> String {
        switch reason {
        case .notExact(let expected, _): return "notExact \(expected)"
        case .overflow(let expected, _): return "overflow \(expected)"
        case .invalidValue(let expected, _, _): return "invalidValue \(expected)"
        case .typeMismatch(let expected, _): return "typeMismatch \(expected)"
        default: return "\(reason)"
        }
    }

    @Test(arguments: ["int", "flag", "big"], ["1.0000000000000001", "1e-400"])
    func jsonDecoderRefusesInexactIntegers(_ member: String, _ literal: String) throws {
        let payload = Data(#"{"\#(member)": \#(literal)}"#.utf8)
        let bytesError = try #require(throws: MappingError.self) { try KeyValueDecoder().decode(DetourExact.self, fromJSON: payload) }
        let bridgeError = try #require(throws: MappingError.self) { try JSONDecoder().decode(DetourExact.self, from: payload) }
        #expect(bridgeError.keyPath == member)
        #expect(Self.kind(of: bridgeError.reason) == Self.kind(of: bytesError.reason), "\(bridgeError) vs \(bytesError)")
        let expectedType = ["int": "Int", "flag": "Bool", "big": "UInt64"][member]!
        #expect(Self.kind(of: bytesError.reason) == "notExact \(expectedType)", "\(bytesError)")
        // Inside an array too (JSONDecoder's unkeyed container).
        let listError = try #require(throws: MappingError.self) { try JSONDecoder().decode([DetourExact].self, from: Data("[{}, \(String(decoding: payload, as: UTF8.self))]".utf8)) }
        #expect(listError.keyPath == "[1].\(member)")
    }

    /// The exact literals still decode: `1.0` and `1e2` are integers, `1` and `0` booleans.
    @Test func jsonDecoderStillReadsExactIntegers() throws {
        let payload = Data(#"{"int": 1e2, "flag": 1.0, "big": 18446744073709551615}"#.utf8)
        #expect(try JSONDecoder().decode(DetourExact.self, from: payload) == DetourExact(int: 100, flag: true, big: .max))
        #expect(try KeyValueDecoder().decode(DetourExact.self, fromJSON: payload) == DetourExact(int: 100, flag: true, big: .max))
    }

    // MARK: snake_case round trips of camelCase keys

    @Test func camelCaseModelsRoundTripThroughSnakeCaseStrategies() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let model = DetourCamel(userID: 42, HTTPHeader: "Accept", imageURLs: ["a.png", "b.png"],
                                homeAddress: DetourCamelAddress(streetName: "Main", postalCodeID: "W1"),
                                previousAddresses: [DetourCamelAddress(streetName: "Elm", postalCodeID: nil)])
        let written = try encoder.encode(model)
        // The keys are the ones Foundation's own rewriting gives the names (`h_ttp_header`,
        // `image_ur_ls`: its word splitting), as for plain Codable.
        let twin = DetourCamelTwin(userID: 42, HTTPHeader: "Accept", imageURLs: ["a.png", "b.png"],
                                   homeAddress: DetourCamelAddressTwin(streetName: "Main", postalCodeID: "W1"),
                                   previousAddresses: [DetourCamelAddressTwin(streetName: "Elm", postalCodeID: nil)])
        #expect(written == (try encoder.encode(twin)))
        #expect(String(decoding: written, as: UTF8.self)
            == #"{"h_ttp_header":"Accept","home_address":{"postal_code_id":"W1","street_name":"Main"},"image_ur_ls":["a.png","b.png"],"previous_addresses":[{"street_name":"Elm"}],"user_id":42}"#)
        #expect(try decoder.decode(DetourCamel.self, from: written) == model)
        #expect(try decoder.decode([DetourCamel].self, from: try encoder.encode([model, DetourCamel()])) == [model, DetourCamel()])
    }

    // MARK: Streams count depth from the document

    /// A JSON array whose second element holds `levels` nested arrays under a member the model
    /// skips: the document is `levels + 2` deep, on three lines.
    static func deepArray(_ levels: Int) -> String {
        "[\n" + #"{"id": 1},"# + "\n" + #"{"id": 2, "deep": "# + String(repeating: "[", count: levels) + String(repeating: "]", count: levels) + "}\n]"
    }

    /// The entrances that read a JSON array of models from bytes, whole or streamed.
    enum DepthRoute: String, CaseIterable, Sendable {
        case arrayJSONData, decodeArrayBytes, streamBytes, streamFile, fileArray
    }

    static func decodeDeep(_ text: String, _ route: DepthRoute) async -> Result<[DetourElement], MappingError> {
        let decoder = KeyValueDecoder()
        do {
            switch route {
            case .arrayJSONData:
                return .success(try [DetourElement](jsonData: Data(text.utf8)))
            case .decodeArrayBytes:
                return .success(try decoder.decode([DetourElement].self, fromJSON: Data(text.utf8)))
            case .streamBytes:
                let bytes = Array(text.utf8)
                let (models, error) = await collect(decoder.models(of: DetourElement.self, from: GeneratedBytes { $0 == 0 ? bytes : nil }))
                if let error { throw error }
                return .success(models)
            case .streamFile, .fileArray:
                let url = try temporaryFile(text)
                defer { try? FileManager.default.removeItem(at: url) }
                if route == .fileArray { return .success(try await decoder.decode([DetourElement].self, fromJSONAt: url)) }
                let (models, error) = await collect(decoder.models(of: DetourElement.self, fromJSONAt: url))
                if let error { throw error }
                return .success(models)
            }
        } catch let error as MappingError {
            return .failure(error)
        } catch {
            return .failure(MappingError(.other("not a MappingError: \(error)")))
        }
    }

    /// 513 levels (the array, the element, 511 arrays) are refused by every route with the same
    /// error, at the same line and column (the bracket that is one too many); 512 are read.
    @Test(arguments: DepthRoute.allCases)
    func streamsCountTheDepthLimitFromTheDocument(_ route: DepthRoute) async throws {
        let reference = await Self.decodeDeep(Self.deepArray(511), .arrayJSONData)
        guard case .failure(let expected) = reference else {
            Issue.record("[T](jsonData:) read 513 levels")
            return
        }
        // `{"id": 2, "deep": ` is 18 columns: the 511th bracket is at column 529 of line 3.
        #expect(expected.reason == .malformedJSON("nesting exceeds the maximum depth of 512 at line 3, column 529"), "\(expected)")
        let outcome = await Self.decodeDeep(Self.deepArray(511), route)
        guard case .failure(let error) = outcome else {
            Issue.record("\(route) read 513 levels")
            return
        }
        #expect(error.reason == expected.reason, "\(route): \(error)")
        #expect(error.keyPath == expected.keyPath, "\(route): \(error)")
        let accepted = await Self.decodeDeep(Self.deepArray(510), route)
        #expect(try accepted.get() == [DetourElement(id: 1), DetourElement(id: 2)])
    }

    /// JSON Lines holds one document per line: its depth counts from the line.
    @Test func jsonLinesCountTheDepthFromEachLine() throws {
        func lines(_ levels: Int) -> String {
            #"{"id": 1}"# + "\n" + #"{"id": 2, "deep": "# + String(repeating: "[", count: levels) + String(repeating: "]", count: levels) + "}\n"
        }
        #expect(try KeyValueDecoder().decode([DetourElement].self, fromJSONLines: Data(lines(511).utf8)) == [DetourElement(id: 1), DetourElement(id: 2)])
        let error = try #require(throws: MappingError.self) { try KeyValueDecoder().decode([DetourElement].self, fromJSONLines: Data(lines(512).utf8)) }
        #expect(error.reason == .malformedJSON("nesting exceeds the maximum depth of 512 at line 2, column 530"), "\(error)")
        #expect(error.line == 2)
    }

    // MARK: JSONValue.mergePatch(from:)

    /// Whether some patch turns `old` into `new` (RFC 7396): one always does unless `new` needs
    /// a member that is `null`, which a patch can only leave where `old` already has it — in an
    /// object `old` has at the same place (arrays and scalars are replaced whole, nulls and all).
    static func expressible(from old: JSONValue?, to new: JSONValue) -> Bool {
        guard case .object(let members) = new else { return true }
        let before: JSONObject? = if case .object(let object)? = old { object } else { nil }
        for (key, value) in members {
            switch value {
            case .null:
                guard case .null? = before?[key] else { return false }
            case .object:
                guard expressible(from: before?[key], to: value) else { return false }
            default:
                continue
            }
        }
        return true
    }

    /// The value as RFC 7396 sees it: object members in any order.
    static func canonical(_ value: JSONValue) -> String { value.jsonString(options: .sortedKeys) }

    /// The value at `path`, `nil` when a step is missing.
    static func value(at path: [MappingError.PathComponent], in value: JSONValue) -> JSONValue? {
        var current = value
        for component in path {
            switch (component, current) {
            case (.key(let key), .object(let object)):
                guard let member = object[key] else { return nil }
                current = member
            case (.index(let index), .array(let array)) where array.indices.contains(index):
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }

    static func randomValue(_ random: inout SeededGenerator, depth: Int, objectBias: Bool = false) -> JSONValue {
        // Scalars only at the bottom; objects twice as likely as arrays above it.
        let pick = objectBias ? 5 : Int.random(in: 0..<(depth > 0 ? 7 : 4), using: &random)
        switch pick {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(JSONNumber(Int64.random(in: -2...2, using: &random)))
        case 3: return .string(["x", "y", ""].randomElement(using: &random)!)
        case 4: return .array((0..<Int.random(in: 0...2, using: &random)).map { _ in randomValue(&random, depth: depth - 1) })
        default:
            let keys = ["a", "b", "c", "d"].shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random))
            return .object(JSONObject(keys.map { ($0, randomValue(&random, depth: depth - 1)) }))
        }
    }

    /// `value` with its object members shuffled and some changed, nulled, added or removed.
    static func variant(of value: JSONValue, _ random: inout SeededGenerator, depth: Int) -> JSONValue {
        guard case .object(let object) = value else {
            return Int.random(in: 0..<3, using: &random) == 0 ? randomValue(&random, depth: depth) : value
        }
        var members: [(String, JSONValue)] = []
        for (key, member) in object.shuffled(using: &random) {
            switch Int.random(in: 0..<8, using: &random) {
            case 0: continue
            case 1: members.append((key, .null))
            case 2: members.append((key, randomValue(&random, depth: depth - 1)))
            default: members.append((key, variant(of: member, &random, depth: depth - 1)))
            }
        }
        if Int.random(in: 0..<4, using: &random) == 0, !members.contains(where: { $0.0 == "e" }) {
            members.append(("e", randomValue(&random, depth: depth - 1)))
        }
        return .object(JSONObject(members))
    }

    /// Over 4,000 seeded pairs — old values that are not objects, random objects, and variants
    /// of the old value (members reordered, nulled, replaced) — `mergePatch(from:)` gives a patch
    /// exactly when one exists, and applying it to the old value gives the new one.
    @Test(arguments: 0..<4)
    func mergePatchesOfRandomPairsApplyBackToTheNewValue(_ batch: Int) throws {
        var random = SeededGenerator(seed: 0xDE70_0000 + UInt64(batch))
        var refused = 0, oldNotObjects = 0
        for iteration in 0..<1_000 {
            let old: JSONValue, new: JSONValue
            switch iteration % 3 {
            case 0:
                old = Self.randomValue(&random, depth: 2)
                new = Self.randomValue(&random, depth: 3, objectBias: true)
            case 1:
                old = Self.randomValue(&random, depth: 3, objectBias: true)
                new = Self.randomValue(&random, depth: 3, objectBias: true)
            default:
                old = Self.randomValue(&random, depth: 3, objectBias: true)
                new = Self.variant(of: old, &random, depth: 3)
            }
            if case .object = old {} else { oldNotObjects += 1 }
            let context = "batch \(batch), iteration \(iteration): old \(old), new \(new)"
            do {
                let patch = try new.mergePatch(from: old)
                #expect(Self.expressible(from: old, to: new), "\(context): patch \(patch) given for a change no patch can make")
                let merged = try old.applyingMergePatch(patch)
                #expect(Self.canonical(merged) == Self.canonical(new), "\(context): patch \(patch) gives \(merged)")
            } catch let error as MappingError {
                refused += 1
                #expect(!Self.expressible(from: old, to: new), "\(context): \(error)")
                #expect(error.reasonDescription == "a JSON merge patch cannot set a member to null (null removes the member)", "\(context): \(error)")
                #expect(Self.value(at: error.path, in: new) == .null, "\(context): \(error)")
            }
        }
        // The generator reaches both outcomes, and old values that are not objects.
        #expect(refused > 50 && refused < 700, "\(refused)")
        #expect(oldNotObjects > 100)
    }

    /// A pair of values and the patch between them.
    struct PatchCase: Sendable, CustomTestStringConvertible {
        let old: String
        let new: String
        /// The patch, or `error: ` and the error.
        let patch: String
        var testDescription: String { "\(old) → \(new)" }
    }

    static let patchCases: [PatchCase] = [
        // The old value is not an object: the patch is the new value whole, so a null member
        // inside it cannot be said.
        PatchCase(old: "5", new: #"{"a": null}"#, patch: "error: a: a JSON merge patch cannot set a member to null (null removes the member)"),
        PatchCase(old: "[1]", new: #"{"a": {"b": null}, "c": 1}"#, patch: "error: a.b: a JSON merge patch cannot set a member to null (null removes the member)"),
        PatchCase(old: "null", new: #"{"a": {"b": 1}}"#, patch: #"{"a":{"b":1}}"#),
        PatchCase(old: "\"x\"", new: #"{"a": [null, {"b": null}]}"#, patch: #"{"a":[null,{"b":null}]}"#),
        // An object whose members only moved needs no patch.
        PatchCase(old: #"{"a": 1, "b": {"c": 2, "d": 3}}"#, new: #"{"b": {"d": 3, "c": 2}, "a": 1}"#, patch: "{}"),
        PatchCase(old: #"{"a": 1, "b": 2}"#, new: #"{"b": 3, "a": 1}"#, patch: #"{"b":3}"#),
        // A null the old object already has at that place stays without a patch member.
        PatchCase(old: #"{"a": null, "b": 1}"#, new: #"{"b": 2, "a": null}"#, patch: #"{"b":2}"#),
    ]

    @Test(arguments: patchCases)
    func mergePatchesOfChosenPairs(_ testCase: PatchCase) throws {
        let old = try JSONValue(jsonString: testCase.old)
        let new = try JSONValue(jsonString: testCase.new)
        do {
            let patch = try new.mergePatch(from: old)
            #expect(patch.jsonString() == testCase.patch)
            #expect(Self.canonical(try old.applyingMergePatch(patch)) == Self.canonical(new))
        } catch {
            #expect("error: \(error)" == testCase.patch)
        }
    }

    // MARK: KeyValueEncoder.maximumDepth inside a JSONValue

    /// `{"next":{"next":…null…}}`, `depth` objects deep, built without recursion.
    static func deepObject(_ depth: Int) -> JSONValue {
        var value: JSONValue = .null
        for _ in 0..<depth { value = ["next": value] }
        return value
    }

    /// The library's error in what an encoder threw: itself, or what Foundation's encoder wrapped it in.
    static func mappingError(in error: any Error) -> MappingError? {
        if let error = error as? MappingError { return error }
        if case .invalidValue(_, let context)? = error as? EncodingError { return context.underlyingError as? MappingError }
        return nil
    }

    /// Where the 513th level is: the model is the first, the value's outer object the second.
    static let levelOneTooMany: [MappingError.PathComponent] = [.key("value")] + Array(repeating: .key("next"), count: 511)

    /// Takes a chain of ``deepObject(_:)`` apart one level at a time, from the top: released
    /// whole, Swift would release it recursively, one frame per level, and overflow the stack.
    static func dismantle(_ holder: LockedBox<DetourJSONHolder>) {
        holder.withLock { model in
            var value = model.value
            model = DetourJSONHolder()
            while case .object(let object) = value, let next = object["next"] { value = next }
        }
    }

    /// The encoders stop at their depth limit inside a JSON value of 1,000 levels, with the
    /// library's error at the path of the level one too many (the value is built and taken
    /// apart without recursion; the encoder runs on a big stack, so the limit is what stops it).
    @Test(arguments: ["dictionary", "jsonBytes", "jsonEncoder"])
    func encodersApplyTheirDepthLimitInsideAJSONValue(_ route: String) async throws {
        let holder = LockedBox(DetourJSONHolder(value: Self.deepObject(1_000)))
        let error = await onThread(stackSize: 64 << 20) { () -> (any Error)? in
            let model = holder.withLock { $0 }
            do {
                switch route {
                case "dictionary": _ = try KeyValueEncoder().encode(model)
                case "jsonBytes": _ = try KeyValueEncoder().encodeJSON(model)
                default: _ = try JSONEncoder().encode(model)
                }
                return nil
            } catch {
                return error
            }
        }
        Self.dismantle(holder)
        let failure = try #require(error, "\(route) wrote 1,000 levels")
        let mapping = try #require(Self.mappingError(in: failure), "\(failure)")
        #expect(mapping.reason == .depthLimitExceeded(limit: 512), "\(mapping)")
        #expect(mapping.path == Self.levelOneTooMany, "\(mapping.path.count) steps")
    }

    /// Around the limit the encoder refuses exactly the values its decoder refuses: what one
    /// writes the other reads back, and what the decoder refuses (the same text, written by
    /// hand) the encoder does not write.
    @Test func theEncoderWritesWhatTheDecoderReads() async throws {
        let results = await onThread(stackSize: 64 << 20) { () -> [String] in
            (505...515).map { depth in
                let text = #"{"value":"# + String(repeating: #"{"next":"#, count: depth) + "null" + String(repeating: "}", count: depth + 1)
                let read = (try? KeyValueDecoder().decode(DetourJSONHolder.self, fromJSON: Data(text.utf8))) != nil
                let model = DetourJSONHolder(value: Self.deepObject(depth))
                guard let bytes = try? KeyValueEncoder().encodeJSON(model) else { return "\(depth): refused, \(read ? "read" : "refused") by the decoder" }
                let same = (try? KeyValueDecoder().decode(DetourJSONHolder.self, fromJSON: bytes))?.value == model.value
                return "\(depth): written as \(String(decoding: bytes, as: UTF8.self) == text ? "expected" : "other text"), \(same ? "read" : "refused") by the decoder"
            }
        }
        #expect(results.allSatisfy { $0.hasSuffix("refused, refused by the decoder") || $0.hasSuffix("written as expected, read by the decoder") }, "\(results)")
        #expect(results.first?.hasSuffix("read by the decoder") == true && results.last?.hasSuffix("refused by the decoder") == true, "\(results)")
    }

    /// 100,000 levels through `JSONEncoder`, on a 512 KiB thread: an error, never a crash.
    @Test func aHundredThousandLevelsThroughJSONEncoderIsAnError() async throws {
        let holder = LockedBox(DetourJSONHolder(value: Self.deepObject(100_000)))
        let error = await onThread { () -> (any Error)? in
            do {
                _ = try JSONEncoder().encode(holder.withLock { $0 })
                return nil
            } catch {
                return error
            }
        }
        Self.dismantle(holder)
        let mapping = try #require(error.flatMap(Self.mappingError(in:)), "\(String(describing: error))")
        #expect(mapping.reason == .depthLimitExceeded(limit: 512), "\(mapping)")
        #expect(mapping.path == Self.levelOneTooMany, "\(mapping.path.count) steps")
    }

    // MARK: upsert honours invalidElements

    @Test(arguments: [false, true])
    func upsertSkipsInvalidElementsAsDecodeDoes(_ fromBytes: Bool) throws {
        let json = #"[{"id": 1, "count": 1}, {"id": 2, "count": "many"}, {"id": 3, "count": 3}]"#
        let list = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
        var decoder = KeyValueDecoder()
        decoder.invalidElements = .skip
        let existing = [DetourRecord(id: 3, text: "three"), DetourRecord(id: 2, text: "two")]

        var records = existing
        let summary = fromBytes ? try records.upsert(fromJSON: Data(json.utf8), decoder: decoder) : try records.upsert(from: list, decoder: decoder)
        #expect(summary == UpsertSummary(inserted: 1, updated: 1, skipped: 1))
        #expect(summary.description == "1 inserted, 1 updated, 1 skipped")
        #expect(records == [DetourRecord(id: 3, count: 3, text: "three"), DetourRecord(id: 2, text: "two"), DetourRecord(id: 1, count: 1)])
        // The same element is dropped by decode.
        #expect(try decoder.decode([DetourRecord].self, fromJSON: Data(json.utf8)).map(\.id) == [1, 3])

        // Rejected by default, with the error decode gives; the elements before it are applied.
        records = existing
        let error = try #require(throws: MappingError.self) {
            if fromBytes { try records.upsert(fromJSON: Data(json.utf8)) } else { try records.upsert(from: list) }
        }
        let decodeError = try #require(throws: MappingError.self) { try KeyValueDecoder().decode([DetourRecord].self, fromJSON: Data(json.utf8)) }
        #expect(error.description == decodeError.description)
        #expect(error.description == #"[1].count: expected Int, found String "many""#)
        #expect(records == existing + [DetourRecord(id: 1, count: 1)])
    }

    // MARK: Sets are written in one order

    /// Equal models whose sets were built in different orders and capacities (so they iterate
    /// differently) encode to the same bytes on every route, elements in ascending order.
    @Test func equalSetsEncodeToIdenticalBytes() throws {
        var random = SeededGenerator(seed: 0x5E75)
        var iterationOrdersDiffered = 0
        let sortingEncoder = JSONEncoder()
        sortingEncoder.outputFormatting = .sortedKeys
        for iteration in 0..<200 {
            let names = (0..<Int.random(in: 0...40, using: &random)).map { _ in String((0..<Int.random(in: 1...4, using: &random)).map { _ in "abcdefgh".randomElement(using: &random)! }) }
            let numbers = (0..<Int.random(in: 0...40, using: &random)).map { _ in Int.random(in: -1_000...1_000, using: &random) }
            let first = DetourSets(names: Set(names), numbers: Set(numbers), groups: [Set(names.prefix(5))], byKey: ["k": Set(numbers.prefix(5))])
            var second = DetourSets()
            second.names = Set(minimumCapacity: 512)
            for name in names.reversed() { second.names.insert(name) }
            second.numbers = Set(minimumCapacity: 300)
            for number in numbers.shuffled(using: &random) { second.numbers.insert(number) }
            var group = Set<String>(minimumCapacity: 100)
            for name in names.prefix(5).reversed() { group.insert(name) }
            second.groups = [group]
            var keyed = Set<Int>(minimumCapacity: 100)
            for number in numbers.prefix(5).reversed() { keyed.insert(number) }
            second.byKey = ["k": keyed]
            #expect(first == second)
            if Array(first.names) != Array(second.names) || Array(first.numbers) != Array(second.numbers) { iterationOrdersDiffered += 1 }

            let context = "iteration \(iteration)"
            #expect(try first.jsonData() == second.jsonData(), "\(context)")
            #expect(try first.jsonString(options: .sortedKeys) == second.jsonString(options: .sortedKeys), "\(context)")
            // Foundation's JSONEncoder writes an object's members in no fixed order (plain Codable
            // too, on Linux): its sets are compared with sorted keys.
            #expect(try sortingEncoder.encode(first) == sortingEncoder.encode(second), "\(context)")
            let firstDictionary = try first.dictionary(), secondDictionary = try second.dictionary()
            #expect(firstDictionary["names"] as? [String] == secondDictionary["names"] as? [String], "\(context)")
            #expect(firstDictionary["numbers"] as? [Int] == secondDictionary["numbers"] as? [Int], "\(context)")
            // Ascending: the one order that does not depend on how the set was built.
            let written = try JSONValue(jsonData: try first.jsonData())
            guard case .object(let object) = written, case .array(let writtenNames)? = object["names"], case .array(let writtenNumbers)? = object["numbers"] else {
                Issue.record("\(context): \(written)")
                continue
            }
            #expect(writtenNames == Set(names).sorted().map { .string($0) }, "\(context)")
            #expect(writtenNumbers == Set(numbers).sorted().map { .number(JSONNumber(Int64($0))) }, "\(context)")
        }
        // The sets did iterate in different orders: the test compares what it means to.
        #expect(iterationOrdersDiffered > 100, "\(iterationOrdersDiffered)")
    }

    // MARK: Stream progress follows a growing file

    /// A JSON Lines file larger than one read (64 KiB) grows while it is streamed: after the
    /// first model (one read done), lines are appended; the stream hands them out and its
    /// progress reports the size the file has now. No timing: the growth happens between two
    /// models of the iterating task.
    @Test func streamProgressReportsTheSizeOfAGrowingFile() async throws {
        let first = 2_000, added = 500
        let line = { (index: Int) in #"{"id": \#(index), "padding": "\#(String(repeating: "x", count: 40))"}"# + "\n" }
        let url = try temporaryFile((0..<first).map(line).joined())
        defer { try? FileManager.default.removeItem(at: url) }
        let initialSize = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(initialSize > 2 * 64 * 1024)

        let stream = KeyValueDecoder().models(of: DetourElement.self, fromJSONAt: url)
        #expect(stream.progress.totalBytes == initialSize)
        var ids: [Int] = []
        for try await element in stream {
            ids.append(element.id)
            if ids.count == 1 {
                let handle = try FileHandle(forWritingTo: url)
                try handle.seekToEnd()
                try handle.write(contentsOf: Data((first..<(first + added)).map(line).joined().utf8))
                try handle.close()
            }
        }
        let finalSize = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(finalSize > initialSize)
        #expect(ids == Array(0..<(first + added)))
        #expect(stream.progress.totalBytes == finalSize)
        #expect(stream.progress.bytesConsumed == finalSize)
        #expect(stream.progress.fractionCompleted == 1)
        #expect(stream.progress.isFinished)
    }
}
