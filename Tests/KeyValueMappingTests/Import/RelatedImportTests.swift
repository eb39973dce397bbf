import Foundation
import Testing
import KeyValueMapping

struct RelatedAuthor: Mappable, Equatable {
    nonisolated(unsafe) static var validations = 0
    var id = 0
    var name = ""
    var email = ""
    static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
    func didDecode() throws { RelatedAuthor.validations += 1 }
}

struct RelatedComment: Mappable, Equatable {
    var id = 0
    var text = ""
    static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
}

struct RelatedPost: Mappable, Equatable {
    var id = 0
    var title = ""
    var author = RelatedAuthor()
    var editor: RelatedAuthor?
    var comments: [RelatedComment] = []
    static var mappingRules: MappingRules { MappingRules().primaryKey("id").relatedByKey("author", "editor", "comments") }
}

/// Posts, with the stores of their authors and comments, counting the author lookups.
struct Blog: RowsStore {
    typealias Model = RelatedPost
    var rows: [PrimaryKey: RelatedPost] = [:]
    var authors: [PrimaryKey: RelatedAuthor] = [:]
    var comments: [PrimaryKey: RelatedComment] = [:]
    let authorLookups = LockedBox<[[PrimaryKey]]>([])
    var posts: [PrimaryKey: RelatedPost] { rows }

    /// The author store, counting its lookups.
    struct Authors: RowsStore {
        typealias Model = RelatedAuthor
        var rows: [PrimaryKey: RelatedAuthor]
        let lookups: LockedBox<[[PrimaryKey]]>
        func records(forKeys keys: [PrimaryKey]) throws -> [PrimaryKey: RelatedAuthor] {
            lookups.withLock { $0.append(keys) }
            return try rows.records(forKeys: keys)
        }
    }

    mutating func visitRelatedTarget<Visitor: RelatedTargetVisitor>(for type: any KeyValueModel.Type, with visitor: inout Visitor) throws -> Bool {
        if type == RelatedAuthor.self {
            // Lent out for the visit (no copy of the rows), and put back.
            var store = Authors(rows: [:], lookups: authorLookups)
            swap(&store.rows, &authors)
            defer { swap(&store.rows, &authors) }
            try visitor.visit(&store)
            return true
        }
        if type == RelatedComment.self {
            try visitor.visit(&comments)
            return true
        }
        return false
    }
}

@Suite(.serialized) struct RelatedImportTests {
    static func blog() -> Blog {
        var blog = Blog()
        blog.authors[1] = RelatedAuthor(id: 1, name: "Ada", email: "ada@example.com")
        return blog
    }

