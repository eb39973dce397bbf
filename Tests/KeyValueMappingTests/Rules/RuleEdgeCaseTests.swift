import Foundation
import Testing
import KeyValueMapping

// A class cluster two levels deep: Vehicle picks Car, and Car's own rule picks ElectricCar.
class Vehicle: Mappable {
    var wheels = 0
    required init() {}
    class var mappingRules: MappingRules {
        MappingRules().subtype { $0["kind"] as? String == "car" ? Car.self : nil }
    }
}

class Car: Vehicle {
    var seats = 0
    required init() {}
    override class var mappingRules: MappingRules {
        MappingRules().subtype { $0["fuel"] as? String == "electric" ? ElectricCar.self : nil }
    }
}

final class ElectricCar: Car {
    var range = 0
    required init() {}
}

// Rules that send the question back up the chain.
class Loop: Mappable {
    required init() {}
    class var mappingRules: MappingRules { MappingRules().subtype { _ in LoopBack.self } }
}

final class LoopBack: Loop {
    required init() {}
    override class var mappingRules: MappingRules { MappingRules().subtype { _ in Loop.self } }
}

// A rule that answers a class outside the cluster: Bicycle is a Vehicle, but not a Car.
// Its hook records the payload's `token` (the test's routes run in parallel).
let bicycleHookRuns = LockedBox<[String]>([])

final class Bicycle: Vehicle {
    required init() {}
    override class var mappingRules: MappingRules {
        MappingRules().beforeDecoding { payload in bicycleHookRuns.withLock { $0.append(payload["token"] as? String ?? "") } }
    }
}

class Truck: Vehicle {
    required init() {}
    override class var mappingRules: MappingRules { MappingRules().subtype { $0["kind"] as? String == "bike" ? Bicycle.self : nil } }
}

struct Fleet: Mappable {
    var trucks: [Truck] = []
}

// A base class transforms and renames what a subclass ignores.
class Measured: Mappable {
    var count = 0
    var label = ""
    required init() {}
    class var mappingRules: MappingRules {
        MappingRules()
            .map("count", to: "n")
            .transform("count", with: .custom(decode: { @Sendable json in (json as? String).flatMap { Int($0) } ?? -1 },
                                              encode: { @Sendable value in String(value) }))
    }
}

final class Unmeasured: Measured {
    required init() {}
    override class var mappingRules: MappingRules { MappingRules().ignore("count") }
}

final class OnlyLabelled: Measured {
    required init() {}
    override class var mappingRules: MappingRules { MappingRules().inheriting(.replace).allow(only: "label") }
}

// Mantle's range example: two keys gathered into a dictionary that a transformer turns into a value.
struct TextRange: Equatable, Sendable {
    var location = 0
    var length = 0
}

struct Highlight: Mappable {
    var range = TextRange()
    var note = ""
    static var mappingRules: MappingRules {
        MappingRules()
            .gather("range", from: ["location", "length"])
            .transform("range", with: .custom(
                decode: { @Sendable json -> TextRange in
                    guard let parts = json as? [String: Any], let location = parts["location"] as? Int, let length = parts["length"] as? Int else {
                        throw MappingError(.other("a range needs location and length"))
                    }
                    return TextRange(location: location, length: length)
                },
                encode: { @Sendable value -> Any in ["location": value.location, "length": value.length] }))
    }
}

struct FlatHighlight: Mappable {
    var range = TextRange()
    static var mappingRules: MappingRules {
        MappingRules()
            .gather("range", from: ["location", "length"])
            .transform("range", with: .custom(decode: { @Sendable _ in TextRange() }, encode: { @Sendable value in value.location }))
    }
}

struct FarIndex: Mappable {
    var first = 0
    static var mappingRules: MappingRules { MappingRules().map("first", to: "items[10001].id") }
}

struct HugeIndex: Mappable {
    var first = 0
    static var mappingRules: MappingRules { MappingRules().map("first", to: .components([.key("items"), .index(Int.max)])) }
}

struct LastAllowedIndex: Mappable {
    var first = 0
    static var mappingRules: MappingRules { MappingRules().map("first", to: "items[10000]") }
}

