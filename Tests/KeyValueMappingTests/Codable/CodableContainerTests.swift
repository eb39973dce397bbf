import Foundation
import Testing
import KeyValueMapping

/// A hand-written Codable type that uses every kind of container, nested containers, `super`
/// coders and nils in arrays.
class CodedVehicle: Codable, Equatable {
    var wheels = 0
    init(wheels: Int) { self.wheels = wheels }

    private enum Keys: String, CodingKey { case wheels }

    required init(from decoder: any Decoder) throws {
        wheels = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .wheels)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(wheels, forKey: .wheels)
    }

    static func == (lhs: CodedVehicle, rhs: CodedVehicle) -> Bool { lhs.wheels == rhs.wheels && type(of: lhs) == type(of: rhs) }
}

final class CodedTruck: CodedVehicle {
    var load: [Int?] = []
    var cab = (seats: 0, color: "")

    init(wheels: Int, load: [Int?], seats: Int, color: String) {
        self.load = load
        cab = (seats, color)
        super.init(wheels: wheels)
    }

    private enum Keys: String, CodingKey { case load, cab, seats, color }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        var loads = try container.nestedUnkeyedContainer(forKey: .load)
        var load: [Int?] = []
        while !loads.isAtEnd {
            load.append(try loads.decodeNil() ? nil : try loads.decode(Int.self))
        }
        self.load = load
        let cab = try container.nestedContainer(keyedBy: Keys.self, forKey: .cab)
        self.cab = (try cab.decode(Int.self, forKey: .seats), try cab.decodeIfPresent(String.self, forKey: .color) ?? "white")
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var loads = container.nestedUnkeyedContainer(forKey: .load)
        for item in load {
            if let item { try loads.encode(item) } else { try loads.encodeNil() }
        }
        var cab = container.nestedContainer(keyedBy: Keys.self, forKey: .cab)
        try cab.encode(self.cab.seats, forKey: .seats)
        try cab.encode(self.cab.color, forKey: .color)
        try super.encode(to: container.superEncoder())
    }

    static func == (lhs: CodedTruck, rhs: CodedTruck) -> Bool {
        lhs.wheels == rhs.wheels && lhs.load == rhs.load && lhs.cab == rhs.cab
    }
}

/// An `encode(to:)` that starts an object and then writes a single value over it.
struct Inconsistent: Codable {
    init() {}
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: AnyKey.self)
        try object.encode(1, forKey: AnyKey(stringValue: "a"))
        var single = encoder.singleValueContainer()
        try single.encode(2)
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

struct Depot: Mappable {
    var truck = CodedTruck(wheels: 0, load: [], seats: 0, color: "")
    var broken: Inconsistent?
}

@Suite struct CodableContainerTests {
    @Test(arguments: DecodePath.allCases)
    func everyKindOfContainerRoundTrips(_ path: DecodePath) throws {
        let text = #"{"truck": {"load": [1, null, 3], "cab": {"seats": 2}, "super": {"wheels": 6}}}"#
        let depot = try path.decode(Depot.self, text)
        #expect(depot.truck == CodedTruck(wheels: 6, load: [1, nil, 3], seats: 2, color: "white"))
        let written = try path.encode(depot)
        #expect(written == #"{"truck":{"cab":{"color":"white","seats":2},"load":[1,null,3],"super":{"wheels":6}}}"#)
        #expect(try path.decode(Depot.self, written).truck == depot.truck)
    }

    @Test(arguments: DecodePath.allCases)
    func errorsFromNestedAndSuperContainersNameTheirPath(_ path: DecodePath) {
        let cases = [
            (#"{"truck": {"load": [1, "x"], "cab": {"seats": 2}, "super": {"wheels": 6}}}"#, #"truck.load[1]: expected Int, found String "x""#),
            (#"{"truck": {"load": [], "cab": {}, "super": {"wheels": 6}}}"#, "truck.cab.seats: required key is missing (expected Int)"),
            (#"{"truck": {"load": [], "cab": {"seats": 1}, "super": {"wheels": true}}}"#, "truck.super.wheels: expected Int, found Bool true"),
            (#"{"truck": {"load": {}, "cab": {"seats": 1}}}"#, "truck.load: expected an array, found Dictionary (0 keys)"),
        ]
        for (text, message) in cases {
            let error = mappingError { _ = try path.decode(Depot.self, text) }
            #expect(error?.description == message)
        }
    }

    @Test(arguments: DecodePath.allCases)
    func anInconsistentEncodeIsAnErrorNotAGuess(_ path: DecodePath) {
        var depot = Depot()
        depot.broken = Inconsistent()
        let error = mappingError { _ = try path.encode(depot) }
        #expect(error?.keyPath == "broken")
        #expect(error?.reasonDescription.hasPrefix("the type's encode(to:) is inconsistent") == true)
    }
}
