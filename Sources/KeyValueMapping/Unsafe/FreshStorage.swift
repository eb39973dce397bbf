/// The storage an ``ImmutableMappable`` model is built in: allocated uninitialised, its fields
/// initialised one by one through their own types, and moved out as a value only when `body`
/// returns (having initialised every field). When `body` throws it must have destroyed what it
/// initialised; the storage itself is always freed.
enum FreshStorage {
    static func build<Model>(_ type: Model.Type, _ body: (UnsafeMutableRawPointer) throws -> Void) rethrows -> Model {
        let pointer = UnsafeMutablePointer<Model>.allocate(capacity: 1)
        defer { pointer.deallocate() }
        try body(UnsafeMutableRawPointer(pointer))
        return pointer.move()
    }

    /// Whether the fields the runtime reports fill a value of `Model` to its end, so that
    /// initialising each of them initialises the value: true of a struct; an enum reports no
    /// fields but has a size (its cases' payloads are not fields).
    static func fieldsFill<Model>(_ type: Model.Type, fields: [RuntimeField]) -> Bool {
        func size<Field>(_ type: Field.Type) -> Int { MemoryLayout<Field>.size }
        let end = fields.map { $0.offset + _openExistential($0.type, do: size) }.max() ?? 0
        return end == MemoryLayout<Model>.size
    }
}

/// A stored field of optional type that a build may leave out of the payload: initialised to
/// `nil` in a new value, or to the old value's in an update.
protocol OptionalField: Sendable {
    func initializeNil(in base: UnsafeMutableRawPointer)
    func copyInitialize(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer)
}

/// Optional types, which make their ``OptionalField``.
protocol OptionalFieldType {
    static func field(at offset: Int) -> any OptionalField
}

extension Optional: OptionalFieldType {
    static func field(at offset: Int) -> any OptionalField {
        OptionalFieldStorage<Wrapped>(storage: FieldStorage(offset: offset))
    }
}

private struct OptionalFieldStorage<Wrapped>: OptionalField {
    let storage: FieldStorage<Wrapped?>

    func initializeNil(in base: UnsafeMutableRawPointer) {
        storage.initialize(nil, to: base)
    }

    func copyInitialize(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer) {
        storage.initialize(storage.read(from: source), to: destination)
    }
}