struct ObjectAndArray: Mappable {
    var name = ""
    var first = 0
    static var mappingRules: MappingRules { MappingRules().map("name", to: "data.name").map("first", to: "data[0]") }
}

@Suite struct RuleEdgeCaseTests {
    enum Route: String, CaseIterable, Sendable { case dictionary, bytes }

    static func decode<Model: Mappable>(_ type: Model.Type, _ json: String, _ route: Route) throws -> Model {
        switch route {
        case .bytes: return try Model(jsonString: json)
        case .dictionary:
            return try Model(dictionary: try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]))
        }
    }

    @Test(arguments: [
        (#"{"wheels": 4}"#, "Vehicle 4"),
        (#"{"kind": "car", "wheels": 4, "seats": 5}"#, "Car 4 5"),
        (#"{"kind": "car", "fuel": "electric", "wheels": 4, "seats": 2, "range": 300}"#, "ElectricCar 4 2 300"),
        (#"{"kind": "bike", "fuel": "electric", "range": 30}"#, "Vehicle 0"),
    ], Route.allCases)
    func classClustersResolveAllTheWayDown(_ row: (json: String, expected: String), _ route: Route) throws {
        let (json, expected) = row
        let vehicle = try Self.decode(Vehicle.self, json, route)
        var rendering = "\(type(of: vehicle)) \(vehicle.wheels)"
        if let car = vehicle as? Car { rendering += " \(car.seats)" }
        if let electric = vehicle as? ElectricCar { rendering += " \(electric.range)" }
        #expect(rendering == expected)
    }

    @Test(arguments: Route.allCases)
    func subtypeRulesThatGoRoundInACircleAreADeclarationError(_ route: Route) {
        let error = mappingError { _ = try Self.decode(Loop.self, "{}", route) }
        guard case .invalidDeclaration(_, let problems)? = error?.reason else {
            Issue.record("expected invalidDeclaration, got \(String(describing: error))")
            return
        }
        #expect(problems == ["the subtype rules go round in a circle (KeyValueMappingTests.LoopBack → KeyValueMappingTests.Loop was asked before)"])
    }

    /// A subtype rule's answer depends on the payload: a class outside the cluster is the
    /// payload's problem at its key path, found before anything is decoded into it.
    @Test(arguments: Route.allCases)
    func aSubtypeOutsideTheClusterIsAPayloadError(_ route: Route) {
        let error = mappingError { _ = try Self.decode(Fleet.self, #"{"trucks": [{"wheels": 6}, {"kind": "bike", "token": "\#(route)"}]}"#, route) }
        #expect(error?.description == "trucks[1]: expected KeyValueMappingTests.Truck or a subclass of it, found an object the subtype rules map to "
            + "KeyValueMappingTests.Bicycle (KeyValueMappingTests.Bicycle is not a subclass of KeyValueMappingTests.Truck, so it cannot be decoded here)")
        #expect(!bicycleHookRuns.withLock { $0.contains(route.rawValue) }, "Bicycle's hook ran")
    }

    @Test func updateUsesTheInstancesOwnClass() throws {
        let circle = Circle()
        var shape: Shape = circle
        try shape.update(from: ["radius": 5, "name": "round"])
        #expect(shape === circle, "the same instance is updated")
        #expect(circle.radius == 5 && circle.name == "round")
        var vehicle: Vehicle = ElectricCar()
        try vehicle.update(from: ["range": 120, "seats": 4])
        #expect((vehicle as? ElectricCar)?.range == 120 && (vehicle as? Car)?.seats == 4)
    }

    @Test func updateLeavesAbsentRequiredKeysAlone() throws {
        var record = try BaseRecord(dictionary: ["id": 7, "note": "a"])
        try record.update(from: ["note": "b"])
        #expect(record.id == 7 && record.note == "b")
        // A fresh decode still requires the key.
        #expect(mappingError { _ = try BaseRecord(dictionary: ["note": "b"]) }?.description == "id: required key is missing (expected Int)")
    }

    @Test(arguments: Route.allCases)
    func aSubclassMayIgnoreWhatItsBaseTransforms(_ route: Route) throws {
        let measured = try Self.decode(Measured.self, #"{"n": "12", "label": "x"}"#, route)
        #expect(measured.count == 12)
        let unmeasured = try Self.decode(Unmeasured.self, #"{"n": "12", "count": 3, "label": "x"}"#, route)
        #expect(unmeasured.count == 0 && unmeasured.label == "x")
        #expect(try unmeasured.jsonString() == #"{"label":"x"}"#)
        let labelled = try Self.decode(OnlyLabelled.self, #"{"n": "12", "label": "y"}"#, route)
        #expect(labelled.count == 0 && labelled.label == "y")
        #expect(try labelled.jsonString() == #"{"label":"y"}"#)
    }

    @Test(arguments: ["data[", "a..b", "data[x]", ".a", "a.", "data[0]x", "a\\q"])
    func malformedSubPathsAreTheArgumentsError(_ path: String) throws {
        let payload: [String: Any] = ["data[": ["id": 1], "a..b": ["id": 1], "a": ["b": ["id": 1]]]
        let json = try JSONSerialization.data(withJSONObject: payload)
        for error in [mappingError { _ = try KeyValueDecoder().decode(BaseRecord.self, from: payload, at: MappingKey.path(path)) },
                      mappingError { _ = try KeyValueDecoder().decode(BaseRecord.self, fromJSON: json, at: MappingKey.path(path)) }] {
            guard case .invalidArgument(let detail)? = error?.reason else {
                Issue.record("expected invalidArgument for \(path), got \(String(describing: error))")
                continue
            }
            // The same words the declaration check uses for a rule with that key.
            #expect(detail.hasPrefix("at: malformed key path \"\(path)\": "))
            #expect(error?.path.isEmpty == true)
        }
    }

    @Test(arguments: Route.allCases)
    func gatheredKeysCanGoThroughATransformer(_ route: Route) throws {
        let highlight = try Self.decode(Highlight.self, #"{"location": 3, "length": 9, "note": "n"}"#, route)
        #expect(highlight.range == TextRange(location: 3, length: 9))
        #expect(try highlight.jsonString(options: .sortedKeys) == #"{"length":9,"location":3,"note":"n"}"#)
        #expect(try Self.decode(Highlight.self, try highlight.jsonString(), route).range == highlight.range)
        #expect(try Highlight(dictionary: try highlight.dictionary()).range == highlight.range)
        let error = mappingError { _ = try Self.decode(Highlight.self, #"{"location": 3}"#, route) }
        #expect(error?.description == "range: a range needs location and length")
    }

    @Test func aGatheringTransformerMustEncodeADictionary() {
        let error = mappingError { _ = try FlatHighlight().dictionary() }
        #expect(error?.description == "range: expected a dictionary to spread over the gathered keys, found Int 0")
        #expect(mappingError { _ = try FlatHighlight().jsonData() }?.keyPath == "range")
    }

    @Test func declaredIndexesAreBounded() throws {
        for declare in [{ _ = try FarIndex(dictionary: [:]) }, { _ = try HugeIndex(dictionary: [:]) }] {
            guard case .invalidDeclaration(_, let problems)? = mappingError(declare)?.reason else {
                Issue.record("expected invalidDeclaration")
                continue
            }
            #expect(problems.count == 1 && problems[0].contains("above the most a declared path may use (10000)"))
        }
        // The last index allowed still encodes (10,000 nulls, then the value) and reads back.
        let model = try LastAllowedIndex(dictionary: ["items": Array(repeating: 0, count: 10_000) + [5]])
        #expect(model.first == 5)
        let items = try #require(try model.dictionary()["items"] as? [Any])
        #expect(items.count == 10_001 && items.last as? Int == 5)
    }

    @Test func twoPathsMustAgreeOnWhatAKeyHolds() {
        guard case .invalidDeclaration(_, let problems)? = mappingError({ _ = try ObjectAndArray(dictionary: [:]) })?.reason else {
            Issue.record("expected invalidDeclaration")
            return
        }
        #expect(problems == ["\"name\" and \"first\" need data to be both an object and an array"])
    }
}
