import Foundation

// Compares KeyValueMapping with a hand-written floor and Foundation's Codable on the same
// bytes. Usage: see `Options.usage` (`swift run -c release Benchmarks --help`).

/// Parsed command-line options.
struct Options {
    /// Reduced pass for CI.
    var quick = false
    /// Where to write the JSON report, if anywhere.
    var jsonPath: String?
    /// Run only this workload.
    var filter: WorkloadName?
    /// `--repeat LABEL COUNT`: time nothing, run only the body labelled LABEL COUNT times.
    var repeating: (label: String, count: Int)?
    /// Set only in the child process the memory measurement starts: run the probe for this
    /// model on this many MB of input and nothing else (see ``MemoryProbe``; not in `--help`).
    var memoryProbe: (model: MemoryProbe.Model, megabytes: Int)?
    /// Set only in the memory measurement's reference child: build this many records directly.
    var memoryProbeRecords: (model: MemoryProbe.Model, count: Int)?
    /// Set only in the streaming section's child: stream this file in this format (`array` or
    /// `lines`) and report its peak RSS (see ``StreamingBenchmark``; not in `--help`).
    var streamProbe: (format: String, path: String)?

    /// What `--help` prints.
    static var usage: String {
        """
        usage: swift run -c release Benchmarks [--quick] [--filter WORKLOAD] [--json PATH]
               swift run -c release Benchmarks [--filter WORKLOAD] --repeat LABEL COUNT

        Decodes and encodes the same JSON bytes with KeyValueMapping, a hand-written mapping (the
        floor), JSONDecoder/JSONEncoder and JSONSerialization; verifies every candidate's output,
        then times them interleaved and prints ratios (about 3 minutes for the full pass).

          --quick            a short pass: every candidate still runs and is verified (CI uses it)
          --filter WORKLOAD  only one workload: \(WorkloadName.allCases.map(\.rawValue).joined(separator: ", "))
          --json PATH        also write every timed figure to PATH as a JSON array of
                             {workload, operation, candidate, median_ns, min_ns, max_ns, objects}
          --repeat LABEL N   time nothing: verify as usual, then run only the body labelled LABEL
                             N times, for instruction counts (Benchmarks/callgrind.sh); a label is
                             WORKLOAD/OPERATION/CANDIDATE as in the JSON report, or a section's own
                             (parse: WORKLOAD/parse/JSONValue; streaming/array, streaming/lines,
                             streaming/in-memory; relaxed/…; upsert/KeyValueMapping;
                             polymorphic/decode|encode/KeyValueMapping|JSONDecoder|JSONEncoder; dates/KeyValueMapping|DateFormatter;
                             codable/CodableMappable; naming/DIRECTION/declared|option)
          --help, -h         this text

        Ratios read as: "0.83× floor time" (less than 1 is faster than the floor) and
        "4.41× faster than JSONDecoder". Times are per object; MB/s counts input or output bytes.
        """
    }

    /// Parses `arguments` (without the program name).
    init(arguments: [String]) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick":
                quick = true
            case "--json":
                guard let path = remaining.popFirst() else { throw BenchmarkFailure("--json needs a path") }
                jsonPath = path
            case "--filter":
                let names = WorkloadName.allCases.map(\.rawValue).joined(separator: ", ")
                guard let name = remaining.popFirst(), let workload = WorkloadName(rawValue: name) else {
                    throw BenchmarkFailure("--filter needs one of: \(names)")
                }
                filter = workload
            case MemoryProbe.flag:
                guard let model = remaining.popFirst().flatMap(MemoryProbe.Model.init(rawValue:)),
                      let size = remaining.popFirst().flatMap({ Int($0) }) else {
                    throw BenchmarkFailure("\(MemoryProbe.flag) needs a model (basic or full) and a size in MB")
                }
                memoryProbe = (model, size)
            case MemoryProbe.recordsFlag:
                guard let model = remaining.popFirst().flatMap(MemoryProbe.Model.init(rawValue:)),
                      let count = remaining.popFirst().flatMap({ Int($0) }) else {
                    throw BenchmarkFailure("\(MemoryProbe.recordsFlag) needs a model (basic or full) and a record count")
                }
                memoryProbeRecords = (model, count)
            case StreamingBenchmark.probeFlag:
                guard let format = remaining.popFirst(), ["array", "lines", "import"].contains(format), let path = remaining.popFirst() else {
                    throw BenchmarkFailure("\(StreamingBenchmark.probeFlag) needs a format (array, lines or import) and a file path")
                }
                streamProbe = (format, path)
            case "--repeat":
                guard let label = remaining.popFirst(), let count = remaining.popFirst().flatMap({ Int($0) }), count > 0 else {
                    throw BenchmarkFailure("--repeat needs a label and a positive count")
                }
                repeating = (label, count)
            case "--help", "-h":
                print(Self.usage)
                exit(0)
            default:
                throw BenchmarkFailure("unknown argument \(argument) (try --help)")
            }
        }
    }
}

