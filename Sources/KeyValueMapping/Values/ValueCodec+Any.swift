import Foundation

/// `Any`: the JSON value passes through as plain Swift values — `String`, `Bool`, `Int`
/// (`UInt64` above `Int.max`), `Double`, `Decimal` (numbers too large for 64 bits), `[Any]`,
/// `[String: Any]` and, inside containers only, `NSNull` for `null`. A top-level `null` follows
/// the null rule (an error for `Any`, `nil` for `Any?`). Encoding accepts those values, nested
/// `Mappable` models, and any number type; anything else is an error at its key path.
struct AnyValueCodec: ValueCodec {
    var typeName: String { "Any" }

    func decode(_ value: Any, _ session: DecodingSession) throws -> Any {
        if case .null = JSONScalar(value) { throw MappingError.typeMismatch(expected: typeName, found: value) }
        return try normalize(value, session)
    }

    private func normalize(_ value: Any, _ session: DecodingSession) throws -> Any {
        switch JSONScalar(value) {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .int(let number): return Int(number)
        case .uint(let number): return number
        case .double(let number): return number
        case .decimal(let number): return number
        case .string(let text): return text
        case .array(let array):
            try session.enter()
            defer { session.leave() }
            var result: [Any] = []
            result.reserveCapacity(array.count)
            for (index, item) in array.enumerated() {
                do { result.append(try normalize(item, session)) } catch let error as MappingError { throw error.prepending(.index(index)) }
            }
            return result
        case .dictionary(let dictionary):
            try session.enter()
            defer { session.leave() }
            var result: [String: Any] = [:]
            result.reserveCapacity(dictionary.count)
            for (key, item) in dictionary {
                do { result[key] = try normalize(item, session) } catch let error as MappingError { throw error.prepending(.key(key)) }
            }
            return result
        case .other:
            throw MappingError.typeMismatch(expected: "a JSON value", found: value)
        }
    }

    func encode(_ value: Any, _ session: EncodingSession) throws -> Any {
        if let model = value as? any Mappable {
            return try encodeModel(model, session)
        }
        switch JSONScalar(value) {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .int(let number): return Int(number)
        case .uint(let number): return number
        case .double(let number):
            guard number.isFinite else { throw MappingError(.nonFiniteNumber("Double \(number)")) }
            return number
        case .decimal(let number):
            guard number.isFinite else { throw MappingError(.nonFiniteNumber("Decimal \(number)")) }
            return number
        case .string(let text): return text
        case .array(let array):
            try session.enter()
            defer { session.leave() }
            var result: [Any] = []
            result.reserveCapacity(array.count)
            for (index, item) in array.enumerated() {
                do { result.append(try encode(item, session)) } catch let error as MappingError { throw error.prepending(.index(index)) }
            }
            return result
        case .dictionary(let dictionary):
            try session.enter()
            defer { session.leave() }
            var result: [String: Any] = [:]
            result.reserveCapacity(dictionary.count)
            for (key, item) in dictionary {
                do { result[key] = try encode(item, session) } catch let error as MappingError { throw error.prepending(.key(key)) }
            }
            return result
        case .other(let other):
            switch other {
            case let date as Date: return try DateCodec().encode(date, session)
            case let url as URL: return url.absoluteString
            case let uuid as UUID: return uuid.uuidString
            case let data as Data: return data.base64EncodedString()
            default: throw MappingError.typeMismatch(expected: "a JSON-compatible value", found: value)
            }
        }
    }

    private func encodeModel<M: Mappable>(_ model: M, _ session: EncodingSession) throws -> Any {
        try ModelMetadata.of(M.self).encode(model, session)
    }
}
