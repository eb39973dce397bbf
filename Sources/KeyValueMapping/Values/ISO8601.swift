import Foundation

/// A small ISO 8601 / RFC 3339 scanner and printer. Parsing a date is on the hot path of many
/// payloads, and Foundation's formatters cost tens of microseconds per call on Linux.
///
/// Accepted: `2024-05-01`, `2024-05-01T13:45:30Z`, `2024-05-01T13:45:30.123+02:00`,
/// `2024-05-01T13:45:30-0500`, `2024-05-01 13:45:30Z` (space or `t` separator, `z` zone), any
/// number of fraction digits. A date and time without a zone is rejected (it would be
/// ambiguous); a date alone means midnight UTC.
///
/// A fraction of up to nine digits is read as `Date(timeIntervalSince1970:)` reads the same
/// number of seconds (`…30.123Z` is `Date(timeIntervalSince1970: 1714571130.123)`); a longer one
/// names the Date nearest the instant it spells. `Date` counts seconds since 2001 in a Double, so
/// some Dates (about half of what `Date()` returns) are no Double of seconds since 1970: the
/// printer writes those with ten or more digits, and every Date in years 0000–9999 reads back
/// identical.
enum ISO8601 {
    /// Seconds from 1970-01-01 to 2001-01-01, where `Date` counts from.
    static let referenceDateOffset = 978_307_200

    static func parse(_ text: String) -> Date? {
        // Read in place through the borrowed-bytes view: this runs once per Date property.
        ByteInput.withUTF8(of: text) { parse($0) }
    }

    /// Parses the whole of `bytes` (a string's content, without quotes).
    static func parse(_ bytes: ByteInput) -> Date? {
        var scanner = Scanner(bytes: bytes)
        guard let year = scanner.number(4), scanner.expect(UInt8(ascii: "-")), let month = scanner.number(2),
              scanner.expect(UInt8(ascii: "-")), let day = scanner.number(2),
              (1...12).contains(month), day >= 1, day <= CivilCalendar.daysInMonth(month, year: year)
        else { return nil }
        let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
        if scanner.isAtEnd { return Date(timeIntervalSince1970: Double(days) * 86_400) }

        switch scanner.next() {
        case UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " "): break
        default: return nil
        }
        guard let hour = scanner.number(2), scanner.expect(UInt8(ascii: ":")), let minute = scanner.number(2),
              scanner.expect(UInt8(ascii: ":")), let second = scanner.number(2),
              hour <= 23, minute <= 59, second <= 59
        else { return nil }

