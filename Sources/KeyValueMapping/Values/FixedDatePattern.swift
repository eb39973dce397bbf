import Foundation

/// A `DateFormatter` pattern made only of fixed-width fields (`yyyy`, `MM`, `MMM`, `dd`, `HH`,
/// `mm`, `ss`, `EEE`, `Z`) and literal text, read and written without a formatter: what
/// `.dateFormat("EEE MMM dd HH:mm:ss Z yyyy")` needs per value costs a few hundred nanoseconds
/// instead of a formatter's microseconds.
///
/// It answers only where its answer is the formatter's own: the POSIX locale, a time zone at a
/// fixed offset of whole minutes from GMT, fields a separator ends (the formatter reads numbers
/// and names greedily), text in the canonical form the formatter writes (every field at its
/// width, names in their case, the weekday the date's own), dates not within a millisecond of
/// the next second (the formatter rounds to milliseconds first), and years 1583–9999, after
/// the Julian calendar that `DateFormatter`'s Gregorian calendar uses before October 1582. Any
/// other text or date returns `nil`, and the caller asks the formatter, so the results are the
/// formatter's on every input.
struct FixedDatePattern: Sendable {
    private enum Field: Sendable, Equatable {
        case year, month, monthName, day, hour, minute, second, weekday, zone
        case literal(UInt8)

        var isNumeric: Bool {
            switch self {
            case .year, .month, .day, .hour, .minute, .second: return true
            case .monthName, .weekday, .zone, .literal: return false
            }
        }

        var isDigit: Bool {
            if case .literal(let byte) = self { return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
            return false
        }

        var isLetter: Bool {
            if case .literal(let byte) = self { return FixedDatePattern.isLetter(byte) }
            return false
        }
    }

    private let fields: [Field]
    /// The time zone's offset from GMT, in seconds.
    private let offset: Int

    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].map { Array($0.utf8) }
    // 1970-01-01 was a Thursday.
    private static let weekdayNames = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"].map { Array($0.utf8) }

    /// The pattern's fields, or `nil` when the pattern, locale or time zone is one only a
    /// formatter reads exactly.
    init?(pattern: String, locale: Locale, timeZone: TimeZone) {
        // Whole minutes only: the formatter rounds an offset with seconds its own way.
        guard locale.identifier == "en_US_POSIX", timeZone.secondsFromGMT() % 60 == 0, let fixed = TimeZone(secondsFromGMT: timeZone.secondsFromGMT()),
              fixed.identifier == timeZone.identifier || ["GMT", "UTC"].contains(timeZone.identifier) else { return nil }
        guard let fields = Self.fields(of: Array(pattern.utf8)) else { return nil }
        self.fields = fields
        offset = timeZone.secondsFromGMT()
    }

    private static func fields(of pattern: [UInt8]) -> [Field]? {
        var fields: [Field] = []
        var index = 0
        let tokens: [(text: String, field: Field)] = [
            ("yyyy", .year), ("MMM", .monthName), ("MM", .month), ("dd", .day), ("HH", .hour), ("mm", .minute),
            ("ss", .second), ("EEE", .weekday), ("Z", .zone),
        ]
        scan: while index < pattern.count {
            let byte = pattern[index]
            if byte == UInt8(ascii: "'") {
                // Quoted literal text (`''`, a quote, is left to the formatter).
                guard let close = pattern[(index + 1)...].firstIndex(of: UInt8(ascii: "'")), close > index + 1,
                      close + 1 == pattern.count || pattern[close + 1] != UInt8(ascii: "'") else { return nil }
                for literal in pattern[(index + 1)..<close] { fields.append(.literal(literal)) }
                index = close + 1
                continue
            }
            if Self.isLetter(byte) {
                for token in tokens where pattern[index...].starts(with: token.text.utf8) {
                    let end = index + token.text.utf8.count
                    // A longer run of the same letter (`yyyyy`, `MMMM`) is another field.
                    guard end == pattern.count || pattern[end] != byte else { return nil }
                    fields.append(token.field)
                    index = end
                    continue scan
                }
                return nil
            }
            guard byte < 0x80 else { return nil }
            fields.append(.literal(byte))
            index += 1
        }
        // The formatter reads numbers and names greedily: a number (or a zone's digits) followed
        // by another number or a digit, or a name followed by a letter, reads differently from
        // fields of fixed width. Only fields that a separator ends are taken here.
        for (field, next) in zip(fields, fields.dropFirst()) {
            let digitFollows = next.isNumeric || next.isDigit
            if (field.isNumeric || field == .zone) && digitFollows { return nil }
            if (field == .monthName || field == .weekday), next.isLetter { return nil }
        }
        return fields
    }

