import Foundation

/// Dates as ISO 8601 text, seconds or milliseconds since 1970, or a fixed format.
public struct DateTransformer: PropertyTransformer {
    enum Format: Sendable {
        case iso8601(fractionalSeconds: Bool)
        case secondsSince1970
        case millisecondsSince1970
        case pattern(FixedFormat)
    }

    let format: Format

    /// Parses the JSON value into a date.
    public func decode(_ json: Any) throws -> Date {
        switch format {
        case .iso8601:
            guard case .string(let text) = JSONScalar(json) else { throw MappingError.typeMismatch(expected: "Date (ISO 8601 text)", found: json) }
            guard let date = ISO8601.parse(text) else { throw MappingError.invalidValue(expected: "Date", found: json, detail: "not an ISO 8601 date with a time zone") }
            return date
        case .secondsSince1970:
            return try Date.since1970(try Self.number(json), milliseconds: false, found: json)
        case .millisecondsSince1970:
            return try Date.since1970(try Self.number(json), milliseconds: true, found: json)
        case .pattern(let fixed):
            guard case .string(let text) = JSONScalar(json) else { throw MappingError.typeMismatch(expected: "Date (\(fixed.pattern))", found: json) }
            guard let date = fixed.parse(text) else { throw MappingError.invalidValue(expected: "Date", found: json, detail: "does not match \(fixed.pattern)") }
            return date
        }
    }

    /// Formats the date as JSON.
    public func encode(_ value: Date) throws -> Any {
        switch format {
        case .iso8601(let fractional): return try ISO8601.formatted(value, alwaysFractional: fractional)
        case .secondsSince1970: return try value.writtenSince1970(milliseconds: false)
        case .millisecondsSince1970: return try value.writtenSince1970(milliseconds: true)
        case .pattern(let fixed): return fixed.format(value)
        }
    }

    private static func number(_ json: Any) throws -> Double {
        switch JSONScalar(json) {
        case .int(let number): return Double(number)
        case .uint(let number): return Double(number)
        case .double(let number):
            guard number.isFinite else { throw MappingError.invalidValue(expected: "Date", found: json, detail: number.isNaN ? "not a number" : "not finite") }
            return number
        case .decimal(let number): if let number = number.nearestDouble, number.isFinite { return number }
        case .string(let text): if NumericText.isNumber(text), let number = Double(text), number.isFinite { return number }
        default: break
        }
        throw MappingError.typeMismatch(expected: "Date (a number since 1970)", found: json)
    }
}

/// A DateFormatter built once per transformer; formatters are not thread-safe, so calls
/// take a lock (one formatter per transformer, never one per value). A pattern of fixed-width
/// fields in the POSIX locale and a fixed time zone is read and written without it wherever the
/// answer is certainly the formatter's (``FixedDatePattern``).
final class FixedFormat: Sendable {
    let pattern: String
    private let fixed: FixedDatePattern?
    private let formatter: Locked<DateFormatter>

    init(pattern: String, locale: Locale, timeZone: TimeZone) {
        self.pattern = pattern
        fixed = FixedDatePattern(pattern: pattern, locale: locale, timeZone: timeZone)
        let formatter = DateFormatter()
        formatter.dateFormat = pattern
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.isLenient = false
        self.formatter = Locked(formatter)
    }

    func parse(_ text: String) -> Date? {
        if let date = fixed?.parse(text) { return date }
        return formatter.withLock { $0.date(from: text) }
    }

    func format(_ date: Date) -> String {
        if let text = fixed?.format(date) { return text }
        return formatter.withLock { $0.string(from: date) }
    }
}

extension PropertyTransformer where Self == DateTransformer {
    /// ISO 8601 text: reads with or without fractional seconds (any number of digits) and any
    /// time zone; writes UTC, with no fraction for a whole second, milliseconds when they give
    /// back the identical Date, else the fewest digits that do (see
    /// ``KeyValueEncoder/DateEncodingStrategy/iso8601``).
    public static var iso8601: DateTransformer { DateTransformer(format: .iso8601(fractionalSeconds: false)) }
    /// ISO 8601 text that always writes a fraction: milliseconds (`2024-05-01T13:45:30.000Z`),
    /// or more digits when the Date needs them to read back identical.
    public static var iso8601WithFractionalSeconds: DateTransformer { DateTransformer(format: .iso8601(fractionalSeconds: true)) }
    /// A number of seconds since 1970 (numeric text accepted); written as
    /// ``KeyValueEncoder/DateEncodingStrategy/secondsSince1970`` writes it.
    public static var secondsSince1970: DateTransformer { DateTransformer(format: .secondsSince1970) }
    /// A number of milliseconds since 1970, whole or fractional (numeric text accepted); written
    /// as ``KeyValueEncoder/DateEncodingStrategy/millisecondsSince1970`` writes it (an `Int`
    /// when whole).
    public static var millisecondsSince1970: DateTransformer { DateTransformer(format: .millisecondsSince1970) }

    /// A fixed `DateFormatter` pattern such as `yyyy-MM-dd`. Defaults: POSIX locale, UTC. A Date
    /// reads back only as precisely as the pattern writes it (`yyyy-MM-dd` keeps the day), so a
    /// round trip keeps what the pattern shows, not necessarily the identical Date.
    public static func dateFormat(_ pattern: String, locale: Locale = Locale(identifier: "en_US_POSIX"),
                                  timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current) -> DateTransformer {
        DateTransformer(format: .pattern(FixedFormat(pattern: pattern, locale: locale, timeZone: timeZone)))
    }
}
