import Foundation

extension JSONValue {
    /// A JSON-compatible Swift value — what the dictionary path reads (`JSONSerialization`'s
    /// output, Swift literals) and what the encoders produce — as a JSON value. Values are
    /// told apart as every codec tells them apart (``JSONScalar``), objects' members are in
    /// UTF-8 key order (a dictionary has none), and nesting counts against the session's depth.
    ///
    /// A value JSON cannot hold is a type mismatch; a non-finite number is an overflow when
    /// decoding (a literal beyond `Double`) and a `nonFiniteNumber` error when `encoding`.
    init(libraryValue value: Any, _ session: some NestingSession, encoding: Bool) throws {
        let scalar = JSONScalar(value)
        switch scalar {
        case .null:
            self = .null
        case .bool(let flag):
            self = .bool(flag)
        case .int(let number):
            self = .number(JSONNumber(number))
        case .uint(let number):
            self = .number(JSONNumber(number))
        case .double(let number):
            guard let json = JSONNumber(number) else {
                throw encoding ? MappingError(.nonFiniteNumber("Double \(number)")) : DoubleCodec.outOfRange
            }
            self = .number(json)
        case .decimal(let number):
            guard number.isFinite, let json = JSONNumber(decimal: number) else {
                throw encoding ? MappingError(.nonFiniteNumber("Decimal \(number)")) : MappingError.typeMismatch(expected: "a JSON value", found: value)
            }
            self = .number(json)
        case .literal(let number):
            self = .number(number)
        case .string(let text):
            self = .string(text)
        case .array(let array):
            // A Foundation container is entered as itself, so one that contains itself is a cycle.
            let container = try session.enterContainer(value)
            defer { session.leaveContainer(container) }
            var elements: [JSONValue] = []
            elements.reserveCapacity(array.count)
            for index in array.indices {
                do {
                    elements.append(try JSONValue(libraryValue: array[index], session, encoding: encoding))
                } catch let error as MappingError {
                    throw error.prepending(.index(index))
                }
            }
            self = .array(elements)
        case .dictionary(let dictionary):
            let container = try session.enterContainer(value)
            defer { session.leaveContainer(container) }
            var builder = JSONObjectBuilder()
            builder.reserveCapacity(dictionary.count)
            for key in JSONWriter.orderedKeys(dictionary.keys) {
                guard let member = dictionary[key] else { continue }
                do {
                    _ = builder.insert(key: key, value: try JSONValue(libraryValue: member, session, encoding: encoding), policy: .useLast)
                } catch let error as MappingError {
                    throw error.prepending(.key(key))
                }
            }
            self = .object(JSONObject(builder))
        case .other:
            throw MappingError.typeMismatch(expected: "a JSON value", found: value)
        }
    }
}
