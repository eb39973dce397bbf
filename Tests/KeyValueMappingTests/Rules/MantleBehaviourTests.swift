import Foundation
import Testing
import KeyValueMapping

// Behaviours of Mantle's test suite, expressed with this library's rules.
struct MantleModel: Mappable, Equatable {
    var name: String?
    var count = 1
    var nestedName: String?

    static var mappingRules: MappingRules {
        MappingRules()
            .map("name", to: "username")
            .map("nestedName", to: "nested.name")
            .transform("count", with: .custom(
                decode: { @Sendable json -> Int in
                    guard let text = json as? String, let value = Int(text) else { throw MappingError(.other("count must be numeric text")) }
                    return value
                },
                encode: { @Sendable value -> Any in String(value) }))
    }

    struct NameTooLong: Error, CustomStringConvertible {
        var description: String { "name must be at most 10 characters" }
    }

    mutating func didDecode() throws {
        if let name, name.count > 10 { throw NameTooLong() }
    }
}

struct RangeModel: Mappable, Equatable {
    var range: [String: Int] = [:]
    var nestedRange: [String: Int] = [:]

    static var mappingRules: MappingRules {
        MappingRules()
            .gather("range", from: ["location", "length"])
            .gather("nestedRange", from: ["nested.location", "nested.length"])
    }
}

class Shape: Mappable {
    var name = ""
    required init() {}

    class var mappingRules: MappingRules {
        MappingRules().subtype { dictionary in
            switch dictionary["type"] as? String {
            case "circle": return Circle.self
            case "square": return Square.self
            default: return nil
            }
        }
    }
}

final class Circle: Shape {
    var radius = 0.0
    required init() {}
}

final class Square: Shape {
    var side = 0.0
    required init() {}
}

struct Drawing: Mappable {
    var shapes: [Shape] = []
}

enum TicketStatus: Hashable, Sendable { case open, closed, unknown }

struct Ticket: Mappable, Equatable {
    var status = TicketStatus.unknown
    var closedAt: Date?
    var tags: [Date] = []

    static var mappingRules: MappingRules {
        MappingRules()
            .transform("status", with: .valueTable(["open": TicketStatus.open, "closed": .closed], default: .unknown, defaultKey: "unknown"))
            .transform("closedAt", with: .iso8601)
            .transform("tags", with: .elementwise(.millisecondsSince1970))
    }
}

@Suite struct MantleBehaviourTests {
    @Test func renamesNestedKeyPathsAndTransformers() throws {
        let model = try MantleModel(dictionary: ["username": "foo", "count": "5", "nested": ["name": "bar"]])
        #expect(model == MantleModel(name: "foo", count: 5, nestedName: "bar"))
        let out = try model.dictionary()
        #expect(out["username"] as? String == "foo")
        #expect(out["count"] as? String == "5")
        #expect((out["nested"] as? [String: Any])?["name"] as? String == "bar")
    }

    @Test func validationFailureCarriesTheModelKeyPath() {
        struct Holder: Mappable { var models: [MantleModel] = [] }
        let error = mappingError { _ = try Holder(dictionary: ["models": [["username": "ok"], ["username": "this is too long"]]]) }
        #expect(error?.description == "models[1]: validation failed: name must be at most 10 characters")
        #expect(error?.underlyingError is MantleModel.NameTooLong)
    }

    @Test func keyPathsThroughNonDictionariesAreErrors() {
        let error = mappingError { _ = try MantleModel(dictionary: ["nested": "bar"]) }
        #expect(error?.description == "nested: expected an object on the way to nested.name, found String")
        #expect(error?.foundValue == "String \"bar\"")
    }

    @Test func nullOnTheWayIsAbsent() throws {
        #expect(try MantleModel(dictionary: ["nested": NSNull()]).nestedName == nil)
    }

    @Test func transformerErrorsCarryTheKeyPath() {
        let error = mappingError { _ = try MantleModel(dictionary: ["count": "five"]) }
        #expect(error?.description == "count: count must be numeric text")
    }

    @Test func multiKeyGather() throws {
        let model = try RangeModel(dictionary: ["location": 20, "length": 12, "nested": ["location": 12, "length": 34]])
        #expect(model.range == ["location": 20, "length": 12])
        #expect(model.nestedRange == ["nested.location": 12, "nested.length": 34])
        let out = try model.dictionary()
        #expect(out["location"] as? Int == 20 && out["length"] as? Int == 12)
        #expect(out["nested"] as? [String: Int] == ["location": 12, "length": 34])
        #expect(try RangeModel(dictionary: out) == model)
    }

    @Test func classClustersPickTheConcreteSubtype() throws {
        let drawing = try Drawing(dictionary: ["shapes": [
            ["type": "circle", "name": "c", "radius": 2],
            ["type": "square", "name": "s", "side": 3],
            ["name": "plain"],
        ]])
        #expect((drawing.shapes[0] as? Circle)?.radius == 2)
        #expect((drawing.shapes[1] as? Square)?.side == 3)
        #expect(type(of: drawing.shapes[2]) == Shape.self)
        let out = try drawing.dictionary()
        let shapes = try #require(out["shapes"] as? [[String: Any]])
        #expect(shapes[0]["radius"] as? Double == 2, "a subclass held as its base encodes its own fields")
        #expect(shapes[1]["side"] as? Double == 3)
    }

    @Test func valueTableAndDateTransformers() throws {
        let ticket = try Ticket(dictionary: ["status": "closed", "closedAt": "2024-05-01T10:00:00.500+00:00", "tags": [0, 1500]])
        #expect(ticket.status == .closed)
        #expect(ticket.closedAt == Date(timeIntervalSince1970: 1_714_557_600.5))
        #expect(ticket.tags == [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1.5)])
        #expect(try Ticket(dictionary: ["status": "weird"]).status == .unknown)
        let out = try ticket.dictionary()
        #expect(out["status"] as? String == "closed")
        #expect(out["closedAt"] as? String == "2024-05-01T10:00:00.500Z")
        #expect(out["tags"] as? [Int] == [0, 1500])
        #expect(try Ticket(dictionary: ["status": "open"]).dictionary()["closedAt"] == nil)
        #expect(try Ticket().dictionary()["status"] as? String == "unknown")
    }

    @Test func mergingUpdatesOnlyPresentKeys() throws {
        var model = try MantleModel(dictionary: ["username": "foo", "count": "5"])
        try model.update(from: ["nested": ["name": "baz"]])
        #expect(model == MantleModel(name: "foo", count: 5, nestedName: "baz"))
    }
}