        var fraction = 0..<0
        if scanner.expect(UInt8(ascii: ".")) || scanner.expect(UInt8(ascii: ",")) {
            let start = scanner.cursor
            while scanner.digit() != nil {}
            fraction = start..<scanner.cursor
            guard !fraction.isEmpty else { return nil }
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
        guard fraction.count > 19 else {
            var digits: UInt64 = 0
            for index in fraction { digits = digits &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0")) }
            return instant(wholeSeconds: wholeSeconds, fraction: digits, digitCount: fraction.count)
        }
        var digits: [UInt8] = []
        bytes.append(fraction, to: &digits)
        return nearestInstant(wholeSeconds: wholeSeconds, fractionDigits: digits)
    }

    /// The Date `wholeSeconds` (since 1970) and a fraction of `digitCount` digits (at most 19)
    /// name, read as the type's documentation says: up to nine digits as
    /// `Date(timeIntervalSince1970:)` reads the number, more as the nearest Date.
    static func instant(wholeSeconds: Int, fraction: UInt64, digitCount: Int) -> Date? {
        if digitCount <= 9 {
            guard let seconds = sum(wholeSeconds, fraction, digitCount)
                    ?? DecimalDigits(whole: wholeSeconds, fraction: Array(padded(fraction, digitCount).utf8)).nearestDouble else { return nil }
            return Date(timeIntervalSince1970: seconds)
        }
        guard let sinceReference = sum(wholeSeconds - referenceDateOffset, fraction, digitCount) else {
            return nearestInstant(wholeSeconds: wholeSeconds, fractionDigits: Array(padded(fraction, digitCount).utf8))
        }
        return Date(timeIntervalSinceReferenceDate: sinceReference)
    }

    /// `whole + fraction / 10^digitCount`, correctly rounded; `nil` when the digits do not fit
    /// in 64 bits.
    private static func sum(_ whole: Int, _ fraction: UInt64, _ digitCount: Int) -> Double? {
        var scale: UInt64 = 1
        for _ in 0..<digitCount { scale &*= 10 }
        let (shifted, overflow) = UInt64(whole.magnitude).multipliedReportingOverflow(by: scale)
        guard !overflow else { return nil }
        // A negative whole part: −(|w| · 10^k − f) / 10^k.
        let mantissa: UInt64
        if whole >= 0 {
            let (total, carry) = shifted.addingReportingOverflow(fraction)
            guard !carry else { return nil }
            mantissa = total
        } else {
            mantissa = shifted - fraction
        }
        guard let magnitude = DecimalParts.nearestMagnitude(mantissa, -digitCount) else { return nil }
        return whole < 0 ? -magnitude : magnitude
    }

    private static func padded(_ fraction: UInt64, _ digitCount: Int) -> String {
        let text = String(fraction)
        return String(repeating: "0", count: max(0, digitCount - text.count)) + text
    }

    /// The Date nearest the instant `wholeSeconds` (since 1970) plus a fraction of any length.
    private static func nearestInstant(wholeSeconds: Int, fractionDigits: [UInt8]) -> Date? {
        // A Double is decided by at most 1,075 digits after the point (2^-1074 has that many):
        // digits beyond only tell the rounding that something more follows.
        var digits = fractionDigits
        if digits.count > 1_100 {
            let more = digits[1_100...].contains { $0 != UInt8(ascii: "0") }
            digits.removeSubrange(1_100...)
            if more { digits.append(UInt8(ascii: "1")) }
        }
        return DecimalDigits(whole: wholeSeconds - referenceDateOffset, fraction: digits).nearestDouble.map(Date.init(timeIntervalSinceReferenceDate:))
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

    /// The first instant with a four-digit year and the first after them, 0000-01-01T00:00:00Z
    /// and 10000-01-01T00:00:00Z: the range the scanner reads back.
    static let representableSeconds = -62_167_219_200.0..<253_402_300_800.0

    /// Refuses a Date outside years 0000–9999 (an `invalidValue` error), which this format and
    /// the scanner do not represent. The number strategies keep to the same years, so whatever
    /// one strategy writes and reads, every other can too.
    static func checkRepresentable(_ date: Date) throws {
        guard !representableSeconds.contains(date.timeIntervalSince1970) else { return }
        throw outOfRange(date)
    }

    // Built only when thrown: a message costs more than formatting a date.
    private static func outOfRange(_ date: Date) -> MappingError {
        MappingError(.invalidValue(expected: "a date in years 0000–9999", found: "Date \(date.timeIntervalSince1970) seconds since 1970",
                                   detail: "ISO 8601 text has four-digit years, and dates are kept to those years in every form"))
    }

    /// `2024-05-01T13:45:30Z` in UTC: no fraction for a whole second (unless `alwaysFractional`),
    /// three digits when milliseconds give back the identical Date, else the fewest digits that
    /// do. An error for a date outside years 0000–9999 (``checkRepresentable(_:)``).
    static func formatted(_ date: Date, alwaysFractional: Bool = false) throws -> String {
        try checkRepresentable(date)
        let seconds = date.timeIntervalSince1970
        // The common dates first: whole seconds or milliseconds, checked by reading them back.
        let milliseconds = Int((seconds * 1000).rounded())
        var parts = milliseconds.quotientAndRemainder(dividingBy: 1000)
        if parts.remainder < 0 { parts = (parts.quotient - 1, parts.remainder + 1000) }
        if parts.remainder == 0, !alwaysFractional, Date(timeIntervalSince1970: Double(parts.quotient)) == date,
           let text = text(wholeSeconds: parts.quotient, fraction: []) {
            return text
        }
        if instant(wholeSeconds: parts.quotient, fraction: UInt64(parts.remainder), digitCount: 3) == date,
           let text = text(wholeSeconds: parts.quotient, milliseconds: parts.remainder) {
            return text
        }
        guard let text = preciseText(date, alwaysFractional: alwaysFractional) else { throw outOfRange(date) }
        return text
    }

    /// A Date milliseconds do not reach: the fewest digits (three or more) that read back as it.
    private static func preciseText(_ date: Date, alwaysFractional: Bool) -> String? {
        // Up to nine digits are read as seconds since 1970: the candidates are the shortest
        // digits of that Double, cut to fewer places either way.
        if let digits = DecimalDigits(date.timeIntervalSince1970) {
            for places in (alwaysFractional ? [] : [0]) + Array(3...9) {
                let neighbours = digits.neighbours(keepingFractionDigits: places)
                for candidate in [neighbours.towardZero, neighbours.awayFromZero] {
                    guard let (whole, fraction) = candidate.splitDown(fractionDigits: places), fraction.count == places,
                          let value = UInt64(String(decoding: places == 0 ? [UInt8(ascii: "0")] : fraction, as: UTF8.self)),
                          instant(wholeSeconds: whole, fraction: value, digitCount: places) == date,
                          let text = text(wholeSeconds: whole, fraction: fraction) else { continue }
                    return text
                }
            }
        }
        // No Double of seconds since 1970 is this Date: ten or more digits are read as the Date
        // nearest the instant, and the shortest digits of its own seconds since 2001 are that.
        let reference = date.timeIntervalSinceReferenceDate
        guard let digits = DecimalDigits(reference), let (whole, fraction) = digits.splitDown(fractionDigits: 10) else { return nil }
        return text(wholeSeconds: whole + referenceDateOffset, fraction: fraction)
    }

    /// The text for whole seconds since 1970 and the fraction's digits (or three digits of
    /// `milliseconds`, the common case, written without building them apart); `nil` outside
    /// years 0000–9999.
    private static func text(wholeSeconds: Int, fraction: [UInt8] = [], milliseconds: Int? = nil) -> String? {
        guard representableSeconds.contains(Double(wholeSeconds)) else { return nil }
        let (_, year, month, day, secondOfDay) = CivilCalendar.day(ofSecond: wholeSeconds)

        var buffer: [UInt8] = []
        buffer.reserveCapacity(25 + fraction.count)
        func append(_ value: Int, width: Int) {
            CivilCalendar.appendDigits(value, width: width, to: &buffer)
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
        if let milliseconds {
            append(".")
            append(milliseconds, width: 3)
        } else if !fraction.isEmpty {
            append(".")
            buffer.append(contentsOf: fraction)
        }
        append("Z")
        return String(decoding: buffer, as: UTF8.self)
    }
}
