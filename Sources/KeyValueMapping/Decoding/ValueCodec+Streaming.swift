import Foundation

// The streaming bytes path: models decode straight from the reader, value by value, with no
// tree for the values they keep. Each codec's fast path handles the JSON type it expects and
// otherwise reads the value as a JSONValue and takes the general route, so a failing value is
// reported with exactly the dictionary path's words. The reader's depth limit counts from the
// document's root here too: every container the stream opens is counted by the reader
// (`DecodingSession.enter(_:)`, `open(closing:)`, `finishElement(closing:)`), and a value read or
// skipped whole counts on top of them, so the stream and the tree refuse the same bracket.

extension ValueCodec {
    func decode(reader: inout JSONReader, _ session: DecodingSession) throws -> Value {
        try decodeThroughValue(reader: &reader, session)
    }

    /// The general streaming route, which every codec's fast path falls back to: the value is
    /// read as the dictionary path would see it and converted by `decode(_:_:)`, so results
    /// and messages are the same on both paths.
    // Text is by far the most common scalar (dates, URLs, enums, UUIDs): read it directly and
    // hand the String over, exactly what the dictionary path would see.
    func decodeThroughValue(reader: inout JSONReader, _ session: DecodingSession) throws -> Value {
        if try reader.peek() == UInt8(ascii: "\"") {
            return try decode(try reader.syntax { try $0.readString() } as Any, session)
        }
        return try decode(json: try session.readValue(&reader), session)
    }
}

extension DecodingSession {
    /// Enters the array or object whose bracket is at the reader's position: first the reader's
    /// depth limit, so a document nested deeper than ``JSONReadingOptions/maximumDepth`` fails at
    /// the bracket and with the words the tree reader uses, then the session's own depth and
    /// stack checks (``NestingSession/enter()``).
    @inline(__always)
    func enter(_ reader: inout JSONReader) throws {
        try reader.syntax { try $0.checkDepth(0) }
        try enter()
    }
}

extension JSONReader {
    /// Runs a reader step, turning its syntax error into a MappingError (the key path is added
    /// as the error unwinds through the models).
    @inline(__always)
    mutating func syntax<T>(_ step: (inout JSONReader) throws -> T) throws -> T {
        do {
            return try step(&self)
        } catch let error as JSONSyntaxError {
            throw MappingError(.malformedJSON(error.description), underlyingError: error)
        }
    }

    /// Consumes `"expected":` when the next key is exactly those bytes, without building a String;
    /// otherwise consumes nothing. `expected` holds no quote, backslash or control character, so
    /// equal bytes are a valid, escape-free JSON string.
    mutating func consumeKey(ifEqualTo expected: [UInt8]) throws -> Bool {
        let start = position + 1
        let end = start + expected.count
        // `position` is at the opening quote (the caller peeked it); every index is checked
        // against `input.count` before it is read.
        guard end < input.count, input[position] == UInt8(ascii: "\""), input[end] == UInt8(ascii: "\""),
              input.matches(expected, at: start) else { return false }
        position = end + 1
        guard try peek() == UInt8(ascii: ":") else {
            let syntax = error(JSONSyntaxError.unexpected(input[position]) + ", expected ':'", at: position)
            throw MappingError(.malformedJSON(syntax.description), underlyingError: syntax)
        }
        position += 1
        return true
    }

    /// Consumes the opening bracket the caller peeked (and entered, `DecodingSession.enter(_:)`);
    /// `true` when the container is empty (its closing bracket is consumed too), else it counts
    /// as open until ``finishElement(closing:)`` closes it.
    mutating func open(closing: UInt8) throws -> Bool {
        position += 1
        guard try peek() == closing else {
            depth += 1
            return false
        }
        position += 1
        return true
    }

    /// After an element or member: consumes `,` (`false`: more follow) or the closing bracket
    /// (`true`); anything else is a syntax error.
    mutating func finishElement(closing: UInt8) throws -> Bool {
        switch try peek() {
        case UInt8(ascii: ","):
            position += 1
            return false
        case closing:
            position += 1
            depth -= 1
            return true
        case let byte:
            let expected = closing == UInt8(ascii: "]") ? "',' or ']'" : "',' or '}'"
            let syntax = error(JSONSyntaxError.unexpected(byte) + ", expected \(expected)", at: position)
            throw MappingError(.malformedJSON(syntax.description), underlyingError: syntax)
        }
    }

