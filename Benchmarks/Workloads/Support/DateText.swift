import Foundation

/// ISO 8601 dates for the hand-written floor: a fast path for the one shape real APIs send
/// (`2011-04-22T13:33:48Z`), and a cached `Date.ISO8601FormatStyle` for anything else. An app
/// that cares about speed writes exactly this; Foundation's formatter alone costs microseconds.
enum DateText {
    private static let parser = Date.ISO8601FormatStyle()
    private static let fractionalFormatter = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// Parses ISO 8601 text with a time zone.
    static func parse(_ text: String) -> Date? {
        var text = text
        if let date = text.withUTF8(parseUTC) { return date }
        return try? parser.parse(text)
    }

    /// Formats as `yyyy-MM-ddTHH:mm:ssZ`, with milliseconds when the date has a fraction.
    static func format(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds.rounded(.down) == seconds, let whole = Int(exactly: seconds) else {
            return fractionalFormatter.format(date)
        }
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondOfDay = whole - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        guard (0...9999).contains(year) else { return parser.format(date) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        func append(_ number: Int, width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(number / divisor % 10))
                divisor /= 10
            }
        }
        append(year, width: 4); bytes.append(UInt8(ascii: "-"))
        append(month, width: 2); bytes.append(UInt8(ascii: "-"))
        append(day, width: 2); bytes.append(UInt8(ascii: "T"))
        append(secondOfDay / 3600, width: 2); bytes.append(UInt8(ascii: ":"))
        append(secondOfDay / 60 % 60, width: 2); bytes.append(UInt8(ascii: ":"))
        append(secondOfDay % 60, width: 2); bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    // `yyyy-MM-ddTHH:mm:ssZ` exactly; nil sends the text to the general parser.
    private static func parseUTC(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ start: Int, _ width: Int) -> Int? {
            var result = 0
            for index in start..<start + width {
                let digit = Int(bytes[index]) - Int(UInt8(ascii: "0"))
                guard (0...9).contains(digit) else { return nil }
                result = result * 10 + digit
            }
            return result
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        let days = days(fromCivilYear: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    // Howard Hinnant's days_from_civil: proleptic Gregorian date to days since 1970-01-01.
    private static func days(fromCivilYear year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    // The inverse, civil_from_days.
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
