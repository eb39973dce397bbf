import Foundation
import KeyValueMapping

/// A test store over a dictionary of records (`rows`) with stores of related records beside it:
/// everything but `visitRelatedTarget` forwards to the dictionary, and the transaction works on
/// a copy of the whole store, so related stores roll back with the records.
protocol RowsStore: AsyncImportTarget {
    var rows: [PrimaryKey: Model] { get set }
}

extension RowsStore {
    func records(forKeys keys: [PrimaryKey]) throws -> [PrimaryKey: Model] { try rows.records(forKeys: keys) }
    func allKeys() throws -> [PrimaryKey] { Array(rows.keys) }
    mutating func insert(_ records: ImportBatch<Model>) throws { try rows.insert(records) }
    mutating func update(_ records: ImportBatch<Model>) throws { try rows.update(records) }
    mutating func delete(keys: [PrimaryKey]) throws { try rows.delete(keys: keys) }

    mutating func transaction<Result>(_ body: (inout Self) throws -> Result) throws -> Result {
        var copy = self
        let result = try body(&copy)
        self = copy
        return result
    }

    mutating func transaction<Result>(_ body: (inout Self) async throws -> Result) async throws -> Result {
        var copy = self
        let result = try await body(&copy)
        self = copy
        return result
    }
}
