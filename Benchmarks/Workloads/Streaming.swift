import Foundation
import KeyValueMapping

// streaming: a generated file of flat records (`FlatBasicRecord`) decoded with
// `models(of:fromJSONAt:)`, once written as a JSON array and once as JSON Lines, against the
// in-memory `[FlatBasicRecord](jsonData:)` of the array file's bytes (the target's reference,
// with the bytes already in memory; a second row reads the file first, as a stream must):
// throughput (MB/s of input) and, each in a fresh child process as in the memory section, the
// peak resident set above the process's baseline — for the two streams and for a streamed import
// (`importRecords(_:fromJSONAt:into:)`) of the JSON Lines file into a store that keeps nothing,
// so that what grows is the import's own. The figures go to the printed table only; the JSON
// report keeps its fixed names.

/// Measures and prints the streaming section.
enum StreamingBenchmark {
    /// The hidden flag that makes this binary the RSS child: a format (`array` or `lines`, or
    /// `import` for a streamed import of JSON Lines) and the path of the file to stream.
    static let probeFlag = "--stream-probe"
    /// The issue's targets: at least this fraction of the in-memory speed, and at most this
    /// many MB (10^6 bytes) of peak RSS above the baseline.
    static let targetSpeed = 0.8
    static let targetMegabytes = 64.0
    private static let resultPrefix = "stream-probe-result"

    /// The two generated files and what they hold.
    struct Files {
        let folder: URL
        let array: URL
        let lines: URL
        let records: Int
        let samples: [(index: Int, record: FlatBasicRecord)]

        var arrayBytes: Int { FileSize.of(array) }
        var linesBytes: Int { FileSize.of(lines) }
    }

    /// What one RSS child measured.
    struct Probe {
        let format: String
        let inputBytes: Int
        let baselineKiB: Int
        let peakKiB: Int
        let nanoseconds: Double
        let bufferPeak: Int
    }

    /// The section's figures.
    struct Figures {
        let files: (arrayBytes: Int, linesBytes: Int, records: Int)
        let inMemory: Statistics
        /// The same decode with the file read first (`Data(contentsOf:)`), as a stream reads it.
        let readAndDecode: Statistics
        let streamArray: Statistics
        let streamLines: Statistics
        let probes: [Probe]
    }

    // MARK: Parent

    /// Writes about `megabytes` MB of records in both formats, verifies the streams against the
    /// in-memory decode, times the three interleaved, and runs one RSS child per format.
    static func measure(runner: Runner, megabytes: Int) throws -> Figures {
        let files = try writeFiles(megabytes: megabytes)
        defer { try? FileManager.default.removeItem(at: files.folder) }
        let data = try Data(contentsOf: files.array)
        let decoder = KeyValueDecoder()
        let arrayURL = files.array
        let linesURL = files.lines
        // Verification, untimed: the same records in the same order every way.
        let inMemory = try decoder.decode([FlatBasicRecord].self, fromJSON: data)
        try verify(inMemory.count, files: files) { inMemory[$0] }
        for url in [arrayURL, linesURL] {
            let streamed = try waitFor { try await sampled(decoder.models(of: FlatBasicRecord.self, fromJSONAt: url), at: files.samples.map(\.index)) }
            guard streamed.count == files.records else {
                throw BenchmarkFailure("verification failed: streaming \(url.lastPathComponent) gave \(streamed.count) records, expected \(files.records)")
            }
            try verify(streamed.count, files: files) { streamed.samples[$0] ?? FlatBasicRecord() }
        }
        let statistics = try runner.sample([
            { checksum(try decoder.decode([FlatBasicRecord].self, fromJSON: data)) },
            { checksum(try decoder.decode([FlatBasicRecord].self, fromJSON: try Data(contentsOf: arrayURL))) },
            { try waitFor { try await streamChecksum(decoder.models(of: FlatBasicRecord.self, fromJSONAt: arrayURL)) } },
            { try waitFor { try await streamChecksum(decoder.models(of: FlatBasicRecord.self, fromJSONAt: linesURL)) } },
        ], objects: files.records, labels: ["streaming/in-memory", "streaming/read-and-decode", "streaming/array", "streaming/lines"])
        // Child processes measure memory; a `--repeat` run counts instructions only.
        let probes = runner.settings.repeating != nil ? [] : try [("array", arrayURL), ("lines", linesURL), ("import", linesURL)].map { format, url in
            try probe(format: format, url: url)
        }
        return Figures(files: (files.arrayBytes, files.linesBytes, files.records), inMemory: statistics[0], readAndDecode: statistics[1],
                       streamArray: statistics[2], streamLines: statistics[3], probes: probes)
    }

