import Foundation
import Testing
import KeyValueMapping

struct TransformedDates: Mappable {
    var iso = Date(timeIntervalSince1970: 0)
    var isoFraction = Date(timeIntervalSince1970: 0)
    var seconds = Date(timeIntervalSince1970: 0)
    var millis = Date(timeIntervalSince1970: 0)
    var day = Date(timeIntervalSince1970: 0)

    static var mappingRules: MappingRules {
        MappingRules()
            .transform("iso", with: .iso8601)
            .transform("isoFraction", with: .iso8601WithFractionalSeconds)
            .transform("seconds", with: .secondsSince1970)
            .transform("millis", with: .millisecondsSince1970)
            .transform("day", with: .dateFormat("yyyy-MM-dd"))
    }
}

/// The date transformers write what reads back as the identical Date, as the encoder's date
/// strategies do; a fixed format keeps what it shows.
@Suite struct DateTransformerRoundTripTests {
    enum Path: String, CaseIterable, Sendable { case dictionary, bytes }

    static func roundTrip(_ model: TransformedDates, _ path: Path) throws -> TransformedDates {
        switch path {
        case .dictionary: try TransformedDates(dictionary: try model.dictionary())
        case .bytes: try TransformedDates(jsonData: try model.jsonData())
        }
    }

    @Test(arguments: DateRoundTripTests.rows, Path.allCases)
    func transformedDatesComeBackIdentical(_ row: DateRow, _ path: Path) throws {
        let date = row.date
        let back = try Self.roundTrip(TransformedDates(iso: date, isoFraction: date, seconds: date, millis: date), path)
        #expect(back.iso == date)
        #expect(back.isoFraction == date)
        #expect((back.seconds == date) == row.secondsReach)
        #expect((back.millis == date) == row.millisecondsReach)
        #expect(abs(back.seconds.timeIntervalSinceReferenceDate - date.timeIntervalSinceReferenceDate) < 1e-6)
        #expect(abs(back.millis.timeIntervalSinceReferenceDate - date.timeIntervalSinceReferenceDate) < 1e-6)
    }

    @Test(arguments: [
        (1_714_571_130.0, #""isoFraction":"2024-05-01T13:45:30.000Z""#, #""millis":1714571130000"#),
        (1_714_571_130.25, #""isoFraction":"2024-05-01T13:45:30.250Z""#, #""millis":1714571130250"#),
        (1_714_571_130.000_25, #""isoFraction":"2024-05-01T13:45:30.00025Z""#, #""millis":1714571130000.25"#),
    ])
    func theFractionIsWrittenWhenNeeded(_ seconds: Double, _ isoFraction: String, _ millis: String) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let json = String(decoding: try TransformedDates(isoFraction: date, millis: date).jsonData(), as: UTF8.self)
        #expect(json.contains(isoFraction), "\(json)")
        #expect(json.contains(millis), "\(json)")
    }

    /// A fixed format reads back what it writes: the day, not the time of day.
    @Test(arguments: Path.allCases)
    func aFixedFormatKeepsWhatItShows(_ path: Path) throws {
        let midnight = Date(timeIntervalSince1970: 1_714_521_600)
        #expect(try Self.roundTrip(TransformedDates(day: midnight), path).day == midnight)
        #expect(try Self.roundTrip(TransformedDates(day: midnight.addingTimeInterval(49_530.5)), path).day == midnight)
    }
}
