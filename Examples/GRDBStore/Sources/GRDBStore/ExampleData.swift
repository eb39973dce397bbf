import Foundation
import GRDB
import KeyValueMapping

// The example's data: two models that are both KeyValueMapping models and GRDB records, and the
// JSON payloads the tests and the benchmark import into their tables.

/// A user's role in their organization.
public enum Role: String, Codable, Sendable, CaseIterable {
    /// Belongs to the organization.
    case member
    /// Manages the organization's members.
    case admin
    /// Owns the organization.
    case owner
}

/// A user, keyed by their organization and their number in it: the same struct is a
/// KeyValueMapping model (what a JSON payload decodes into, and what an import matches by its
/// `mappingRules` primary key) and a GRDB record (what the `user` table stores, through
/// `Codable`).
///
/// ```swift
/// let users = try store.writer.read { db in
///     try User.filter(Column("org") == "acme").order(Column("number")).fetchAll(db)
/// }
/// ```
public struct User: Mappable, Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    /// The organization's handle.
    public var org = ""
    /// The user's number within the organization.
    public var number = 0
    /// The display name.
    public var name = ""
    /// The address, when the user gave one.
    public var email: String?
    /// The user's role in the organization.
    public var role = Role.member
    /// A figure to sort and filter by.
    public var score = 0

    /// An empty user: the prototype KeyValueMapping decodes a payload element into.
    public init() {}

    /// A user with the given values.
    public init(org: String, number: Int, name: String, email: String? = nil, role: Role = .member, score: Int = 0) {
        self.org = org
        self.number = number
        self.name = name
        self.email = email
        self.role = role
        self.score = score
    }

    /// Keyed by organization and number, in the order of the `user` table's primary key.
    public static var mappingRules: MappingRules { MappingRules().primaryKey("org", "number") }

    /// The table the example's schema creates for users.
    public static let databaseTableName = "user"
}

/// An organization, keyed by one integer: the single-column case of an import's lookups
/// (`WHERE "id" IN (?, …)`).
public struct Organization: Mappable, Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    /// The organization's identifier.
    public var id: Int64 = 0
    /// The display name.
    public var name = ""
    /// The subscription plan.
    public var plan = "free"

    /// An empty organization, the prototype of decoding.
    public init() {}

    /// An organization with the given values.
    public init(id: Int64, name: String, plan: String = "free") {
        self.id = id
        self.name = name
        self.plan = plan
    }

    /// Keyed by `id`, the `organization` table's primary key.
    public static var mappingRules: MappingRules { MappingRules().primaryKey("id") }

    /// The table the example's schema creates for organizations.
    public static let databaseTableName = "organization"
}

/// A project, owned by an organization: its payload holds the owner as a nested object, which
/// an import matches to the stored organization by its key (`relatedByKey`) instead of copying
/// it; the row holds the owner's key only.
public struct Project: Mappable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    /// The project's identifier.
    public var id: Int64 = 0
    /// The display name.
    public var name = ""
    /// The owning organization (read back from a row: its key only).
    public var owner = Organization()

    /// An empty project, the prototype of decoding.
    public init() {}

    /// Keyed by `id`; the owner is an organization imported by its own key.
    public static var mappingRules: MappingRules { MappingRules().primaryKey("id").relatedByKey("owner") }

    /// The table the example's schema creates for projects.
    public static let databaseTableName = "project"

    /// A project from a row: the owner's key, from the `ownerID` column.
    public init(row: Row) throws {
        id = row["id"]
        name = row["name"]
        owner.id = row["ownerID"]
    }

    /// The row: the owner is written as its key.
    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["name"] = name
        container["ownerID"] = owner.id
    }
}

/// The JSON that the tests and the benchmark import: arrays of users as a web service would send
/// them, generated rather than shipped so that any size can be asked for.
///
/// Element `index` is the user `("org<index % 8>", index / 8)`: numbers repeat across the eight
/// organizations, so only the composite key tells users apart.
///
/// ```swift
/// let first = ExamplePayload.users(0 ..< 40_000)                                      // full elements
/// let renames = ExamplePayload.users(0 ..< 20_000, revision: 1, namesOnly: true)      // partial updates
/// ExamplePayload.user(3, revision: 1).name                                            // "User 3 (revision 1)"
/// ```
public enum ExamplePayload {
    /// The number of organizations the users are spread over.
    public static let organizations = 8

    /// A JSON array of the users at `indices`, with the names of `revision`. With `namesOnly`,
    /// each element holds only its key and name, as a partial update does: an import keeps the
    /// stored email, role and score.
    public static func users(_ indices: Range<Int>, revision: Int = 0, namesOnly: Bool = false) -> Data {
        var json = "["
        json.reserveCapacity(indices.count * 120)
        for index in indices {
            if index != indices.lowerBound { json += ",\n" }
            let user = user(index, revision: revision)
            json += #"{"org": "\#(user.org)", "number": \#(user.number), "name": "\#(user.name)""#
            if !namesOnly {
                json += #", "email": "\#(user.email ?? "")", "role": "\#(user.role.rawValue)", "score": \#(user.score)"#
            }
            json += "}"
        }
        json += "]"
        return Data(json.utf8)
    }

    /// The user that element `index` of ``users(_:revision:namesOnly:)`` describes (in full).
    public static func user(_ index: Int, revision: Int = 0) -> User {
        User(org: "org\(index % organizations)", number: index / organizations,
             name: revision == 0 ? "User \(index)" : "User \(index) (revision \(revision))",
             email: "user\(index)@example.com",
             role: index % 50 == 0 ? .owner : index % 10 == 0 ? .admin : .member,
             // A spread of values, for filters and sorts: 0 ..< 1,000, in no particular order.
             score: index * 7_919 % 1_000)
    }
}