    /// The date `text` reads as, or `nil` when the formatter must decide.
    func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8(parse)
    }

    private func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var index = 0
        func number(_ width: Int) -> Int? {
            guard index + width <= bytes.count else { return nil }
            var value = 0
            for offset in 0..<width {
                let digit = bytes[index + offset] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            index += width
            return value
        }
        func name(in names: [[UInt8]]) -> Int? {
            guard index + 3 <= bytes.count else { return nil }
            for (position, name) in names.enumerated() where bytes[index] == name[0] && bytes[index + 1] == name[1] && bytes[index + 2] == name[2] {
                index += 3
                return position
            }
            return nil
        }
        var year: Int?, month: Int?, day: Int?, hour = 0, minute = 0, second = 0
        var weekday: Int?, zone: Int?
        for field in fields {
            switch field {
            case .year: guard let value = number(4) else { return nil }; year = value
            case .month: guard let value = number(2) else { return nil }; month = value
            case .monthName: guard let value = name(in: Self.monthNames) else { return nil }; month = value + 1
            case .day: guard let value = number(2) else { return nil }; day = value
            case .hour: guard let value = number(2), value < 24 else { return nil }; hour = value
            case .minute: guard let value = number(2), value < 60 else { return nil }; minute = value
            case .second: guard let value = number(2), value < 60 else { return nil }; second = value
            case .weekday: guard let value = name(in: Self.weekdayNames) else { return nil }; weekday = value
            case .zone:
                guard index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else { return nil }
                let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                index += 1
                guard let hours = number(2), let minutes = number(2), hours < 24, minutes < 60 else { return nil }
                zone = sign * (hours * 3600 + minutes * 60)
            case .literal(let byte):
                guard index < bytes.count, bytes[index] == byte else { return nil }
                index += 1
            }
        }
        guard index == bytes.count, let year, let month, let day, (1583...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= CivilCalendar.daysInMonth(month, year: year) else { return nil }
        let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
        if let weekday, weekday != Self.weekdayIndex(days) { return nil }
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - (zone ?? offset)
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// The text the formatter writes for `date`, or `nil` when the formatter must write it.
    func format(_ date: Date) -> String? {
        let interval = date.timeIntervalSince1970
        // The formatter rounds to the millisecond before it takes the second: a fraction that
        // close to the next second is left to it.
        guard interval.isFinite, abs(interval) < 1e12, interval - interval.rounded(.down) < 0.999 else { return nil }
        let (days, year, month, day, secondOfDay) = CivilCalendar.day(ofSecond: Int(interval.rounded(.down)) + offset)
        guard (1583...9999).contains(year) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        func append(_ value: Int, width: Int) {
            CivilCalendar.appendDigits(value, width: width, to: &bytes)
        }
        for field in fields {
            switch field {
            case .year: append(year, width: 4)
            case .month: append(month, width: 2)
            case .monthName: bytes += Self.monthNames[month - 1]
            case .day: append(day, width: 2)
            case .hour: append(secondOfDay / 3600, width: 2)
            case .minute: append(secondOfDay / 60 % 60, width: 2)
            case .second: append(secondOfDay % 60, width: 2)
            case .weekday: bytes += Self.weekdayNames[Self.weekdayIndex(days)]
            case .zone:
                bytes.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                append(abs(offset) / 3600, width: 2)
                append(abs(offset) / 60 % 60, width: 2)
            case .literal(let byte): bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An ASCII letter: a pattern field's letter, or a literal one.
    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func weekdayIndex(_ days: Int) -> Int {
        let remainder = days % 7
        return remainder < 0 ? remainder + 7 : remainder
    }
}
