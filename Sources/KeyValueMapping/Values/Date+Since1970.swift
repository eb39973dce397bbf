import Foundation

// `Date` counts seconds since 2001 in a Double; a number since 1970 is read back through
// `Date(timeIntervalSince1970:)`, which subtracts 978,307,200 and rounds. So not every Date is a
// Double of seconds since 1970 (those since 2001 are twice as fine for current dates), and of
// those that are, several Doubles may read back as the same Date. These write the one that reads
// back identical with the fewest digits, found by reading candidates back.

extension Date {
    /// The Date a number of seconds since 1970 reads back as (the decoders' reading).
    init(secondsSince1970 seconds: Double) {
        self.init(timeIntervalSince1970: seconds)
    }

    /// The Date a number of milliseconds since 1970 reads back as (the decoders' reading).
    init(millisecondsSince1970 milliseconds: Double) {
        self.init(timeIntervalSince1970: milliseconds / 1000)
    }

    /// The Date a number since 1970 in seconds or milliseconds reads back as, refused outside
    /// years 0000–9999, which ISO 8601 text (the encoder's default) cannot write: a model that
    /// decodes is a model that encodes. A number of seconds past the year 9999 that reads as a
    /// date in those years in milliseconds is most likely one: the message says so. `found` is
    /// the payload's value, for the error.
    static func since1970(_ number: Double, milliseconds: Bool, found: Any) throws -> Date {
        let date = milliseconds ? Date(millisecondsSince1970: number) : Date(secondsSince1970: number)
        let seconds = date.timeIntervalSince1970
        guard !ISO8601.representableSeconds.contains(seconds) else { return date }
        let unit = milliseconds ? "milliseconds" : "seconds"
        var detail = "\(seconds < 0 ? "before the year 0000" : "after the year 9999") as \(unit) since 1970; ISO 8601 text has four-digit years"
        if !milliseconds, seconds > 0, ISO8601.representableSeconds.contains(seconds / 1000),
           let text = try? ISO8601.formatted(Date(millisecondsSince1970: number)) {
            detail += "; as milliseconds it is \(text): use .millisecondsSince1970"
        }
        throw MappingError.invalidValue(expected: "a date in years 0000–9999", found: found, detail: detail)
    }

    /// The number since 1970, in seconds or milliseconds, that reads back as this Date (see
    /// ``secondsSince1970ThatReadBack`` and ``millisecondsSince1970ThatReadBack``); an error
    /// outside years 0000–9999, as every form keeps to them.
    func writtenSince1970(milliseconds: Bool) throws -> Any {
        try ISO8601.checkRepresentable(self)
        return milliseconds ? millisecondsSince1970ThatReadBack : secondsSince1970ThatReadBack
    }

    /// Seconds since 1970: the Double with the fewest digits that reads back as this Date, or,
    /// for a Date no Double reaches, the nearest one (less than a microsecond off for any Date
    /// before the year 4000).
    var secondsSince1970ThatReadBack: Double {
        let seconds = timeIntervalSince1970
        let readsBack = { (candidate: Double) in Date(secondsSince1970: candidate) == self }
        guard readsBack(seconds) else {
            return [seconds.nextUp, seconds.nextDown].first(where: readsBack) ?? seconds
        }
        // Only one Double reads back as this Date: its own shortest digits are the fewest.
        guard readsBack(seconds.nextUp) || readsBack(seconds.nextDown), let digits = DecimalDigits(seconds) else { return seconds }
        return Self.fewestDigits(around: digits, readsBack) ?? seconds
    }

    /// Milliseconds since 1970: a whole number as an `Int` when one reads back as this Date,
    /// else the Double with the fewest digits that does, or, for a Date no Double reaches, the
    /// nearest one.
    var millisecondsSince1970ThatReadBack: Any {
        let seconds = timeIntervalSince1970
        let readsBack = { (candidate: Double) in Date(millisecondsSince1970: candidate) == self }
        let whole = (seconds * 1000).rounded()
        // Below 2^53 every whole number is exact in a Double, and fits in an Int.
        if abs(whole) < 9_007_199_254_740_992, readsBack(whole) { return Int(whole) }
        guard let digits = DecimalDigits(seconds)?.shifted(by: 3), let nearest = digits.nearestDouble else { return whole }
        if let found = Self.fewestDigits(around: digits, readsBack) { return found }
        return [nearest, nearest.nextUp, nearest.nextDown].first(where: readsBack) ?? nearest
    }

    /// The number with the fewest digits after the point, cut from `digits` either way, whose
    /// Double reads back as this Date.
    private static func fewestDigits(around digits: DecimalDigits, _ readsBack: (Double) -> Bool) -> Double? {
        for places in 0...digits.fractionDigitCount {
            let neighbours = digits.neighbours(keepingFractionDigits: places)
            for candidate in [neighbours.towardZero, neighbours.awayFromZero] {
                if let value = candidate.nearestDouble, readsBack(value) { return value }
            }
        }
        return nil
    }
}
