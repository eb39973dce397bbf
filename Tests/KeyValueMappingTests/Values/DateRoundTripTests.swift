import Foundation
import Testing
import KeyValueMapping

struct DatedModel: Mappable {
    var at = Date(timeIntervalSince1970: 0)
    var maybe: Date?
}

/// A Date and what the number strategies can do with it.
struct DateRow: Sendable, CustomTestStringConvertible {
    let name: String
    let date: Date
    /// Whether some Double of seconds since 1970 reads back as the Date. `Date` counts seconds
    /// since 2001: a Date with an odd last bit there is no Double since 1970 for current dates.
    let secondsReach: Bool
    /// Whether some Double (or whole number) of milliseconds since 1970 reads back as it.
    let millisecondsReach: Bool

    init(_ name: String, _ date: Date, secondsReach: Bool = true, millisecondsReach: Bool = true) {
        self.name = name
        self.date = date
        self.secondsReach = secondsReach
        self.millisecondsReach = millisecondsReach
    }

    init(_ name: String, since1970 seconds: Double) {
        self.init(name, Date(timeIntervalSince1970: seconds))
    }

    var testDescription: String { name }
}

/// Encode → decode gives back the identical Date, for every strategy that can express it, on the
/// dictionary path and on the bytes path.
@Suite struct DateRoundTripTests {
    // Seconds since 2001 with the last bit odd: the Dates `Date()` gives half the time.
    static let oddLastBit = Date(timeIntervalSinceReferenceDate: 750_000_000 + 3 * 0x1p-23)

    static let rows: [DateRow] = [
        DateRow("epoch", since1970: 0),
        DateRow("half a millisecond", since1970: 0.000_5),
        DateRow("microseconds", since1970: 1_700_000_000.123_456),
        DateRow("milliseconds", since1970: 1_700_000_000.123),
        DateRow("whole seconds", since1970: 1_714_571_130),
        DateRow("a tenth of a microsecond", since1970: 1e-7),
        DateRow("a second before 1970", since1970: -1),
        DateRow("half a millisecond before 1970", since1970: -0.000_5),
        DateRow("1938 with nanoseconds", since1970: -1_000_000_000.987_654_321),
        DateRow("1970 plus a tenth of a second", since1970: 1000.1),
        DateRow("2001-01-01 (Date's own zero)", since1970: 978_307_200),
        DateRow("year 0000", since1970: -62_167_219_200),
        DateRow("year 0000 and a half second", since1970: -62_167_219_199.5),
        DateRow("year 9999", since1970: 253_402_300_799.99),
        DateRow("2100 with a fraction", since1970: 4_102_444_800.000_000_5),
        DateRow("Date.distantPast", .distantPast),
        DateRow("Date.distantFuture", .distantFuture),
        DateRow("Date() with an odd last bit", oddLastBit, secondsReach: false, millisecondsReach: false),
        DateRow("Date() in 1990 with an odd last bit", Date(timeIntervalSinceReferenceDate: -350_000_000 - 5 * 0x1p-24), secondsReach: false, millisecondsReach: false),
        DateRow("Date() with an even last bit", Date(timeIntervalSinceReferenceDate: 750_000_000 + 4 * 0x1p-23)),
        DateRow("10^-300 seconds after 2001", Date(timeIntervalSinceReferenceDate: 1e-300), secondsReach: false, millisecondsReach: false),
        DateRow("the smallest Double before 2001", Date(timeIntervalSinceReferenceDate: -0x1p-1074), secondsReach: false, millisecondsReach: false),
        DateRow("milliseconds of a fraction", Date(timeIntervalSince1970: 1_700_000_000_123.456 / 1000)),
    ]

    enum Strategy: String, CaseIterable, Sendable {
        case iso8601, secondsSince1970, millisecondsSince1970

        var encoder: KeyValueEncoder {
            var encoder = KeyValueEncoder()
            switch self {
            case .iso8601: encoder.dateEncoding = .iso8601
            case .secondsSince1970: encoder.dateEncoding = .secondsSince1970
            case .millisecondsSince1970: encoder.dateEncoding = .millisecondsSince1970
            }
            return encoder
        }

        var decoder: KeyValueDecoder {
            var decoder = KeyValueDecoder()
            switch self {
            case .iso8601: decoder.dateDecoding = .iso8601
            case .secondsSince1970: decoder.dateDecoding = .secondsSince1970
            case .millisecondsSince1970: decoder.dateDecoding = .millisecondsSince1970
            }
            return decoder
        }

