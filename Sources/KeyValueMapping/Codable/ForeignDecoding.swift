import Foundation

// Reading the content of any `Decoder` (JSONDecoder, PropertyListDecoder, …) into the plain
// values of the dictionary path (as `JSONSerialization` gives them), for `CodableMappable`, whose
// rules then run exactly as `KeyValueDecoder.decode(_:from:)` runs them, and for `JSONValue`'s
// own `Decodable` conformance. A `Decoder` only answers
// questions such as "is this a String?" by throwing when it is not, and a thrown Codable error
// costs about as much as decoding a small value, so a model's properties say which question to
// ask first (`CodableHint`); anything else tries each JSON kind in turn.

/// The JSON a property most likely holds, so that a foreign decoder is asked for that first.
indirect enum CodableHint: Sendable {
    case unknown
    case string
    case integer
    case number
    case decimal
    case bool
    case array(CodableHint)
    case dictionary(CodableHint)
    case model(any ForeignObjectReading)
}

/// A model's metadata reading the model's object out of a foreign keyed container.
protocol ForeignObjectReading: AnyObject, Sendable {
    func readObject(from container: KeyedDecodingContainer<AnyCodingKey>, _ session: DecodingSession) throws -> [String: Any]
}

/// One value inside a foreign decoder: a keyed member, or a whole decoder's single value (an
/// array element is read through its own decoder, because an unkeyed container moves on after
/// every successful read, and a value may be asked more than once).
protocol ForeignSlot {
    var codingPath: [any CodingKey] { get }
    mutating func decodeNil() throws -> Bool
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T
    mutating func keyedContainer() throws -> KeyedDecodingContainer<AnyCodingKey>
    mutating func unkeyedContainer() throws -> any UnkeyedDecodingContainer
}

struct KeyedSlot: ForeignSlot {
    let container: KeyedDecodingContainer<AnyCodingKey>
    let key: AnyCodingKey

    var codingPath: [any CodingKey] { container.codingPath + [key] }
    func decodeNil() throws -> Bool { try container.decodeNil(forKey: key) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try container.decode(T.self, forKey: key) }
    func keyedContainer() throws -> KeyedDecodingContainer<AnyCodingKey> { try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key) }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try container.nestedUnkeyedContainer(forKey: key) }
}

struct SingleSlot: ForeignSlot {
    let decoder: any Decoder
    let single: (any SingleValueDecodingContainer)?

    init(_ decoder: any Decoder) {
        self.decoder = decoder
        single = try? decoder.singleValueContainer()
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    func decodeNil() throws -> Bool { single?.decodeNil() ?? false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard let single else { return try T(from: decoder) }
        return try single.decode(T.self)
    }
    func keyedContainer() throws -> KeyedDecodingContainer<AnyCodingKey> { try decoder.container(keyedBy: AnyCodingKey.self) }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try decoder.unkeyedContainer() }
}

/// A value the decoder holds but gives as none of JSON's kinds: a number beyond a Double's range
/// or too small for one (JSONDecoder gives no digits for either), or a property list's date or
/// data.
struct UnreadableValue: Error {
    enum Kind {
        /// Beyond ±1.8e308: the bytes path's overflow.
        case hugeNumber
        /// Nearer zero than a Double reaches (`1e-400`), which JSONDecoder reads as the integer
        /// 0: not exactly any integer, as on the bytes path.
        case tinyNumber
        case other
    }

    let codingPath: [any CodingKey]
    /// What the value is, in the words of ``ValueDescription``.
    let found: String
    let kind: Kind

    init(_ slot: inout some ForeignSlot) {
        codingPath = slot.codingPath
        if let date = try? slot.decode(Date.self) {
            found = "a property-list date (\(date))"
            kind = .other
        } else if let data = try? slot.decode(Data.self) {
            found = "property-list data (\(data.count) bytes)"
            kind = .other
        } else {
            found = "a number beyond ±1.8e308"
            kind = .hugeNumber
        }
    }

    /// A number nearer zero than a Double reaches.
    init(tinyNumberAt codingPath: [any CodingKey]) {
        self.codingPath = codingPath
        found = "a number nearer zero than a Double reaches"
        kind = .tinyNumber
    }

    /// The library's error for a value of type `expected`: for a number, the bytes path's
    /// overflow or inexact value; else a type mismatch.
    func mappingError(expected: String) -> MappingError {
        let reason: MappingError.Reason
        switch kind {
        case .hugeNumber: reason = .overflow(expected: expected, found: found)
        case .tinyNumber: reason = .notExact(expected: expected, found: found)
        case .other: reason = .typeMismatch(expected: expected, found: found)
        }
        return MappingError(reason, path: MappingError.components(of: codingPath))
    }

