import Foundation
import KeyValueMapping

/// A JSON Schema (draft 2020-12) validator for exactly the keywords the library emits, written
/// for the tests (no dependency). A keyword it does not know is itself a failure, so a schema
/// that starts using a new keyword cannot pass unchecked. `format` and `contentEncoding` are
/// asserted (the specification makes them annotations by default; asserting them is stricter).
struct SchemaValidator {
    let root: JSONValue

    /// The keywords understood here; anything else in a schema is reported.
    static let keywords: Set<String> = [
        "$schema", "$defs", "$ref", "type", "enum", "minimum", "maximum", "minLength", "maxLength", "pattern",
        "format", "contentEncoding", "items", "prefixItems", "uniqueItems", "minItems", "properties",
        "required", "additionalProperties", "propertyNames", "anyOf", "allOf", "readOnly", "if", "then", "not",
        "oneOf", "const", "contentMediaType", "contentSchema",
    ]

    /// Every violation of `value` against the root schema, as `path: problem` lines.
    func problems(in value: JSONValue) -> [String] {
        var problems: [String] = []
        check(value, against: root, path: "", depth: 0, into: &problems)
        return problems
    }

    private func check(_ value: JSONValue, against schema: JSONValue, path: String, depth: Int, into problems: inout [String]) {
        let location = path.isEmpty ? "(root)" : path
        guard depth < 200 else { return problems.append("\(location): schema recursion too deep") }
        guard case .object(let keywords) = schema else {
            if case .bool(let allowed) = schema, allowed { return }
            return problems.append("\(location): schema \(schema.jsonString()) allows nothing")
        }
        for (keyword, argument) in keywords {
            switch keyword {
            case "$schema", "$defs", "readOnly", "contentMediaType", "contentSchema":
                continue
            case "$ref":
                guard case .string(let reference) = argument, let target = resolve(reference) else {
                    problems.append("\(location): unresolvable $ref \(argument.jsonString())")
                    continue
                }
                check(value, against: target, path: path, depth: depth + 1, into: &problems)
            case "type":
                let allowed: [String]
                switch argument {
                case .string(let type): allowed = [type]
                case .array(let types): allowed = types.compactMap { if case .string(let type) = $0 { type } else { nil } }
                default: allowed = []
                }
                if !allowed.contains(where: { Self.has(value, type: $0) }) {
                    problems.append("\(location): \(Self.kind(value)) is not of type \(allowed.joined(separator: " or "))")
                }
            case "enum":
                guard case .array(let options) = argument else { continue }
                if !options.contains(where: { Self.same($0, value) }) {
                    problems.append("\(location): \(value.jsonString()) is not one of \(argument.jsonString())")
                }
            case "minimum", "maximum":
                guard case .number(let bound) = argument, case .number(let number) = value else { continue }
                let order = Self.compare(number, bound)
                if keyword == "minimum" ? order < 0 : order > 0 {
                    problems.append("\(location): \(number) is \(keyword == "minimum" ? "below" : "above") \(bound)")
                }
            case "minLength", "maxLength":
                guard case .number(let bound) = argument, let limit = bound.int64Value, case .string(let text) = value else { continue }
                let length = Int64(text.unicodeScalars.count)
                if keyword == "minLength" ? length < limit : length > limit {
                    problems.append("\(location): \(text.debugDescription) has \(length) code points (\(keyword) \(limit))")
                }
            case "pattern":
                guard case .string(let pattern) = argument, case .string(let text) = value else { continue }
                if !Self.matches(text, pattern) { problems.append("\(location): \(text.debugDescription) does not match \(pattern)") }
            case "format":
                guard case .string(let format) = argument, case .string(let text) = value else { continue }
                if !Self.conforms(text, to: format) { problems.append("\(location): \(text.debugDescription) is not a \(format)") }
            case "contentEncoding":
                guard case .string(let text) = value else { continue }
                if argument != .string("base64") || Data(base64Encoded: text) == nil {
                    problems.append("\(location): \(text.debugDescription) is not \(argument.jsonString())")
                }
            case "items", "prefixItems", "uniqueItems", "minItems":
                guard case .array(let elements) = value else { continue }
                checkArray(elements, keyword: keyword, argument: argument, keywords: keywords, path: path, depth: depth, into: &problems)
            case "properties", "required", "additionalProperties", "propertyNames":
                guard case .object(let members) = value else { continue }
                checkObject(members, keyword: keyword, argument: argument, keywords: keywords, path: path, depth: depth, into: &problems)
            case "anyOf":
                guard case .array(let alternatives) = argument else { continue }
                let passing = alternatives.contains { alternative in
                    var inner: [String] = []
                    check(value, against: alternative, path: path, depth: depth + 1, into: &inner)
                    return inner.isEmpty
                }
                if !passing { problems.append("\(location): matches none of anyOf \(argument.jsonString())") }
            case "oneOf":
                guard case .array(let alternatives) = argument else { continue }
                let passing = alternatives.filter { alternative in
                    var inner: [String] = []
                    check(value, against: alternative, path: path, depth: depth + 1, into: &inner)
                    return inner.isEmpty
                }.count
                if passing != 1 { problems.append("\(location): matches \(passing) of oneOf \(argument.jsonString()), not exactly one") }
            case "const":
                if !Self.same(argument, value) { problems.append("\(location): \(value.jsonString()) is not the const \(argument.jsonString())") }
            case "if":
                // `then` applies when `if` holds (the library writes no `else`).
                var inner: [String] = []
                check(value, against: argument, path: path, depth: depth + 1, into: &inner)
                if inner.isEmpty, let then = keywords["then"] { check(value, against: then, path: path, depth: depth + 1, into: &problems) }
            case "then":
                continue
            case "not":
                var inner: [String] = []
                check(value, against: argument, path: path, depth: depth + 1, into: &inner)
                if inner.isEmpty { problems.append("\(location): matches not \(argument.jsonString())") }
            case "allOf":
                guard case .array(let parts) = argument else { continue }
                for part in parts { check(value, against: part, path: path, depth: depth + 1, into: &problems) }
            default:
                problems.append("\(location): the validator does not know the keyword \(keyword)")
            }
        }
    }

