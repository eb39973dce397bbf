import Foundation

// The bytes path for encoding: values go straight from the model's storage into the JSON
// writer's byte buffer, with no dictionary in between. A codec without its own writer writes
// the JSON-compatible value its dictionary encoder produces.

extension ValueCodec {
    func encode(_ value: Value, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        try writer.writeValue(try encode(value, session), session)
    }
}

extension JSONWriter {
    /// Writes a JSON-compatible Swift value (what the dictionary encoder produces, or a
    /// transformer's output). Dictionary keys are written in UTF-8 order, so the output does not
    /// depend on hashing order. Containers are entered through the session: nesting counts
    /// against its depth limit, and a Foundation container inside itself is a cycle error.
    mutating func writeValue(_ value: Any, _ session: EncodingSession) throws {
        let scalar = JSONScalar(value)
        switch scalar {
        case .null: writeNull()
        case .bool(let flag): writeBool(flag)
        case .int(let number): writeInteger(number)
        case .uint(let number): writeUnsigned(number)
        case .double(let number): try writeFinite(number)
        case .decimal(let number):
            guard number.isFinite, let literal = JSONNumber(decimal: number) else { throw MappingError(.nonFiniteNumber("Decimal \(number)")) }
            writeNumber(literal)
        case .literal(let number): writeNumber(number)
        case .string(let text): writeString(text)
        case .array(let array):
            let container = try session.enterContainer(value)
            defer { session.leaveContainer(container) }
            beginArray()
            for index in array.indices {
                do { try writeValue(array[index], session) } catch let error as MappingError { throw error.prepending(.index(index)) }
            }
            endArray()
        case .dictionary(let dictionary):
            let container = try session.enterContainer(value)
            defer { session.leaveContainer(container) }
            beginObject()
            for key in JSONWriter.orderedKeys(dictionary.keys) {
                writeKey(key)
                do { try writeValue(dictionary[key] ?? NSNull(), session) } catch let error as MappingError { throw error.prepending(.key(key)) }
            }
            endObject()
        case .other:
            throw MappingError.typeMismatch(expected: "a JSON-compatible value", found: value)
        }
    }

    /// Writes a Double, turning NaN and infinities into the library's error.
    mutating func writeFinite(_ number: Double) throws {
        do {
            try writeDouble(number)
        } catch {
            throw MappingError(.nonFiniteNumber("Double \(number)"))
        }
    }

    /// Keys in UTF-8 byte order.
    static func orderedKeys(_ keys: some Collection<String>) -> [String] {
        keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}

extension JSONNumber {
    /// A number literal for a finite Decimal (its digits, as Decimal prints them).
    init?(decimal: Decimal) {
        let text = decimal.description
        guard JSONReader.isNumberLiteral(text) else { return nil }
        self.init(validatedLiteral: text)
    }
}

extension IntegerCodec {
    func encode(_ value: Value, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        if let signed = Int64(exactly: value) {
            writer.writeInteger(signed)
        } else {
            writer.writeUnsigned(UInt64(truncatingIfNeeded: value))
        }
    }
}

extension DoubleCodec {
    func encode(_ value: Double, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        try writer.writeFinite(value)
    }
}

extension BoolCodec {
    func encode(_ value: Bool, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        writer.writeBool(value)
    }
}

extension StringCodec {
    func encode(_ value: String, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        writer.writeString(value)
    }
}

extension OptionalCodec {
    func encode(_ value: Value, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        let wrote = try value.withWrapped { try wrapped.encode($0, to: &writer, session) }
        if !wrote { writer.writeNull() }
    }
}

extension ArrayCodec {
    func encode(_ value: [Element], to writer: inout JSONWriter, _ session: EncodingSession) throws {
        try session.enter()
        defer { session.leave() }
        writer.beginArray()
        // `0..<count`, not `indices`: see `ArrayCodec.encode(_:_:)`.
        for index in 0..<value.count {
            do {
                try element.encode(value[index], to: &writer, session)
            } catch let error as MappingError {
                throw error.prepending(.index(index))
            }
        }
        writer.endArray()
    }
}

extension SetCodec {
    func encode(_ value: Set<Element>, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        if let sorted = Self.sorted(value) { return try elements.encode(sorted, to: &writer, session) }
        try session.enter()
        defer { session.leave() }
        // Each element written once, laid out where it will stand, then placed in text order.
        writer.beginArray()
        var texts: [[UInt8]] = []
        texts.reserveCapacity(value.count)
        for element in value {
            var detached = writer.detachedElementWriter()
            try elements.element.encode(element, to: &detached, session)
            texts.append(detached.bytes)
        }
        texts.sort { $0.lexicographicallyPrecedes($1) }
        for text in texts { writer.writeElement(text: text) }
        writer.endArray()
    }
}

extension DictionaryCodec {
    func encode(_ value: [Key: Element], to writer: inout JSONWriter, _ session: EncodingSession) throws {
        try session.enter()
        defer { session.leave() }
        // The keys are sorted as (text, position) pairs, a type that does not depend on `Key`
        // or `Element`: a sort of pairs holding the dictionary's own index would run as
        // unspecialised generic code, through value witnesses on every comparison and move.
        try value.withIndexTable { indices in
            var entries: [(text: String, position: Int)] = []
            entries.reserveCapacity(indices.count)
            for position in 0..<indices.count { entries.append((key.print(value.keys[indices[position]]), position)) }
            entries.sort { $0.text.utf8.lexicographicallyPrecedes($1.text.utf8) }
            writer.beginObject()
            for entry in entries {
                writer.writeKey(entry.text)
                do {
                    try element.encode(value.values[indices[entry.position]], to: &writer, session)
                } catch let error as MappingError {
                    throw error.prepending(.key(entry.text))
                }
            }
            writer.endObject()
        }
    }
}

extension DateCodec {
    func encode(_ value: Date, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        guard case .iso8601 = session.options.dateEncoding else {
            return try writer.writeValue(try encode(value, session), session)
        }
        writer.writeString(try ISO8601.formatted(value))
    }
}

extension URLCodec {
    func encode(_ value: URL, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        writer.writeString(value.absoluteString)
    }
}

extension UUIDCodec {
    func encode(_ value: UUID, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        writer.writeString(value.uuidString)
    }
}

extension RawValueCodec {
    func encode(_ value: Value, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        try raw.encode(value.rawValue, to: &writer, session)
    }
}

extension ModelCodec {
    func encode(_ value: Model, to writer: inout JSONWriter, _ session: EncodingSession) throws {
        try metadata.encode(value, to: &writer, session)
    }
}
