import Foundation
import Testing

/// Key-path rules are checked by the compiler: each snippet is type-checked against the module
/// this test run built (`swiftc -typecheck`, Swift 6 mode), and must fail with the error shown,
/// or, for the control, compile.
@Suite struct KeyPathCompileTests {
    struct Snippet: Sendable, CustomTestStringConvertible {
        let name: String
        let rules: String
        /// The compiler's error, or `nil` for a snippet that must compile.
        let error: String?
        var testDescription: String { name }
    }

    static let snippets = [
        Snippet(name: "the control compiles",
                rules: #".map(\Repo.id, to: "repo_id").transform(\Repo.createdAt, with: .millisecondsSince1970).fallback(\Repo.id, to: -1).ignore(\Repo.cache)"#,
                error: nil),
        Snippet(name: "a transformer of another type", rules: #".transform(\Repo.createdAt, with: .uuid)"#,
                error: "no exact matches in call to instance method 'transform'"),
        Snippet(name: "a fallback of another type", rules: #".fallback(\Repo.id, to: "none")"#,
                error: "no exact matches in call to instance method 'fallback'"),
        Snippet(name: "a custom transformer of another type", rules: #".transform(\Repo.id, with: .custom(decode: { "\($0)" }, encode: { $0 }))"#,
                error: "cannot convert value of type 'String' to closure result type 'Int'"),
        Snippet(name: "a misspelt property", rules: #".map(\Repo.fulName, to: "full_name")"#,
                error: "value of type 'Repo' has no member 'fulName'"),
    ]

    @Test(arguments: snippets)
    func theCompilerChecksTheRule(_ snippet: Snippet) throws {
        let modules = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Modules")
        try #require(FileManager.default.fileExists(atPath: modules.appendingPathComponent("KeyValueMapping.swiftmodule").path),
                     "the built module is not beside the test runner (\(modules.path))")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keypath-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = """
            import Foundation
            import KeyValueMapping

            struct Repo: Mappable {
                var id = 0
                var createdAt = Date(timeIntervalSince1970: 0)
                var cache: [String] = []
                static var mappingRules: MappingRules { MappingRules()\(snippet.rules) }
            }
            """
        let file = folder.appendingPathComponent("main.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if let error = snippet.error {
            #expect(process.terminationStatus != 0, "compiled, but should not have")
            #expect(output.contains("error: \(error)"), "\(output)")
        } else {
            #expect(process.terminationStatus == 0, "\(output)")
        }
    }
}