    /// Prints the "streaming" table and the verdicts against the targets. `freshProcess` is the
    /// memory section's in-memory decode of the same kind of records in a fresh process, the
    /// counterpart of the RSS children's one-pass streams.
    static func printReport(_ figures: Figures, freshProcess: MemoryProbe.Result?) {
        print("\n== streaming (\(Report.grouped(Double(figures.files.records))) FlatBasicRecords; MB = 10^6 bytes; RSS in fresh child processes) ==")
        let header = [
            Report.pad("candidate", 44), Report.padLeft("input MB", 9), Report.padLeft("MB/s", 8), Report.padLeft("median", 10),
            Report.padLeft("min–max", 21), "  speed vs in-memory",
        ]
        print(header.joined(separator: " "))
        let rows: [(String, Int, Statistics)] = [
            ("[FlatBasicRecord](jsonData:) in memory", figures.files.arrayBytes, figures.inMemory),
            ("the same after Data(contentsOf:) of the file", figures.files.arrayBytes, figures.readAndDecode),
            ("models(of:fromJSONAt:), JSON array", figures.files.arrayBytes, figures.streamArray),
            ("models(of:fromJSONAt:), JSON Lines", figures.files.linesBytes, figures.streamLines),
        ]
        let reference = megabytesPerSecond(figures.files.arrayBytes, figures.inMemory, records: figures.files.records)
        for (index, (name, bytes, statistics)) in rows.enumerated() {
            let speed = megabytesPerSecond(bytes, statistics, records: figures.files.records)
            let perFile = statistics.median * Double(figures.files.records)
            let row = [
                Report.pad(name, 44), Report.padLeft(String(format: "%.1f", Double(bytes) / 1e6), 9),
                Report.padLeft(String(format: "%.1f", speed), 8), Report.padLeft(Report.duration(perFile), 10),
                Report.padLeft("\(Report.duration(statistics.minimum * Double(figures.files.records)))–\(Report.duration(statistics.maximum * Double(figures.files.records)))", 21),
                "  " + (index == 0 ? "(the reference)" : Report.speedRatio(speed / reference, than: "in-memory")),
            ]
            print(row.joined(separator: " "))
        }
        print(Report.pad("peak RSS while streaming", 44) + Report.padLeft("input MB", 9) + Report.padLeft("baseline MB", 13)
            + Report.padLeft("peak MB", 9) + Report.padLeft("above MB", 10) + Report.padLeft("buffer peak", 13) + Report.padLeft("MB/s", 8))
        for probe in figures.probes {
            let above = Double(probe.peakKiB - probe.baselineKiB) * 1024 / 1e6
            print(Report.pad("  " + probeName(probe.format), 44)
                + Report.padLeft(String(format: "%.1f", Double(probe.inputBytes) / 1e6), 9)
                + Report.padLeft(String(format: "%.1f", Double(probe.baselineKiB) * 1024 / 1e6), 13)
                + Report.padLeft(String(format: "%.1f", Double(probe.peakKiB) * 1024 / 1e6), 9)
                + Report.padLeft(String(format: "%.1f", above), 10)
                + Report.padLeft(Report.grouped(Double(probe.bufferPeak)), 13)
                + Report.padLeft(String(format: "%.1f", Double(probe.inputBytes) / probe.nanoseconds * 1e9 / 1e6), 8))
        }
        let readFirst = megabytesPerSecond(figures.files.arrayBytes, figures.readAndDecode, records: figures.files.records)
        for (name, statistics, bytes) in [("JSON array", figures.streamArray, figures.files.arrayBytes), ("JSON Lines", figures.streamLines, figures.files.linesBytes)] {
            let speed = megabytesPerSecond(bytes, statistics, records: figures.files.records)
            let ratio = speed / reference
            let verdict = ratio >= targetSpeed ? "met" : "missed"
            print("  target speed ≥ \(String(format: "%.1f", targetSpeed))× in-memory, \(name): \(verdict) (\(Report.speedRatio(ratio, than: "in-memory")); "
                + "\(Report.speedRatio(speed / readFirst, than: "reading the file, then decoding it in memory")))")
        }
        // The rows above repeat each decode in this long-lived process, where the in-memory
        // decode finds its quarter gigabyte of results' pages already mapped; a first pass in a
        // fresh process pays for them, as any one-off decode does.
        if let freshProcess {
            let inMemory = Double(freshProcess.inputBytes) / freshProcess.decodeNanoseconds * 1e9 / 1e6
            for probe in figures.probes where probe.format != "import" {
                let speed = Double(probe.inputBytes) / probe.nanoseconds * 1e9 / 1e6
                print("  one pass in a fresh process, \(probe.format == "array" ? "JSON array" : "JSON Lines"): "
                    + "\(String(format: "%.1f", speed)) MB/s against the in-memory decode's \(String(format: "%.1f", inMemory)) MB/s in the memory section "
                    + "(\(Report.speedRatio(speed / inMemory, than: "in-memory")))")
            }
        }
        for probe in figures.probes {
            let above = Double(probe.peakKiB - probe.baselineKiB) * 1024 / 1e6
            let verdict = above < targetMegabytes ? "met" : "missed"
            print("  target peak RSS < \(Int(targetMegabytes)) MB above baseline, \(probeName(probe.format)): \(verdict) (\(String(format: "%.1f", above)) MB)")
        }
        print("  baseline = peak RSS after building the model's metadata, before streaming; buffer peak = JSONStreamProgress.peakBufferedBytes "
            + "(ImportProgress.bufferedBytes for the import)")
    }

