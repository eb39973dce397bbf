import Foundation
import KeyValueMapping

// memory: the peak resident set of one `KeyValueDecoder().decode([Record].self, fromJSON:)` on
// a large array, for two flat models: the benchmark issue's twelve fields of eight kinds
// (`FlatBasicRecord`, the one the target is about) and the flat workload's `FlatRecord`. Peak
// RSS is a high-water mark for the whole address space, so each decode runs in a fresh child
// (this binary re-executed with a hidden flag): the parent's own tables, caches and
// freed-but-kept heap would otherwise hide the decode's peak. Another child builds the same
// number of records directly, without JSON, to show how much of the peak is the result itself. The figures go to the printed table only; the JSON report keeps its fixed
// names.

/// Measures and prints the decode's peak RSS relative to its input size.
enum MemoryProbe {
    /// The hidden command-line flag that makes this binary act as the child; its arguments are
    /// a ``Model`` name and the input size in megabytes (10^6 bytes).
    static let flag = "--memory-probe"
    /// The hidden flag for the reference child: a ``Model`` name and a count; build that many
    /// records directly (no JSON, no decoder) and report how much memory they alone take.
    static let recordsFlag = "--memory-probe-records"
    /// The goal the table reports against (never enforced): peak RSS at most this many times
    /// the input size.
    static let targetRatio = 3.0
    /// The smallest input the target is judged on (the full run decodes 100 MB, the quick pass 10).
    static let judgedInputBytes = 50_000_000
    /// The prefix of the one line the child prints for the parent to read.
    private static let resultPrefix = "memory-probe-result"
    private static let recordsPrefix = "memory-probe-records"

    /// Which record type a probe decodes.
    enum Model: String, CaseIterable, Sendable {
        /// ``FlatBasicRecord``: the flat object as the issue lists it; the target applies here.
        case basic
        /// ``FlatRecord``: the flat workload's record, which adds `Date`, `URL?`, `Int64` and
        /// `[String: Int]`.
        case full

        /// The record type itself: the one place a model names its type.
        var recordType: any MemoryProbeRecord.Type {
            switch self {
            case .basic: FlatBasicRecord.self
            case .full: FlatRecord.self
            }
        }

        /// The type name printed in the table.
        var typeName: String { String(describing: recordType) }
    }

    /// What the child measured.
    struct Result {
        /// The record type decoded.
        var model = Model.basic
        /// JSON text bytes decoded.
        let inputBytes: Int
        /// Records in the array (and in the decoded result).
        let records: Int
        /// Peak RSS after generating the input, before decoding, in KiB.
        let baselineKiB: Int
        /// Peak RSS after decoding, with the result still alive, in KiB.
        let peakKiB: Int
        /// Wall time of the decode alone.
        let decodeNanoseconds: Double
        /// `getrusage`'s `ru_maxrss` after decoding, in KiB (see `peakResidentKiB`).
        let maxRSSKiB: Int
        /// How much the same number of records takes when built directly, in KiB: the part
        /// of the peak that is the result itself, whatever produced it.
        var recordsKiB = 0
    }

    // MARK: Parent

    /// Runs the probe for each model in a child process on `megabytes` MB of input and
    /// returns the figures; throws if a child fails (its own message is already on standard
    /// error).
    static func measure(megabytes: Int) throws -> [Result] {
        try Model.allCases.map { try measure(model: $0, megabytes: megabytes) }
    }

    private static func measure(model: Model, megabytes: Int) throws -> Result {
        let what = "the \(model.typeName) probe (\(megabytes) MB)"
        let text = try runChild(arguments: [flag, model.rawValue, String(megabytes)], what: what)
        guard var result = parse(text) else {
            throw BenchmarkFailure("memory: \(what) printed no result line; its output was: \(text)")
        }
        result.model = model
        let reference = try runChild(
            arguments: [recordsFlag, model.rawValue, String(result.records)], what: "the \(model.typeName) records reference"
        )
        guard let records = parseRecords(reference) else {
            throw BenchmarkFailure("memory: the records reference printed no result line; its output was: \(reference)")
        }
        result.recordsKiB = records
        return result
    }

    /// Runs this binary with `arguments` and returns what it printed.
    static func runChild(arguments: [String], what: String) throws -> String {
        let process = Process()
        process.executableURL = executableURL()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        // Standard error is inherited, so the child's failure message reaches the user as is.
        do {
            try process.run()
        } catch {
            throw BenchmarkFailure("memory: cannot start \(what) \(process.executableURL?.path ?? "?"): \(error)")
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let how = process.terminationReason == .exit ? "exited with status" : "was killed by signal"
            throw BenchmarkFailure("memory: \(what) \(how) \(process.terminationStatus); see its message above")
        }
        return text
    }

