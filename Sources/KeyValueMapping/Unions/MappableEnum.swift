/// An enum whose cases carry payloads, chosen by a tag in the payload: a tagged union.
///
/// ```swift
/// struct Circle: Mappable { var radius = 0.0 }
/// struct Square: Mappable { var side = 0.0 }
///
/// enum Shape: MappableEnum {
///     case circle(Circle)
///     case square(Square)
///     case unknown
///     static var enumRules: EnumRules<Shape> {
///         EnumRules(.internallyTagged("type"))
///             .case("circle", Shape.circle)      // {"type": "circle", "radius": 1.5}
///             .case("square", Shape.square)
///             .case("unknown", Shape.unknown)    // {"type": "unknown"}
///             .fallback(.unknown)                // any other tag
///     }
/// }
/// let shape = try KeyValueDecoder().decode(Shape.self, fromJSON: Data(#"{"type": "circle", "radius": 1.5}"#.utf8))
/// // Shape.circle(Circle(radius: 1.5))
/// let json = try KeyValueEncoder().encodeJSON(shape)   // {"type":"circle","radius":1.5}
/// ```
///
/// Values map at the top level, as properties, inside optionals, arrays, sets and dictionaries,
/// on every route and in both directions. The encoder finds the case a value holds by itself
/// (no `switch` to write): it reads the case with `Mirror` and checks it against the
/// constructors the rules declare. Each `.case` must be given the case itself (`Shape.circle`),
/// not a closure that builds another case.
public protocol MappableEnum {
    /// The tags, their cases and how the tag is written (see ``EnumRules``).
    static var enumRules: EnumRules<Self> { get }
}

/// How a ``MappableEnum``'s cases are told apart in JSON: the representation, one tag per
/// case, and what an unknown tag decodes as.
///
/// Each case's payload is any value the library maps (a model, an ``ImmutableMappable``, a
/// scalar, an array, a dictionary); a case without a payload is given as its value
/// (`.case("unknown", Shape.unknown)`). Declaration problems (two cases with one tag, a case
/// with several associated values, a non-object payload under internal tagging, a tag that is
/// also a payload's own key) are reported together, as an
/// ``MappingError/Reason/invalidDeclaration(type:problems:)`` error, when the enum is first used.
public struct EnumRules<Enum>: Sendable {
    /// Where the tag stands in the JSON, after serde's four representations.
    public enum Representation: Sendable, Equatable {
        /// `{"circle": {"radius": 1.5}}`: an object with one member, the tag as its key and the
        /// payload as its value; a case without a payload is the bare tag (`"unknown"`). The default.
        case externallyTagged
        /// `{"type": "circle", "radius": 1.5}`: the tag is a member of the payload's own object
        /// (payloads must be models); a case without a payload is `{"type": "unknown"}`.
        case internallyTagged(String)
        /// `{"type": "circle", "data": {"radius": 1.5}}`: the tag and the payload side by side,
        /// in either order; a case without a payload has no content member.
        case adjacentlyTagged(String, content: String)
        /// `{"radius": 1.5}`: no tag; the cases are tried in declaration order on the value
        /// (read once) and the first that decodes wins; a case without a payload is `null`. The
        /// encoder writes the payload alone.
        case untagged
    }

    let representation: Representation
    var cases: [EnumCaseRule<Enum>] = []
    var fallbackCase: (@Sendable () -> Enum)?

    /// Rules with `representation` (default: ``Representation/externallyTagged``) and no cases yet.
    public init(_ representation: Representation = .externallyTagged) {
        self.representation = representation
    }

    /// Declares a case with a payload: `tag` in JSON, `constructor` the case itself
    /// (`Shape.circle`). The payload is decoded as `Payload` and written back as it.
    public func `case`<Payload>(_ tag: String, _ constructor: @escaping @Sendable (Payload) -> Enum) -> EnumRules {
        var rules = self
        rules.cases.append(EnumCaseRule(tag: tag, payload: PayloadCase(make: constructor)))
        return rules
    }

    /// Declares a case without a payload: `tag` in JSON, `value` the case (`Shape.unknown`).
    public func `case`(_ tag: String, _ value: @autoclosure @escaping @Sendable () -> Enum) -> EnumRules {
        var rules = self
        rules.cases.append(EnumCaseRule(tag: tag, unit: value))
        return rules
    }

    /// The case an unknown tag decodes as (without it, an unknown tag is an error naming the
    /// known tags). Lenient decoding lists each use. The value is written back with its own tag.
    public func fallback(_ value: @autoclosure @escaping @Sendable () -> Enum) -> EnumRules {
        var rules = self
        rules.fallbackCase = value
        return rules
    }
}