    private static func probeName(_ format: String) -> String {
        switch format {
        case "array": return "models(of:fromJSONAt:), JSON array"
        case "lines": return "models(of:fromJSONAt:), JSON Lines"
        default: return "importRecords(_:fromJSONAt:into:), JSON Lines"
        }
    }

    private static func megabytesPerSecond(_ bytes: Int, _ statistics: Statistics, records: Int) -> Double {
        Double(bytes) / (statistics.median * Double(records)) * 1e9 / 1e6
    }

    /// Generates records straight into two files, a megabyte at a time, never holding them.
    private static func writeFiles(megabytes: Int) throws -> Files {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyvaluemapping-streaming-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let array = folder.appendingPathComponent("records.json")
        let lines = folder.appendingPathComponent("records.jsonl")
        guard FileManager.default.createFile(atPath: array.path, contents: nil), FileManager.default.createFile(atPath: lines.path, contents: nil) else {
            throw BenchmarkFailure("streaming: cannot create the input files in \(folder.path)")
        }
        let arrayFile = try FileHandle(forWritingTo: array)
        let linesFile = try FileHandle(forWritingTo: lines)
        defer {
            try? arrayFile.close()
            try? linesFile.close()
        }
        var generator = FlatGenerator()
        var arrayText: [UInt8] = [UInt8(ascii: "[")]
        var lineText: [UInt8] = []
        var record: [UInt8] = []
        var written = 0
        var count = 0
        var samples: [(index: Int, record: FlatBasicRecord)] = []
        let target = megabytes * 1_000_000
        while written + arrayText.count < target {
            let value = FlatBasicRecord.generate(id: count + 1, with: &generator)
            if count.isMultiple(of: 9_973) { samples.append((count, value)) }
            record.removeAll(keepingCapacity: true)
            value.appendJSON(to: &record)
            if count > 0 { arrayText.append(UInt8(ascii: ",")) }
            arrayText += record
            lineText += record
            lineText.append(UInt8(ascii: "\n"))
            count += 1
            if arrayText.count >= 1_000_000 {
                written += arrayText.count
                try arrayFile.write(contentsOf: arrayText)
                try linesFile.write(contentsOf: lineText)
                arrayText.removeAll(keepingCapacity: true)
                lineText.removeAll(keepingCapacity: true)
            }
        }
        arrayText.append(UInt8(ascii: "]"))
        try arrayFile.write(contentsOf: arrayText)
        try linesFile.write(contentsOf: lineText)
        return Files(folder: folder, array: array, lines: lines, records: count, samples: samples)
    }

