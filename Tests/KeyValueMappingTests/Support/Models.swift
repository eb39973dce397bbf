import Foundation
import KeyValueMapping

enum Role: String, Equatable, CaseIterable { case member, admin }

struct Address: Mappable, Equatable {
    var city = ""
    var zip: String?
}

struct User: Mappable, Equatable {
    var id: Int64 = 0
    var name = ""
    var email: String?
    var score = 0.0
    var active = false
    var role = Role.member
    var address = Address()
    var friends: [User] = []
    var scores: [String: Int] = [:]
}

class Account: Mappable {
    var id = 0
    var createdAt = Date(timeIntervalSince1970: 0)
    required init() {}
}

class Admin: Account {
    var permissions: Set<String> = []
    required init() {}
}

final class SuperAdmin: Admin {
    var level: UInt8 = 0
    required init() {}
}

/// A-b-c-d nesting for deep key paths: `a.b[3].c[0].d`.
struct Level3: Mappable, Equatable { var d = 0 }
struct Level2: Mappable, Equatable { var c: [Level3] = [] }
struct Level1: Mappable, Equatable { var b: [Level2] = [] }
struct Level0: Mappable, Equatable { var a = Level1() }
