/// Typed access to one stored field at a byte offset inside a model's storage.
///
/// Soundness rests on three invariants established when the descriptor is built:
/// the offset and type come from the runtime's own reflection for exactly this model type
/// (cross-checked with `Mirror`, or for an immutable model with the key-path reflection); only
/// fields with strong ownership are ever written, and of a `Mappable` model only its `var`s; and
/// the base pointer is the start of a live struct value (inside `withUnsafeMutablePointer`), of
/// a class instance kept alive for the duration of the access, or of the fresh storage an
/// immutable model is built in (``FreshStorage``), whose fields are initialised, never assigned.
struct FieldStorage<Value> {
    let offset: Int

    @inline(__always)
    func read(from base: UnsafeRawPointer) -> Value {
        (base + offset).assumingMemoryBound(to: Value.self).pointee
    }

    @inline(__always)
    func write(_ value: Value, to base: UnsafeMutableRawPointer) {
        // Assignment (not initialisation): the old value is released and the new one retained.
        (base + offset).assumingMemoryBound(to: Value.self).pointee = value
    }

    /// Initialises the field of fresh storage (nothing is released: nothing was there).
    @inline(__always)
    func initialize(_ value: Value, to base: UnsafeMutableRawPointer) {
        (base + offset).initializeMemory(as: Value.self, to: value)
    }

    /// Destroys the field's value, leaving the field uninitialised (a build that failed).
    @inline(__always)
    func deinitialize(in base: UnsafeMutableRawPointer) {
        (base + offset).assumingMemoryBound(to: Value.self).deinitialize(count: 1)
    }
}

/// Gives the engine the address of a model's stored fields.
enum ModelStorage {
    /// Calls `body` with the address of `model`'s fields: the struct value itself, or the object
    /// a class reference points to (kept alive until `body` returns).
    @inline(__always)
    static func withMutableFields<M, R>(of model: inout M, isClass: Bool, _ body: (UnsafeMutableRawPointer) throws -> R) rethrows -> R {
        if isClass {
            let object = model as AnyObject
            return try withExtendedLifetime(object) {
                try body(Unmanaged.passUnretained(object).toOpaque())
            }
        }
        return try withUnsafeMutablePointer(to: &model) { try body(UnsafeMutableRawPointer($0)) }
    }

    /// Read-only variant of ``withMutableFields(of:isClass:_:)``.
    @inline(__always)
    static func withFields<M, R>(of model: M, isClass: Bool, _ body: (UnsafeRawPointer) throws -> R) rethrows -> R {
        if isClass {
            let object = model as AnyObject
            return try withExtendedLifetime(object) {
                try body(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()))
            }
        }
        return try withUnsafePointer(to: model) { try body(UnsafeRawPointer($0)) }
    }
}