    private static func verify(_ count: Int, files: Files, record: (Int) -> FlatBasicRecord) throws {
        guard count == files.records else {
            throw BenchmarkFailure("verification failed: streaming: \(count) records decoded, expected \(files.records)")
        }
        for (index, expected) in files.samples where record(index) != expected {
            throw BenchmarkFailure("verification failed: streaming: record [\(index)] decoded as \(record(index)), expected \(expected)")
        }
    }

    /// How many records a stream gives, keeping those at `indexes`.
    private static func sampled(_ stream: JSONModelStream<FlatBasicRecord, AsyncFileBytes>, at indexes: [Int]) async throws -> (count: Int, samples: [Int: FlatBasicRecord]) {
        let wanted = Set(indexes)
        var samples: [Int: FlatBasicRecord] = [:]
        var count = 0
        for try await record in stream {
            if wanted.contains(count) { samples[count] = record }
            count += 1
        }
        return (count, samples)
    }

    private static func streamChecksum(_ stream: JSONModelStream<FlatBasicRecord, AsyncFileBytes>) async throws -> Int {
        var sum = 0
        for try await record in stream { sum &+= record.id &+ record.tags.count }
        return sum
    }

    private static func checksum(_ records: [FlatBasicRecord]) -> Int {
        records.reduce(0) { $0 &+ $1.id &+ $1.tags.count }
    }

    /// Runs the RSS child for one file and reads its result line.
    private static func probe(format: String, url: URL) throws -> Probe {
        let text = try MemoryProbe.runChild(arguments: [probeFlag, format, url.path], what: "the streaming \(format) probe")
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix(resultPrefix) }) else {
            throw BenchmarkFailure("streaming: the \(format) probe printed no result line; its output was: \(text)")
        }
        var fields: [String: Double] = [:]
        for pair in line.split(separator: " ").dropFirst() {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let number = Double(parts[1]) { fields[String(parts[0])] = number }
        }
        guard let input = fields["input_bytes"], let baseline = fields["baseline_kib"], let peak = fields["peak_kib"],
              let nanoseconds = fields["decode_ns"], let buffer = fields["buffer_peak"] else {
            throw BenchmarkFailure("streaming: the \(format) probe's result line is incomplete: \(line)")
        }
        return Probe(format: format, inputBytes: Int(input), baselineKiB: Int(baseline), peakKiB: Int(peak), nanoseconds: nanoseconds, bufferPeak: Int(buffer))
    }

    // MARK: Child

    /// The RSS child's whole job: build the model's metadata (one small decode), note the peak
    /// RSS, stream the whole file, and print one result line.
    static func runChild(format: String, path: String) throws {
        let url = URL(fileURLWithPath: path)
        let decoder = KeyValueDecoder()
        var warmUp = FlatGenerator()
        var text: [UInt8] = []
        FlatBasicRecord.generate(id: 1, with: &warmUp).appendJSON(to: &text)
        _ = try decoder.decode(FlatBasicRecord.self, fromJSON: text)
        if format == "import" { return try runImportChild(url: url, warmUp: text) }
        let baseline = try MemoryProbe.peakResidentKiB()
        let stream = decoder.models(of: FlatBasicRecord.self, fromJSONAt: url, format: format == "array" ? .jsonArray : .jsonLines)
        var count = 0
        let nanoseconds = try time {
            count = try waitFor { try await streamChecksum(stream) }
        }
        let peak = try MemoryProbe.peakResidentKiB()
        print("\(resultPrefix) input_bytes=\(FileSize.of(url)) baseline_kib=\(baseline) peak_kib=\(peak) decode_ns=\(Int(nanoseconds)) "
            + "buffer_peak=\(stream.progress.peakBufferedBytes) checksum=\(count)")
    }
}

