import Foundation

/// Thrown by ``JSONValue/init(foundationValue:)`` for a value JSON cannot represent.
struct JSONUnsupportedValueError: Error, Sendable, CustomStringConvertible {
    /// Where the value sat, such as `[2].price`; empty for the top level.
    let path: String
    /// Why it was refused, such as `Double nan is not a finite number`.
    let reason: String

    var description: String {
        path.isEmpty ? reason : "\(path): \(reason)"
    }
}

extension JSONValue {
    /// Converts to the Swift values `JSONSerialization` produces, for code that works on `Any`.
    ///
    /// `null` → `NSNull()`, booleans → `Bool`, strings → `String`, arrays → `[Any]`, objects →
    /// `[String: Any]` (duplicate keys were already resolved when reading). Numbers: an integer
    /// literal (no fraction, no exponent) becomes `Int` when it fits, then `UInt64`, then
    /// `Decimal` while in its range (keeping 38 digits, as JSONSerialization does), otherwise
    /// `Double`; any other literal, even `1.0`, becomes `Double` (±infinity if it overflows, such
    /// as `1e400`) unless a Double does not give back its digits and Decimal holds them. The
    /// number codecs never convert through this: they judge the literal itself.
    func foundationValue() -> Any {
        var levels = 0
        return foundationValue(levels: &levels)
    }

    /// ``foundationValue()``, also giving how many non-empty arrays and objects the result nests
    /// at its deepest (`[[1]]` has 2, `[[]]` has 1).
    func foundationValue(levels: inout Int) -> Any {
        switch self {
        case .null:
            return NSNull()
        case .bool(let flag):
            return flag
        case .number(let number):
            return number.foundationValue()
        case .string(let string):
            return string
        case .array, .object:
            return Self.foundationContainer(self, levels: &levels)
        }
    }

    /// ``foundationValue()`` of an array or object, built without recursion: each container
    /// under construction waits on an explicit stack while its elements are converted, so a
    /// value nested as deep as the reader allows converts on any thread.
    private static func foundationContainer(_ root: JSONValue, levels: inout Int) -> Any {
        // Where each open container is; what it has built so far lives on a stack of its own
        // kind and is appended to in place (held in the frame, it would be copied per element).
        enum Frame {
            case array(elements: [JSONValue], next: Int)
            case object(members: JSONObject, next: Int)
        }
        var frames: [Frame] = []
        var arrays: [[Any]] = []
        var objects: [[String: Any]] = []
        var current = root
        descend: while true {
            var result: Any
            switch current {
            case .array(let elements) where !elements.isEmpty:
                frames.append(.array(elements: elements, next: 1))
                levels = max(levels, frames.count)
                arrays.append([])
                arrays[arrays.count - 1].reserveCapacity(elements.count)
                current = elements[0]
                continue descend
            case .object(let members) where !members.isEmpty:
                frames.append(.object(members: members, next: 1))
                levels = max(levels, frames.count)
                objects.append([String: Any](minimumCapacity: members.count))
                current = members[0].value
                continue descend
            case .array:
                result = [Any]()
            case .object:
                result = [String: Any]()
            default:
                result = current.foundationValue()
            }
            // `result` completes the innermost open container's next slot; a container that is
            // then full completes its parent's, and so on up.
            while let frame = frames.last {
                switch frame {
                case .array(let elements, let next):
                    arrays[arrays.count - 1].append(result)
                    if next < elements.count {
                        frames[frames.count - 1] = .array(elements: elements, next: next + 1)
                        current = elements[next]
                        continue descend
                    }
                    frames.removeLast()
                    result = arrays.removeLast()
                case .object(let members, let next):
                    objects[objects.count - 1][members[next - 1].key] = result
                    if next < members.count {
                        frames[frames.count - 1] = .object(members: members, next: next + 1)
                        current = members[next].value
                        continue descend
                    }
                    frames.removeLast()
                    result = objects.removeLast()
                }
            }
            return result
        }
    }

    /// Converts `JSONSerialization`-style values to a JSON value, for writing.
    ///
    /// Accepts `NSNull`, `Bool` (and boolean `NSNumber`s), every fixed-width integer type,
    /// finite `Float` and `Double`, `Decimal`, `NSNumber`, `String`, arrays and `[String: Any]`
    /// (Foundation's `NSArray` and `NSDictionary` too, read one level at a time).
    /// Dictionary members are ordered by key (UTF-8 byte order), because `Dictionary` order
    /// is arbitrary and written output should be deterministic. Nesting deeper than
    /// ``KeyValueEncoder/maximumDepth``'s default, or a container inside itself, is an error.
    init(foundationValue value: Any) throws(JSONUnsupportedValueError) {
        self = try Self.convert(value, path: "", EncodingSession(options: KeyValueEncoder()))
    }

    /// The class of boolean `NSNumber`s (`__NSCFBoolean` on Linux), which Swift's casts would
    /// otherwise turn into `Int` 0 or 1, or accept as `Bool` for any 0 or 1.
    private static let booleanNumberType = ObjectIdentifier(type(of: NSNumber(value: true)))

