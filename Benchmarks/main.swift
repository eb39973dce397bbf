import Foundation

// Compares KeyValueMapping with a hand-written floor and Foundation's Codable on the same
// bytes. Usage: Benchmarks [--quick] [--json PATH] [--filter WORKLOAD]

/// Parsed command-line options.
struct Options {
    /// Reduced pass for CI.
    var quick = false
    /// Where to write the JSON report, if anywhere.
    var jsonPath: String?
    /// Run only this workload.
    var filter: WorkloadName?
    /// Set only in the child process the memory measurement starts: run the probe for this
    /// model on this many MB of input and nothing else (see ``MemoryProbe``; not in `--help`).
    var memoryProbe: (model: MemoryProbe.Model, megabytes: Int)?
    /// Set only in the memory measurement's reference child: build this many records directly.
    var memoryProbeRecords: (model: MemoryProbe.Model, count: Int)?

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
            case "--help", "-h":
                print("usage: Benchmarks [--quick] [--json PATH] [--filter \(WorkloadName.allCases.map(\.rawValue).joined(separator: "|"))]")
                exit(0)
            default:
                throw BenchmarkFailure("unknown argument \(argument) (try --help)")
            }
        }
    }
}

/// Runs the selected workloads and reports; any failure exits with status 1.
func runBenchmarks(_ options: Options) throws {
    let runner = Runner(settings: options.quick ? .quick : .full)
    let selected = { (workload: WorkloadName) in options.filter == nil || options.filter == workload }
    let started = ContinuousClock.now
    var all: [Measurement] = []

    func report(_ measurements: [Measurement], _ title: String) {
        Report.printTable(measurements, title: title)
        all += measurements
    }

    print("KeyValueMapping benchmarks (\(options.quick ? "quick" : "full") pass: \(runner.settings.rounds) rounds, median; times per object)")
    if selected(.flat) {
        let suite = try FlatWorkload.suite()
        report(try suite.run(with: runner), "flat (\(suite.objects) records, \(Report.grouped(Double(suite.bytes.count))) bytes)")
        report(try ColdStart.measure(runner: runner), "flat cold start (first decode of a never-seen type, 1 object)")
        let scaling = try Scaling.measure(runner: runner, base: options.quick ? 200 : 1000)
        report(scaling, "flat scaling (decode-dictionary; cost per object should stay flat)")
        Scaling.printFlatness(scaling)
    }
    if selected(.githubIssues) {
        let suite = try GitHubIssuesWorkload.suite()
        report(try suite.run(with: runner), "github-issues (\(suite.objects) issues, \(Report.grouped(Double(suite.bytes.count))) bytes)")
    }
    if selected(.twitter) {
        let suite = try TwitterWorkload.suite()
        report(try suite.run(with: runner), "twitter (1 object = the whole search result with 100 statuses, \(Report.grouped(Double(suite.bytes.count))) bytes)")
    }
    if selected(.citm) {
        let suite = try CitmWorkload.suite()
        report(try suite.run(with: runner), "citm (1 object = the whole catalog, \(Report.grouped(Double(suite.bytes.count))) bytes)")
    }
    if selected(.canada) {
        let suite = try CanadaWorkload.suite()
        report(try suite.run(with: runner), "canada (1 object = the whole feature collection, \(Report.grouped(Double(suite.bytes.count))) bytes)")
    }
    // Printed only: these figures have no operation or candidate name in the JSON report.
    let parseOnly = ParseOnly.inputs.map(\.workload).filter(selected)
    if !parseOnly.isEmpty {
        ParseOnly.printTable(try ParseOnly.measure(runner: runner, workloads: parseOnly))
    }
    if selected(.flat) {
        MemoryProbe.printReport(try MemoryProbe.measure(megabytes: options.quick ? 10 : 100))
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
    } else {
        try runBenchmarks(options)
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
