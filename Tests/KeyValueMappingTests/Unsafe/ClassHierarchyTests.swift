import Foundation
import Testing
import KeyValueMapping

@Suite struct ClassHierarchyTests {
    @Test func decodesStoredPropertiesOfEveryClassLevel() throws {
        let admin = try SuperAdmin(dictionary: [
            "id": 3, "createdAt": "2024-05-01T00:00:00Z", "permissions": ["read", "write"], "level": 9,
        ])
        #expect(admin.id == 3)
        #expect(admin.createdAt == Date(timeIntervalSince1970: 1_714_521_600))
        #expect(admin.permissions == ["read", "write"])
        #expect(admin.level == 9)
    }

    @Test func reportsKeyPathsOfInheritedProperties() {
        let error = mappingError { _ = try SuperAdmin(dictionary: ["id": "x"]) }
        #expect(error?.description == "id: expected Int, found String \"x\"")
        let levelError = mappingError { _ = try SuperAdmin(dictionary: ["level": 300]) }
        #expect(levelError?.description == "level: Int 300 does not fit in UInt8")
    }

    @Test func encodesSuperclassFieldsFirstAndSubclassFieldsWhenHeldAsTheBase() throws {
        let admin = SuperAdmin()
        admin.id = 5
        admin.permissions = ["x"]
        admin.level = 2
        let asBase: Account = admin
        let out = try asBase.dictionary()
        #expect(Set(out.keys) == ["id", "createdAt", "permissions", "level"])
        #expect(out["level"] as? Int == 2)
    }

    @Test func updatesAClassInstanceInPlace() throws {
        var admin = Admin()
        let same = admin
        try admin.update(from: ["permissions": ["a"]])
        #expect(admin === same)
        #expect(same.permissions == ["a"])
    }

    @Test func roundTrips() throws {
        let admin = try SuperAdmin(dictionary: ["id": 1, "permissions": ["p"], "level": 4])
        let again = try SuperAdmin(dictionary: try admin.dictionary())
        #expect(again.id == 1 && again.permissions == ["p"] && again.level == 4 && again.createdAt == admin.createdAt)
    }
}
