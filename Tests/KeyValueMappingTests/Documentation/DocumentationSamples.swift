import Foundation
import Testing

/// The twins of the Swift code blocks in `README.md` and the DocC articles.
///
/// Each block is copied verbatim (without its `import` lines) into a static function of this
/// enum, between a `// sample <id>` line and an `// end sample` line, and listed in
/// ``all``. ``DocumentationSampleTests`` checks that every block of every document has exactly
/// one twin with the same code and every twin one block, runs each twin, and compares what it
/// prints with the output its block shows: the trailing `// comment` of a `print(…)` line, or
/// the `//` lines right below it. Inside these functions `print` is ``print(_:separator:terminator:)``
/// below (a member wins over the standard library's), which records instead of writing.
///
/// CI also type-checks every block on its own, imports included (`.ci/check-doc-samples`), so a
/// block that leans on something only this file declares or imports fails there.
enum DocumentationSamples {
    /// One twin: the id written after `// sample` and the function that runs it.
    struct Sample: Sendable, CustomTestStringConvertible {
        let id: String
        let run: @Sendable () async throws -> Void

        init(_ id: String, _ run: @escaping @Sendable () async throws -> Void) {
            self.id = id
            self.run = run
        }

        var testDescription: String { id }
    }

    /// Every twin, from every `…Samples.swift` file of this folder.
    static var all: [Sample] {
        readme + readmeInterop + overview + gettingStarted + rulesAndTransformers + jsonBytes + nullsAndValidation + readmeViews + modelViews
            + codable + largePayloads + comingFrom + polymorphism + importing
    }

    /// Where the running sample's output goes.
    @TaskLocal static var output: LockedBox<String>?

    /// Records what the standard library's `print` would write.
    static func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
        let text = items.map { String(describing: $0) }.joined(separator: separator) + terminator
        if let output {
            output.withLock { $0 += text }
        } else {
            Swift.print(text, terminator: "")
        }
    }

    /// Runs `sample` and returns everything it printed.
    static func printedOutput(of sample: Sample) async throws -> String {
        let box = LockedBox("")
        try await $output.withValue(box) { try await sample.run() }
        return box.withLock { $0 }
    }
}

/// The Swift code blocks of the documents and the twins' source text.
enum DocumentationSources {
    /// The documents whose Swift blocks must all be samples, relative to the repository root.
    static let documents: [String] = {
        let catalog = "Sources/KeyValueMapping/KeyValueMapping.docc"
        let articles = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.repositoryRoot.appendingPathComponent(catalog).path)) ?? []
        return ["README.md"] + articles.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
    }()

    /// A fenced code block of a document.
    struct Block: Equatable {
        let document: String
        /// 1-based line of the opening fence.
        let line: Int
        let language: String
        let lines: [String]

        /// The code without `import` lines, trailing spaces, common indentation or blank edges.
        var code: [String] { DocumentationSources.normalized(lines.filter { !$0.hasPrefix("import ") }) }
        /// The modules the block imports.
        var imports: [String] { lines.filter { $0.hasPrefix("import ") }.map { String($0.dropFirst("import ".count)) } }
    }

    /// The fenced blocks of `document` (every language).
    static func blocks(in document: String) throws -> [Block] {
        let text = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent(document), encoding: .utf8)
        var blocks: [Block] = []
        var open: (line: Int, language: String, lines: [String])?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var current = open {
                if trimmed == "```" {
                    blocks.append(Block(document: document, line: current.line, language: current.language, lines: current.lines))
                    open = nil
                } else {
                    current.lines.append(line)
                    open = current
                }
            } else if trimmed.hasPrefix("```") {
                open = (index + 1, String(trimmed.dropFirst(3)), [])
            }
        }
        return blocks
    }

    /// Every `// sample <id>` … `// end sample` region of this folder's Swift files, by id.
    static let twins: [String: [String]] = {
        let folder = Fixtures.testsDirectory.appendingPathComponent("Documentation")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var result: [String: [String]] = [:]
        for file in files.sorted() where file.hasSuffix(".swift") {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else { continue }
            var current: (id: String, lines: [String])?
            for line in text.components(separatedBy: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if let open = current {
                    if trimmed == "// end sample" {
                        result[open.id] = normalized(open.lines)
                        current = nil
                    } else {
                        current?.lines.append(line)
                    }
                } else if trimmed.hasPrefix("// sample ") {
                    current = (String(trimmed.dropFirst("// sample ".count)), [])
                }
            }
        }
        return result
    }()

    /// Lines without trailing spaces, common indentation, or blank lines at either end.
    static func normalized(_ lines: [String]) -> [String] {
        var lines = lines.map { line -> String in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let indent = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { $0.isEmpty ? $0 : String($0.dropFirst(indent)) }
    }

    /// The output a block shows: for each line that calls `print(…)`, its trailing comment, or
    /// else the comment lines right below it (or right below the braces that close the loop or
    /// `catch` the call is in).
    static func expectedOutput(of code: [String]) -> String {
        var output = ""
        var index = 0
        while index < code.count {
            let trimmed = code[index].trimmingCharacters(in: .whitespaces)
            index += 1
            guard trimmed.contains("print(") else { continue }
            if let comment = trailingComment(of: trimmed) {
                output += comment + "\n"
                continue
            }
            while index < code.count, code[index].trimmingCharacters(in: .whitespaces) == "}" { index += 1 }
            while index < code.count {
                let next = code[index].trimmingCharacters(in: .whitespaces)
                guard next.hasPrefix("//") else { break }
                var text = next.dropFirst(2)
                if text.first == " " { text = text.dropFirst() }
                output += text + "\n"
                index += 1
            }
        }
        return output
    }

    /// The text after `// ` outside string literals, if the line has a trailing comment.
    static func trailingComment(of line: String) -> String? {
        var inString = false
        var escaped = false
        let characters = Array(line)
        for index in characters.indices {
            let character = characters[index]
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                var text = characters[(index + 2)...]
                if text.first == " " { text = text.dropFirst() }
                return String(text)
            }
        }
        return nil
    }
}
