/// Dates in the proleptic Gregorian calendar, counted in days since 1970-01-01: what the
/// ISO 8601 scanner and printer and the fixed date patterns compute with.
enum CivilCalendar {
    /// The days of `month` (1–12) in `year`.
    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01.
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
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

    /// The day `seconds` since 1970 falls on (days since 1970-01-01, and its date) and the
    /// second of that day.
    static func day(ofSecond seconds: Int) -> (days: Int, year: Int, month: Int, day: Int, secondOfDay: Int) {
        var days = seconds.quotientAndRemainder(dividingBy: 86_400)
        if days.remainder < 0 { days = (days.quotient - 1, days.remainder + 86_400) }
        let (year, month, day) = civilFromDays(days.quotient)
        return (days.quotient, year, month, day, days.remainder)
    }

    /// Appends `value` (not negative) in decimal, zero-padded to `width` digits.
    // Inlined: every caller passes a constant width, so the loop unrolls (called, it cost the
    // encoders about 4% on records with a date).
    @inline(__always)
    static func appendDigits(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}
