import Foundation

/// scaling-1x/10x/100x: flat decode-dictionary at growing sizes; the cost per object should
/// not grow with the count (no quadratic work, no cache that degrades).
enum Scaling {
    /// Measures KeyValueMapping and the hand-written floor at `base`, 10×`base` and 100×`base`
    /// records.
    static func measure(runner: Runner, base: Int) throws -> [Measurement] {
        let codecs = Codecs(arrayOf: FlatRecord.self)
        var results: [Measurement] = []
        for (operation, factor) in [(OperationName.scaling1x, 1), (.scaling10x, 10), (.scaling100x, 100)] {
            let (records, bytes) = try FlatWorkload.make(count: base * factor)
            let parsed = try Suite<[FlatRecord]>.parse(bytes, workload: .flat, operation: operation, candidate: .handWritten)
            for (name, decode) in [(CandidateName.handWritten, codecs.handDecodeDictionary), (.keyValueMapping, codecs.decodeDictionary)] {
                let decoded = try Verification.attempt(workload: .flat, operation: operation, candidate: name) { try decode(parsed) }
                try Verification.check(decoded, equals: records, workload: .flat, operation: operation, candidate: name)
            }
            results += try runner.measure([
                Candidate(name: .keyValueMapping) { try codecs.decodeDictionary(parsed).count },
                Candidate(name: .handWritten) { try codecs.handDecodeDictionary(parsed).count },
            ], workload: .flat, operation: operation, objects: records.count, bytes: bytes.count)
        }
        return results
    }

    /// Prints, per candidate, the per-object cost at 100× relative to 1×.
    static func printFlatness(_ measurements: [Measurement]) {
        for candidate in [CandidateName.keyValueMapping, .handWritten] {
            let figures = measurements.filter { $0.candidate == candidate }
            guard let first = figures.first(where: { $0.operation == .scaling1x }),
                  let last = figures.first(where: { $0.operation == .scaling100x })
            else { continue }
            let perObject = figures.map { "\($0.objects): \(Report.duration($0.statistics.median))" }.joined(separator: ", ")
            let growth = String(format: "%.2f", last.statistics.median / first.statistics.median)
            print("  \(candidate.rawValue) per object — \(perObject); at 100× the count each object takes \(growth)× its time at 1×")
        }
    }
}
