import Foundation
import Testing
@testable import KeyValueMapping

/// Finds `/work/shared` (or a CI checkout's `shared/` beside the repository) from this file.
enum JSONSharedFiles {
    /// The `shared` folder, or `nil` when no ancestor of this file has one near it.
    static let sharedDirectory: URL? = {
        var directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        let fileManager = FileManager.default
        while directory.path != "/" {
            for candidate in [directory.appendingPathComponent("shared"),
                              directory.appendingPathComponent("../shared").standardizedFileURL] {
                let marker = candidate.appendingPathComponent("jsontestsuite/test_parsing").path
                if fileManager.fileExists(atPath: marker) {
                    return candidate
                }
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }()

    static var testParsingDirectory: URL? {
        sharedDirectory?.appendingPathComponent("jsontestsuite/test_parsing")
    }

    /// Names of the JSONTestSuite parsing cases, sorted; empty when the folder is missing
    /// (a separate test fails in that case, so nothing passes silently).
    static let parsingCases: [String] = {
        guard let directory = testParsingDirectory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    /// Real-world documents under `shared/data`, relative paths such as `github/issues.json`.
    static let dataFiles: [String] = {
        guard let data = sharedDirectory?.appendingPathComponent("data") else { return [] }
        let top = (try? FileManager.default.contentsOfDirectory(atPath: data.path)) ?? []
        let github = (try? FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("github").path)) ?? []
        return (top.filter { $0.hasSuffix(".json") } + github.filter { $0.hasSuffix(".json") }.map { "github/" + $0 }).sorted()
    }()

    static func parsingCase(_ name: String) throws -> Data {
        let directory = try #require(testParsingDirectory)
        return try Data(contentsOf: directory.appendingPathComponent(name))
    }

    static func dataFile(_ name: String) throws -> Data {
        let directory = try #require(sharedDirectory)
        return try Data(contentsOf: directory.appendingPathComponent("data").appendingPathComponent(name))
    }
}

/// Parses `text`, returning the syntax error it throws, or `nil` (after recording an issue)
/// when it parses.
func jsonSyntaxError(_ text: String, options: JSONReadingOptions = JSONReadingOptions(),
                     sourceLocation: SourceLocation = #_sourceLocation) -> JSONSyntaxError? {
    do {
        let value = try JSONValue(jsonString: text, options: options)
        Issue.record("expected a syntax error, parsed \(value)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

func jsonSyntaxError(bytes: [UInt8], options: JSONReadingOptions = JSONReadingOptions(),
                     sourceLocation: SourceLocation = #_sourceLocation) -> JSONSyntaxError? {
    do {
        let value = try JSONValue(jsonData: bytes, options: options)
        Issue.record("expected a syntax error, parsed \(value)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}
