import Foundation
@testable import KeyValueMapping
import Testing

/// Lets, ignored, lazy, weak and renamed properties, key paths, candidates and a gathered
/// dictionary side by side: every column of the metadata has to skip or keep each of them alike.
final class InvariantMix: Mappable {
    let constant = 1
    var renamed = 0
    var nested = 0
    var either = ""
    var extras: [String: Int] = [:]
    var ignored = 0
    weak var delegate: InvariantMix?
    lazy var computed = 0
    var optional: Int?
    required init() {}

    static var mappingRules: MappingRules {
        MappingRules()
            .map("renamed", to: "re_named")
            .map("nested", to: "a.b[1].c")
            .map("either", toFirstOf: ["first", "second"])
            .gather("extras", from: ["x", "y"])
            .ignore("ignored")
            .require("renamed")
    }
}

/// A class chain whose subclass ignores what its base maps.
class InvariantBase: Mappable {
    var id = 0
    var shared = ""
    required init() {}
    class var mappingRules: MappingRules { MappingRules() }
}

final class InvariantDerived: InvariantBase {
    var own = 0
    override class var mappingRules: MappingRules { MappingRules().ignore("shared") }
}

/// The per-property arrays of a type's metadata agree, position by position. A debug build
/// checks this for every type when its metadata is built; the table names the violations.
@Suite struct MetadataInvariantTests {
    @Test func mixedPropertiesKeepEveryColumnInStep() throws {
        let metadata = try ModelMetadata.of(InvariantMix.self)
        #expect(metadata.invariantViolations() == [])
        #expect(metadata.properties.count == metadata.decodedProperties.count + 1)  // the let
        #expect(metadata.requiredCount == 1)
    }

    @Test func classChainsKeepEveryColumnInStep() throws {
        let base = try ModelMetadata.of(InvariantBase.self)
        let derived = try ModelMetadata.of(InvariantDerived.self)
        #expect(base.invariantViolations() == [])
        #expect(derived.invariantViolations() == [])
        #expect(derived.properties.map(\.name) == ["id", "own"])
        #expect(derived.storedProperties.count == 3)
    }

    @Test(arguments: [
        ModelMetadataProbe(User.self), ModelMetadataProbe(Admin.self), ModelMetadataProbe(SuperAdmin.self), ModelMetadataProbe(Level0.self),
    ])
    func sharedModelsKeepEveryColumnInStep(_ probe: ModelMetadataProbe) {
        #expect(probe.violations == [], "\(probe.name)")
    }
}

/// One model type's metadata, checked without knowing the type statically.
struct ModelMetadataProbe: Sendable, CustomTestStringConvertible {
    let name: String
    /// What disagrees in the type's metadata, or the error that building it threw.
    let violations: [String]

    init<Model: Mappable>(_ type: Model.Type) {
        name = String(describing: type)
        do {
            violations = try ModelMetadata.of(Model.self).invariantViolations()
        } catch {
            violations = ["\(error)"]
        }
    }

    var testDescription: String { name }
}