    /// Prints the "memory" table: per model, input size, baseline and peak RSS, the ratios, and
    /// how much of the peak the records alone take.
    static func printReport(_ results: [Result]) {
        let megabyte = 1e6
        print("\n== memory (peak RSS of KeyValueDecoder().decode([Record].self, fromJSON:) in a fresh process; MB = 10^6 bytes) ==")
        let header = [
            Report.pad("record", 16), Report.padLeft("input MB", 9), Report.padLeft("records", 10),
            Report.padLeft("baseline MB", 12), Report.padLeft("peak MB", 9), Report.padLeft("peak/input", 11),
            Report.padLeft("(peak-base)/input", 18), Report.padLeft("records/input", 14), Report.padLeft("decode", 9),
            Report.padLeft("MB/s", 7),
        ]
        print(header.joined(separator: " "))
        for result in results {
            let input = Double(result.inputBytes)
            let baseline = Double(result.baselineKiB) * 1024
            let peak = Double(result.peakKiB) * 1024
            let records = Double(result.recordsKiB) * 1024
            let row = [
                Report.pad(result.model.typeName, 16),
                Report.padLeft(String(format: "%.1f", input / megabyte), 9),
                Report.padLeft(Report.grouped(Double(result.records)), 10),
                Report.padLeft(String(format: "%.1f", baseline / megabyte), 12),
                Report.padLeft(String(format: "%.1f", peak / megabyte), 9),
                Report.padLeft(String(format: "%.2f×", peak / input), 11),
                Report.padLeft(String(format: "%.2f×", (peak - baseline) / input), 18),
                Report.padLeft(String(format: "%.2f×", records / input), 14),
                Report.padLeft(Report.duration(result.decodeNanoseconds), 9),
                Report.padLeft(String(format: "%.1f", input / result.decodeNanoseconds * 1e9 / megabyte), 7),
            ]
            print(row.joined(separator: " "))
        }
        let target = String(format: "%.0f", targetRatio)
        for result in results {
            let input = Double(result.inputBytes)
            let peak = Double(result.peakKiB) * 1024
            let ratio = String(format: "%.2f×", peak / input)
            switch result.model {
            case .basic where result.inputBytes < judgedInputBytes:
                // The process's own ~20 MB (runtime, Foundation, the benchmark's tables) is a
                // constant that a small input cannot amortise, so a verdict here would say
                // nothing about the decoder.
                print("  target peak ≤ \(target)× input (\(result.model.typeName)): judged on the full run's 100 MB; at this size the process's fixed baseline dominates (\(ratio))")
            case .basic:
                let verdict = peak / input <= targetRatio ? "met" : "missed"
                print("  target peak ≤ \(target)× input, flat objects of the issue's eight kinds (\(result.model.typeName)): \(verdict) (\(ratio))")
            case .full:
                print("  \(result.model.typeName) (adds Date, URL?, Int64, [String: Int]): \(ratio); its records alone, built directly, are the records/input column")
            }
        }
        print("  baseline = peak RSS after generating the input, before decoding; records = the same records built directly, without JSON, in another fresh process")
        // Shown so nobody "simplifies" the probe back to getrusage: in a child it is the parent's peak.
        if let result = results.first(where: { $0.maxRSSKiB > $0.peakKiB + 1024 }) {
            let inherited = String(format: "%.1f", Double(result.maxRSSKiB) * 1024 / megabyte)
            print("  (peak RSS is VmHWM; getrusage's ru_maxrss says \(inherited) MB because Linux carries the parent's peak across exec)")
        }
    }

    // Re-executes this very binary. `arguments[0]` without a slash was found through PATH,
    // which the child cannot rely on; /proc/self/exe names the running file on Linux.
    private static func executableURL() -> URL {
        let invoked = CommandLine.arguments.first ?? ""
        guard invoked.contains("/") else { return URL(fileURLWithPath: "/proc/self/exe") }
        return URL(fileURLWithPath: invoked)
    }