        func reaches(_ row: DateRow) -> Bool {
            switch self {
            case .iso8601: return true
            case .secondsSince1970: return row.secondsReach
            case .millisecondsSince1970: return row.millisecondsReach
            }
        }
    }

    enum Path: String, CaseIterable, Sendable { case dictionary, bytes }

    static func roundTrip(_ date: Date, _ strategy: Strategy, _ path: Path) throws -> Date {
        let model = DatedModel(at: date, maybe: date)
        let decoded = switch path {
        case .dictionary: try strategy.decoder.decode(DatedModel.self, from: try strategy.encoder.encode(model))
        case .bytes: try strategy.decoder.decode(DatedModel.self, fromJSON: try strategy.encoder.encodeJSON(model))
        }
        #expect(decoded.maybe == decoded.at)
        return decoded.at
    }

    @Test(arguments: rows, Strategy.allCases)
    func everyExpressibleDateComesBackIdentical(_ row: DateRow, _ strategy: Strategy) throws {
        for path in Path.allCases {
            let back = try Self.roundTrip(row.date, strategy, path)
            if strategy.reaches(row) {
                #expect(back == row.date, "\(path): \(back.timeIntervalSinceReferenceDate) for \(row.date.timeIntervalSinceReferenceDate)")
            } else {
                // The documented limit: the nearest Double, less than a microsecond off.
                #expect(back != row.date)
                #expect(abs(back.timeIntervalSinceReferenceDate - row.date.timeIntervalSinceReferenceDate) < 1e-6)
            }
        }
    }

    /// Whatever the clock says now (`Date()` has every bit of a Double since 2001).
    @Test(arguments: Path.allCases)
    func theCurrentDateComesBackIdenticalAsText(_ path: Path) throws {
        for _ in 0..<200 {
            let now = Date()
            #expect(try Self.roundTrip(now, .iso8601, path) == now)
        }
    }

    /// Many generated Dates, before and after 1970 and 2001, on both paths.
    @Test(arguments: Path.allCases)
    func generatedDatesComeBackIdenticalAsText(_ path: Path) throws {
        var random = SeededGenerator(seed: 10)
        for _ in 0..<TestScale.count(2_000) {
            let date = Date(timeIntervalSinceReferenceDate: Double.random(in: -3e9...3e9, using: &random))
            #expect(try Self.roundTrip(date, .iso8601, path) == date, "\(date.timeIntervalSinceReferenceDate)")
            let since1970 = Date(timeIntervalSince1970: Double.random(in: -3e9...3e9, using: &random))
            #expect(try Self.roundTrip(since1970, .iso8601, path) == since1970, "\(since1970.timeIntervalSince1970)")
            #expect(try Self.roundTrip(since1970, .secondsSince1970, path) == since1970, "\(since1970.timeIntervalSince1970)")
            // A thousand times a Double of seconds may need more bits than a Double has: then the
            // nearest Double of milliseconds is written.
            let viaMilliseconds = try Self.roundTrip(since1970, .millisecondsSince1970, path)
            #expect(abs(viaMilliseconds.timeIntervalSince1970 - since1970.timeIntervalSince1970) <= since1970.timeIntervalSince1970.ulp)
            let milliseconds = Date(timeIntervalSince1970: Double.random(in: -3e12...3e12, using: &random).rounded() / 1000)
            #expect(try Self.roundTrip(milliseconds, .millisecondsSince1970, path) == milliseconds, "\(milliseconds.timeIntervalSince1970)")
        }
    }

    /// Dates outside the years ISO 8601 text has are an error in every form: a model that
    /// decodes is one that encodes.
    @Test(arguments: [Date(timeIntervalSince1970: 253_402_300_800), Date(timeIntervalSince1970: -62_167_219_200.5), Date(timeIntervalSince1970: 1e15)],
          Strategy.allCases)
    func datesBeyondFourDigitYearsAreNotWritten(_ date: Date, _ strategy: Strategy) throws {
        for error in [mappingError { _ = try strategy.encoder.encode(DatedModel(at: date)) },
                      mappingError { _ = try strategy.encoder.encodeJSON(DatedModel(at: date)) }] {
            #expect(error?.keyPath == "at")
            #expect(error?.reasonDescription.hasPrefix("expected a date in years 0000–9999, found Date ") == true)
        }
    }

    struct FarNumber: Sendable, CustomTestStringConvertible {
        let json: String
        let milliseconds: Bool
        let detail: String
        var testDescription: String { "\(json) \(milliseconds ? "ms" : "s")" }
    }