    /// The next non-whitespace byte, not consumed.
    @inline(__always)
    mutating func peek() throws -> UInt8 {
        try syntax { try $0.nextStructuralByte() }
    }
}

extension IntegerCodec {
    @_specialize(where Value == Int)
    @_specialize(where Value == Int64)
    func decode(reader: inout JSONReader, _ session: DecodingSession) throws -> Value {
        let next = try reader.peek()
        guard next == UInt8(ascii: "-") || (next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9")) else {
            return try decode(json: try session.readValue(&reader), session)
        }
        if let integer = try reader.syntax({ try $0.readInt64() }) {
            if let result = Value(exactly: integer) { return result }
            return try decode(json: .number(JSONNumber(integer)), session)
        }
        return try decode(json: .number(try reader.syntax { try $0.readNumber() }), session)
    }
}

extension DoubleCodec {
    func decode(reader: inout JSONReader, _ session: DecodingSession) throws -> Double {
        let next = try reader.peek()
        guard next == UInt8(ascii: "-") || (next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9")) else {
            return try decode(json: try session.readValue(&reader), session)
        }
        if let number = try reader.syntax({ try $0.readDoubleFast() }) { return number }
        return try decode(json: .number(try reader.syntax { try $0.readNumber() }), session)
    }
}

extension StringCodec {
    func decode(reader: inout JSONReader, _ session: DecodingSession) throws -> String {
        guard try reader.peek() == UInt8(ascii: "\"") else {
            return try decode(json: try session.readValue(&reader), session)
        }
        return try reader.syntax { try $0.readString() }
    }
}

extension BoolCodec {
    func decode(reader: inout JSONReader, _ session: DecodingSession) throws -> Bool {
        switch try reader.peek() {
        case UInt8(ascii: "t"):
            try reader.syntax { try $0.readLiteral("true") }
            return true
        case UInt8(ascii: "f"):
            try reader.syntax { try $0.readLiteral("false") }
            return false
        default:
            return try decode(json: try session.readValue(&reader), session)
        }
    }
}

extension Optional {
    static func decoded(reader: inout JSONReader, by codec: any ValueCodec<Wrapped>, _ session: DecodingSession) throws -> Wrapped? {
        if try reader.peek() == UInt8(ascii: "n") {
            try reader.syntax { try $0.readLiteral("null") }
            return nil
        }
        return try codec.decode(reader: &reader, session)
    }
}

extension OptionalCodec {
    func decode(reader: inout JSONReader, _ session: DecodingSession) throws -> Value {
        try Value.decoded(reader: &reader, by: wrapped, session)
    }
}

extension ArrayCodec {
    static var initialCapacity: Int { 4 }

    @_specialize(where Element == String)
    @_specialize(where Element == Int)
    @_specialize(where Element == Double)
    func decode(reader: inout JSONReader, _ session: DecodingSession) throws -> [Element] {
        guard try reader.peek() == UInt8(ascii: "[") else {
            return try decode(json: try session.readValue(&reader), session)
        }
        try session.enter(&reader)
        defer { session.leave() }
        var result: [Element] = []
        if try reader.open(closing: UInt8(ascii: "]")) { return result }
        // One allocation for short arrays instead of growing 1, 2, 4.
        result.reserveCapacity(Self.initialCapacity)
        while true {
            let index = result.count
            do {
                result.append(try session.withPath(.index(index)) { try element.decode(reader: &reader, session) })
            } catch let error as MappingError {
                throw error.prepending(.index(index))
            }
            if try reader.finishElement(closing: UInt8(ascii: "]")) { return result }
        }
    }
}

extension DictionaryCodec {
    /// Room made before the first member: most dictionaries in payloads are this small, and
    /// one holding this many takes its smallest table either way.
    static var initialCapacity: Int { 3 }