/// Runs the selected workloads and reports; any failure exits with status 1.
func runBenchmarks(_ options: Options) throws {
    var settings = options.quick ? RunnerSettings.quick : RunnerSettings.full
    settings.repeating = options.repeating
    let runner = Runner(settings: settings)
    let selected = { (workload: WorkloadName) in options.filter == nil || options.filter == workload }
    // With `--repeat`, only the section that holds the labelled body runs, and nothing is printed.
    let repeatLabel = options.repeating?.label
    let section = { (prefix: String) in repeatLabel.map { $0.hasPrefix(prefix) } ?? true }
    let started = ContinuousClock.now
    var all: [Measurement] = []

    func report(_ measurements: [Measurement], _ title: String) {
        if repeatLabel == nil { Report.printTable(measurements, title: title) }
        all += measurements
    }
    // A line as each section starts, so a long section is never silent.
    func starting(_ section: String) {
        print("\n… \(section)")
        fflush(nil)  // all streams: stdout is C global state Swift 6 will not name here
    }

    print("KeyValueMapping benchmarks (\(options.quick ? "quick" : "full") pass: \(runner.settings.rounds) rounds, median; times per object)")
    if selected(.flat), section("flat/") {
        starting("flat: verifying, then timing decode and encode of generated flat records")
        let suite = try FlatWorkload.suite()
        report(try suite.run(with: runner), "flat (\(suite.objects) records, \(Report.grouped(Double(suite.bytes.count))) bytes)")
    }
    if selected(.flat), repeatLabel == nil {
        starting("flat cold start: the first decode of never-seen types")
        report(try ColdStart.measure(runner: runner), "flat cold start (first decode of a never-seen type, 1 object)")
        starting("flat scaling: decode-dictionary at 1×, 10× and 100× the record count (the longest section)")
        let scaling = try Scaling.measure(runner: runner, base: options.quick ? 200 : 1000)
        report(scaling, "flat scaling (decode-dictionary; cost per object should stay flat)")
        Scaling.printFlatness(scaling)
    }
    if selected(.githubIssues), section("github-issues/") {
        starting("github-issues: verifying, then timing")
        let suite = try GitHubIssuesWorkload.suite()
        report(try suite.run(with: runner), "github-issues (\(suite.objects) issues, \(Report.grouped(Double(suite.bytes.count))) bytes)")
    }
    if selected(.twitter), section("twitter/") {
        starting("twitter: verifying, then timing")
        let suite = try TwitterWorkload.suite()
        report(try suite.run(with: runner), "twitter (1 object = the whole search result with 100 statuses, \(Report.grouped(Double(suite.bytes.count))) bytes)")
    }
    if selected(.citm), section("citm/") {
        starting("citm: verifying, then timing")
        let suite = try CitmWorkload.suite()
        report(try suite.run(with: runner), "citm (1 object = the whole catalog, \(Report.grouped(Double(suite.bytes.count))) bytes)")
    }
    if selected(.canada), section("canada/") {
        starting("canada: verifying, then timing")
        let suite = try CanadaWorkload.suite()
        report(try suite.run(with: runner), "canada (1 object = the whole feature collection, \(Report.grouped(Double(suite.bytes.count))) bytes)")
    }
    // Printed only: these figures have no operation or candidate name in the JSON report.
    let parseOnly = ParseOnly.inputs.map(\.workload).filter(selected)
    if !parseOnly.isEmpty, repeatLabel.map({ $0.contains("/parse/") }) ?? true {
        starting("parse only: JSONValue against JSONSerialization")
        let figures = try ParseOnly.measure(runner: runner, workloads: parseOnly)
        if repeatLabel == nil { ParseOnly.printTable(figures) }
    }
    if selected(.flat), section("naming/") {
        starting("naming styles: a decoder- and encoder-wide keyNamingStyle against the same style declared by the type")
        let figures = try NamingStyleBenchmark.measure(runner: runner)
        if repeatLabel == nil { NamingStyleBenchmark.printTable(figures) }
    }
    if selected(.flat), section("upsert/") {
        starting("upsert: \(Report.grouped(Double(UpsertBenchmark.payloadCount))) records into \(Report.grouped(Double(UpsertBenchmark.existingCount))) existing by primary key, against a hand-written merge")
        let figures = try UpsertBenchmark.measure(runner: runner)
        if repeatLabel == nil { UpsertBenchmark.printTable(figures) }
    }
    if selected(.flat), section("import/") {
        starting("import: \(Report.grouped(Double(ImportBenchmark.payloadCount))) records as JSON into a store of \(Report.grouped(Double(ImportBenchmark.storedCount))) by primary key, against decode and a hand-written merge")
        let figures = try ImportBenchmark.measure(runner: runner)
        if repeatLabel == nil { ImportBenchmark.printTable(figures) }
    }
    if selected(.flat), section("relaxed/") {
        starting("relaxation: \(Report.grouped(Double(RelaxationBenchmark.records))) records decoded clean and with one relaxation in the last, from bytes, JSON Lines and a stream")
        let figures = try RelaxationBenchmark.measure(runner: runner)
        if repeatLabel == nil { RelaxationBenchmark.printTable(figures) }
    }
    if selected(.flat), section("polymorphic/") {
        starting("polymorphic: \(Report.grouped(Double(PolymorphicBenchmark.count))) internally tagged entries of four kinds, bytes to [FeedEntry] and back, against Codable with a hand-written init(from:)")
        let figures = try PolymorphicBenchmark.measure(runner: runner)
        if repeatLabel == nil { PolymorphicBenchmark.printTable(figures) }
    }
    if selected(.twitter), section("dates/") {
        starting("dates: twitter_timeline's created_at read by .dateFormat(\"\(DateFormatBenchmark.pattern)\") against a DateFormatter")
        let figures = try DateFormatBenchmark.measure(runner: runner)
        if repeatLabel == nil { DateFormatBenchmark.printTable(figures) }
    }
    var memory: [MemoryProbe.Result] = []
    if selected(.flat), options.repeating == nil {
        starting("memory: peak RSS of decoding \(options.quick ? 10 : 100) MB of flat records, in fresh child processes")
        memory = try MemoryProbe.measure(megabytes: options.quick ? 10 : 100)
        MemoryProbe.printReport(memory)
    }
    if selected(.flat), section("streaming/") {
        starting("streaming: \(options.quick ? 10 : 100) MB of flat records read with models(of:fromJSONAt:) as a JSON array and as JSON Lines, against the in-memory decode")
        let streaming = try StreamingBenchmark.measure(runner: runner, megabytes: options.quick ? 10 : 100)
        if options.repeating == nil { StreamingBenchmark.printReport(streaming, freshProcess: memory.first { $0.model == .basic }) }
    }
    if selected(.flat), section("codable/") {
        starting("codable: JSONDecoder decoding a CodableMappable model against the same shape as plain Codable")
        let figures = try CodableBridgeBenchmark.measure(runner: runner)
        if repeatLabel == nil { CodableBridgeBenchmark.printReport(figures) }
    }
    if let repeating = options.repeating {
        guard runner.matchedRepeatLabel else { throw BenchmarkFailure("--repeat: no body is labelled \(repeating.label)") }
        print("ran \(repeating.label) \(repeating.count) times (checksum \(runner.checksum))")
        return
    }
    if let path = options.jsonPath {
        try Report.writeJSON(all, to: path)
        print("\nwrote \(all.count) figures to \(path)")
    }
    let elapsed = nanoseconds(started.duration(to: .now)) / 1e9
    print(String(format: "\nall candidates verified; %d figures in %.1f s (checksum %d)", all.count, elapsed, runner.checksum))
}

do {
    let options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
    if let probe = options.memoryProbe {
        try MemoryProbe.runChild(model: probe.model, megabytes: probe.megabytes)
    } else if let probe = options.memoryProbeRecords {
        try MemoryProbe.runRecordsChild(model: probe.model, count: probe.count)
    } else if let probe = options.streamProbe {
        try StreamingBenchmark.runChild(format: probe.format, path: probe.path)
    } else {
        try runBenchmarks(options)
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
