import Foundation

/// Options and running state of one encode; created per call, never shared.
final class EncodingSession: NestingSession, KeyTableSession {
    let options: KeyValueEncoder
    let keyStyle: NamingStyle
    @exclusivity(unchecked) var depth = 0
    let stackLimit = StackBounds.currentLimit()
    @exclusivity(unchecked) var styledKeyTables = StyledKeyTables()
    /// Class instances whose encoding is in progress, to report cycles instead of recursing forever.
    @exclusivity(unchecked) var activeObjects: [ObjectIdentifier] = []

    init(options: KeyValueEncoder, sortedKeys: Bool = false) {
        self.options = options
        self.sortedKeys = sortedKeys
        keyStyle = options.keyNamingStyle
        omitsNil = options.nilEncoding == .omit
    }

    let omitsNil: Bool
    /// The bytes path only: write object keys in UTF-8 order.
    let sortedKeys: Bool

    var maximumDepth: Int { options.maximumDepth }

    /// Marks `object` as being encoded; throws if it already is (a cycle).
    func beginObject(_ object: AnyObject) throws {
        let identifier = ObjectIdentifier(object)
        if activeObjects.contains(identifier) {
            throw MappingError(.cycle(type: SwiftTypeName.qualified(type(of: object))))
        }
        activeObjects.append(identifier)
    }

    func endObject() {
        activeObjects.removeLast()
    }
}
