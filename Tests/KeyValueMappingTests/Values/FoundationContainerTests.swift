import Foundation
import Testing
@testable import KeyValueMapping

/// Every kind of `Any` property a payload or a model can put a Foundation container in.
struct ContainerHolder: Mappable {
    var any: Any = 0
    var optionalAny: Any?
    var list: [Any] = []
    var map: [String: Any] = [:]
    var link: ContainerLink?
    var links: [ContainerLink] = []
}

final class ContainerNode: Mappable {
    var any: Any = 0
    required init() {}
}

final class ContainerLink: Mappable {
    var value = 0
    var next: ContainerLink?
    required init() {}
}

/// A model whose property is read through a key path.
struct ContainerPath: Mappable {
    var city = ""
    static var mappingRules: MappingRules { MappingRules().map("city", to: "address.lines[1].city") }
}

/// A model whose transformer writes a self-containing NSMutableArray: the JSON writer meets it
/// as it is (the `Any` codec's own walk never sees a transformer's output).
struct TransformedContainer: Mappable {
    var value = 0
    static let made = LockedBox<[NSMutableArray]>([])
    static var mappingRules: MappingRules {
        MappingRules().transform("value", with: .custom(decode: { @Sendable _ in 0 }, encode: { @Sendable _ in selfContaining() }))
    }

    @Sendable static func selfContaining() -> Any {
        let array = NSMutableArray()
        array.add(1)
        array.add(array)
        made.withLock { $0.append(array) }
        return array
    }
}

/// An NSArray subclass that keeps its elements itself (not in Foundation's storage).
final class CountingArray: NSArray {
    override var count: Int { 3 }
    override func object(at index: Int) -> Any { index * 10 }
}

/// A Foundation value built fresh for each use (Foundation containers are not Sendable), with
/// what breaks its cycle afterwards, so the test neither leaks it nor trips over it at release.
struct FoundationInput: Sendable, CustomTestStringConvertible {
    let name: String
    let build: @Sendable () -> (value: Any, breakCycle: () -> Void)

    init(_ name: String, _ build: @escaping @Sendable () -> (value: Any, breakCycle: () -> Void)) {
        self.name = name
        self.build = build
    }

    var testDescription: String { name }

    /// `[1, <itself>]`.
    static func selfArray() -> (value: Any, breakCycle: () -> Void) {
        let array = NSMutableArray()
        array.add(1)
        array.add(array)
        return (array, { array.removeAllObjects() })
    }

    /// `{"name": "x", "self": <itself>}`.
    static func selfDictionary() -> (value: Any, breakCycle: () -> Void) {
        let dictionary = NSMutableDictionary()
        dictionary["name"] = "x"
        dictionary["self"] = dictionary
        return (dictionary, { dictionary.removeAllObjects() })
    }

    /// `[{"back": [<the array>]}]`: a cycle through a dictionary and an array.
    static func mutualCycle() -> (value: Any, breakCycle: () -> Void) {
        let array = NSMutableArray()
        let dictionary = NSMutableDictionary()
        array.add(dictionary)
        dictionary["back"] = NSMutableArray(array: [array])
        return (array, { array.removeAllObjects(); dictionary.removeAllObjects() })
    }

    /// `{"value": 1, "next": <itself>}`, as a payload for `ContainerLink`.
    static func selfLink() -> (value: Any, breakCycle: () -> Void) {
        let dictionary = NSMutableDictionary()
        dictionary["value"] = 1
        dictionary["next"] = dictionary
        return (dictionary, { dictionary.removeAllObjects() })
    }
}

@Suite struct FoundationContainerTests {
    static let cycle = "cycle detected: this Foundation.NSMutableArray instance is already being mapped further up the path"
    static let dictionaryCycle = "cycle detected: this Foundation.NSMutableDictionary instance is already being mapped further up the path"

    // MARK: - Cycles in decode input

    struct DecodeCycle: Sendable, CustomTestStringConvertible {
        let input: FoundationInput
        /// Where the container goes in the payload.
        let wrap: @Sendable (Any) -> [String: Any]
        let expected: String
        var testDescription: String { input.name + " in " + String(describing: wrap(0)) }
    }

