import Foundation
import KeyValueMapping

// Twins of the Swift blocks in Sources/KeyValueMapping/KeyValueMapping.docc/ImportingIntoAStore.md: each body between `// sample` and `// end sample` is its
// block verbatim, without the imports (see DocumentationSamples).
extension DocumentationSamples {
    static let importing: [Sample] = [
        Sample("import-target", importTarget),
        Sample("import-stream", importStream),
        Sample("import-related", importRelated),
    ]

    static func importTarget() throws {
        // sample import-target

        struct Song: Mappable {
            var id = 0
            var title = ""
            var plays = 0
            static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
        }

        struct SongTable: ImportTarget {
            var rows: [PrimaryKey: Song] = [:]
            var lookups = 0

            func records(forKeys keys: [PrimaryKey]) throws -> [PrimaryKey: Song] {
                rows.filter { keys.contains($0.key) }
            }
            func allKeys() throws -> [PrimaryKey] { Array(rows.keys) }
            mutating func insert(_ records: ImportBatch<Song>) throws {
                for (key, record) in records { rows[key] = record }
            }
            mutating func update(_ records: ImportBatch<Song>) throws {
                for (key, record) in records { rows[key] = record }
            }
            mutating func delete(keys: [PrimaryKey]) throws {
                for key in keys { rows[key] = nil }
            }
            mutating func transaction<Result>(_ body: (inout SongTable) throws -> Result) throws -> Result {
                var copy = self
                let result = try body(&copy)   // a throw leaves `self` as it was
                self = copy
                return result
            }
        }

        var table = SongTable()
        let payload = (1...5).map { ["id": $0, "title": "Song \($0)"] as [String: Any] }
        let report = try KeyValueDecoder().importRecords(Song.self, from: payload, into: &table,
                                                         options: ImportOptions(batchSize: 2))
        print(report)                          // 5 inserted, 0 updated, 0 unchanged, 0 deleted
        print(table.rows[7] == nil, table.rows[3]?.title ?? "-")   // true Song 3
        // end sample
    }

    static func importStream() async throws {
        // sample import-stream

        struct Reading: Mappable {
            var sensor = ""
            var minute = 0
            var celsius = 0.0
            static var mappingRules: MappingRules { MappingRules().primaryKey("sensor", "minute") }
        }

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("readings.jsonl")
        try Data((0..<3_000).map { #"{"sensor": "s\#($0 % 3)", "minute": \#($0 / 3), "celsius": 21.5}"# }
            .joined(separator: "\n").utf8).write(to: file)

        func importReadings(from file: URL) async throws -> ImportReport {
            var readings: [PrimaryKey: Reading] = [:]   // or your store's ImportTarget
            return try await KeyValueDecoder().importRecords(Reading.self, fromJSONAt: file, into: &readings) { progress in
                if progress.isFinished { print("read \(progress.bytesRead) bytes") }   // read 146669 bytes
            }
        }
        let report = try await importReadings(from: file)
        print(report)                         // 3000 inserted, 0 updated, 0 unchanged, 0 deleted
        print(report.inserted.isEmpty)        // true
        // end sample
    }

    static func importRelated() throws {
        // sample import-related

        struct Author: Mappable {
            var id = 0
            var name = ""
            static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
        }

        struct Post: Mappable {
            var id = 0
            var title = ""
            var author = Author()
            static var mappingRules: MappingRules { MappingRules().primaryKey("id").relatedByKey("author") }
        }

        struct Blog: ImportTarget {
            var posts: [PrimaryKey: Post] = [:]
            var authors: [PrimaryKey: Author] = [:]

            func records(forKeys keys: [PrimaryKey]) throws -> [PrimaryKey: Post] { try posts.records(forKeys: keys) }
            func allKeys() throws -> [PrimaryKey] { Array(posts.keys) }
            mutating func insert(_ records: ImportBatch<Post>) throws { try posts.insert(records) }
            mutating func update(_ records: ImportBatch<Post>) throws { try posts.update(records) }
            mutating func delete(keys: [PrimaryKey]) throws { try posts.delete(keys: keys) }
            mutating func transaction<Result>(_ body: (inout Blog) throws -> Result) throws -> Result {
                var copy = self                 // the authors roll back with the posts
                let result = try body(&copy)
                self = copy
                return result
            }
            mutating func visitRelatedTarget<Visitor: RelatedTargetVisitor>(for type: any KeyValueModel.Type,
                                                                            with visitor: inout Visitor) throws -> Bool {
                guard type == Author.self else { return false }
                try visitor.visit(&authors)
                return true
            }
        }

        var blog = Blog()
        let report = try KeyValueDecoder().importRecords(Post.self, fromJSON: Data("""
            [{"id": 1, "title": "Hello", "author": {"id": 7, "name": "Ada"}},
             {"id": 2, "title": "Again", "author": {"id": 7}}]
            """.utf8), into: &blog)
        print(report)                                  // 2 inserted, 0 updated, 0 unchanged, 0 deleted
        print(report.related["Author"] ?? ImportReport())   // 1 inserted, 0 updated, 0 unchanged, 0 deleted, 1 repeated
        print(blog.authors.count, blog.posts[2]?.author.name ?? "-")   // 1 Ada
        // end sample
    }
}