    static let payload = #"""
        [{"id": 1, "title": "One", "author": {"id": 1, "name": "Ada L."}, "comments": [{"id": 10, "text": "first"}, {"id": 11, "text": "second"}]},
         {"id": 2, "title": "Two", "author": {"id": 1}, "editor": {"id": 2, "name": "Bob"}, "comments": [{"id": 10, "text": "edited"}]},
         {"id": 3, "title": "Three", "author": {"id": 2, "email": "bob@example.com"}}]
        """#

    @Test(arguments: ImportRoute.allCases)
    func nestedRecordsAreMatchedByTheirOwnKey(_ route: ImportRoute) async throws {
        var blog = Self.blog()
        RelatedAuthor.validations = 0
        let report = try await route.run(Self.payload, into: &blog, options: ImportOptions(batchSize: 2))
        let ada = RelatedAuthor(id: 1, name: "Ada L.", email: "ada@example.com")
        let bob = RelatedAuthor(id: 2, name: "Bob", email: "bob@example.com")
        #expect(blog.authors == [1: ada, 2: bob])
        #expect(blog.comments == [10: RelatedComment(id: 10, text: "edited"), 11: RelatedComment(id: 11, text: "second")])
        // Each post holds the stored record its nested one matched, as it stood after the batch.
        #expect(blog.posts[1]?.author == ada && blog.posts[2]?.author == ada && blog.posts[2]?.editor == RelatedAuthor(id: 2, name: "Bob"))
        #expect(blog.posts[3]?.author == bob && blog.posts[1]?.comments == [RelatedComment(id: 10, text: "edited"), RelatedComment(id: 11, text: "second")])
        #expect(report.insertedCount == 3)
        let authors = try #require(report.related["RelatedAuthor"])
        #expect(authors.updated == [1] && authors.inserted == [2] && authors.repeated == [1, 2])
        #expect(report.related["RelatedComment"]?.inserted == [10, 11])
        // One lookup of the author store per batch; didDecode once per nested author element.
        #expect(blog.authorLookups.withLock { $0 } == [[1, 2], [2]])
        #expect(RelatedAuthor.validations == 4)
    }

    @Test(arguments: ImportRoute.allCases)
    func aNestedRecordsErrorNamesItsPlaceAndNothingIsKept(_ route: ImportRoute) async {
        var blog = Self.blog()
        let before = blog
        let cases: [(String, String)] = [
            (#"[{"id": 1, "author": {"id": 1}}, {"id": 2, "author": {"name": "x"}}]"#, "[1].author.id: required key is missing (expected Int)"),
            (#"[{"id": 1, "author": {"id": 1}, "comments": [{"id": 5}, {"id": "six"}]}]"#, #"[0].comments[1].id: expected Int, found String "six""#),
            (#"[{"id": 1, "author": {"id": 1}, "editor": {"id": null}}]"#, "[0].editor.id: expected Int, found null (the property is not optional)"),
        ]
        for (json, message) in cases {
            #expect(await route.error(json, into: &blog, options: ImportOptions(batchSize: 1)) == message)
            #expect(blog.posts == before.posts && blog.authors == before.authors && blog.comments.isEmpty)
        }
    }

    @Test("declarations: a property holding no model, a related type without a key, a target without the store")
    func declarations() async throws {
        struct Loose: Mappable {
            var id = 0
            var count = 0
            static var mappingRules: MappingRules { MappingRules().primaryKey("id").relatedByKey("count") }
        }
        struct Unkeyed: Mappable { var name = "" }
        struct Holder: Mappable {
            var id = 0
            var item = Unkeyed()
            static var mappingRules: MappingRules { MappingRules().primaryKey("id").relatedByKey("item") }
        }
        var loose: [PrimaryKey: Loose] = [:]
        #expect(await ImportRoute.bytes.error("[]", into: &loose).contains(#"relatedByKey names "count" of type Int, which holds no model"#))
        var holders: [PrimaryKey: Holder] = [:]
        #expect(await ImportRoute.bytes.error("[]", into: &holders).contains(#"relatedByKey names "item" of Unkeyed: an import needs a primary key"#))
        var posts: [PrimaryKey: RelatedPost] = [:]
        #expect(await ImportRoute.bytes.error(#"[{"id": 1, "author": {"id": 1}}]"#, into: &posts)
            .contains("relatedByKey imports RelatedAuthor records by key, but [PrimaryKey: RelatedPost] hands out no store for them"))
        #expect(posts.isEmpty)
        // Every other decode reads the nested records as any nested model.
        RelatedAuthor.validations = 0
        let post = try KeyValueDecoder().decode(RelatedPost.self, fromJSON: Data(#"{"id": 1, "author": {"id": 4, "name": "Eve"}}"#.utf8))
        #expect(post.author == RelatedAuthor(id: 4, name: "Eve") && RelatedAuthor.validations == 1)
    }

    final class Writer: Mappable {
        var id = 0
        var name = ""
        required init() {}
        static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
    }
    struct Article: Mappable {
        var id = 0
        var writer = Writer()
        static var mappingRules: MappingRules { MappingRules().primaryKey("id").relatedByKey("writer") }
    }
    struct Desk: RowsStore {
        typealias Model = Article
        var rows: [PrimaryKey: Article] = [:]
        var writers: [PrimaryKey: Writer] = [:]
        var articles: [PrimaryKey: Article] { rows }
        mutating func visitRelatedTarget<Visitor: RelatedTargetVisitor>(for type: any KeyValueModel.Type, with visitor: inout Visitor) throws -> Bool {
            guard type == Writer.self else { return false }
            try visitor.visit(&writers)
            return true
        }
    }

    @Test("a related class instance is updated in place, held by every record naming it, and given its values back on failure")
    func relatedClassInstances() throws {
        let stored = Writer()
        stored.id = 7
        stored.name = "old"
        var desk = Desk(writers: [7: stored])
        try KeyValueDecoder().importRecords(Article.self, fromJSON: Data(#"[{"id": 1, "writer": {"id": 7, "name": "new"}}, {"id": 2, "writer": {"id": 7}}]"#.utf8),
                                            into: &desk)
        #expect(desk.articles[1]?.writer === stored && desk.articles[2]?.writer === stored && stored.name == "new")
        var skipping = KeyValueDecoder()
        skipping.invalidElements = .skip
        // An element whose related record does not decode is an invalid element like any other.
        let report = try skipping.importRecords(Article.self, fromJSON: Data(#"[{"id": 3, "writer": {"id": 7, "name": "newer"}}, {"id": 4, "writer": {"id": "x"}}]"#.utf8),
                                                into: &desk, options: ImportOptions(batchSize: 1))
        #expect(report.skipped == 1 && stored.name == "newer" && desk.articles.count == 3)
        // A related record without its key makes its element invalid too; without skipping, the
        // import fails and the instance gets its values back.
        #expect(throws: MappingError.self) {
            try KeyValueDecoder().importRecords(Article.self, fromJSON: Data(#"[{"id": 5, "writer": {"id": 7, "name": "newest"}}, {"id": 6, "writer": {"name": "x"}}]"#.utf8),
                                                into: &desk, options: ImportOptions(batchSize: 1))
        }
        #expect(stored.name == "newer" && desk.articles.count == 3)
    }

    enum Shop {
        struct Author: Mappable, Equatable {
            var id = 0
            static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
        }
    }
    enum Press {
        struct Author: Mappable, Equatable {
            var id = 0
            static var mappingRules: MappingRules { MappingRules().primaryKey("id") }
        }
    }
    struct Book: Mappable {
        var id = 0
        var title = ""
        var seller = Shop.Author()
        var writer = Press.Author()
        var comments: [RelatedComment] = []
        static var mappingRules: MappingRules {
            MappingRules().primaryKey("id").require("title").relatedByKey("seller", "writer", "comments")
                .map("writer", toFirstOf: ["author", "writer"]).fallback("comments", to: [RelatedComment]())
        }
    }
    /// A store of books, and of sellers, writers and comments, by type.
    struct Library: RowsStore {
        typealias Model = Book
        var rows: [PrimaryKey: Book] = [:]
        var sellers: [PrimaryKey: Shop.Author] = [:]
        var writers: [PrimaryKey: Press.Author] = [:]
        var comments: [PrimaryKey: RelatedComment] = [:]
        var books: [PrimaryKey: Book] { rows }
        mutating func visitRelatedTarget<Visitor: RelatedTargetVisitor>(for type: any KeyValueModel.Type, with visitor: inout Visitor) throws -> Bool {
            if type == Shop.Author.self { try visitor.visit(&sellers) } else if type == Press.Author.self { try visitor.visit(&writers) }
            else if type == RelatedComment.self { try visitor.visit(&comments) } else { return false }
            return true
        }
    }

    @Test(arguments: ImportRoute.allCases)
    func onlyWhatAnElementHeldIsImportedAndPutBack(_ route: ImportRoute) async throws {
        var library = Library()
        var skipping = KeyValueDecoder()
        skipping.invalidElements = .skip
        let report = try await route.run(#"""
            [{"id": 1, "title": "A", "seller": {"id": 0}, "author": {"id": 7}},
             {"id": 2, "title": "B", "comments": [{"id": 5}]},
             {"id": 3, "seller": {"id": 9}},
             {"id": 4, "title": "D", "writer": {"id": 8}, "seller": {"title": "no key"}}]
            """#, into: &library, decoder: skipping)
        // Book 3 lacks its title and book 4's seller its key: both dropped, their related records with them.
        #expect(report.insertedCount == 2 && report.skipped == 2)
        #expect(Array(library.sellers.keys) == [0] && Array(library.writers.keys) == [7])
        #expect(Array(library.comments.keys) == [5])
        // Book 2 named no seller or writer: it keeps its own defaults, not another book's records.
        #expect(library.books[2]?.seller == Shop.Author() && library.books[2]?.writer == Press.Author())
        // Two types named Author, told apart in the report.
        #expect(Set(report.related.keys).count == 3 && report.related.values.allSatisfy { $0.insertedCount == 1 })
        // Book 6's comments fell back to none (its second comment failed): comment 11 is not imported.
        try await route.run(#"[{"id": 6, "title": "F", "comments": [{"id": 11}, {"id": "x"}]}]"#, into: &library)
        #expect(Array(library.comments.keys) == [5] && library.books[6]?.comments == [])
    }

    struct Topic: Mappable {
        var id = 0
        var replies: [RelatedComment]?
        static var mappingRules: MappingRules { MappingRules().primaryKey("id").relatedByKey("replies") }
    }
    struct Forum: RowsStore {
        typealias Model = Topic
        var rows: [PrimaryKey: Topic] = [:]
        var comments: [PrimaryKey: RelatedComment] = [:]
        mutating func visitRelatedTarget<Visitor: RelatedTargetVisitor>(for type: any KeyValueModel.Type, with visitor: inout Visitor) throws -> Bool {
            guard type == RelatedComment.self else { return false }
            try visitor.visit(&comments)
            return true
        }
    }

    @Test(arguments: ImportRoute.allCases)
    func anOptionalArrayOfRelatedRecords(_ route: ImportRoute) async throws {
        var forum = Forum(comments: [1: RelatedComment(id: 1, text: "old")])
        let report = try await route.run(#"[{"id": 1, "replies": [{"id": 1, "text": "new"}, {"id": 2}]}, {"id": 2, "replies": null}, {"id": 3}]"#,
                                         into: &forum)
        #expect(report.insertedCount == 3 && report.related["RelatedComment"]?.description == "1 inserted, 1 updated, 0 unchanged, 0 deleted")
        #expect(forum.rows[1]?.replies == [RelatedComment(id: 1, text: "new"), RelatedComment(id: 2)])
        #expect(forum.rows[2]?.replies == nil && forum.rows[3]?.replies == nil && forum.comments.count == 2)
        #expect(await route.error(#"[{"id": 4, "replies": [{"id": 3}, {"text": "no key"}]}]"#, into: &forum)
            == "[0].replies[1].id: required key is missing (expected Int)")
    }

    @Test(arguments: ImportRoute.allCases)
    func aRelatedRecordWithoutItsKeyFailsInItsElementWhereItIs(_ route: ImportRoute) async {
        var library = Library()
        #expect(await route.error(#"[{"id": 1, "title": "A", "author": {"title": "no key"}}, {"id": "bad"}]"#, into: &library)
            == "[0].author.id: required key is missing (expected Int)")
        #expect(library.books.isEmpty && library.writers.isEmpty)
    }

    @Test("in JSON Lines, a related record's error names its line")
    func relatedErrorsInJSONLines() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("related-\(UUID().uuidString).jsonl")
        try Data("{\"id\": 1, \"title\": \"A\", \"seller\": {\"id\": 1}}\n{\"id\": 2, \"title\": \"B\", \"seller\": {}}\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var library = Library()
        do {
            try await KeyValueDecoder().importRecords(Book.self, fromJSONAt: url, into: &library)
            Issue.record("imported")
        } catch {
            #expect("\(error)" == "[1].seller.id (line 2): required key is missing (expected Int)")
        }
    }

    @Test("refused: class clusters, transformers on related properties, deleteMissing with records of the type itself")
    func refusedDeclarations() async {
        class Cluster: Mappable {
            var id = 0
            var author = RelatedAuthor()
            required init() {}
            class var mappingRules: MappingRules { MappingRules().primaryKey("id").relatedByKey("author").subtype { _ in nil } }
        }
        struct Transformed: Mappable {
            var id = 0
            var author = RelatedAuthor()
            static var mappingRules: MappingRules {
                MappingRules().primaryKey("id").relatedByKey("author")
                    .transform("author", with: CustomTransformer<RelatedAuthor>(decode: { _ in RelatedAuthor() }, encode: { _ in [:] as [String: Any] }))
            }
        }
        final class Node: Mappable {
            var id = 0
            var parent: Node?
            required init() {}
            static var mappingRules: MappingRules { MappingRules().primaryKey("id").relatedByKey("parent") }
        }
        var clusters: [PrimaryKey: Cluster] = [:]
        #expect(await ImportRoute.bytes.error("[]", into: &clusters).contains("relatedByKey is not supported on a class cluster"))
        var transformed: [PrimaryKey: Transformed] = [:]
        #expect(await ImportRoute.bytes.error("[]", into: &transformed).contains(#"relatedByKey names "author", which has a transformer"#))
        var nodes: [PrimaryKey: Node] = [:]
        #expect(await ImportRoute.bytes.error("[]", into: &nodes, options: ImportOptions(deleteMissing: true))
            .contains("records of the imported type itself, which deleteMissing would delete"))
    }
}