    /// Self-containing Foundation containers in every kind of property the dictionary path
    /// decodes; each is a cycle error at the key path where the container reappears. (JSON
    /// bytes cannot express a cycle; the bytes path meets these containers only when encoding,
    /// below.)
    static let decodeCycles: [DecodeCycle] = [
        DecodeCycle(input: FoundationInput("self-array", FoundationInput.selfArray), wrap: { ["any": $0] }, expected: "any[1]: \(cycle)"),
        DecodeCycle(input: FoundationInput("self-array", FoundationInput.selfArray), wrap: { ["optionalAny": $0] }, expected: "optionalAny[1]: \(cycle)"),
        DecodeCycle(input: FoundationInput("self-array", FoundationInput.selfArray), wrap: { ["list": $0] }, expected: "list[1]: \(cycle)"),
        DecodeCycle(input: FoundationInput("self-array", FoundationInput.selfArray), wrap: { ["any": [["k": $0]] as [Any]] }, expected: "any[0].k[1]: \(cycle)"),
        DecodeCycle(input: FoundationInput("self-array", FoundationInput.selfArray), wrap: { ["any": Optional<Any>.some($0) as Any] }, expected: "any[1]: \(cycle)"),
        DecodeCycle(input: FoundationInput("self-dictionary", FoundationInput.selfDictionary), wrap: { ["map": $0] }, expected: "map.self: \(dictionaryCycle)"),
        DecodeCycle(input: FoundationInput("self-dictionary", FoundationInput.selfDictionary), wrap: { ["any": $0] }, expected: "any.self: \(dictionaryCycle)"),
        DecodeCycle(input: FoundationInput("array-dictionary-array", FoundationInput.mutualCycle), wrap: { ["list": $0] }, expected: "list[0].back[0]: \(cycle)"),
        DecodeCycle(input: FoundationInput("self-link", FoundationInput.selfLink), wrap: { ["link": $0] }, expected: "link.next: \(dictionaryCycle)"),
        DecodeCycle(input: FoundationInput("self-link", FoundationInput.selfLink), wrap: { ["links": [$0] as [Any]] }, expected: "links[0].next: \(dictionaryCycle)"),
    ]

    @Test(arguments: decodeCycles)
    func cyclesInDecodeInputAreErrorsAtTheirKeyPath(_ row: DecodeCycle) {
        let (value, breakCycle) = row.input.build()
        defer { breakCycle() }
        let payload = row.wrap(value)
        #expect(mappingError { _ = try ContainerHolder(dictionary: payload) }?.description == row.expected)
        // The other dictionary entry points walk the same way.
        var holder = ContainerHolder()
        #expect(mappingError { try holder.update(from: payload) }?.description == row.expected)
        let lenient = try? KeyValueDecoder().decodeLeniently(ContainerHolder.self, from: payload)
        #expect(lenient?.skipped.map(\.description) == [row.expected])
    }

