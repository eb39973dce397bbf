import Foundation
import Testing
import KeyValueMapping

/// A model whose loose properties a foreign decoder fills with whatever it holds.
struct LooseCodable: CodableMappable {
    var any: [String: Any] = [:]
    var json: JSONValue = .null
}

/// Foundation's coders reading and writing values nested without bound, on a thread with Apple's
/// 512 KiB secondary-thread stack: every level is checked, so the walk stops with the library's
/// `stackExhausted` error at the key path where it stopped — never a crash.
@Suite struct CodableStackTests {
    enum Route: String, CaseIterable, Sendable {
        case jsonValueFromJSONDecoder, arrayFromJSONDecoder, looseModelFromJSONDecoder, jsonValueFromPropertyListDecoder
        case jsonValueToJSONEncoder, jsonValueToPropertyListEncoder

        var decodes: Bool { !rawValue.contains("To") }

        /// What the error path holds before the repeated levels.
        var prefix: [MappingError.PathComponent] { self == .looseModelFromJSONDecoder ? [.key("any")] : [] }

        /// What the error path repeats once per level.
        var step: MappingError.PathComponent { self == .arrayFromJSONDecoder ? .index(0) : .key("next") }
    }

    /// `{"next":{"next":…null…}}`, `depth` objects deep, built without recursion.
    static func deepObject(_ depth: Int) -> JSONValue {
        var value: JSONValue = .null
        for _ in 0..<depth { value = ["next": value] }
        return value
    }

    static func deepText(_ route: Route, _ depth: Int) -> String {
        let text = route == .arrayFromJSONDecoder
            ? String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
            : String(repeating: #"{"next":"#, count: depth) + "null" + String(repeating: "}", count: depth)
        return route == .looseModelFromJSONDecoder ? #"{"any":"# + text + #","json":null}"# : text
    }

    /// What a route reads or writes. The value is boxed so that the test can release it on a big
    /// stack (a deep value is released recursively, one frame per level).
    typealias Input = (data: Data, value: LockedBox<JSONValue>)

    /// The route's input, prepared on a big stack.
    static func input(_ route: Route, _ depth: Int) async -> Input {
        let (data, value) = await onThread(stackSize: 64 << 20) { () -> (Data, JSONValue) in
            switch route {
            case .jsonValueFromPropertyListDecoder where depth <= KeyValueEncoder().maximumDepth:
                return ((try? PropertyListEncoder().encode(deepObject(depth))) ?? Data(), .null)
            case .jsonValueFromPropertyListDecoder:
                // Deeper than the encoders write (they stop at their depth limit): written by
                // Foundation's serializer, for the decoder to be shown. Binary, because the XML
                // reader recurses past a small stack itself; at most 800 levels (deeper than the
                // walk reaches on this stack), because the binary writer's object uniquing compares
                // nested dictionaries level by level (quadratic: 2,000 levels take 20 s).
                var object: Any = ["next": "end"]
                for _ in 1..<min(depth, 800) { object = ["next": object] }
                return ((try? PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)) ?? Data(), .null)
            case .jsonValueToJSONEncoder, .jsonValueToPropertyListEncoder:
                return (Data(), deepObject(depth))
            default:
                return (Data(deepText(route, depth).utf8), .null)
            }
        }
        return (data, LockedBox(value))
    }

    /// Releases the input's value on a big stack, not on the test runner's thread.
    static func release(_ input: Input) async {
        await onThread(stackSize: 64 << 20) { input.value.withLock { $0 = .null } }
    }

    /// Runs the route on a 512 KiB thread: what it read or wrote (as a JSON value), or its error.
    static func run(_ route: Route, _ input: Input) async -> Result<JSONValue, any Error> {
        await onThread {
            let value = input.value.withLock { $0 }
            return Result {
                switch route {
                case .jsonValueFromJSONDecoder, .arrayFromJSONDecoder:
                    return try JSONDecoder().decode(JSONValue.self, from: input.data)
                case .looseModelFromJSONDecoder:
                    return try JSONValue(jsonData: try KeyValueEncoder().encodeJSON(try JSONDecoder().decode(LooseCodable.self, from: input.data)))
                case .jsonValueFromPropertyListDecoder:
                    return try PropertyListDecoder().decode(JSONValue.self, from: input.data)
                case .jsonValueToJSONEncoder:
                    _ = try JSONEncoder().encode(value)
                    return value
                case .jsonValueToPropertyListEncoder:
                    _ = try PropertyListEncoder().encode(value)
                    return value
                }
            }
        }
    }

    /// The library's error in `error`: itself, or what a property-list encoder wrapped it in
    /// (it reports every failure of a top-level value as its own `invalidValue`).
    static func mappingError(in error: any Error) -> MappingError? {
        if let error = error as? MappingError { return error }
        if case .invalidValue(_, let context)? = error as? EncodingError { return context.underlyingError as? MappingError }
        return nil
    }

    @Test(arguments: Route.allCases, [200, 1_000, 10_000])
    func deepValuesStopWithAnErrorOnASmallStack(_ route: Route, _ depth: Int) async throws {
        let input = await Self.input(route, depth)
        let outcome = await Self.run(route, input)
        await Self.release(input)
        guard case .failure(let failure) = outcome else {
            // Only a value a debug build's frames cannot reach may go through: 200 levels are
            // written on this stack, and read in a release build.
            #expect(depth == 200, "\(route) at \(depth) went through")
            return
        }
        if route.rawValue.hasSuffix("FromJSONDecoder"), depth > 512 {
            // JSONDecoder's parser refuses nesting past its own limit before any value is read.
            guard case .dataCorrupted? = failure as? DecodingError else {
                Issue.record("\(route) at \(depth): \(failure)")
                return
            }
            return
        }
        #expect(!(route == .jsonValueToJSONEncoder || route == .jsonValueToPropertyListEncoder) || depth > 200, "\(failure)")
        let error = try #require(Self.mappingError(in: failure), "\(route) at \(depth): \(failure)")
        guard case .stackExhausted(let stoppedAt) = error.reason else {
            Issue.record("\(route) at \(depth): \(error)")
            return
        }
        #expect(stoppedAt > 8 && stoppedAt < depth)
        // The key path names every level down to where the walk stopped.
        #expect(error.path.starts(with: route.prefix), "\(error.keyPath)")
        let levels = error.path.dropFirst(route.prefix.count)
        #expect(levels.count > 8 && levels.allSatisfy { $0 == route.step }, "\(route): \(error.keyPath)")
    }

    @Test(arguments: Route.allCases)
    func aValueWithinTheStackGoesThroughWhole(_ route: Route) async throws {
        let depth = 40
        let input = await Self.input(route, depth)
        let outcome = try await Self.run(route, input).get()
        await Self.release(input)
        let expected = try JSONValue(jsonString: Self.deepText(route, depth))
        #expect(outcome == expected)
    }
}