    /// Foundation's error, for `JSONValue`'s own `init(from:)`.
    var decodingError: DecodingError {
        DecodingError.typeMismatch(JSONValue.self, DecodingError.Context(
            codingPath: codingPath, debugDescription: "expected a JSON value, found \(found)"))
    }
}

/// Reads foreign values into JSONValues.
enum ForeignValues {
    /// Stack kept free for each level of a foreign coder's coding path, half again what
    /// Foundation's coders use.
    static let codingPathBytesPerLevel = 384

    /// The value in `slot` as the dictionary path's plain values (`String`, `Int`, `UInt64`,
    /// `Double`, `Decimal`, `Bool`, `NSNull`, `[Any]`, `[String: Any]`), asking first for what
    /// `hint` expects. Every value is a level of the session's depth and stack check (the
    /// library's default limit of 512 levels).
    static func read(_ slot: inout some ForeignSlot, hint: CodableHint, _ session: DecodingSession) throws -> Any {
        // Checked before any question: a kind the value is not makes the decoder throw an error
        // whose coding path it builds recursively, one frame per level above (Foundation's
        // coders, measured: 256 bytes a level on top of the usual reserve).
        do {
            try session.checkStack(reserving: (session.depth + 1) * codingPathBytesPerLevel)
            try session.enter()
        } catch let error as MappingError {
            throw error.prepending(MappingError.components(of: slot.codingPath))
        }
        defer { session.leave() }
        // The hinted kind first, before even asking about null: a miss costs one throw, and the
        // usual value is then read with one question instead of two.
        switch hint {
        case .unknown:
            break
        case .string:
            if let text = try? slot.decode(String.self) { return text }
        case .integer:
            if let number = try readNumber(&slot, preferringDouble: false) { return number }
        case .number:
            if let number = try readNumber(&slot, preferringDouble: true) { return number }
        case .decimal:
            if let decimal = try? slot.decode(Decimal.self), decimal.isFinite { return decimal }
        case .bool:
            if let flag = try? slot.decode(Bool.self) { return flag }
        case .array(let element):
            if var elements = try? slot.unkeyedContainer() { return try readElements(&elements, hint: element, session) }
        case .dictionary(let element):
            if let members = try? slot.keyedContainer() { return try readMembers(members, hint: element, session) }
        case .model(let metadata):
            if let members = try? slot.keyedContainer() { return try metadata.readObject(from: members, session) }
        }
        if try slot.decodeNil() { return NSNull() }
        return try readAnyKind(&slot, session)
    }

    /// Tries each JSON kind in turn, the most common first.
    private static func readAnyKind(_ slot: inout some ForeignSlot, _ session: DecodingSession) throws -> Any {
        if let text = try? slot.decode(String.self) { return text }
        if let number = try readNumber(&slot, preferringDouble: false) { return number }
        if let flag = try? slot.decode(Bool.self) { return flag }
        if let members = try? slot.keyedContainer() {
            if let decimal = archivedDecimal(members, &slot) { return decimal }
            return try readMembers(members, hint: .unknown, session)
        }
        if var elements = try? slot.unkeyedContainer() { return try readElements(&elements, hint: .unknown, session) }
        throw UnreadableValue(&slot)
    }

    /// The members `Decimal.encode(to:)` writes where a coder has no number of its own for it.
    private static let decimalKeys: Set<String> = ["exponent", "length", "isNegative", "isCompact", "mantissa"]

    /// The number in `members` when they are exactly an archived `Decimal`'s and the decoder reads
    /// them as one (a property list holds a Decimal as this object; JSONDecoder reads a Decimal
    /// only from a number, so a JSON object with these keys stays an object).
    private static func archivedDecimal(_ members: KeyedDecodingContainer<AnyCodingKey>, _ slot: inout some ForeignSlot) -> Decimal? {
        guard members.contains(AnyCodingKey(stringValue: "mantissa")),
              Set(members.allKeys.map(\.stringValue)) == decimalKeys,
              let decimal = try? slot.decode(Decimal.self), decimal.isFinite else { return nil }
        return decimal
    }

