import Foundation

/// The floor's toolkit: the explicit `as?` checks an app writes by hand when it maps JSON
/// dictionaries without a library, with the same rules the library applies to clean data
/// (no silent coercion, `null` only into optionals, integers exact, booleans not numbers).
enum HandWritten {
    /// A hand-written decode failure, with the key path that failed.
    struct Failure: Error, CustomStringConvertible {
        /// Where, e.g. `user.login`.
        let path: String
        /// What went wrong.
        let reason: String

        /// `path: reason`.
        var description: String { "\(path): \(reason)" }

        /// The same failure one level further out.
        func prefixed(_ key: String) -> Failure {
            Failure(path: path.isEmpty || path.hasPrefix("[") ? key + path : "\(key).\(path)", reason: reason)
        }
    }

    // Linux Foundation's JSONSerialization returns `true`/`false` as NSNumber subclass
    // instances that also answer `as? Int`; this class identity tells them apart.
    private static let booleanType = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// Whether `value` is a JSON boolean (bridged or native), which must not pass as a number.
    @inline(__always)
    static func isBoolean(_ value: Any) -> Bool {
        let dynamicType = type(of: value)
        return dynamicType == Bool.self || ObjectIdentifier(dynamicType) == booleanType
    }

    /// A JSON object.
    static func object(_ value: Any) throws -> [String: Any] {
        guard let dictionary = value as? [String: Any] else {
            throw Failure(path: "", reason: value is NSNull ? "null for a non-optional object" : "expected an object, found \(type(of: value))")
        }
        return dictionary
    }

    /// Maps every element of a JSON array, naming the index that fails.
    static func array<Element>(_ values: [Any], _ transform: (Any) throws -> Element) throws -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            do {
                result.append(try transform(value))
            } catch let failure as Failure {
                throw failure.prefixed("[\(index)]")
            }
        }
        return result
    }

    /// An exact `Int` (NSNumber bridging refuses fractions and out-of-range values).
    @inline(__always)
    static func int(_ value: Any) -> Int? {
        isBoolean(value) ? nil : value as? Int
    }

    /// An exact `Int64`; ids above 2^53 stay exact because NSNumber keeps the integer.
    @inline(__always)
    static func int64(_ value: Any) -> Int64? {
        isBoolean(value) ? nil : value as? Int64 ?? (value as? Int).map(Int64.init)
    }

    /// A `Double`; integers convert only when exact.
    @inline(__always)
    static func double(_ value: Any) -> Double? {
        if isBoolean(value) { return nil }
        return value as? Double ?? (value as? Int).flatMap { Double(exactly: $0) }
    }

    /// A JSON boolean.
    @inline(__always)
    static func bool(_ value: Any) -> Bool? {
        isBoolean(value) ? value as? Bool : nil
    }

    /// JSON text.
    @inline(__always)
    static func string(_ value: Any) -> String? {
        value as? String
    }

    /// ISO 8601 text.
    @inline(__always)
    static func date(_ value: Any) -> Date? {
        (value as? String).flatMap(DateText.parse)
    }

    /// A URL, with the same strictness as the library (no silent percent-encoding, not empty).
    @inline(__always)
    static func url(_ value: Any) -> URL? {
        guard let text = value as? String, !text.isEmpty else { return nil }
        return URL(string: text, encodingInvalidCharacters: false)
    }

    /// An array of `[Int]`.
    @inline(__always)
    static func ints(_ value: Any) -> [Int]? {
        guard let values = value as? [Any] else { return nil }
        var result: [Int] = []
        result.reserveCapacity(values.count)
        for element in values {
            guard let number = int(element) else { return nil }
            result.append(number)
        }
        return result
    }

    /// An array of `[String]`.
    @inline(__always)
    static func strings(_ value: Any) -> [String]? {
        guard let values = value as? [Any] else { return nil }
        var result: [String] = []
        result.reserveCapacity(values.count)
        for element in values {
            guard let text = element as? String else { return nil }
            result.append(text)
        }
        return result
    }
}

extension Dictionary where Key == String, Value == Any {
    /// Reads a non-optional property: an absent key keeps `target` (the prototype's value, as
    /// the library does); `null` or a value of the wrong type throws.
    @inline(__always)
    func read<Property>(_ key: String, into target: inout Property, _ convert: (Any) throws -> Property?) throws {
        guard let value = self[key] else { return }
        do {
            // Convert first and look at why only on failure: NSNull fails every conversion,
            // so the common path pays for one cast, not two.
            if let converted = try convert(value) {
                target = converted
                return
            }
        } catch let failure as HandWritten.Failure {
            throw failure.prefixed(key)
        }
        let reason = value is NSNull ? "null for a non-optional \(Property.self)" : "expected \(Property.self), found \(type(of: value))"
        throw HandWritten.Failure(path: key, reason: reason)
    }

    /// Reads an optional property: an absent key keeps `target`, `null` sets `nil`.
    @inline(__always)
    func readOptional<Property>(_ key: String, into target: inout Property?, _ convert: (Any) throws -> Property?) throws {
        guard let value = self[key] else { return }
        // Null first here: a nested model's converter would rather throw than return nil.
        if value is NSNull {
            target = nil
            return
        }
        do {
            if let converted = try convert(value) {
                target = converted
                return
            }
        } catch let failure as HandWritten.Failure {
            throw failure.prefixed(key)
        }
        throw HandWritten.Failure(path: key, reason: "expected \(Property.self), found \(type(of: value))")
    }

    /// Reads a non-optional array of nested values.
    @inline(__always)
    func readArray<Element>(_ key: String, into target: inout [Element], _ element: (Any) throws -> Element) throws {
        try read(key, into: &target) { value in
            guard let values = value as? [Any] else { return nil }
            return try HandWritten.array(values, element)
        }
    }

    /// Reads an optional array of nested values.
    @inline(__always)
    func readOptionalArray<Element>(_ key: String, into target: inout [Element]?, _ element: (Any) throws -> Element) throws {
        try readOptional(key, into: &target) { value in
            guard let values = value as? [Any] else { return nil }
            return try HandWritten.array(values, element)
        }
    }
}
