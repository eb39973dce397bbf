import Foundation

/// A store that ``KeyValueDecoder/importRecords(_:fromJSON:into:options:)`` imports records
/// into: a database table, a Core Data context, a cache. The store answers lookups by
/// ``PrimaryKey``, one batch of keys at a time, applies a batch's inserts, updates and deletes,
/// and runs the whole import as one transaction. The library does the rest: reading the payload
/// once, decoding, matching records by key, merging updates, deciding what changed.
///
/// `Array` and `Dictionary` (keyed by ``PrimaryKey``) adopt it; a store adopts it in a few lines:
///
/// ```swift
/// struct UserTable: ImportTarget {
///     var rows: [PrimaryKey: User] = [:]
///     func records(forKeys keys: [PrimaryKey]) throws -> [PrimaryKey: User] {
///         rows.filter { keys.contains($0.key) }          // one query per batch: WHERE id IN (…)
///     }
///     func allKeys() throws -> [PrimaryKey] { Array(rows.keys) }
///     mutating func insert(_ records: ImportBatch<User>) throws { for (key, record) in records { rows[key] = record } }
///     mutating func update(_ records: ImportBatch<User>) throws { for (key, record) in records { rows[key] = record } }
///     mutating func delete(keys: [PrimaryKey]) throws { for key in keys { rows[key] = nil } }
///     mutating func transaction<Result>(_ body: (inout Self) throws -> Result) throws -> Result {
///         var copy = self
///         let result = try body(&copy)                   // BEGIN … COMMIT; a throw rolls back
///         self = copy
///         return result
///     }
/// }
/// ```
public protocol ImportTarget<Model> {
    /// The stored records' type.
    associatedtype Model: KeyValueModel

    /// The stored records whose keys are among `keys`, by key (keys no record holds are
    /// absent). Called once per batch of payload elements, with each key once.
    func records(forKeys keys: [PrimaryKey]) throws -> [PrimaryKey: Model]

    /// The keys of every stored record: read once, after the payload, by an import that
    /// deletes the records the payload does not name (``ImportOptions/deleteMissing``).
    func allKeys() throws -> [PrimaryKey]

    /// Stores new records, in payload order; no stored record holds their keys.
    mutating func insert(_ records: ImportBatch<Model>) throws

    /// Replaces the stored records that hold these keys with the updated records, in payload order.
    mutating func update(_ records: ImportBatch<Model>) throws

    /// Removes the stored records that hold these keys.
    mutating func delete(keys: [PrimaryKey]) throws

    /// Runs `body`, the whole import, as one transaction: when it throws, the store must be
    /// left as it was before (roll back), and the error rethrown.
    mutating func transaction<Result>(_ body: (inout Self) throws -> Result) throws -> Result

    /// Hands `visitor` the store of `type`'s records, for nested records an import matches by
    /// their own key (``MappingRules/relatedByKey(_:_:)``): call `visitor.visit(&store)` with
    /// that store and return `true`, or return `false` when this target has none. Called inside
    /// ``transaction(_:)``, once per batch and related type; the store's changes belong to the
    /// same transaction (roll them back with the rest). The default has none.
    ///
    /// ```swift
    /// mutating func visitRelatedTarget<Visitor: RelatedTargetVisitor>(for type: any KeyValueModel.Type,
    ///                                                                 with visitor: inout Visitor) throws -> Bool {
    ///     guard type == Author.self else { return false }
    ///     try visitor.visit(&authors)          // an ImportTarget of Author, such as [PrimaryKey: Author]
    ///     return true
    /// }
    /// ```
    mutating func visitRelatedTarget<Visitor: RelatedTargetVisitor>(for type: any KeyValueModel.Type, with visitor: inout Visitor) throws -> Bool
}

extension ImportTarget {
    /// None: nested records are decoded as part of their record.
    public mutating func visitRelatedTarget<Visitor: RelatedTargetVisitor>(for type: any KeyValueModel.Type, with visitor: inout Visitor) throws -> Bool {
        false
    }
}

/// An ``ImportTarget`` whose transaction can span suspension points, which an import from an
/// `AsyncSequence` of bytes (a network body) needs: the import awaits its input inside the
/// transaction. (An import from a file reads it without suspending, so any target takes one.)
///
/// `Array` and `Dictionary` adopt it; a store whose transactions are bound to a thread (SQLite
/// through GRDB, say) imports streams from files instead.
public protocol AsyncImportTarget<Model>: ImportTarget {
    /// Runs `body`, the whole import, as one transaction, as ``ImportTarget/transaction(_:)``
    /// does; `body` may suspend.
    mutating func transaction<Result>(_ body: (inout Self) async throws -> Result) async throws -> Result
}

extension Dictionary: AsyncImportTarget where Key == PrimaryKey, Value: KeyValueModel {
    /// Runs `body` on a copy, kept only when it returns.
    public mutating func transaction<Result>(_ body: (inout Self) async throws -> Result) async throws -> Result {
        var copy = self
        let result = try await body(&copy)
        self = copy
        return result
    }
}