    @_specialize(where Key == String, Element == Int)
    @_specialize(where Key == String, Element == String)
    @_specialize(where Key == String, Element == Double)
    @_specialize(where Key == String, Element == Any)
    func decode(reader: inout JSONReader, _ session: DecodingSession) throws -> [Key: Element] {
        guard try reader.peek() == UInt8(ascii: "{") else {
            return try decode(json: try session.readValue(&reader), session)
        }
        try session.enter(&reader)
        defer { session.leave() }
        if try reader.open(closing: UInt8(ascii: "}")) { return [:] }
        // Members go straight into the dictionary (no list of pairs to allocate first); a
        // larger one grows by doubling, which ends at the table size a known count would get.
        var result = [Key: Element](minimumCapacity: Self.initialCapacity)
        while true {
            _ = try reader.peek()
            let text = try reader.syntax { try $0.readKeyText() }
            guard let parsed = key.parse(text) else {
                throw MappingError.invalidValue(expected: "\(key.typeName) key", found: text, detail: "the key does not convert").prepending(.key(text))
            }
            let count = result.count
            do {
                result[parsed] = try session.withPath(.key(text)) { try element.decode(reader: &reader, session) }
            } catch let error as MappingError {
                throw error.prepending(.key(text))
            }
            // A key seen before: the same text repeated (the last value wins, as here) or
            // another spelling of the same key (an error). Distinct ASCII texts are never equal
            // `String`s, so a repeated ASCII `String` key is the same text; otherwise only the
            // parsed tree knows which, and any value error sends the decode there
            // (`JSONBytes.decode`).
            if result.count == count, !(Key.self == String.self && text.utf8.allSatisfy({ $0 < 0x80 })) {
                throw MappingError.invalidValue(expected: "\(key.typeName) key", found: text, detail: "a key seen before").prepending(.key(text))
            }
            if try reader.finishElement(closing: UInt8(ascii: "}")) { return result }
        }
    }
}

extension SetCodec {
    func decode(reader: inout JSONReader, _ session: DecodingSession) throws -> Set<Element> {
        Set(try elements.decode(reader: &reader, session))
    }
}

extension ModelCodec {
    func decode(reader: inout JSONReader, _ session: DecodingSession) throws -> Model {
        guard try metadata.decodesStreaming(session), try reader.peek() == UInt8(ascii: "{") else {
            return try decode(json: try session.readValue(&reader), session)
        }
        try session.enter(&reader)
        defer { session.leave() }
        return try metadata.makeModel(reader: &reader, session)
    }
}

extension DateCodec {
    /// ISO 8601 text is parsed where it lies in the input; anything else, and text that does
    /// not parse, takes the general route (which reports it).
    func decode(reader: inout JSONReader, _ session: DecodingSession) throws -> Date {
        switch session.options.dateDecoding {
        case .iso8601, .iso8601OrSecondsSince1970:
            guard try reader.peek() == UInt8(ascii: "\""), let range = try reader.syntax({ try $0.scanPlainASCIIString() }) else { break }
            if let date = ISO8601.parse(reader.input.slice(range)) { return date }
            return try decode(reader.input.string(range) as Any, session)
        default:
            break
        }
        return try decodeThroughValue(reader: &reader, session)
    }
}

extension URLCodec {
    /// Plain ASCII text is looked up in the decode's memo by its bytes where they lie, so a
    /// repeated URL costs neither a String nor a parse; other text is looked up once built. A
    /// value that is not text, or text that does not parse, takes the general route (which
    /// reports it).
    func decode(reader: inout JSONReader, _ session: DecodingSession) throws -> URL {
        guard try reader.peek() == UInt8(ascii: "\"") else { return try decodeThroughValue(reader: &reader, session) }
        guard let range = try reader.syntax({ try $0.scanPlainASCIIString() }) else {
            // Escapes (JSONSerialization writes `\/`) or non-ASCII: the text is built first.
            let text = try reader.syntax { try $0.readString() }
            return try session.urls.value(for: text, convert: Self.parse) ?? decode(text as Any, session)
        }
        let input = reader.input
        return try session.urls.value(for: input.slice(range), text: { input.string(range) }, convert: Self.parse)
            ?? decode(input.string(range) as Any, session)
    }
}

extension RawValueCodec {
    /// A case spelled in plain ASCII is looked up in the codec's memo by its bytes where they
    /// lie; the first occurrence of each text takes the general route (which converts it, or
    /// reports it with the dictionary path's words) and a success is remembered.
    func decode(reader: inout JSONReader, _ session: DecodingSession) throws -> Value {
        guard let texts, try reader.peek() == UInt8(ascii: "\""),
              let range = try reader.syntax({ try $0.scanPlainASCIIString() }) else {
            return try decodeThroughValue(reader: &reader, session)
        }
        let input = reader.input
        return try texts.value(for: input.slice(range), text: { input.string(range) }) { try decode($0 as Any, session) }
    }
}
