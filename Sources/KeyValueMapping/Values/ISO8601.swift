import Foundation

/// A small ISO 8601 / RFC 3339 scanner and printer. Parsing a date is on the hot path of many
/// payloads, and Foundation's formatters cost tens of microseconds per call on Linux.
///
/// Accepted: `2024-05-01`, `2024-05-01T13:45:30Z`, `2024-05-01T13:45:30.123+02:00`,
/// `2024-05-01T13:45:30-0500`, `2024-05-01 13:45:30Z` (space or `t` separator, `z` zone),
/// 1–9 fraction digits. A date and time without a zone is rejected (it would be ambiguous);
/// a date alone means midnight UTC.
enum ISO8601 {
    static func parse(_ text: String) -> Date? {
        // Read in place through the borrowed-bytes view: this runs once per Date property.
        ByteInput.withUTF8(of: text) { parse($0) }
    }

    /// Parses the whole of `bytes` (a string's content, without quotes).
    static func parse(_ bytes: ByteInput) -> Date? {
        var scanner = Scanner(bytes: bytes)
        guard let year = scanner.number(4), scanner.expect(UInt8(ascii: "-")), let month = scanner.number(2),
              scanner.expect(UInt8(ascii: "-")), let day = scanner.number(2),
              (1...12).contains(month), day >= 1, day <= daysInMonth(month, year: year)
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        if scanner.isAtEnd { return Date(timeIntervalSince1970: Double(days) * 86_400) }

        switch scanner.next() {
        case UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " "): break
        default: return nil
        }
        guard let hour = scanner.number(2), scanner.expect(UInt8(ascii: ":")), let minute = scanner.number(2),
              scanner.expect(UInt8(ascii: ":")), let second = scanner.number(2),
              hour <= 23, minute <= 59, second <= 59
        else { return nil }

        var fraction = 0.0
        if scanner.expect(UInt8(ascii: ".")) || scanner.expect(UInt8(ascii: ",")) {
            var scale = 0.1
            var digits = 0
            while let digit = scanner.digit() {
                fraction += Double(digit) * scale
                scale /= 10
                digits += 1
            }
            guard (1...9).contains(digits) else { return nil }
        }

        var offsetSeconds = 0
        switch scanner.next() {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            break
        case let sign where sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"):
            guard let zoneHours = scanner.number(2), zoneHours <= 23 else { return nil }
            var zoneMinutes = 0
            if !scanner.isAtEnd {
                _ = scanner.expect(UInt8(ascii: ":"))
                guard let minutes = scanner.number(2), minutes <= 59 else { return nil }
                zoneMinutes = minutes
            }
            offsetSeconds = (sign == UInt8(ascii: "-") ? -1 : 1) * (zoneHours * 3600 + zoneMinutes * 60)
        default:
            return nil
        }
        guard scanner.isAtEnd else { return nil }

        let wholeSeconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(wholeSeconds) + fraction)
    }

    /// A cursor over the text; every read checks the end first.
    private struct Scanner {
        let bytes: ByteInput
        var cursor = 0

        var isAtEnd: Bool { cursor >= bytes.count }

        /// The next byte, consumed; `nil` at the end.
        mutating func next() -> UInt8? {
            guard cursor < bytes.count else { return nil }
            cursor += 1
            return bytes[cursor - 1]
        }

        /// Consumes `byte` when it is next.
        mutating func expect(_ byte: UInt8) -> Bool {
            guard cursor < bytes.count, bytes[cursor] == byte else { return false }
            cursor += 1
            return true
        }

        /// The next decimal digit's value, consumed; `nil` (nothing consumed) if none.
        mutating func digit() -> Int? {
            guard cursor < bytes.count else { return nil }
            let value = bytes[cursor] &- UInt8(ascii: "0")
            guard value <= 9 else { return nil }
            cursor += 1
            return Int(value)
        }

        /// Exactly `width` decimal digits.
        mutating func number(_ width: Int) -> Int? {
            guard cursor + width <= bytes.count else { return nil }
            var result = 0
            for _ in 0..<width {
                guard let digit = digit() else { return nil }
                result = result &* 10 &+ digit
            }
            return result
        }
    }

    /// `2024-05-01T13:45:30Z`, with `.SSS` milliseconds when the date has a fractional second.
    /// The first and last instants with a four-digit year, 0000-01-01T00:00:00Z to
    /// 9999-12-31T23:59:59.999Z: the range the scanner reads back.
    static let representableSeconds = -62_167_219_200.0...253_402_300_799.999

    /// The text for `date`, or an `invalidValue` error for a date outside years 0000–9999 (which
    /// this format, and the scanner, do not represent).
    static func formatted(_ date: Date, alwaysFractional: Bool = false) throws -> String {
        guard representableSeconds.contains(date.timeIntervalSince1970) else {
            throw MappingError(.invalidValue(expected: "a date in years 0000–9999", found: "Date \(date.timeIntervalSince1970) seconds since 1970",
                                             detail: "ISO 8601 text has four-digit years"))
        }
        return format(date, alwaysFractional: alwaysFractional)
    }

    // Callers check `representableSeconds` first (see `formatted`), so the conversions below
    // stay far inside Int64.
    private static func format(_ date: Date, alwaysFractional: Bool) -> String {
        let interval = date.timeIntervalSince1970
        var milliseconds = Int64((interval * 1000).rounded())
        var seconds = milliseconds.quotientAndRemainder(dividingBy: 1000)
        if seconds.remainder < 0 { seconds = (seconds.quotient - 1, seconds.remainder + 1000) }
        milliseconds = seconds.remainder
        var days = seconds.quotient.quotientAndRemainder(dividingBy: 86_400)
        if days.remainder < 0 { days = (days.quotient - 1, days.remainder + 86_400) }
        let (year, month, day) = civilFromDays(Int(days.quotient))
        let secondOfDay = Int(days.remainder)

        var buffer: [UInt8] = []
        buffer.reserveCapacity(28)
        func append(_ value: Int, width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                buffer.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        func append(_ byte: Unicode.Scalar) {
            buffer.append(UInt8(ascii: byte))
        }
        append(year, width: 4); append("-")
        append(month, width: 2); append("-")
        append(day, width: 2); append("T")
        append(secondOfDay / 3600, width: 2); append(":")
        append(secondOfDay / 60 % 60, width: 2); append(":")
        append(secondOfDay % 60, width: 2)
        if milliseconds != 0 || alwaysFractional {
            append(".")
            append(Int(milliseconds), width: 3)
        }
        append("Z")
        return String(decoding: buffer, as: UTF8.self)
    }

    private static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
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
