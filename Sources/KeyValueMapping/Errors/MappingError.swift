import Foundation

/// The one error type KeyValueMapping throws: what went wrong, where, and with which value.
///
/// Its ``description`` reads as one sentence a person can act on:
///
/// ```swift
/// do {
///     _ = try User(dictionary: ["friends": [[:], [:], ["age": "twelve"]]])
/// } catch let error as MappingError {
///     print(error.keyPath)      // friends[2].age
///     print(error)              // friends[2].age: expected Int, found String "twelve"
/// }
/// ```
public struct MappingError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible, LocalizedError {
    /// Why a value could not be mapped.
    public enum Reason: Sendable, Equatable {
        /// A JSON `null` arrived for a property that is not optional.
        case nullForNonOptional(expected: String)
        /// The JSON value has a type that cannot become the expected Swift type.
        case typeMismatch(expected: String, found: String)
        /// A number does not fit the expected type (`2^63` into `Int`, `300` into `UInt8`).
        case overflow(expected: String, found: String)
        /// A number would lose its fractional part (`1.5` into `Int`).
        case notExact(expected: String, found: String)
        /// The value has the right JSON type but is not a valid instance (a malformed date,
        /// URL or UUID, an unknown enum raw value, ...).
        case invalidValue(expected: String, found: String, detail: String)
        /// The property's Swift type is not one KeyValueMapping can map.
        case unsupportedType(String)
        /// A class instance refers back to itself while being encoded, or an NSArray or
        /// NSDictionary contains itself (in a value being decoded or encoded).
        case cycle(type: String)
        /// The nesting is deeper than the configured maximum.
        case depthLimitExceeded(limit: Int)
        /// The nesting reached `depth` levels where the thread's call stack could not hold
        /// another (less than the reserve, at most 128 KiB or a quarter of the stack, was left):
        /// the walk stopped instead of overflowing the stack. Decode or encode on a thread with a
        /// larger stack (8 MiB is the default on Linux; Apple's secondary threads have 512 KiB).
        case stackExhausted(depth: Int)
        /// A model's declaration cannot be mapped; every problem found is listed.
        case invalidDeclaration(type: String, problems: [String])
        /// The runtime's reflection disagrees with `Mirror`, so the type is refused rather
        /// than written through a wrong layout.
        case reflectionMismatch(type: String, detail: String)
        /// A number cannot be written as JSON (NaN or an infinity).
        case nonFiniteNumber(String)
        /// A required key is absent.
        case missingKey(expected: String)
        /// The payload has a key that no property of `type` reads (with
        /// ``KeyValueDecoder/UnknownKeyStrategy/reject``); the path ends with the key.
        case unknownKey(type: String)
        /// The model's `didDecode` hook (or another hook) rejected it.
        case validationFailed(String)
        /// The input is not valid JSON; the detail says where (line and column when known).
        case malformedJSON(String)
        /// An argument of the call cannot be used (a malformed `at:` path); the detail names
        /// it and says why. Neither the payload nor the model is at fault.
        case invalidArgument(String)
        /// Anything else, described in words.
        case other(String)
    }

    /// One step of a key path: a dictionary key or an array index.
    public enum PathComponent: Sendable, Hashable, CustomStringConvertible {
        /// A dictionary key (a property's key).
        case key(String)
        /// A position in an array.
        case index(Int)

        /// The component as it appears in ``MappingError/keyPath``.
        public var description: String {
            switch self {
            case .key(let key): return key
            case .index(let index): return "[\(index)]"
            }
        }
    }

    /// Why the mapping failed.
    public var reason: Reason
    /// Where the failure happened, outermost first.
    public var path: [PathComponent]
    /// A shortened rendering of the offending value, if there was one (`String "twelve"`).
    public var foundValue: String?
    /// The error that caused this one, if any (for example a transformer's own error).
    public var underlyingError: (any Error)?
    /// For an element of a JSON Lines stream, the 1-based line it is on; `nil` elsewhere.
    public var line: Int?
    /// What was probably meant, when a near miss is known: for an unknown key, the property
    /// whose key differs only in case, separators or a letter or two (`did you mean
    /// "profileImageURLHTTPS", which reads "profile_image_urlhttps"?`). Part of ``description``.
    public var suggestion: String?

    /// Creates an error at the root of a value; the walk prepends the path as it unwinds.
    public init(_ reason: Reason, path: [PathComponent] = [], foundValue: String? = nil, underlyingError: (any Error)? = nil) {
        self.reason = reason
        self.path = path
        self.foundValue = foundValue
        self.underlyingError = underlyingError
    }

    /// The path as text: dotted keys and `[i]` indexes, e.g. `friends[2].age`; empty at the root.
    public var keyPath: String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// One sentence: the key path (and the line, for JSON Lines), what was expected and what
    /// was found.
    public var description: String {
        let location = keyPath.isEmpty ? "(root)" : keyPath
        let hint = suggestion.map { "; \($0)" } ?? ""
        guard let line else { return "\(location): \(reasonDescription)\(hint)" }
        return "\(location) (line \(line)): \(reasonDescription)\(hint)"
    }

    /// The same sentence as ``description``, so `error.localizedDescription` reads the same
    /// wherever the error is shown (an alert, a log, Foundation's error bridging).
    public var errorDescription: String? { description }

    /// The description plus the underlying error, for logs.
    public var debugDescription: String {
        guard let underlyingError else { return description }
        return "\(description) (underlying error: \(underlyingError))"
    }

    /// The reason alone, as a phrase.
    public var reasonDescription: String {
        switch reason {
        case .nullForNonOptional(let expected):
            return "expected \(expected), found null (the property is not optional)"
        case .typeMismatch(let expected, let found):
            return "expected \(expected), found \(found)"
        case .overflow(let expected, let found):
            return "\(found) does not fit in \(expected)"
        case .notExact(let expected, let found):
            return "\(found) is not exactly representable as \(expected)"
        case .invalidValue(let expected, let found, let detail):
            return "expected \(expected), found \(found) (\(detail))"
        case .unsupportedType(let detail):
            return "unsupported property type: \(detail)"
        case .cycle(let type):
            return "cycle detected: this \(type) instance is already being mapped further up the path"
        case .depthLimitExceeded(let limit):
            return "nesting deeper than the maximum depth of \(limit)"
        case .stackExhausted(let depth):
            return "nesting too deep for this thread's stack: stopped at depth \(depth), where another level might overflow it (use a thread with a larger stack)"
        case .invalidDeclaration(let type, let problems):
            return "invalid mapping declaration for \(type): " + problems.joined(separator: "; ")
        case .reflectionMismatch(let type, let detail):
            return "cannot map \(type) safely: \(detail)"
        case .nonFiniteNumber(let found):
            return "\(found) cannot be written as JSON (NaN and infinities have no JSON form)"
        case .missingKey(let expected):
            return "required key is missing (expected \(expected))"
        case .unknownKey(let type):
            return "unknown key (\(type) has no property reading it)"
        case .validationFailed(let detail):
            return "validation failed: \(detail)"
        case .malformedJSON(let detail):
            return "malformed JSON: \(detail)"
        case .invalidArgument(let detail):
            return "invalid argument: \(detail)"
        case .other(let message):
            return message
        }
    }

    /// Returns this error with `component` in front of its path (used while unwinding).
    func prepending(_ component: PathComponent) -> MappingError {
        var copy = self
        copy.path.insert(component, at: 0)
        return copy
    }
}
