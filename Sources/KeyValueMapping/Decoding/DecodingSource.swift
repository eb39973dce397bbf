import Foundation

/// Where a decode reads its values. Three formats supply them: the JSON reader over bytes
/// (``JSONReader``), a parsed tree (``TreeSource``) and Foundation values (``FoundationSource``).
/// The codecs, the model walk and the element loop are written once against this protocol and
/// compiled for each source (each codec's `decode(from:_:)` is pre-specialised for the reader,
/// the hot path), as serde's `Deserialize` is written once against `Deserializer`.
///
/// A source has a cursor on one value. Reading a value consumes it; the cursor moves to the
/// next value only through the array and object it is in (``nextElement(_:)``,
/// ``nextMember(_:in:hint:wantsKey:)``, ``nextKey(_:)``). A failure that a relaxation takes (a
/// fallback, a dropped element, lenient mode) is decided where it happens: the walk marks where
/// the value began, and on the failure skips it (``skipValue(from:)``) and carries on, so
/// nothing is ever read twice into a value and user code runs once.
// The positions and container states are the same concrete types for every source, not
// associated types: a generic walk would otherwise look their metadata up at run time on every
// call, before it even reached its copy compiled for the source.
protocol DecodingSource {
    /// Whether the source can look a member up by key (key paths, candidates and gathered
    /// keys need it); the reader cannot, and reads such a model's object as a tree first.
    static var looksUpMembers: Bool { get }

    /// Whether a value no type describes (`Any`) is read whole, as a tree, before it is
    /// converted: the reader reads any depth without recursion and refuses what is deeper than
    /// its limit before anything is built; the other sources hold their values already.
    static var readsUntypedValuesWhole: Bool { get }

    /// Where the value at the cursor begins.
    func mark() -> SourceMark
    /// Moves the cursor past the value that begins at `mark`, wherever inside it a failure left
    /// the cursor. Skipping validates what it passes (a syntax error there is thrown).
    mutating func skipValue(from mark: SourceMark) throws

    /// Decodes the value at the cursor into the property `accessor` stores in the model at
    /// `base`, through the accessor's entry for this source.
    // A second dispatch, by source: a generic method called through the accessor's class would
    // test its pre-specialisations one by one on every call; the reader's and the Foundation
    // source's entries are not generic over the source.
    mutating func decodeProperty(with accessor: MemberAccessor, into base: UnsafeMutableRawPointer, _ session: DecodingSession) throws

    /// The kind of the value at the cursor, without consuming it.
    mutating func peekKind() throws -> ValueKind
    /// Consumes the value when it is `null`.
    mutating func readNull() throws -> Bool
    /// The value when it is text (consumed), else `nil` (nothing consumed).
    mutating func readText() throws -> String?
    /// The value when it is `true` or `false` (consumed), else `nil`.
    mutating func readBool() throws -> Bool?
    /// The value when it is an integer within `Int64` as the codecs judge it (consumed), else
    /// `nil` (nothing consumed).
    mutating func readInteger() throws -> Int64?
    /// The value when it is a number whose nearest Double is cheap to find exactly (consumed),
    /// else `nil` (nothing consumed; the codec's general route judges it).
    mutating func readDouble() throws -> Double?
    /// The value when it is a number the source holds as its literal (the reader's text, a
    /// tree's number), consumed; else `nil` (nothing consumed).
    mutating func readNumberLiteral() throws -> JSONNumber?
    /// Text without escapes, all ASCII, as bytes where they lie in the input (consumed): only
    /// the reader has them; other sources give `nil` and consume nothing.
    mutating func readPlainText() throws -> ByteInput?

    /// The value as a codec judges it, consumed: `null`, a `Bool`, a `String`, a number (the
    /// literal itself where the source has one, so nothing is rounded before it is judged), or a
    /// container, summarised (``ContainerSummary``) by sources that would otherwise build it.
    mutating func readScalarValue(_ session: DecodingSession) throws -> Any
    /// The whole value as plain Foundation values, consumed: what user code (transformers,
    /// date closures) receives.
    mutating func readFoundationValue(_ session: DecodingSession) throws -> Any
    /// The whole value as a JSON tree, consumed.
    mutating func readJSONValue(_ session: DecodingSession) throws -> JSONValue
    /// The object at the cursor as the dictionary that `beforeDecoding` and `subtype` rules
    /// read, with its keys in payload order when the source has one (consumed); `nil` when the
    /// value is not an object (nothing consumed).
    mutating func readObjectForRules(_ session: DecodingSession) throws -> (dictionary: [String: Any], order: [String]?)?

