import Foundation

// A view of one `Any` that came from JSON (JSONSerialization or a Swift literal) which tells
// booleans from numbers and keeps integers exact. Linux Foundation's NSNumber answers `is Bool`
// for 0 and 1 and bridges `true` to `Int` 1, so the classification looks at the concrete
// class instead of asking Swift's bridging casts. A container is one level deep: an NSArray or
// NSDictionary gives its elements as they are stored (see ``FoundationContainer``), so a walk
// meets nested containers one at a time and never through a recursive bridging cast.
enum JSONScalar {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case decimal(Decimal)
    /// A number literal the bytes path read, exactly as written; the number codecs judge it
    /// from its text (see ``JSONNumber/foundationValue()`` for what it is as a Swift value).
    case literal(JSONNumber)
    case string(String)
    case array([Any])
    case dictionary([String: Any])
    case other(Any)

    static let numberClass = ObjectIdentifier(NSNumber.self)
    static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))
    static let decimalNumberClass = ObjectIdentifier(NSDecimalNumber.self)
    private static let nullClass = ObjectIdentifier(NSNull.self)

    init(_ value: Any) {
        // Dispatch on the exact dynamic type first: no bridging casts, no cascade of `as?` tries.
        let type = ObjectIdentifier(Swift.type(of: value))
        if type == ObjectIdentifier(String.self), let string = value as? String {
            self = .string(string)
        } else if type == Self.numberClass || type == Self.booleanClass, let number = value as? NSNumber {
            self = Self.classify(number)
        } else if type == ObjectIdentifier(Int.self), let number = value as? Int {
            self = .int(Int64(number))
        } else if type == ObjectIdentifier(Double.self), let number = value as? Double {
            self = .double(number)
        } else if type == ObjectIdentifier(Bool.self), let flag = value as? Bool {
            self = .bool(flag)
        } else if type == Self.nullClass {
            self = .null
        } else if type == Self.decimalNumberClass, let number = value as? NSDecimalNumber {
            self = .decimal(number.decimalValue)
        } else if type == ObjectIdentifier([String: Any].self), let dictionary = value as? [String: Any] {
            self = .dictionary(dictionary)
        } else if type == ObjectIdentifier([Any].self), let array = value as? [Any] {
            self = .array(array)
        } else if type == ObjectIdentifier(JSONNumber.self), let number = value as? JSONNumber {
            self = .literal(number)
        } else {
            self = Self.slowInit(value)
        }
    }

    /// `value` as the Swift `[String: Any]` it holds exactly, else `nil`. No bridging cast (an
    /// NSDictionary is not one), and no dynamic type lookup: the `Any` is opened to the type it
    /// stores, which the walks' fast paths compare in one instruction.
    @inline(__always)
    static func swiftDictionary(_ value: Any) -> [String: Any]? {
        exactly(value, as: [String: Any].self)
    }

    /// `value` as the Swift `[Any]` it holds exactly, else `nil` (see ``swiftDictionary(_:)``).
    @inline(__always)
    static func swiftArray(_ value: Any) -> [Any]? {
        exactly(value, as: [Any].self)
    }

    private static func exactly<Stored, Wanted>(_ value: Stored, as wanted: Wanted.Type) -> Wanted? {
        Stored.self == Wanted.self ? value as? Wanted : nil
    }

    /// `true` for JSON `null` (`NSNull`).
    @inline(__always)
    static func isNull(_ value: Any) -> Bool {
        ObjectIdentifier(Swift.type(of: value)) == nullClass
    }

    private static func slowInit(_ value: Any) -> JSONScalar {
        // A class instance (NSNumber, NSString, NSArray, …) is classified by its class: the Swift
        // casts below would bridge an NSArray or NSDictionary into a Swift container, converting
        // every nested one too.
        if Swift.type(of: value) is AnyClass { return classify(value) }
        // An Optional inside an `Any` is looked through the same way, so a wrapped NSArray is
        // never cast either.
        if let optional = value as? any OptionalInAny {
            guard let wrapped = optional.wrappedValue else { return .null }
            return JSONScalar(wrapped)
        }
        switch value {
        case let string as String: return .string(string)
        case let number as Int: return Self.native(number, value)
        case let number as Double: return Self.native(number, value)
        case let flag as Bool: return Self.native(flag, value)
        case let dictionary as [String: Any]: return .dictionary(dictionary)
        case let array as [Any]: return .array(array)
        default: return Self.classify(value)
        }
    }

    // `value as Int` also succeeds for an NSNumber holding an integer (or a Bool), so check that
    // the value really is the native Swift type before trusting the bridged cast.
    private static func native(_ number: Int, _ value: Any) -> JSONScalar {
        type(of: value) == Int.self ? .int(Int64(number)) : classify(value)
    }

    private static func native(_ number: Double, _ value: Any) -> JSONScalar {
        type(of: value) == Double.self ? .double(number) : classify(value)
    }

    private static func native(_ flag: Bool, _ value: Any) -> JSONScalar {
        type(of: value) == Bool.self ? .bool(flag) : classify(value)
    }

    private static func classify(_ value: Any) -> JSONScalar {
        if value is NSNull { return .null }
        if let decimal = value as? NSDecimalNumber { return .decimal(decimal.decimalValue) }
        if type(of: value) is AnyClass, let number = value as? NSNumber { return classify(number) }
        switch value {
        case let number as Int8: return .int(Int64(number))
        case let number as Int16: return .int(Int64(number))
        case let number as Int32: return .int(Int64(number))
        case let number as Int64: return .int(number)
        case let number as UInt: return .uint(UInt64(number))
        case let number as UInt8: return .uint(UInt64(number))
        case let number as UInt16: return .uint(UInt64(number))
        case let number as UInt32: return .uint(UInt64(number))
        case let number as UInt64: return .uint(number)
        case let number as Float: return .double(Double(number))
        case let number as Decimal: return .decimal(number)
        case let text as Substring: return .string(String(text))
        case let text as NSString: return .string(String(describing: text))
        case let dictionary as NSDictionary:
            guard let members = FoundationContainer.members(of: dictionary) else { return .other(value) }
            return .dictionary(members)
        case let array as NSArray: return .array(FoundationContainer.elements(of: array))
        default: return .other(value)
        }
    }

    static func classify(_ number: NSNumber) -> JSONScalar {
        if ObjectIdentifier(type(of: number)) == booleanClass { return .bool(number.boolValue) }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"), UInt8(ascii: "d"):
            return .double(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            return .uint(number.uint64Value)
        default:
            return .int(number.int64Value)
        }
    }

    /// The JSON type's name for messages.
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "Bool"
        case .int, .uint: return "Int"
        case .double: return "Double"
        case .decimal, .literal: return "Number"
        case .string: return "String"
        case .array: return "Array"
        case .dictionary: return "Dictionary"
        case .other(let summary as ContainerSummary): return summary.isArray ? "Array" : "Dictionary"
        case .other(let value): return "\(type(of: value))"
        }
    }
}

/// An `Optional` held in an `Any`, seen without knowing its wrapped type.
protocol OptionalInAny {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalInAny {
    var wrappedValue: Any? { self.map { $0 as Any } }
}
