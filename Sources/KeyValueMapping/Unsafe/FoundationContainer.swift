import Foundation

/// Reads one level of an `NSArray` or `NSDictionary` without Swift's bridging casts.
///
/// On Linux every way Foundation offers to reach an element (`value as? [Any]`, iteration,
/// `object(at:)`, `allObjects`, `object(forKey:)`) converts a nested `NSArray` or
/// `NSDictionary` into a Swift container first, and that conversion converts *its* elements in
/// turn: the whole tree at once, on the call stack. A container that contains itself recurses
/// until the stack overflows, and so does one nested 10^5 levels deep. The mapping walks need
/// one level at a time, with nested containers left as the objects they are, so they can count
/// depth and recognise a container they are already inside.
///
/// swift-corelibs-foundation's `NSArray` and `NSDictionary` keep their elements as objects in
/// Swift storage and describe themselves through `customMirror`, which reflects that storage
/// as it is: the children are the stored objects, converted by nothing. That is the reading
/// used here, checked against `count` (a subclass that stores its elements elsewhere reads
/// through `object(at:)` / `object(forKey:)` instead). On Apple platforms bridging is lazy:
/// elements come back as the objects they are, so plain iteration is already one level.
enum FoundationContainer {
    private static let swiftArrayType = ObjectIdentifier([Any].self)
    private static let swiftDictionaryType = ObjectIdentifier([String: Any].self)

    /// The `NSArray` or `NSDictionary` (any subclass) `value` holds, or `nil` for anything else,
    /// Swift containers included. These are the only JSON containers that can contain
    /// themselves.
    @inline(__always)
    static func object(in value: Any) -> AnyObject? {
        let type = ObjectIdentifier(Swift.type(of: value))
        // The common case, Swift containers, answers without a dynamic cast.
        if type == swiftDictionaryType || type == swiftArrayType { return nil }
        return classObject(in: value)
    }

    private static func classObject(in value: Any) -> AnyObject? {
        guard Swift.type(of: value) is AnyClass else {
            // An Optional in an `Any` holds whatever it wraps (JSONScalar looks through it too).
            guard let optional = value as? any OptionalInAny, let wrapped = optional.wrappedValue else { return nil }
            return object(in: wrapped)
        }
        // A class instance: `as AnyObject` is the instance itself and `is` a class check, so
        // nothing is bridged.
        let object = value as AnyObject
        return object is NSArray || object is NSDictionary ? object : nil
    }

    /// The elements of `array`, nested containers left as they are.
    static func elements(of array: NSArray) -> [Any] {
        #if canImport(ObjectiveC)
        return array.map { $0 }
        #else
        if Swift.type(of: array) === NSArray.self || Swift.type(of: array) === NSMutableArray.self {
            let children = Mirror(reflecting: array).children
            if children.count == array.count { return children.map(\.value) }
        }
        return (0..<array.count).map { array.object(at: $0) }
        #endif
    }

    /// The members of `dictionary`, nested containers left as they are; `nil` when a key is
    /// not text (a JSON object's keys always are).
    static func members(of dictionary: NSDictionary) -> [String: Any]? {
        var result: [String: Any] = [:]
        result.reserveCapacity(dictionary.count)
        #if canImport(ObjectiveC)
        for (key, value) in dictionary {
            guard let key = key as? String else { return nil }
            result[key] = value
        }
        return result
        #else
        if Swift.type(of: dictionary) === NSDictionary.self || Swift.type(of: dictionary) === NSMutableDictionary.self {
            let children = Mirror(reflecting: dictionary).children
            if children.count == dictionary.count {
                for child in children {
                    guard let (key, value) = child.value as? (key: NSObject, value: AnyObject),
                          let text = key as? String else { return nil }
                    result[text] = value
                }
                return result
            }
        }
        for key in dictionary.allKeys {
            guard let text = key as? String, let value = dictionary.object(forKey: key) else { return nil }
            result[text] = value
        }
        return result
        #endif
    }
}
