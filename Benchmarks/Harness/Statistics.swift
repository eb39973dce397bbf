/// Per-object times from the rounds of one candidate, reduced to the figures we report.
struct Statistics: Sendable {
    /// The middle sample (mean of the two middle ones for an even count), in ns per object.
    let median: Double
    /// The fastest round, in ns per object.
    let minimum: Double
    /// The slowest round, in ns per object.
    let maximum: Double

    /// Reduces `samples` (ns per object, one per round); there must be at least one.
    init(samples: [Double]) {
        let sorted = samples.sorted()
        precondition(!sorted.isEmpty, "a measurement needs at least one round")
        let middle = sorted.count / 2
        // The median, not the mean: one round disturbed by the other engineer's build or a
        // page fault should not move the headline figure.
        median = sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
    }
}

/// One reported figure: a candidate doing an operation on a workload.
struct Measurement: Sendable {
    /// The data set.
    let workload: WorkloadName
    /// What was timed.
    let operation: OperationName
    /// Who did it.
    let candidate: CandidateName
    /// Median, minimum and maximum ns per object over the rounds.
    let statistics: Statistics
    /// Objects processed per round (one call of the candidate).
    let objects: Int
    /// JSON bytes read or written per round, for MB/s on the bytes paths.
    let bytesPerRound: Int

    /// Objects per second at the median.
    var objectsPerSecond: Double { 1e9 / statistics.median }

    /// Megabytes (10^6 bytes) of JSON per second at the median.
    var megabytesPerSecond: Double {
        Double(bytesPerRound) / (statistics.median * Double(objects)) * 1e9 / 1e6
    }
}