    static let farNumbers = [
        // A millisecond timestamp read as seconds: year ≈ 55,800.
        FarNumber(json: "1700000000000", milliseconds: false,
                  detail: "after the year 9999 as seconds since 1970; ISO 8601 text has four-digit years; as milliseconds it is 2023-11-14T22:13:20Z: use .millisecondsSince1970"),
        FarNumber(json: "-62167219201", milliseconds: false, detail: "before the year 0000 as seconds since 1970; ISO 8601 text has four-digit years"),
        FarNumber(json: "1e300", milliseconds: false, detail: "after the year 9999 as seconds since 1970; ISO 8601 text has four-digit years"),
        FarNumber(json: "253402300800000", milliseconds: true, detail: "after the year 9999 as milliseconds since 1970; ISO 8601 text has four-digit years"),
    ]

    /// A number since 1970 past those years is a decode error at its key path, on every route,
    /// through the decoder's strategy and through a transformer; one that reads as a date in
    /// milliseconds says so.
    @Test(arguments: farNumbers, Path.allCases)
    func numbersBeyondFourDigitYearsAreNotRead(_ row: FarNumber, _ path: Path) throws {
        struct Stamped: Mappable {
            var at = Date(timeIntervalSince1970: 0)
            var seconds = Date(timeIntervalSince1970: 0)
            var milliseconds = Date(timeIntervalSince1970: 0)
            static var mappingRules: MappingRules {
                MappingRules().transform("seconds", with: .secondsSince1970).transform("milliseconds", with: .millisecondsSince1970)
            }
        }
        var decoder = KeyValueDecoder()
        decoder.dateDecoding = row.milliseconds ? .millisecondsSince1970 : .secondsSince1970
        let property = row.milliseconds ? "milliseconds" : "seconds"
        for key in ["at", property] {
            let json = #"{"\#(key)": \#(row.json)}"#
            let error = mappingError {
                switch path {
                case .dictionary: _ = try decoder.decode(Stamped.self, from: try DecodeRoute.dictionary(json))
                case .bytes: _ = try decoder.decode(Stamped.self, fromJSON: Data(json.utf8))
                }
            }
            #expect(error?.keyPath == key)
            guard case .invalidValue(let expected, _, let detail)? = error?.reason else {
                Issue.record("expected invalidValue, got \(String(describing: error))")
                continue
            }
            #expect(expected == "a date in years 0000–9999")
            #expect(detail == row.detail)
        }
    }

    // MARK: What is written

    struct Written: Sendable, CustomTestStringConvertible {
        let date: Date
        let iso8601: String
        let seconds: String
        let milliseconds: String
        var testDescription: String { iso8601 }
    }

    /// The fewest digits that read back: three for milliseconds, more only when needed, whole
    /// milliseconds as an integer.
    static let written: [Written] = [
        Written(date: Date(timeIntervalSince1970: 1_714_571_130), iso8601: "2024-05-01T13:45:30Z", seconds: "1714571130.0", milliseconds: "1714571130000"),
        Written(date: Date(timeIntervalSince1970: 1_700_000_000.123), iso8601: "2023-11-14T22:13:20.123Z", seconds: "1700000000.123", milliseconds: "1700000000123"),
        Written(date: Date(timeIntervalSince1970: 1_700_000_000.5), iso8601: "2023-11-14T22:13:20.500Z", seconds: "1700000000.5", milliseconds: "1700000000500"),
        Written(date: Date(timeIntervalSince1970: 1_700_000_000.123_456), iso8601: "2023-11-14T22:13:20.123456Z", seconds: "1700000000.123456",
                milliseconds: "1700000000123.456"),
        Written(date: Date(timeIntervalSince1970: 0.000_5), iso8601: "1970-01-01T00:00:00.0005Z", seconds: "0.0005", milliseconds: "0.5"),
        Written(date: Date(timeIntervalSince1970: -0.000_5), iso8601: "1969-12-31T23:59:59.9995Z", seconds: "-0.0005", milliseconds: "-0.5"),
        Written(date: Date(timeIntervalSince1970: -1), iso8601: "1969-12-31T23:59:59Z", seconds: "-1.0", milliseconds: "-1000"),
        Written(date: Date(timeIntervalSince1970: 1000.1), iso8601: "1970-01-01T00:16:40.100Z", seconds: "1000.1", milliseconds: "1000100"),
        Written(date: Date(timeIntervalSince1970: -1_000_000_000.987_654_321), iso8601: "1938-04-24T22:13:19.0123458Z", seconds: "-1000000000.9876542",
                milliseconds: "-1000000000987.654"),
        // No Double since 1970 reaches it: ten or more digits, read as the nearest Date.
        Written(date: oddLastBit, iso8601: "2024-10-07T13:20:00.0000004000Z", seconds: "1728307200.0000005", milliseconds: "1728307200000.0005"),
    ]