extension StreamingBenchmark {
    /// The import child: the JSON Lines file imported into a store that counts and keeps
    /// nothing, every record an insert, with the default options (a batch of 1,000, counts only).
    private static func runImportChild(url: URL, warmUp: [UInt8]) throws {
        let decoder = KeyValueDecoder()
        _ = try decoder.decode(UpsertRecord.self, fromJSON: warmUp)
        let baseline = try MemoryProbe.peakResidentKiB()
        let buffered = LockedMaximum()
        var report = ImportReport()
        let nanoseconds = try time {
            report = try waitFor {
                var store = CountingStore()
                return try await decoder.importRecords(UpsertRecord.self, fromJSONAt: url, into: &store) { buffered.raise(to: $0.bufferedBytes) }
            }
        }
        let peak = try MemoryProbe.peakResidentKiB()
        print("\(resultPrefix) input_bytes=\(FileSize.of(url)) baseline_kib=\(baseline) peak_kib=\(peak) decode_ns=\(Int(nanoseconds)) "
            + "buffer_peak=\(buffered.value) checksum=\(report.insertedCount)")
    }

    /// A store that keeps nothing: every record is new, and inserting it only counts it.
    private struct CountingStore: ImportTarget {
        var count = 0
        func records(forKeys keys: [PrimaryKey]) throws -> [PrimaryKey: UpsertRecord] { [:] }
        func allKeys() throws -> [PrimaryKey] { [] }
        mutating func insert(_ records: ImportBatch<UpsertRecord>) throws { count += records.count }
        mutating func update(_ records: ImportBatch<UpsertRecord>) throws {}
        mutating func delete(keys: [PrimaryKey]) throws {}
        mutating func transaction<Result>(_ body: (inout Self) throws -> Result) throws -> Result { try body(&self) }
    }

    /// The largest figure seen, from the importing task.
    private final class LockedMaximum: @unchecked Sendable {
        private let lock = NSLock()
        private var maximum = 0
        var value: Int { lock.withLock { maximum } }
        func raise(to figure: Int) { lock.withLock { maximum = max(maximum, figure) } }
    }
}

/// A file's size in bytes (0 when unknown).
enum FileSize {
    static func of(_ url: URL) -> Int {
        (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
    }
}

/// Runs `work` as a task and waits for it on this thread. The benchmark's own thread is not one
/// of the pool's, so blocking it does not starve the task.
func waitFor<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let outcome = TaskOutcome<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do {
            outcome.set(.success(try await work()))
        } catch {
            outcome.set(.failure(error))
        }
        done.signal()
    }
    done.wait()
    return try outcome.get()
}

/// The result of a task, handed to the thread waiting for it.
final class TaskOutcome<T: Sendable> {
    private let lock = NSLock()
    private var result: Result<T, any Error>?

    func set(_ result: Result<T, any Error>) {
        lock.lock()
        defer { lock.unlock() }
        self.result = result
    }

    func get() throws -> T {
        lock.lock()
        defer { lock.unlock() }
        guard let result else { throw BenchmarkFailure("a task finished without a result") }
        return try result.get()
    }
}

// Safe because `result` is only read and written while `lock` is held.
extension TaskOutcome: @unchecked Sendable {}
