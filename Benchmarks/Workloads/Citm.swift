import Foundation
import KeyValueMapping

// Models for the CITM event catalog: lookup tables keyed by numeric strings (mapped as
// `[Int: …]`), 184 events and 243 performances with about 10,000 small nested objects.

/// The whole catalog.
struct CitmCatalog: BenchmarkModel {
    var areaNames: [Int: String] = [:]
    var audienceSubCategoryNames: [Int: String] = [:]
    var blockNames: [Int: String] = [:]
    var events: [Int: CitmEvent] = [:]
    var performances: [CitmPerformance] = []
    var seatCategoryNames: [Int: String] = [:]
    var subTopicNames: [Int: String] = [:]
    var subjectNames: [Int: String] = [:]
    var topicNames: [Int: String] = [:]
    var topicSubTopics: [Int: [Int]] = [:]
    var venueNames: [String: String] = [:]
}

/// An event (a show, a concert series).
struct CitmEvent: BenchmarkModel {
    var description: String?
    var id = 0
    var logo: String?
    var name = ""
    var subTopicIds: [Int] = []
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int] = []
}

/// One performance of an event, with its prices and seating.
struct CitmPerformance: BenchmarkModel {
    var eventId = 0
    var id = 0
    var logo: String?
    var name: String?
    var prices: [CitmPrice] = []
    var seatCategories: [CitmSeatCategory] = []
    var seatMapImage: String?
    /// Milliseconds since 1970; kept as a number because the library's default date strategy
    /// reads seconds.
    var start = 0
    var venueCode = ""
}

/// A price for one seat category and audience.
struct CitmPrice: BenchmarkModel {
    var amount = 0
    var audienceSubCategoryId = 0
    var seatCategoryId = 0
}

/// A seat category and the areas it covers.
struct CitmSeatCategory: BenchmarkModel {
    var areas: [CitmArea] = []
    var seatCategoryId = 0
}

/// An area of the venue.
struct CitmArea: BenchmarkModel {
    var areaId = 0
    var blockIds: [Int] = []
}

/// The citm workload: the whole `citm_catalog.json` document as one object.
enum CitmWorkload {
    /// The four-operation suite.
    static func suite() throws -> Suite<CitmCatalog> {
        let bytes = try DataFiles.load("citm_catalog.json")
        return Suite(
            workload: .citm, objects: 1, bytes: bytes,
            codecs: Codecs(document: CitmCatalog.self) { $0.performances.count &+ $0.events.count }
        )
    }
}