    // Reads `memory-probe-result key=value …`; nil if the line or a field is missing.
    private static func parse(_ text: String) -> Result? {
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix(resultPrefix) }) else { return nil }
        var fields: [String: Double] = [:]
        for pair in line.split(separator: " ").dropFirst() {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let number = Double(parts[1]) { fields[String(parts[0])] = number }
        }
        guard let bytes = fields["input_bytes"], let records = fields["records"], let baseline = fields["baseline_kib"],
              let peak = fields["peak_kib"], let nanoseconds = fields["decode_ns"], let maxRSS = fields["ru_maxrss_kib"]
        else { return nil }
        return Result(
            inputBytes: Int(bytes), records: Int(records), baselineKiB: Int(baseline), peakKiB: Int(peak),
            decodeNanoseconds: nanoseconds, maxRSSKiB: Int(maxRSS)
        )
    }

    // MARK: Child

    /// The child's whole job: generate about `megabytes` MB of `model` records as JSON text,
    /// decode them once, check the result, and print one result line. Throws (so the process
    /// exits non-zero with the message) if the decode fails or the result is wrong.
    static func runChild(model: Model, megabytes: Int) throws {
        guard megabytes > 0 else { throw BenchmarkFailure("\(flag) needs a positive size in MB") }
        try runChild(model.recordType, megabytes: megabytes)
    }

    private static func runChild<Record: MemoryProbeRecord>(_: Record.Type, megabytes: Int) throws {
        let input = FlatText<Record>.make(bytes: megabytes * 1_000_000)
        let baseline = try peakResidentKiB()
        let decoder = KeyValueDecoder()
        var decoded: [Record] = []
        let nanoseconds = try time {
            do {
                decoded = try decoder.decode([Record].self, fromJSON: input.bytes)
            } catch {
                throw BenchmarkFailure("memory probe: decoding \(input.records) \(Record.self) records (\(input.bytes.count) bytes) failed: \(error)")
            }
        }
        // Touch the result while it is alive, so the peak below includes it.
        guard decoded.count == input.records else {
            throw BenchmarkFailure("memory probe: decoded \(decoded.count) \(Record.self) records, expected \(input.records)")
        }
        for (index, expected) in input.samples where decoded[index] != expected {
            throw BenchmarkFailure("memory probe: \(Record.self) [\(index)] decoded as \(decoded[index]), expected \(expected)")
        }
        let peak = try peakResidentKiB()
        let maxRSS = try reportedMaxRSSKiB()
        print(
            "\(resultPrefix) input_bytes=\(input.bytes.count) records=\(decoded.count) baseline_kib=\(baseline) "
                + "peak_kib=\(peak) decode_ns=\(Int(nanoseconds)) ru_maxrss_kib=\(maxRSS)"
        )
    }

    /// The reference child's whole job: build `count` `model` records with the generator the
    /// input comes from, keep them, and print how much the peak RSS grew.
    static func runRecordsChild(model: Model, count: Int) throws {
        guard count > 0 else { throw BenchmarkFailure("\(recordsFlag) needs a positive record count") }
        try runRecordsChild(model.recordType, count: count)
    }

    private static func runRecordsChild<Record: MemoryProbeRecord>(_: Record.Type, count: Int) throws {
        let baseline = try peakResidentKiB()
        var generator = FlatGenerator()
        var records: [Record] = []
        records.reserveCapacity(count)
        for index in 0..<count {
            records.append(Record.generate(id: index + 1, with: &generator))
        }
        let peak = try peakResidentKiB()
        guard records.count == count else { throw BenchmarkFailure("memory: built \(records.count) records, expected \(count)") }
        print("\(recordsPrefix) records_kib=\(peak - baseline)")
    }

    // Reads `memory-probe-records records_kib=N`.
    private static func parseRecords(_ text: String) -> Int? {
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix(recordsPrefix) }),
              let field = line.split(separator: "=").last else { return nil }
        return Int(field)
    }

    /// The peak resident set of this process's address space so far, in KiB: `VmHWM` from
    /// `/proc/self/status`.
    ///
    /// Not `getrusage`'s `ru_maxrss`: Linux folds the old address space's high-water mark into
    /// it at `execve`, so a child started by this benchmark reports the parent's peak (about
    /// 250 MB after the other tables) before it has allocated anything. `VmHWM` belongs to the
    /// address space `execve` creates, so it starts from zero.
    static func peakResidentKiB() throws -> Int {
        guard let status = FileHandle(forReadingAtPath: "/proc/self/status") else {
            throw BenchmarkFailure("memory probe: cannot open /proc/self/status (the probe needs Linux)")
        }
        defer { try? status.close() }
        // /proc files report size 0, so read to the end rather than by size.
        let text = String(decoding: status.readDataToEndOfFile(), as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            // "VmHWM:\t  338528 kB"
            if let field = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first, let kib = Int(field) {
                return kib
            }
        }
        throw BenchmarkFailure("memory probe: no VmHWM line in /proc/self/status")
    }

    /// `getrusage`'s `ru_maxrss` in KiB, recorded only to show how far it is off in a child.
    private static func reportedMaxRSSKiB() throws -> Int {
        var usage = rusage()
        // Glibc imports RUSAGE_SELF as an enum case while getrusage takes its raw Int32.
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else {
            throw BenchmarkFailure("memory probe: getrusage failed (errno \(errno))")
        }
        return Int(usage.ru_maxrss)
    }
}
