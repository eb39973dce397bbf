import Foundation
import KeyValueMapping
import Testing

/// Locates the test fixtures and the shared real-world data beside the repository.
enum Fixtures {
    static let testsDirectory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Parsed JSON object from `Tests/KeyValueMappingTests/Fixtures/<name>`.
    static func json(_ name: String) throws -> Any {
        let url = testsDirectory.appendingPathComponent("Fixtures").appendingPathComponent(name)
        return try JSONSerialization.jsonObject(with: try Data(contentsOf: url))
    }

    static func dictionary(_ name: String) throws -> [String: Any] {
        try #require(try json(name) as? [String: Any])
    }

    /// `shared/` beside the repository (`../shared` from the project root), walking up from this file.
    static func sharedDirectory() throws -> URL {
        var directory = testsDirectory
        for _ in 0..<6 {
            directory = directory.deletingLastPathComponent()
            for candidate in [directory.appendingPathComponent("shared"), directory.appendingPathComponent("../shared").standardizedFileURL] {
                if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("data").path) { return candidate }
            }
        }
        Issue.record("shared/ (real-world JSON) not found beside the repository")
        throw CocoaError(.fileNoSuchFile)
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
