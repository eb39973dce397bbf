import Foundation

/// `Any`: the JSON value passes through as plain Swift values — `String`, `Bool`, `Int`
/// (`UInt64` above `Int.max`), `Double`, `Decimal` (numbers too large for 64 bits, and numbers
/// with more digits than a Double keeps), `[Any]`, `[String: Any]` and, inside containers only,
/// `NSNull` for `null`. A top-level `null` follows the null rule (an error for `Any`, `nil` for
/// `Any?`). A number beyond ±1.8e308 is an overflow. Foundation containers (NSArray,
/// NSDictionary) become Swift containers; one that contains itself is a cycle error. Encoding
/// accepts those values, nested `Mappable` models, and any number type; anything else is an
/// error at its key path.
struct AnyValueCodec: ValueCodec {
    var typeName: String { "Any" }

    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Any {
        if try source.readNull() { throw MappingError.typeMismatch(expected: typeName, found: NSNull()) }
        guard Source.readsUntypedValuesWhole else { return try plainValue(from: &source, session) }
        var tree = TreeSource(try source.readJSONValue(session))
        return try plainValue(from: &tree, session)
    }

    /// The value at `source` as plain values, each number judged from its literal where the
    /// source has one (so an overflow names the literal, `Number 1e400`, not an infinity).
    private func plainValue<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Any {
        if var elements = try source.openArray(session) {
            var result: [Any] = []
            result.reserveCapacity(source.capacity(of: elements))
            var index = 0
            do {
                while try source.nextElement(&elements) {
                    do { result.append(try plainValue(from: &source, session)) } catch let error as MappingError { throw error.prepending(.index(index)) }
                    index += 1
                }
            } catch {
                source.closeArray(elements, session)
                throw error
            }
            source.closeArray(elements, session)
            return result
        }
        if var members = try source.openObject(session, sorted: false) {
            do {
                let result = try plainMembers(from: &source, &members, session)
                source.closeObject(members, session)
                return result
            } catch {
                source.closeObject(members, session)
                throw error
            }
        }
        return try Self.plainScalar(try source.readScalarValue(session))
    }

    /// The members of an open object; members without an order of their own are all
    /// converted, and the failure first in key order is reported.
    private func plainMembers<Source: DecodingSource>(from source: inout Source, _ members: inout SourceContainer, _ session: DecodingSession) throws -> Any {
        let ordered = source.hasOrder(members)
        var result = [String: Any](minimumCapacity: 4)
        var failure: MappingError?
        while let key = try source.nextKey(&members) {
            do {
                result[key] = try plainValue(from: &source, session)
            } catch let error as MappingError {
                guard !ordered, error.isRelaxable else { throw error.prepending(.key(key)) }
                failure = error.prepending(.key(key)).earlierInKeyOrder(than: failure)
            }
        }
        if let failure { throw failure }
        return result
    }

    /// A scalar as the plain value it stands for: NSNumber and friends as Swift numbers, a
    /// literal as ``JSONNumber/foundationValue()`` gives it (which must be finite).
    private static func plainScalar(_ value: Any) throws -> Any {
        switch JSONScalar(value) {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .int(let number): return Int(number)
        case .uint(let number): return number
        case .double(let number):
            if number.isNaN { throw MappingError.invalidValue(expected: "Any", found: value, detail: "not a number") }
            guard number.isFinite else { throw DoubleCodec.outOfRange }
            return number
        case .decimal(let number):
            if number.isNaN { throw MappingError.invalidValue(expected: "Any", found: value, detail: "not a number") }
            return number
        case .literal(let number): return try plainValue(of: number)
        case .string(let text): return text
        case .array, .dictionary, .other:
            throw MappingError.typeMismatch(expected: "a JSON value", found: value)
        }
    }

    /// A literal as the plain value ``JSONNumber/foundationValue()`` gives, which must be finite.
    private static func plainValue(of number: JSONNumber) throws -> Any {
        let value = number.foundationValue()
        if let double = value as? Double, !double.isFinite {
            throw MappingError.overflow(expected: "Double", found: number)
        }
        return value
    }

    func encode(_ value: Any, _ session: EncodingSession) throws -> Any {
        if let model = value as? any KeyValueModel {
            return try encodeModel(model, session)
        }
        let scalar = JSONScalar(value)
        switch scalar {
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
        case .literal(let number):
            return try Self.plainValue(of: number)
        case .string(let text): return text
        case .array, .dictionary:
            return try Self.mapContainer(value, scalar, session) { try encode($0, session) }
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

    /// Applies `transform` to every element of the array or dictionary `value`, one nesting level
    /// deeper, with the element's index or key on any error.
    private static func mapContainer(_ value: Any, _ scalar: JSONScalar, _ session: some NestingSession, _ transform: (Any) throws -> Any) throws -> Any {
        let container = try session.enterContainer(value)
        defer { session.leaveContainer(container) }
        switch scalar {
        case .array(let array):
            var result: [Any] = []
            result.reserveCapacity(array.count)
            for index in array.indices {
                do { result.append(try transform(array[index])) } catch let error as MappingError { throw error.prepending(.index(index)) }
            }
            return result
        case .dictionary(let dictionary):
            var result: [String: Any] = [:]
            result.reserveCapacity(dictionary.count)
            // No order of its own: every member is converted, and the failure first in key order
            // is reported.
            var failure: MappingError?
            for (key, item) in dictionary {
                do { result[key] = try transform(item) } catch let error as MappingError { failure = error.prepending(.key(key)).earlierInKeyOrder(than: failure) }
            }
            if let failure { throw failure }
            return result
        default:
            return NSNull()
        }
    }

    private func encodeModel<M: KeyValueModel>(_ model: M, _ session: EncodingSession) throws -> Any {
        try ModelMetadata.of(M.self).encode(model, session)
    }
}