    /// A number as `JSONSerialization` would give it, read exactly where the decoder allows:
    /// integers as `Int` (`UInt64` above `Int.max`), integral values beyond 2^53 (where a
    /// Double is no longer exact) and fractions with more digits than a Double keeps as
    /// `Decimal`, other fractions as `Double`. `nil` when the value is not a finite number.
    private static func readNumber(_ slot: inout some ForeignSlot, preferringDouble: Bool) throws -> Any? {
        if !preferringDouble, let integer = try? slot.decode(Int.self) { return try exact(integer, Decimal(integer), &slot) }
        guard let double = try? slot.decode(Double.self), double.isFinite else {
            // No Double, yet an integer: JSONDecoder's reading of a number nearer zero than a
            // Double reaches, which a Double property takes as 0, as the bytes path rounds it.
            guard preferringDouble, let integer = try? slot.decode(Int.self) else { return nil }
            do {
                return try exact(integer, Decimal(integer), &slot)
            } catch let tiny as UnreadableValue where tiny.kind == .tinyNumber {
                return 0.0
            }
        }
        let isIntegral = double.rounded(.towardZero) == double
        if isIntegral, double.magnitude >= 0x1p53 {
            if preferringDouble, let integer = try? slot.decode(Int.self) { return try exact(integer, Decimal(integer), &slot) }
            if let unsigned = try? slot.decode(UInt64.self) { return try exact(unsigned, Decimal(unsigned), &slot) }
            if let decimal = try? slot.decode(Decimal.self), decimal.isFinite,
               let number = JSONNumber(decimal: decimal), Double(number.text) == double { return decimal }
            return double
        }
        // A fraction may have more digits than a Double keeps (`0.1000000000000000000001`): a
        // Decimal keeps them where the decoder offers one. A Double property wants only the
        // Double, and its hint skips this.
        if !preferringDouble, !isIntegral, let decimal = try? slot.decode(Decimal.self), decimal.isFinite,
           let number = JSONNumber(decimal: decimal), number.significantDigits > 17, Double(number.text) == double {
            return decimal
        }
        return double
    }

    /// `integer`, the decoder's reading of the number as an integer, when it is the number:
    /// JSONDecoder reads a fraction or an exponent into an integer through a Double, so
    /// `1.0000000000000001` reads as 1 and `1e-400` as 0. Its `Decimal` is exact (to 38
    /// digits): where it differs, the number is that Decimal's, as a literal the codecs judge as
    /// on the bytes path (not exactly an Int, a Bool or a UInt64). A decoder with no Decimal
    /// and no Double for it holds a number too small for either.
    static func exact(_ integer: Any, _ value: Decimal, _ slot: inout some ForeignSlot) throws -> Any {
        guard let decimal = try? slot.decode(Decimal.self) else {
            // A property list keeps integers as integers: it has a Double for them too.
            if (try? slot.decode(Double.self)) != nil { return integer }
            throw UnreadableValue(tinyNumberAt: slot.codingPath)
        }
        if decimal == value { return integer }
        guard decimal.isFinite, let number = JSONNumber(decimal: decimal) else { return integer }
        return number
    }

    /// Every member of a keyed container.
    static func readMembers(_ container: KeyedDecodingContainer<AnyCodingKey>, hint: CodableHint, _ session: DecodingSession) throws -> [String: Any] {
        let keys = container.allKeys
        var members: [String: Any] = [:]
        members.reserveCapacity(keys.count)
        for key in keys {
            var slot = KeyedSlot(container: container, key: key)
            members[key.stringValue] = try read(&slot, hint: hint, session)
        }
        return members
    }

