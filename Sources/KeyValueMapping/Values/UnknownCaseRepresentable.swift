/// An enum with a case for raw values it does not know, so that a payload from a newer server
/// decodes instead of failing.
///
/// ```swift
/// enum Role: String, UnknownCaseRepresentable {
///     case admin, member, unknown
///     static var unknownCase: Role { .unknown }
/// }
/// // "role": "owner" decodes as .unknown; decodeLeniently lists it in `skipped`.
/// ```
///
/// Works for `String` and integer raw values. Only raw values that are not a case decode as
/// ``unknownCase``; a value of the wrong JSON type (`true` for a `String` enum) is still an
/// error, which ``MappingRules/fallback(_:to:)-(String,_)`` can turn into a value. Encoding writes
/// ``unknownCase``'s own raw value.
public protocol UnknownCaseRepresentable: RawRepresentable {
    /// The case that stands for every raw value that is not a case.
    static var unknownCase: Self { get }
}
