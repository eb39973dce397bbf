import Foundation
import Testing
@testable import KeyValueMapping

/// The fixed-width date patterns read and write exactly what `DateFormatter` does, on every
/// input: where `FixedDatePattern` gives an answer it must be the formatter's, and it must give
/// one for the canonical text and dates of each pattern (else nothing would be faster).
@Suite struct FixedDatePatternTests {
    static let patterns = ["EEE MMM dd HH:mm:ss Z yyyy", "yyyy-MM-dd", "yyyy-MM-dd HH:mm:ss", "MMM dd, yyyy", "dd/MM/yyyy", "yyyy-MM-dd'T'HH:mm:ssZ"]
    static let zones = [0, 19_800, -28_800, 50_400, -43_200]

    struct Case: Sendable, CustomTestStringConvertible {
        let pattern: String
        let offset: Int
        var testDescription: String { "\(pattern) \(offset)" }
        var timeZone: TimeZone { TimeZone(secondsFromGMT: offset)! }
        var formatter: DateFormatter {
            let formatter = DateFormatter()
            formatter.dateFormat = pattern
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = timeZone
            formatter.isLenient = false
            return formatter
        }
        var fixed: FixedDatePattern? { FixedDatePattern(pattern: pattern, locale: Locale(identifier: "en_US_POSIX"), timeZone: timeZone) }
    }

    static let cases = patterns.flatMap { pattern in zones.map { Case(pattern: pattern, offset: $0) } }

    /// Seconds from 1583 to 9999 (and a little outside, where the formatter must answer),
    /// with leap days and the turn of each century among them.
    static func dates(count: Int) -> [Date] {
        var random = SeededGenerator(seed: 20_261_127)
        var dates: [Date] = []
        for year in [1583, 1600, 1900, 2000, 2024, 2100, 9999] {
            for (month, day) in [(2, 28), (2, 29), (3, 1), (12, 31), (1, 1)] where day <= CivilCalendar.daysInMonth(month, year: year) {
                let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
                dates.append(Date(timeIntervalSince1970: Double(days * 86_400 + 86_399)))
                dates.append(Date(timeIntervalSince1970: Double(days * 86_400)))
            }
        }
        dates += [Date(timeIntervalSince1970: -12_250_000_000), Date(timeIntervalSince1970: 253_402_400_000), Date(timeIntervalSince1970: 0.999),
                  // Within a millisecond of the next second, which the formatter rounds to.
                  Date(timeIntervalSince1970: 1_700_000_000.9996), Date(timeIntervalSince1970: 253_402_300_799.9996),
                  Date(timeIntervalSinceReferenceDate: -1e-7), Date(timeIntervalSince1970: -0.0004), Date(timeIntervalSince1970: 1_700_000_000.9994)]
        for _ in 0..<count {
            dates.append(Date(timeIntervalSince1970: Double(Int64.random(in: -12_212_553_600...253_402_300_799, using: &random)) + [0, 0.25, 0.999][Int.random(in: 0...2, using: &random)]))
        }
        return dates
    }

    @Test(arguments: cases)
    func writesWhatTheFormatterWrites(_ row: Case) throws {
        let fixed = try #require(row.fixed)
        let formatter = row.formatter
        var answered = 0
        for date in Self.dates(count: TestScale.count(400)) {
            guard let text = fixed.format(date) else { continue }
            answered += 1
            #expect(text == formatter.string(from: date), "\(date.timeIntervalSince1970)")
        }
        #expect(answered > 0)
    }

    @Test(arguments: cases)
    func readsWhatTheFormatterReads(_ row: Case) throws {
        let fixed = try #require(row.fixed)
        let formatter = row.formatter
        var texts: [String] = []
        for date in Self.dates(count: TestScale.count(200)) {
            let text = formatter.string(from: date)
            texts.append(text)
            // Near misses: each byte changed, dropped or doubled, a space around, other cases.
            for index in stride(from: 0, to: text.utf8.count, by: 3) {
                var bytes = Array(text.utf8)
                let original = bytes[index]
                bytes[index] = original == UInt8(ascii: "9") ? UInt8(ascii: "0") : original &+ 1
                texts.append(String(decoding: bytes, as: UTF8.self))
                bytes[index] = original
                bytes.remove(at: index)
                texts.append(String(decoding: bytes, as: UTF8.self))
            }
            texts += [" " + text, text + " ", text.lowercased(), text.uppercased(), text + "0"]
        }
        texts += ["Thu Feb 29 10:00:00 +0000 2024", "Fri Feb 29 10:00:00 +0000 2024", "Sat Feb 29 10:00:00 +0000 2023", "Mon Jan 01 24:00:00 +0000 2024",
                  "2023-02-29", "2024-02-29", "1900-02-29", "2000-02-29", "2024-13-01", "2024-00-10", "2024-1-5", "29/02/2024", "31/04/2024",
                  "Feb 29, 2024", "Feb 30, 2024", "feb 01, 2024", "2024-05-01T10:00:00+0530", "2024-05-01T10:00:00-2400", "2024-05-01T10:00:00Z",
                  "Tue Oct 10 10:10:10 +1400 2023", "Tue Oct 10 10:10:10 -1200 2023", "Wed Oct 10 10:10:10 +0000 1582", ""]
        var answered = 0
        for text in texts {
            guard let date = fixed.parse(text) else { continue }
            answered += 1
            #expect(date == formatter.date(from: text), "\(text)")
        }
        #expect(answered > 0)
    }

    @Test func otherPatternsLocalesAndZonesAreTheFormatters() throws {
        let posix = Locale(identifier: "en_US_POSIX")
        let utc = TimeZone(secondsFromGMT: 0)!
        #expect(FixedDatePattern(pattern: "yyyy-MM-dd", locale: Locale(identifier: "de_DE"), timeZone: utc) == nil)
        #expect(FixedDatePattern(pattern: "yyyy-MM-dd", locale: posix, timeZone: TimeZone(identifier: "America/New_York")!) == nil)
        #expect(FixedDatePattern(pattern: "yyyyMMdd", locale: posix, timeZone: utc) == nil)
        #expect(FixedDatePattern(pattern: "MMMM d, yyyy", locale: posix, timeZone: utc) == nil)
        #expect(FixedDatePattern(pattern: "yyyy-MM-dd HH:mm:ss.SSS", locale: posix, timeZone: utc) == nil)
        #expect(FixedDatePattern(pattern: "yyyy-MM-dd", locale: posix, timeZone: TimeZone(identifier: "UTC")!) != nil)
        // What the formatter reads its own way: quotes inside quotes, offsets with seconds,
        // a number or zone followed by digits, a name followed by letters.
        for pattern in ["yyyy-MM-dd 'o''clock'", "yyyy'1'MM'-'dd", "yyyy-MM-dd'0'", "HH:mm Zyyyy-MM-dd", "dd MMM'e' yyyy", "EEE'rsday' dd MMM yyyy"] {
            #expect(FixedDatePattern(pattern: pattern, locale: posix, timeZone: utc) == nil, "\(pattern)")
        }
        #expect(FixedDatePattern(pattern: "yyyy-MM-dd", locale: posix, timeZone: TimeZone(secondsFromGMT: 3630)!) == nil)
        // The transformer answers through the formatter where the pattern gives none.
        let transformer = DateTransformer.dateFormat("yyyy-MM-dd")
        #expect(try transformer.decode("1500-03-01") == DateFormatter.posix("yyyy-MM-dd").date(from: "1500-03-01"))
    }
}

extension DateFormatter {
    static func posix(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.dateFormat = pattern
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.isLenient = false
        return formatter
    }
}
