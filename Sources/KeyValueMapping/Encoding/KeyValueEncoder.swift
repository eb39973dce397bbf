import Foundation

/// Encodes `Mappable` models as JSON-compatible dictionaries (`JSONSerialization` can write
/// the result), with options in the style of Foundation's `JSONEncoder`.
///
/// ```swift
/// var encoder = KeyValueEncoder()
/// encoder.nilEncoding = .writeNull
/// let dictionary = try encoder.encode(user)   // ["id": 1, "name": "Ada", "email": NSNull(), ...]
/// ```
public struct KeyValueEncoder: Sendable {
    /// What an optional property that is `nil` becomes.
    public enum NilEncodingStrategy: Sendable, Equatable {
        /// The key is left out. The default. A `nil` whose property's prototype value is not
        /// `nil` is still written as `null`, so that decoding the output gives `nil` back.
        case omit
        /// The key is written with `NSNull()` (JSON `null`).
        case writeNull
    }

    /// How a `Date` property is written.
    public enum DateEncodingStrategy: Sendable {
        /// ISO 8601 text in UTC, `2024-05-01T13:45:30Z`: three fraction digits when milliseconds
        /// give back the identical Date (`…30.123Z`), else the fewest digits that do
        /// (`…30.1234567Z`); every Date in years 0000–9999 reads back identical. The default.
        case iso8601
        /// Seconds since 1970 as the `Double` with the fewest digits that reads back as the
        /// identical Date. A Date no such Double reaches (`Date` counts seconds since 2001 in a
        /// Double: about half of what `Date()` returns needs one more bit than seconds since 1970
        /// hold) is written as the nearest, less than a microsecond off; use ``iso8601`` for
        /// those.
        case secondsSince1970
        /// Milliseconds since 1970: an `Int` when whole milliseconds read back as the identical
        /// Date, else the `Double` with the fewest digits that does (`1700000000123.456`). As with
        /// ``secondsSince1970``, a Date no Double reaches is written as the nearest.
        case millisecondsSince1970
        /// Your own conversion; it must return a JSON-compatible value. Whether the Date reads
        /// back identical is up to it and the decoder's strategy.
        case custom(@Sendable (Date) throws -> Any)
    }

    /// `nil` optionals. Default: ``NilEncodingStrategy/omit``.
    public var nilEncoding: NilEncodingStrategy = .omit
    /// Dates. Default: ``DateEncodingStrategy/iso8601``.
    public var dateEncoding: DateEncodingStrategy = .iso8601
    /// How property names become keys for types that declare no naming style of their own.
    /// Default: ``NamingStyle/asDeclared``.
    public var keyNamingStyle: NamingStyle = .asDeclared
    /// The deepest nesting written before a `depthLimitExceeded` error (deep but acyclic
    /// object graphs fail cleanly here; cycles fail earlier with a `cycle` error). Default: 512.
    public var maximumDepth = 512

    /// An encoder with the default options.
    public init() {}

    /// Encodes a model as a JSON-compatible dictionary.
    public func encode<Model: KeyValueModel>(_ value: Model) throws -> [String: Any] {
        try ModelMetadata.of(Model.self).encode(value, EncodingSession(options: self))
    }

    /// Encodes every model; an element's error carries its index.
    public func encode<Model: KeyValueModel>(_ values: [Model]) throws -> [[String: Any]] {
        let metadata = try ModelMetadata.of(Model.self)
        let session = EncodingSession(options: self)
        var result: [[String: Any]] = []
        result.reserveCapacity(values.count)
        // An index loop, not `enumerated()`: in this generic function each tuple the iterator
        // returned cost two runtime metadata lookups.
        for index in values.indices {
            do {
                result.append(try metadata.encode(values[index], session))
            } catch let error as MappingError {
                throw error.prepending(.index(index))
            }
        }
        return result
    }
}