extension Array: AsyncImportTarget where Element: KeyValueModel {
    /// Runs `body` on a copy, kept only when it returns.
    public mutating func transaction<Result>(_ body: (inout Self) async throws -> Result) async throws -> Result {
        var copy = self
        let result = try await body(&copy)
        self = copy
        return result
    }
}

extension Dictionary: ImportTarget where Key == PrimaryKey, Value: KeyValueModel {
    /// The records held under these keys.
    public func records(forKeys keys: [PrimaryKey]) throws -> [PrimaryKey: Value] {
        var found: [PrimaryKey: Value] = [:]
        found.reserveCapacity(keys.count)
        for key in keys { if let record = self[key] { found[key] = record } }
        return found
    }

    /// The dictionary's keys.
    public func allKeys() throws -> [PrimaryKey] { Array(keys) }

    /// Stores each record under its key.
    public mutating func insert(_ records: ImportBatch<Value>) throws {
        reserveCapacity(count + records.count)
        for (key, record) in records { self[key] = record }
    }

    /// Stores each record under its key.
    public mutating func update(_ records: ImportBatch<Value>) throws {
        for (key, record) in records { self[key] = record }
    }

    /// Removes the records under these keys.
    public mutating func delete(keys: [PrimaryKey]) throws {
        for key in keys { self[key] = nil }
    }

    /// Runs `body` on a copy, kept only when it returns.
    public mutating func transaction<Result>(_ body: (inout Self) throws -> Result) throws -> Result {
        var copy = self
        let result = try body(&copy)
        self = copy
        return result
    }
}

extension Array: ImportTarget where Element: KeyValueModel {
    /// The records holding these keys: one pass over the array.
    ///
    /// - Throws: ``MappingError`` when a record's key cannot be read (a key property is `nil`),
    ///   or two records hold one key, at the second.
    public func records(forKeys keys: [PrimaryKey]) throws -> [PrimaryKey: Element] {
        let wanted = Set(keys)
        var found: [PrimaryKey: Element] = [:]
        try forEachKey { key, position in
            if wanted.contains(key) { found[key] = self[position] }
        }
        return found
    }

    /// Every record's key.
    public func allKeys() throws -> [PrimaryKey] {
        var keys: [PrimaryKey] = []
        keys.reserveCapacity(count)
        try forEachKey { key, _ in keys.append(key) }
        return keys
    }

    /// Appends the records, in payload order.
    public mutating func insert(_ records: ImportBatch<Element>) throws {
        append(contentsOf: records.records)
    }

    /// Replaces each record holding one of these keys in place, so the array keeps its order.
    public mutating func update(_ records: ImportBatch<Element>) throws {
        var replacements: [PrimaryKey: Element] = [:]
        for (key, record) in records { replacements[key] = record }
        var positions: [(Int, Element)] = []
        try forEachKey { key, position in
            if let record = replacements[key] { positions.append((position, record)) }
        }
        for (position, record) in positions { self[position] = record }
    }

    /// Removes the records holding these keys; the others keep their order.
    public mutating func delete(keys: [PrimaryKey]) throws {
        let removed = Set(keys)
        var kept: [Element] = []
        kept.reserveCapacity(count)
        try forEachKey { key, position in
            if !removed.contains(key) { kept.append(self[position]) }
        }
        self = kept
    }

    /// Runs `body` on a copy, kept only when it returns.
    public mutating func transaction<Result>(_ body: (inout Self) throws -> Result) throws -> Result {
        var copy = self
        let result = try body(&copy)
        self = copy
        return result
    }

    /// Calls `visit` with each record's key and position; two records with one key are an
    /// error at the second, as a store's unique key would refuse it.
    private func forEachKey(_ visit: (PrimaryKey, Int) throws -> Void) throws {
        let reader = try PrimaryKeyReader(ModelMetadata.of(Element.self))
        var seen: [PrimaryKey: Int] = [:]
        seen.reserveCapacity(count)
        for position in indices {
            let key: PrimaryKey
            do {
                key = try reader.key(of: self[position])
            } catch let error as MappingError {
                throw error.prepending(.index(position))
            }
            if let first = seen.updateValue(position, forKey: key) {
                throw MappingError(.invalidValue(expected: "a unique primary key", found: key.description,
                                                 detail: "the records [\(first)] and [\(position)] have the same key"),
                                   path: [.index(position)])
            }
            try visit(key, position)
        }
    }
}

/// Records an import sends to its store in one call, each with its key, in payload order:
/// iterate it as `for (key, record) in batch`, or read ``keys`` and ``records`` side by side.
public struct ImportBatch<Model: KeyValueModel>: RandomAccessCollection {
    /// The records' keys.
    public let keys: [PrimaryKey]
    /// The records, `records[i]` holding `keys[i]`.
    public let records: [Model]

    /// A batch of `records` under `keys` (as many of each).
    public init(keys: [PrimaryKey], records: [Model]) {
        precondition(keys.count == records.count, "an ImportBatch needs one key per record")
        self.keys = keys
        self.records = records
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of records.
    public var endIndex: Int { records.count }

    /// The record at `position` with its key.
    public subscript(position: Int) -> (key: PrimaryKey, record: Model) {
        (keys[position], records[position])
    }
}

extension ImportBatch: Sendable where Model: Sendable {}