    /// The member `key` when it is the scalar `hint` expects, else `nil` (absent, null, another
    /// kind, or a hint that is not a scalar's).
    static func readScalar(_ container: KeyedDecodingContainer<AnyCodingKey>, _ key: AnyCodingKey, hint: CodableHint) -> Any? {
        switch hint {
        case .string: return (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil
        case .integer:
            // Taken only where the decoder's exact reading agrees (see `exact`); anything else
            // is read by `read`, which keeps the exact number.
            guard let integer = (try? container.decodeIfPresent(Int.self, forKey: key)) ?? nil,
                  (try? container.decode(Decimal.self, forKey: key)) == Decimal(integer) else { return nil }
            return integer
        case .bool: return (try? container.decodeIfPresent(Bool.self, forKey: key)) ?? nil
        case .number:
            // Integral values beyond 2^53 need the exact reading of `readNumber`.
            guard let double = (try? container.decodeIfPresent(Double.self, forKey: key)) ?? nil,
                  double.isFinite, double.magnitude < 0x1p53 else { return nil }
            return double
        default: return nil
        }
    }

    /// The next element when it is the scalar `hint` expects (the container moves past it),
    /// else `nil` (the container stays where it is).
    private static func readScalar(_ container: inout any UnkeyedDecodingContainer, hint: CodableHint) -> Any? {
        switch hint {
        case .string: return try? container.decode(String.self)
        case .bool: return try? container.decode(Bool.self)
        // An integer is checked against the exact reading, which needs a decoder of its own.
        default: return nil
        }
    }

    /// Every element of an unkeyed container.
    static func readElements(_ container: inout any UnkeyedDecodingContainer, hint: CodableHint, _ session: DecodingSession) throws -> [Any] {
        var elements: [Any] = []
        if let count = container.count { elements.reserveCapacity(count) }
        while !container.isAtEnd {
            let position = container.currentIndex
            // A hinted scalar is asked of the container itself, which moves on only when it
            // succeeds; anything else gets a decoder of its own.
            if let scalar = readScalar(&container, hint: hint) {
                elements.append(scalar)
                continue
            }
            var slot = SingleSlot(try container.superDecoder())
            elements.append(try read(&slot, hint: hint, session))
            // A decoder that did not move on would loop forever.
            guard container.currentIndex > position else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: container.codingPath, debugDescription: "the decoder did not advance past element \(position)"))
            }
        }
        return elements
    }
}

extension JSONNumber {
    /// How many significant digits the literal's significand has.
    var significantDigits: Int {
        var digits = 0
        var leading = true
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "e"), UInt8(ascii: "E"): return digits
            case UInt8(ascii: "0") where leading: continue
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                leading = false
                digits += 1
            default: continue
            }
        }
        return digits
    }
}

extension ModelMetadata: ForeignObjectReading {
    /// The members this model decodes, read from a foreign keyed container with each
    /// property's hint, as the dictionary its rules are applied to. A model whose rules need
    /// the whole object (key paths, candidates, gather, hooks, class clusters) reads every
    /// member.
    func readObject(from container: KeyedDecodingContainer<AnyCodingKey>, _ session: DecodingSession) throws -> [String: Any] {
        // Default options, so the declared key table (the type's own naming style included).
        let table = declaredKeys
        let view = CodableModelView.of(self)
        let snakeCase = view.snakeCase
        guard rulesAllowStreaming, table.decodedKeysAreSingle else {
            let keys = container.allKeys
            var members: [String: Any] = [:]
            members.reserveCapacity(keys.count)
            for key in keys {
                var name = key.stringValue
                // A key rewritten by `.convertFromSnakeCase` stands for the declared one, unless
                // the declared one is there too.
                if let declared = snakeCase.declaredKey[name], !container.contains(AnyCodingKey(stringValue: declared)) {
                    name = declared
                }
                let hint = table.decodedKeyIndex[name].map { view.hints[$0] } ?? .unknown
                var slot = KeyedSlot(container: container, key: key)
                do {
                    members[name] = try ForeignValues.read(&slot, hint: hint, session)
                } catch let unreadable as UnreadableValue where unreadable.codingPath.count == slot.codingPath.count {
                    throw unreadable.mappingError(expected: table.decodedKeyIndex[name].map { decodedProperties[$0].accessor.typeName } ?? "a JSON value")
                }
            }
            return members
        }
        var members = [String: Any](minimumCapacity: table.decodedSingleKeys.count)
        let keys = table.decodedSingleKeys
        let hints = view.hints
        for index in keys.indices {
            guard let key = keys[index] else { continue }
            var codingKey = AnyCodingKey(stringValue: key)
            // A hinted scalar in one question (`decodeIfPresent` is one lookup); only a miss, an
            // absent key or a null asks more.
            if let scalar = ForeignValues.readScalar(container, codingKey, hint: hints[index]) {
                members[key] = scalar
                continue
            }
            if !container.contains(codingKey) {
                guard let converted = snakeCase.decodedSingleKeys[index].first(where: { container.contains(AnyCodingKey(stringValue: $0)) }) else { continue }
                codingKey = AnyCodingKey(stringValue: converted)
            }
            var slot = KeyedSlot(container: container, key: codingKey)
            do {
                members[key] = try ForeignValues.read(&slot, hint: hints[index], session)
            } catch let unreadable as UnreadableValue where unreadable.codingPath.count == slot.codingPath.count {
                // The property's own value: named by the property's type, as on the other paths.
                throw unreadable.mappingError(expected: decodedProperties[index].accessor.typeName)
            }
        }
        return members
    }
}
