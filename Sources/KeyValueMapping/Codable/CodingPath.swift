import Foundation

/// A coding key for any member name or array position, used to walk containers whose keys
/// are only known at run time.
struct AnyCodingKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    /// A dictionary key written as a number (`[Int: V]`); its text is the number's digits.
    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    /// An array position, spelled as Foundation's coders spell theirs.
    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }
}

extension MappingError {
    /// A Codable coding path as a key path: positions in arrays become indexes, anything else
    /// a key (Foundation's coders name array positions `Index 2`).
    static func components(of codingPath: [any CodingKey]) -> [PathComponent] {
        codingPath.map { key in
            if let index = key.intValue, key.stringValue == "Index \(index)" { return .index(index) }
            return .key(key.stringValue)
        }
    }

    /// A `DecodingError` in the library's words, at the key path of its coding path.
    /// `expected` names the type being decoded and `found` describes the offending value, when
    /// the caller knows them.
    init(_ error: DecodingError, expected: String? = nil, found: String? = nil) {
        switch error {
        case .typeMismatch(let type, let context):
            self.init(.typeMismatch(expected: String(describing: type), found: found ?? "another kind of value"),
                      path: Self.components(of: context.codingPath), foundValue: found, underlyingError: error)
        case .valueNotFound(let type, let context):
            self.init(.nullForNonOptional(expected: String(describing: type)),
                      path: Self.components(of: context.codingPath), foundValue: found, underlyingError: error)
        case .keyNotFound(let key, let context):
            self.init(.missingKey(expected: expected ?? "a value"),
                      path: Self.components(of: context.codingPath + [key]), underlyingError: error)
        case .dataCorrupted(let context):
            self.init(.invalidValue(expected: expected ?? "a valid value", found: found ?? "a value", detail: context.debugDescription),
                      path: Self.components(of: context.codingPath), foundValue: found, underlyingError: error)
        @unknown default:
            self.init(.other(String(describing: error)), underlyingError: error)
        }
    }

    /// An `EncodingError` in the library's words, at the key path of its coding path.
    init(_ error: EncodingError) {
        switch error {
        case .invalidValue(let value, let context):
            self.init(.invalidValue(expected: "a value the encoder accepts", found: String(describing: type(of: value)), detail: context.debugDescription),
                      path: Self.components(of: context.codingPath), underlyingError: error)
        @unknown default:
            self.init(.other(String(describing: error)), underlyingError: error)
        }
    }
}

extension DecodingError {
    /// The coding path the error happened at.
    var codingPath: [any CodingKey] {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): return context.codingPath
        case .keyNotFound(let key, let context): return context.codingPath + [key]
        @unknown default: return []
        }
    }
}
