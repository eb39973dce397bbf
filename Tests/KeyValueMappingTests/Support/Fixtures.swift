import Foundation
import KeyValueMapping
import Testing

/// Locates the files the tests read, all inside the repository: the fixtures beside these
/// tests and the real-world JSON in `Benchmarks/Data/` (one copy, shared with the benchmark).
/// A missing file fails the test that needs it; nothing is looked for outside the repository.
enum Fixtures {
    /// `Tests/KeyValueMappingTests/`.
    static let testsDirectory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// The repository's root: two folders above `testsDirectory` (`Tests/KeyValueMappingTests`).
    static let repositoryRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    /// `Benchmarks/Data/`: the real-world documents (see its README for sources and licences).
    static let realWorldDirectory = repositoryRoot.appendingPathComponent("Benchmarks/Data")
    /// `Fixtures/JSONTestSuite/test_parsing/`: the JSONTestSuite parsing cases (MIT).
    static let parsingDirectory = testsDirectory.appendingPathComponent("Fixtures/JSONTestSuite/test_parsing")

    /// Parsed JSON object from `Tests/KeyValueMappingTests/Fixtures/<name>`.
    static func json(_ name: String) throws -> Any {
        let url = testsDirectory.appendingPathComponent("Fixtures").appendingPathComponent(name)
        return try JSONSerialization.jsonObject(with: try Data(contentsOf: url))
    }

    static func dictionary(_ name: String) throws -> [String: Any] {
        try #require(try json(name) as? [String: Any])
    }

    /// The bytes of a real-world document, such as `twitter.json` or `github/issues.json`.
    static func realWorld(_ name: String) throws -> Data {
        try Data(contentsOf: realWorldDirectory.appendingPathComponent(name))
    }

    /// Every real-world document's name, sorted; empty if the folder is missing (a test
    /// checks that it is not, so nothing passes by finding no files).
    static let realWorldFiles: [String] = {
        let fileManager = FileManager.default
        let top = (try? fileManager.contentsOfDirectory(atPath: realWorldDirectory.path)) ?? []
        let github = (try? fileManager.contentsOfDirectory(atPath: realWorldDirectory.appendingPathComponent("github").path)) ?? []
        return (top.filter { $0.hasSuffix(".json") } + github.filter { $0.hasSuffix(".json") }.map { "github/" + $0 }).sorted()
    }()

    /// Names of the JSONTestSuite parsing cases, sorted; empty if the folder is missing (a
    /// test checks that it is not).
    static let parsingCases: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parsingDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    /// The bytes of one JSONTestSuite parsing case.
    static func parsingCase(_ name: String) throws -> Data {
        try Data(contentsOf: parsingDirectory.appendingPathComponent(name))
    }
}

/// Runs `body` and returns the MappingError it throws, recording an issue if it throws none.
func mappingError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> MappingError? {
    do {
        try body()
        Issue.record("expected a MappingError, but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as MappingError {
        return error
    } catch {
        Issue.record("expected a MappingError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// A value shared between threads in a test, guarded by a pthread-backed lock that
/// ThreadSanitizer understands.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
