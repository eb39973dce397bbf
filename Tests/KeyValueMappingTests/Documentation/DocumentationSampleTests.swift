import Foundation
import Testing

/// Every Swift block in the README and the DocC articles is a sample that compiles (its twin in
/// this folder), runs, and prints what the block says it prints.
@Suite struct DocumentationSampleTests {
    @Test func theDocumentsAreFound() {
        #expect(DocumentationSources.documents.contains("README.md"))
        #expect(DocumentationSources.documents.contains { $0.hasSuffix("GettingStarted.md") })
        #expect(DocumentationSources.documents.count >= 6)
    }

    @Test(arguments: DocumentationSources.documents)
    func everySwiftBlockHasATwin(_ document: String) throws {
        for block in try DocumentationSources.blocks(in: document) where block.language == "swift" && !block.isManifest {
            let matches = DocumentationSources.twins.filter { $0.value == block.code }.map(\.key)
            #expect(matches.count == 1, "\(document):\(block.line): \(matches.isEmpty ? "no twin has this code" : "several twins: \(matches)")")
            #expect(block.imports.contains("KeyValueMapping"), "\(document):\(block.line): a sample imports KeyValueMapping")
        }
    }

    @Test func everyTwinIsShownAndRegistered() throws {
        let blocks = try DocumentationSources.documents.flatMap { try DocumentationSources.blocks(in: $0) }
        for (id, code) in DocumentationSources.twins {
            #expect(blocks.contains { $0.code == code }, "the twin \(id) matches no documentation block: update the document or the twin")
        }
        let registered = DocumentationSamples.all.map(\.id)
        #expect(Set(registered) == Set(DocumentationSources.twins.keys))
        #expect(Set(registered).count == registered.count)
    }

    @Test(arguments: DocumentationSamples.all)
    func sampleRunsAndPrintsWhatItsBlockShows(_ sample: DocumentationSamples.Sample) async throws {
        let code = try #require(DocumentationSources.twins[sample.id], "no `// sample \(sample.id)` region in Documentation/")
        let printed = try await DocumentationSamples.printedOutput(of: sample)
        #expect(printed == DocumentationSources.expectedOutput(of: code))
    }

    /// A block that is a package manifest (the README's install snippet) is evaluated by
    /// SwiftPM itself: `swift package dump-package` compiles and runs it.
    @Test func manifestBlocksAreValidPackageManifests() throws {
        let manifests = try DocumentationSources.documents.flatMap { try DocumentationSources.blocks(in: $0) }.filter(\.isManifest)
        #expect(!manifests.isEmpty)
        for block in manifests {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try block.lines.joined(separator: "\n").write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            try "print(0)\n".write(to: folder.appendingPathComponent("Sources/App/main.swift"), atomically: true, encoding: .utf8)
            let dump = try Self.run(["swift", "package", "dump-package"], in: folder)
            #expect(dump.status == 0, "\(block.document):\(block.line): \(dump.output)")
            #expect(dump.output.contains("\"KeyValueMapping\""))
            #expect(dump.output.contains("0.2.0"))
        }
    }

    private static func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

extension DocumentationSources.Block {
    /// A package manifest rather than library code.
    var isManifest: Bool { lines.first?.hasPrefix("// swift-tools-version") == true }
}