    /// Opens the array at the cursor (one nesting level entered), or `nil` when the value is
    /// not an array (nothing consumed). Close it with ``closeArray(_:_:)`` however the walk ends.
    mutating func openArray(_ session: DecodingSession) throws -> SourceContainer?
    /// Room to reserve for the elements: their count where the source knows it.
    func capacity(of container: SourceContainer) -> Int
    /// Moves the cursor to the next element; `false` at the end.
    mutating func nextElement(_ container: inout SourceContainer) throws -> Bool
    /// Leaves the nesting level ``openArray(_:)`` entered.
    mutating func closeArray(_ container: SourceContainer, _ session: DecodingSession)

    /// Opens the object at the cursor (one nesting level entered), or `nil` when the value is
    /// not an object. `sorted`: a source whose members have no order gives them in UTF-8 key
    /// order (lenient decoding lists what it skips in that order). Close it with
    /// ``closeObject(_:_:)``.
    mutating func openObject(_ session: DecodingSession, sorted: Bool) throws -> SourceContainer?
    /// Whether the object's members come in an order of the payload's own (JSON text), rather
    /// than none (a dictionary).
    func hasOrder(_ container: SourceContainer) -> Bool
    /// Moves the cursor to the next member's value and says which of `table`'s decoded
    /// properties its key names, trying `hint` (the position after the previous match) first;
    /// `nil` at the end. An unmatched key's text is given when `wantsKey`.
    mutating func nextMember(_ container: inout SourceContainer, in table: KeyTable, hint: inout Int, wantsKey: Bool) throws -> MemberKey?
    /// Moves the cursor to the next member's value and gives its key; `nil` at the end.
    mutating func nextKey(_ container: inout SourceContainer) throws -> String?
    /// The value `key` finds in the object (a key path, candidates, gathered keys), as a source
    /// on it, and the path it was found at; `nil` when absent. Only when ``looksUpMembers``.
    func lookUp(_ key: ResolvedKey, in container: SourceContainer) throws -> (source: Self, path: [MappingError.PathComponent])?
    /// Leaves the nesting level ``openObject(_:sorted:)`` entered.
    mutating func closeObject(_ container: SourceContainer, _ session: DecodingSession)

    /// The member `key` of the object at the cursor, with nothing consumed: the tag of an
    /// internally tagged enum, read before the object is decoded as the tag's case. The reader
    /// scans the object (validating it, building nothing) and goes back to where it began.
    mutating func peekMember(_ key: MemberName, _ session: DecodingSession) throws -> PeekedMember
}

/// A member's key as text, and as the bytes the reader compares where the key lies in the
/// input (plain ASCII without quotes, backslashes or controls; `nil` otherwise).
struct MemberName: Sendable {
    let text: String
    let plainBytes: [UInt8]?

    init(_ text: String) {
        self.text = text
        let bytes = Array(text.utf8)
        plainBytes = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") } ? bytes : nil
    }
}

/// What ``DecodingSource/peekMember(_:_:)`` found.
enum PeekedMember {
    /// The value is not an object.
    case notObject
    /// The object has no such member.
    case absent
    /// The member's value is text.
    case text(String)
    /// The member's value is something else, as a codec judges it (for the error).
    case other(Any)
}

/// Where a value begins in the source it is read from: the reader's position and depth (the
/// other sources hold their values already, and have nothing to go back to).
struct SourceMark {
    let position: Int
    let depth: Int
}

/// An array or object a walk has opened in a source. Sources that hold their values keep the
/// open containers themselves, strictly nested as the walks open and close them; the reader
/// needs only this. A plain value (no references), so opening and closing one costs nothing
/// more than its few bytes.
struct SourceContainer {
    /// Whether the container holds nothing.
    let isEmpty: Bool
    /// Whether the walk has moved to the first element or member.
    var started = false
    /// JSON text: whether the payload is following the declaration order. After a miss the
    /// guess is not tried again until a key lands where the order predicts: payloads written
    /// from a dictionary list keys in hash order, and every failed guess costs a comparison.
    var guessing = true
    /// JSON text whose repeated keys are not simply read again (the duplicate-key policies
    /// `.useFirst` and `.reject`): the reader keeps the keys read so far.
    let checksRepeatedKeys: Bool

    init(isEmpty: Bool, checksRepeatedKeys: Bool = false) {
        self.isEmpty = isEmpty
        self.checksRepeatedKeys = checksRepeatedKeys
    }
}

/// The kinds of JSON value.
enum ValueKind {
    case null, bool, number, string, array, object
}

/// What a member's key names in a model.
enum MemberKey {
    /// The decoded property at this index of the key table.
    case property(Int)
    /// No decoded property; the key's text when it was asked for.
    case other(String?)
}

/// A container met where a scalar was expected, described without being built: its kind and
/// size, for the error that names it (`found Array (3 elements)`).
struct ContainerSummary {
    let isArray: Bool
    let count: Int

    var description: String {
        isArray ? ValueDescription.array(count: count) : ValueDescription.dictionary(count: count)
    }
}