    private static func convert(_ value: Any, path: String, _ session: EncodingSession) throws(JSONUnsupportedValueError) -> JSONValue {
        if let scalar = try scalar(value, path: path) {
            return scalar
        }
        let container: JSONScalar
        switch JSONScalar(value) {
        case .array(let array): container = .array(array)
        case .dictionary(let dictionary): container = .dictionary(dictionary)
        default: throw JSONUnsupportedValueError(path: path, reason: "\(type(of: value)) is not a JSON value")
        }
        let entered: ObjectIdentifier?
        do {
            entered = try session.enterContainer(value)
        } catch {
            throw JSONUnsupportedValueError(path: path, reason: (error as? MappingError)?.reasonDescription ?? "\(error)")
        }
        defer { session.leaveContainer(entered) }
        if case .array(let array) = container {
            var elements: [JSONValue] = []
            elements.reserveCapacity(array.count)
            for (position, element) in array.enumerated() {
                elements.append(try convert(element, path: path + "[\(position)]", session))
            }
            return .array(elements)
        }
        guard case .dictionary(let dictionary) = container else { return .null }
        var builder = JSONObjectBuilder()
        let keys = dictionary.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for key in keys {
            guard let member = dictionary[key] else { continue }
            let memberPath = path.isEmpty ? key : path + "." + key
            _ = builder.insert(key: key, value: try convert(member, path: memberPath, session), policy: .useLast)
        }
        return .object(JSONObject(builder))
    }

    /// Converts null, booleans, numbers and strings; `nil` for anything else.
    private static func scalar(_ value: Any, path: String) throws(JSONUnsupportedValueError) -> JSONValue? {
        // NSNumber first: Swift's casts would read a boolean NSNumber as Int 1, or any 0 or 1 as
        // Bool, so the class and the stored C type decide instead.
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            return try Self.number(number, path: path)
        }
        switch value {
        case let flag as Bool where type(of: value) == Bool.self: return .bool(flag)
        case let string as String: return .string(string)
        case let number as Int: return .number(JSONNumber(Int64(number)))
        case let number as Int8: return .number(JSONNumber(Int64(number)))
        case let number as Int16: return .number(JSONNumber(Int64(number)))
        case let number as Int32: return .number(JSONNumber(Int64(number)))
        case let number as Int64: return .number(JSONNumber(number))
        case let number as UInt: return .number(JSONNumber(UInt64(number)))
        case let number as UInt8: return .number(JSONNumber(UInt64(number)))
        case let number as UInt16: return .number(JSONNumber(UInt64(number)))
        case let number as UInt32: return .number(JSONNumber(UInt64(number)))
        case let number as UInt64: return .number(JSONNumber(number))
        case let number as Double: return .number(try finite(number, path: path))
        case let number as Float: return .number(try finite(Double(number), path: path))
        case let number as Decimal: return .number(try decimal(number, path: path))
        case is NSNull:
            return .null
        default:
            return nil
        }
    }

    private static func number(_ number: NSNumber, path: String) throws(JSONUnsupportedValueError) -> JSONValue {
        if ObjectIdentifier(type(of: number)) == booleanNumberType {
            return .bool(number.boolValue)
        }
        if let decimal = number as? NSDecimalNumber {
            return .number(try Self.decimal(decimal.decimalValue, path: path))
        }
        switch String(cString: number.objCType) {
        case "f", "d":
            return .number(try finite(number.doubleValue, path: path))
        case "Q", "L":
            return .number(JSONNumber(number.uint64Value))
        default:
            return .number(JSONNumber(number.int64Value))
        }
    }

    private static func decimal(_ number: Decimal, path: String) throws(JSONUnsupportedValueError) -> JSONNumber {
        // `Decimal.description` is plain decimal notation (`-12.5`); NaN prints as `NaN` and fails.
        guard let json = JSONNumber(literal: number.description) else {
            throw JSONUnsupportedValueError(path: path, reason: "Decimal \(number) is not a finite number")
        }
        return json
    }

    private static func finite(_ number: Double, path: String) throws(JSONUnsupportedValueError) -> JSONNumber {
        guard let json = JSONNumber(number) else {
            throw JSONUnsupportedValueError(path: path, reason: "\(number) is not a finite number")
        }
        return json
    }
}

extension JSONNumber {
    /// See ``JSONValue/foundationValue()`` for the rules.
    func foundationValue() -> Any {
        // Like JSONSerialization, notation decides: `1.0` and `1e2` are Doubles. A literal a
        // Double does not give back (more significant digits than its 15 to 17) is a Decimal when
        // Decimal can hold it, which keeps up to 38 of them (`JSONSerialization` gives an
        // `NSDecimalNumber`): `1.0000000000000001` is one, `1.50000000000000000000` (two
        // significant digits) and `0.30000000000000004` (a Double's own text) are Doubles.
        guard isInteger else {
            let double = Double(text) ?? 0
            let digits = shape.significantDigits
            // Up to 15 significant digits every Double gives back; beyond 17 none does.
            guard digits > 15, let decimal = decimalValue else { return double }
            if digits <= 17, let back = JSONNumber(double)?.decimalValue, back == decimal { return double }
            return decimal
        }
        if let integer = Int64(text), let native = Int(exactly: integer) {
            return native
        }
        if let unsigned = UInt64(text) {
            return unsigned
        }
        // Beyond 64 bits: a Decimal while it is in Decimal's range (its first 38 digits, as
        // JSONSerialization keeps), else the nearest Double (infinity beyond Double's range).
        if let decimal = decimalValue {
            return decimal
        }
        return Double(text) ?? 0
    }
}
