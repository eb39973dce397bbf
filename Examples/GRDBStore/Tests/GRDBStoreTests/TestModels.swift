import Foundation
import GRDB
import GRDBStore
import KeyValueMapping

/// A room booking, keyed by a UUID, a date and a Bool: the key kinds that SQLite stores as a
/// blob, text and an integer, which an import must bind and read back as GRDB stores them.
struct Booking: Mappable, Codable, Equatable, FetchableRecord, PersistableRecord {
    var room = UUID()
    var day = Date(timeIntervalSince1970: 0)
    var morning = false
    var guest = ""
    static var mappingRules: MappingRules { MappingRules().primaryKey("room", "day", "morning") }
    static let databaseTableName = "booking"
}

/// Keyed by two integers, in a `WITHOUT ROWID` table: swapping its key columns still finds rows,
/// the wrong ones, which the target must notice; and its deletes cannot go through a rowid.
struct Pair: Mappable, Codable, Equatable, FetchableRecord, PersistableRecord {
    var a = 0
    var b = 0
    var label = ""
    static var mappingRules: MappingRules { MappingRules().primaryKey("a", "b") }
    static let databaseTableName = "pair"
}

/// The example's schema and the tests' own tables: how an app adds migrations of its own.
let testSchema: DatabaseMigrator = {
    var migrator = RecordStore.schema
    migrator.registerMigration("bookings and pairs") { db in
        try db.create(table: Booking.databaseTableName) { table in
            table.column("room", .blob).notNull()
            table.column("day", .datetime).notNull()
            table.column("morning", .boolean).notNull()
            table.primaryKey(["room", "day", "morning"])
            table.column("guest", .text).notNull()
        }
        try db.create(table: Pair.databaseTableName, options: [.withoutRowID]) { table in
            table.column("a", .integer).notNull()
            table.column("b", .integer).notNull()
            table.primaryKey(["a", "b"])
            table.column("label", .text).notNull()
        }
    }
    return migrator
}()

/// Bookings of two rooms over `days` days, mornings and afternoons, as JSON (dates as ISO 8601,
/// UUIDs as text, as a web service sends them).
func bookingsJSON(rooms: [UUID], days: Int, guest: (Int) -> String) -> Data {
    var elements: [String] = []
    var index = 0
    for room in rooms {
        for day in 0 ..< days {
            for morning in [true, false] {
                let date = Date(timeIntervalSince1970: 1_795_000_000 + Double(day) * 86_400).formatted(.iso8601)
                elements.append(#"{"room": "\#(room.uuidString)", "day": "\#(date)", "morning": \#(morning), "guest": "\#(guest(index))"}"#)
                index += 1
            }
        }
    }
    return Data(("[" + elements.joined(separator: ",") + "]").utf8)
}