    @Test func aCycleInATopLevelArrayOfModelsIsAnError() {
        let (value, breakCycle) = FoundationInput.selfLink()
        defer { breakCycle() }
        #expect(mappingError { _ = try [ContainerLink](dictionaries: [value]) }?.description == "[0].next: \(Self.dictionaryCycle)")
        #expect(mappingError { _ = try KeyValueDecoder().decode(ContainerLink.self, from: ["next": value], at: "next") }?.description
            == "next.next: \(Self.dictionaryCycle)")
    }

    // MARK: - Cycles in encoded values, through both outputs

    struct EncodeCycle: Sendable, CustomTestStringConvertible {
        let input: FoundationInput
        let place: @Sendable (Any) -> ContainerHolder
        let expected: String
        var testDescription: String { input.name + " → " + expected }
    }

    static let encodeCycles: [EncodeCycle] = [
        EncodeCycle(input: FoundationInput("self-array", FoundationInput.selfArray), place: { ContainerHolder(any: $0) }, expected: "any[1]: \(cycle)"),
        EncodeCycle(input: FoundationInput("self-array", FoundationInput.selfArray), place: { ContainerHolder(optionalAny: $0) }, expected: "optionalAny[1]: \(cycle)"),
        EncodeCycle(input: FoundationInput("self-array", FoundationInput.selfArray), place: { ContainerHolder(list: [0, $0]) }, expected: "list[1][1]: \(cycle)"),
        EncodeCycle(input: FoundationInput("self-dictionary", FoundationInput.selfDictionary), place: { ContainerHolder(map: ["m": $0]) }, expected: "map.m.self: \(dictionaryCycle)"),
        EncodeCycle(input: FoundationInput("array-dictionary-array", FoundationInput.mutualCycle), place: { ContainerHolder(any: ["wrapped": $0] as [String: Any]) }, expected: "any.wrapped[0].back[0]: \(cycle)"),
    ]

    @Test(arguments: encodeCycles)
    func cyclesInEncodedValuesAreErrorsOnBothOutputs(_ row: EncodeCycle) {
        let (value, breakCycle) = row.input.build()
        defer { breakCycle() }
        let holder = row.place(value)
        #expect(mappingError { _ = try holder.dictionary() }?.description == row.expected)
        #expect(mappingError { _ = try holder.jsonData() }?.description == row.expected)
    }

    @Test func aCycleThroughAModelAndAFoundationContainerIsAnError() throws {
        let node = ContainerNode()
        let box = NSMutableArray()
        box.add(node)
        node.any = box
        defer { box.removeAllObjects() }
        let expected = "any[0]: cycle detected: this KeyValueMappingTests.ContainerNode instance is already being mapped further up the path"
        #expect(mappingError { _ = try node.dictionary() }?.description == expected)
        #expect(mappingError { _ = try node.jsonData() }?.description == expected)
        // A container shared without a cycle is written every time it appears.
        let shared = NSArray(array: [1, 2])
        let twice = ContainerHolder(any: NSArray(array: [shared, shared]))
        #expect(try twice.jsonString(options: .sortedKeys).contains(#""any":[[1,2],[1,2]]"#))
        #expect(try (twice.dictionary()["any"] as? [Any])?.count == 2)
    }

    @Test func theJSONWriterReportsCyclesInATransformersOutput() {
        defer { TransformedContainer.made.withLock { arrays in arrays.forEach { $0.removeAllObjects() } } }
        #expect(mappingError { _ = try TransformedContainer().jsonData() }?.description == "value[1]: \(Self.cycle)")
    }

    @Test func jsonValueFromFoundationValuesReportsCycles() {
        let (value, breakCycle) = FoundationInput.mutualCycle()
        defer { breakCycle() }
        do {
            let converted = try JSONValue(foundationValue: ["top": value] as [String: Any])
            Issue.record("expected an error, got \(converted)")
        } catch {
            #expect(error.description == "top[0].back[0]: \(Self.cycle)")
        }
    }

    // MARK: - Deep nesting

    /// `levels` nested NSArrays, innermost holding 1, and what takes them apart level by level
    /// (releasing the outermost of a 10^5-deep chain would recurse through every level).
    static func nestedArrays(_ levels: Int) -> (value: Any, breakCycle: () -> Void) {
        var all: [NSMutableArray] = []
        var inner = NSMutableArray(array: [1])
        all.append(inner)
        for _ in 1..<levels {
            let outer = NSMutableArray()
            outer.add(inner)
            all.append(outer)
            inner = outer
        }
        return (inner, { for array in all { array.removeAllObjects() } })
    }

    /// Deeper than any limit, through the dictionary path (Foundation and Swift containers) and
    /// the bytes path (the same nesting as text), decoding and encoding: a depth error, never a
    /// crash. The walks run on a thread with a known stack, as the depth limit assumes.
    @Test func deepNestingIsADepthErrorOnEveryPath() {
        let outcome = runOnThread(stackSize: 16 << 20) { () -> [String] in
            var results: [String] = []
            let (foundation, takeApart) = Self.nestedArrays(100_000)
            defer { takeApart() }
            var swift: Any = [1] as [Any]
            for _ in 1..<100_000 { swift = [swift] as [Any] }
            defer {
                // Released from the outside in, one level at a time: each step keeps the next
                // level alive, so no release recurses through the rest.
                var current = swift
                swift = 0
                while let array = current as? [Any], let first = array.first { current = first }
            }
            for value in [foundation, swift] {
                for property in ["any", "list"] {
                    let error = mappingError { _ = try ContainerHolder(dictionary: [property: value]) }
                    results.append("decode \(property): \(Self.summary(error))")
                }
                let holder = ContainerHolder(any: value)
                results.append("dictionary(): \(Self.summary(mappingError { _ = try holder.dictionary() }))")
                results.append("jsonData(): \(Self.summary(mappingError { _ = try holder.jsonData() }))")
            }
            let text = #"{"any": "# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
            results.append("bytes: \(Self.summary(mappingError { _ = try ContainerHolder(jsonString: text) }))")
            let deep = Self.nestedArrays(600)
            defer { deep.breakCycle() }
            do {
                _ = try JSONValue(foundationValue: deep.value)
                results.append("JSONValue: converted")
            } catch {
                results.append("JSONValue: \((error as? JSONUnsupportedValueError)?.reason ?? "\(error)")")
            }
            return results
        }
        let depth = "depthLimitExceeded(limit: 512) at depth 512"
        #expect(outcome == [
            "decode any: \(depth)", "decode list: \(depth)", "dictionary(): \(depth)", "jsonData(): \(depth)",
            "decode any: \(depth)", "decode list: \(depth)", "dictionary(): \(depth)", "jsonData(): \(depth)",
            "bytes: malformedJSON at depth 1",
            "JSONValue: nesting deeper than the maximum depth of 512",
        ])
    }

    static func summary(_ error: MappingError?) -> String {
        guard let error else { return "no error" }
        let reason = if case .malformedJSON = error.reason { "malformedJSON" } else { "\(error.reason)" }
        return "\(reason) at depth \(error.path.count)"
    }

    // MARK: - Foundation and Swift containers decode alike, on both paths

    struct Equivalent: Sendable, CustomTestStringConvertible {
        let input: FoundationInput
        /// The same value as JSON text, for the bytes path.
        let json: String
        var testDescription: String { json }
    }

    /// Foundation containers (and Swift containers holding them) decode to what the same JSON
    /// text decodes to through the bytes path.
    static let equivalents: [Equivalent] = [
        Equivalent(input: FoundationInput("array") { (NSArray(array: [1, "a", NSNull(), NSNumber(value: true)]), {}) }, json: #"[1, "a", null, true]"#),
        Equivalent(input: FoundationInput("dictionary") { (NSDictionary(dictionary: ["k": NSArray(array: [NSNumber(value: 2.5)])]), {}) }, json: #"{"k": [2.5]}"#),
        Equivalent(input: FoundationInput("mixed") { ([NSMutableDictionary(dictionary: ["a": [NSArray(array: [1])] as [Any]])] as [Any], {}) }, json: #"[{"a": [[1]]}]"#),
        Equivalent(input: FoundationInput("decimal") { (NSArray(array: [NSDecimalNumber(string: "12345678901234567890.5")]), {}) }, json: "[12345678901234567890.5]"),
        Equivalent(input: FoundationInput("shared") { let shared = NSArray(array: [1]); return (NSArray(array: [shared, shared]), {}) }, json: "[[1], [1]]"),
        Equivalent(input: FoundationInput("subclass") { (CountingArray(), {}) }, json: "[0, 10, 20]"),
    ]

    @Test(arguments: equivalents)
    func foundationContainersDecodeLikeTheirJSON(_ row: Equivalent) throws {
        let (value, breakCycle) = row.input.build()
        defer { breakCycle() }
        let viaDictionary = try ContainerHolder(dictionary: ["any": value, "list": [value] as [Any]])
        let viaBytes = try ContainerHolder(jsonString: #"{"any": \#(row.json), "list": [\#(row.json)]}"#)
        #expect(try viaDictionary.jsonString(options: .sortedKeys) == viaBytes.jsonString(options: .sortedKeys))
        #expect(try JSONValue(foundationValue: value) == JSONValue(jsonString: row.json))
    }

    @Test func keyPathsReadThroughFoundationDictionaries() throws {
        let lines = NSArray(array: [NSDictionary(dictionary: ["city": "Rome"]), NSDictionary(dictionary: ["city": "Oslo"])])
        let payload: [String: Any] = ["address": NSDictionary(dictionary: ["lines": lines])]
        #expect(try ContainerPath(dictionary: payload).city == "Oslo")
        #expect(try ContainerPath(jsonString: #"{"address": {"lines": [{"city": "Rome"}, {"city": "Oslo"}]}}"#).city == "Oslo")
        let notAnArray: [String: Any] = ["address": NSDictionary(dictionary: ["lines": NSDictionary()])]
        #expect(mappingError { _ = try ContainerPath(dictionary: notAnArray) }?.description
            == "address.lines: expected an array on the way to address.lines[1].city, found Dictionary")
    }

    @Test func foundationDictionariesWithKeysThatAreNotTextAreRefused() {
        let payload: [String: Any] = ["map": NSDictionary(dictionary: [NSNumber(value: 1): "one"])]
        #expect(mappingError { _ = try ContainerHolder(dictionary: payload) }?.description == "map: expected [String: Any], found NSDictionary")
    }
}

/// Runs `body` on a thread with a known stack size and returns its result.
func runOnThread<Result: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> Result) -> Result {
    let box = LockedBox<Result?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let value = body()
        box.withLock { $0 = value }
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    guard let result = box.withLock({ $0 }) else { fatalError("the thread returned nothing") }
    return result
}