    private func checkArray(_ elements: [JSONValue], keyword: String, argument: JSONValue, keywords: JSONObject,
                            path: String, depth: Int, into problems: inout [String]) {
        switch keyword {
        case "prefixItems":
            guard case .array(let prefix) = argument else { return }
            for (index, element) in elements.enumerated() where index < prefix.count {
                check(element, against: prefix[index], path: path + "[\(index)]", depth: depth + 1, into: &problems)
            }
        case "items":
            var start = 0
            if case .array(let prefix)? = keywords["prefixItems"] { start = prefix.count }
            for (index, element) in elements.enumerated() where index >= start {
                check(element, against: argument, path: path + "[\(index)]", depth: depth + 1, into: &problems)
            }
        case "uniqueItems":
            guard argument == .bool(true) else { return }
            for first in elements.indices {
                for second in elements.indices where second > first && Self.same(elements[first], elements[second]) {
                    problems.append("\(path)[\(second)]: repeats element [\(first)]")
                }
            }
        default:
            if case .number(let minimum) = argument, let count = minimum.int64Value, elements.count < count {
                problems.append("\(path): \(elements.count) elements, fewer than \(count)")
            }
        }
    }

    private func checkObject(_ members: JSONObject, keyword: String, argument: JSONValue, keywords: JSONObject,
                             path: String, depth: Int, into problems: inout [String]) {
        func memberPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
        switch keyword {
        case "properties":
            guard case .object(let properties) = argument else { return }
            for (key, schema) in properties {
                if let member = members[key] { check(member, against: schema, path: memberPath(key), depth: depth + 1, into: &problems) }
            }
        case "required":
            guard case .array(let names) = argument else { return }
            for case .string(let name) in names where members[name] == nil {
                problems.append("\(path.isEmpty ? "(root)" : path): required member \(name) is missing")
            }
        case "additionalProperties":
            var declared: Set<String> = []
            if case .object(let properties)? = keywords["properties"] { declared = Set(properties.keys) }
            for (key, member) in members where !declared.contains(key) {
                check(member, against: argument, path: memberPath(key), depth: depth + 1, into: &problems)
            }
        default:
            for (key, _) in members {
                check(.string(key), against: argument, path: memberPath(key) + " (name)", depth: depth + 1, into: &problems)
            }
        }
    }

    private func resolve(_ reference: String) -> JSONValue? {
        if reference == "#" { return root }
        guard reference.hasPrefix("#/$defs/"), case .object(let schema) = root, case .object(let definitions)? = schema["$defs"] else { return nil }
        return definitions[String(reference.dropFirst("#/$defs/".count))]
    }

    private static func has(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object), ("number", .number):
            return true
        case ("integer", .number(let number)):
            // Any number with no fractional part (1.0 included), as the specification says.
            if number.int64Value != nil || number.uint64Value != nil { return true }
            guard let double = number.doubleValue else { return false }
            return double.rounded(.towardZero) == double
        default:
            return false
        }
    }

    private static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// JSON equality: numbers by value, objects whatever their member order.
    static func same(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.number(let left), .number(let right)): return compare(left, right) == 0
        case (.array(let left), .array(let right)): return left.count == right.count && zip(left, right).allSatisfy(same)
        case (.object(let left), .object(let right)):
            return left.count == right.count && left.allSatisfy { member in right[member.key].map { same(member.value, $0) } ?? false }
        default: return lhs == rhs
        }
    }

    /// Compares two numbers exactly when both are 64-bit integers, else as Decimals.
    static func compare(_ lhs: JSONNumber, _ rhs: JSONNumber) -> Int {
        if let left = lhs.int64Value, let right = rhs.int64Value { return left < right ? -1 : left == right ? 0 : 1 }
        if let left = lhs.uint64Value, let right = rhs.uint64Value { return left < right ? -1 : left == right ? 0 : 1 }
        // One fits Int64 and the other only UInt64: the latter is above Int64.max.
        if lhs.int64Value != nil, rhs.uint64Value != nil { return -1 }
        if lhs.uint64Value != nil, rhs.int64Value != nil { return 1 }
        if let left = lhs.decimalValue, let right = rhs.decimalValue { return left < right ? -1 : left == right ? 0 : 1 }
        let left = lhs.doubleValue ?? 0
        let right = rhs.doubleValue ?? 0
        return left < right ? -1 : left == right ? 0 : 1
    }

    /// ECMA-262 patterns are unanchored searches; the library's patterns use only syntax ICU
    /// reads the same way (classes, counted repetition, non-capturing groups, anchors).
    static func matches(_ text: String, _ pattern: String) -> Bool {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    private static func conforms(_ text: String, to format: String) -> Bool {
        switch format {
        case "date-time":
            // RFC 3339 section 5.6.
            return matches(text, #"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$"#)
        case "uuid":
            return matches(text, "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$")
        case "uri":
            return URL(string: text)?.scheme != nil
        case "uri-reference":
            return URL(string: text) != nil
        default:
            return false
        }
    }
}