    @Test(arguments: written)
    func theFewestDigitsThatReadBackAreWritten(_ row: Written) throws {
        for (strategy, expected) in [(Strategy.iso8601, "\"\(row.iso8601)\""), (.secondsSince1970, row.seconds), (.millisecondsSince1970, row.milliseconds)] {
            let json = String(decoding: try strategy.encoder.encodeJSON(DatedModel(at: row.date)), as: UTF8.self)
            #expect(json == #"{"at":\#(expected)}"#, "\(strategy)")
            let value = try #require(try strategy.encoder.encode(DatedModel(at: row.date))["at"])
            #expect("\(value)" == expected.replacingOccurrences(of: "\"", with: ""), "\(strategy) in a dictionary")
        }
    }

    // MARK: Reading ISO 8601 fractions

    struct Read: Sendable, CustomTestStringConvertible {
        let text: String
        let date: Date
        var testDescription: String { text.count > 60 ? String(text.prefix(60)) + "…" : text }
    }

    /// Up to nine digits read as `Date(timeIntervalSince1970:)` reads the number; more, as the
    /// Date nearest the instant; any number of digits is accepted.
    static let read: [Read] = [
        Read(text: "2024-05-01T13:45:30.123Z", date: Date(timeIntervalSince1970: 1_714_571_130.123)),
        Read(text: "2024-05-01T13:45:30.1Z", date: Date(timeIntervalSince1970: 1_714_571_130.1)),
        Read(text: "2024-05-01T13:45:30.123456789Z", date: Date(timeIntervalSince1970: 1_714_571_130.123_456_789)),
        Read(text: "2024-05-01T15:45:30.123456+02:00", date: Date(timeIntervalSince1970: 1_714_571_130.123_456)),
        Read(text: "1969-12-31T23:59:59.9995Z", date: Date(timeIntervalSince1970: -0.000_5)),
        Read(text: "0000-01-01T00:00:00.5Z", date: Date(timeIntervalSince1970: -62_167_219_199.5)),
        Read(text: "2024-10-07T13:20:00.0000004000Z", date: oddLastBit),
        Read(text: "2024-10-07T13:20:00.00000035762786865234375Z", date: oddLastBit),
        Read(text: "2001-01-01T00:00:00.0000000000Z", date: Date(timeIntervalSinceReferenceDate: 0)),
        Read(text: "2001-01-01T00:00:00." + String(repeating: "0", count: 299) + "1Z", date: Date(timeIntervalSinceReferenceDate: 1e-300)),
        Read(text: "1970-01-01T00:00:00.5" + String(repeating: "0", count: 5_000) + "1Z", date: Date(timeIntervalSince1970: 0.5)),
        Read(text: "2000-12-31T23:59:59." + String(repeating: "9", count: 3_000) + "Z", date: Date(timeIntervalSinceReferenceDate: 0)),
    ]

    @Test(arguments: read)
    func fractionsOfAnyLengthAreRead(_ row: Read) throws {
        for path in Path.allCases {
            let json = #"{"at": "\#(row.text)"}"#
            let decoded = switch path {
            case .dictionary: try KeyValueDecoder().decode(DatedModel.self, from: try DecodeRoute.dictionary(json))
            case .bytes: try KeyValueDecoder().decode(DatedModel.self, fromJSON: Data(json.utf8))
            }
            #expect(decoded.at == row.date, "\(path): \(decoded.at.timeIntervalSinceReferenceDate)")
        }
    }

    /// Fractional milliseconds are read as `Date(timeIntervalSince1970: milliseconds / 1000)`.
    @Test(arguments: ["1700000000123.456", "1700000000123456e-3", "1.700000000123456e12"])
    func fractionalMillisecondsAreRead(_ json: String) throws {
        let decoder = Strategy.millisecondsSince1970.decoder
        let expected = Date(timeIntervalSince1970: 1_700_000_000_123.456 / 1000)
        #expect(try decoder.decode(DatedModel.self, fromJSON: Data(#"{"at": \#(json)}"#.utf8)).at == expected)
        #expect(try decoder.decode(DatedModel.self, from: try DecodeRoute.dictionary(#"{"at": \#(json)}"#)).at == expected)
    }
}
