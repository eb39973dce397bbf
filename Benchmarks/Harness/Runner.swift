/// One way of performing an operation, as a closure that does one full round of work and
/// returns a checksum of its result.
struct Candidate {
    /// Who does the work.
    let name: CandidateName
    /// Does the work once; the returned checksum is folded into ``Runner/checksum`` so the
    /// optimizer cannot drop the work.
    let body: () throws -> Int
}

/// How much effort each measurement gets.
struct RunnerSettings: Sendable {
    /// Set by `--repeat LABEL COUNT`: instead of timing anything, run only the body labelled
    /// `label` (`workload/operation/candidate`, or a section's own label), `count` times, for
    /// `valgrind --tool=callgrind` (see `Benchmarks/callgrind.sh`).
    var repeating: (label: String, count: Int)?
    /// Untimed calls per candidate before the rounds (caches, allocator, branch predictors).
    let warmUps: Int
    /// Timed rounds per candidate; the median is reported.
    let rounds: Int
    /// Each timed sample repeats the body until it lasts about this long, so that fast
    /// workloads are not dominated by clock resolution and scheduling noise.
    let targetSampleNanoseconds: Double

    /// The full pass: enough rounds for a stable median.
    static let full = RunnerSettings(repeating: nil, warmUps: 2, rounds: 11, targetSampleNanoseconds: 40_000_000)
    /// The CI pass: every candidate still runs and is verified, just less often (the slowest
    /// candidate, KeyValueMapping encode-bytes on canada, takes about 2 s a call today).
    static let quick = RunnerSettings(repeating: nil, warmUps: 1, rounds: 2, targetSampleNanoseconds: 2_000_000)
}

/// Times candidates interleaved: every round runs each candidate once, in a rotating order,
/// so drift in machine load (two shared cores) hits all candidates alike.
final class Runner {
    /// The effort per measurement.
    let settings: RunnerSettings
    /// Sum of every body's checksum; printed at the end so no result is dead code.
    private(set) var checksum = 0
    /// Whether `--repeat` found the body it names.
    private(set) var matchedRepeatLabel = false

    /// A runner with the given effort.
    init(settings: RunnerSettings) {
        self.settings = settings
    }

    /// Measures `candidates` on `objects` objects (and `bytes` JSON bytes) per call and returns
    /// one measurement per candidate, in the order given.
    func measure(
        _ candidates: [Candidate],
        workload: WorkloadName,
        operation: OperationName,
        objects: Int,
        bytes: Int
    ) throws -> [Measurement] {
        let statistics = try sample(candidates.map(\.body), objects: objects,
                                    labels: candidates.map { "\(workload.rawValue)/\(operation.rawValue)/\($0.name.rawValue)" })
        return candidates.indices.map { index in
            Measurement(
                workload: workload, operation: operation, candidate: candidates[index].name,
                statistics: statistics[index], objects: objects, bytesPerRound: bytes
            )
        }
    }

    /// Times `bodies` (each one full round of work returning a checksum) interleaved, with
    /// warm-up and the settings' rounds, and returns ns per object for each, in the order given.
    /// Figures that are not a ``Measurement`` (the parse-only table) use this directly, so they
    /// get the same method without a name in the JSON report.
    /// `labels` name the bodies for `--repeat`.
    func sample(_ bodies: [() throws -> Int], objects: Int, labels: [String] = []) throws -> [Statistics] {
        if let repeating = settings.repeating {
            for (body, label) in zip(bodies, labels) where label == repeating.label {
                for _ in 0..<repeating.count { checksum &+= try body() }
                matchedRepeatLabel = true
            }
            return bodies.map { _ in Statistics(samples: [0]) }
        }
        var repetitions: [Int] = []
        for body in bodies {
            var slowest = 0.0
            for _ in 0..<max(1, settings.warmUps) {
                slowest = try time { checksum &+= try body() }
            }
            repetitions.append(max(1, Int(settings.targetSampleNanoseconds / max(slowest, 1))))
        }

        var samples = Array(repeating: [Double](), count: bodies.count)
        for round in 0..<settings.rounds {
            for offset in bodies.indices {
                let index = (round + offset) % bodies.count
                let body = bodies[index]
                let count = repetitions[index]
                var sum = 0
                let elapsed = try time {
                    for _ in 0..<count { sum &+= try body() }
                }
                checksum &+= sum
                samples[index].append(elapsed / Double(count * objects))
            }
        }
        return samples.map { Statistics(samples: $0) }
    }

    /// Folds a checksum computed outside ``measure`` (for example by the cold-start loop).
    func absorb(_ value: Int) {
        checksum &+= value
    }
}

/// Runs `work` once and returns how long it took, in nanoseconds.
func time(_ work: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try work()
    return nanoseconds(start.duration(to: clock.now))
}

/// A duration as a (fractional) number of nanoseconds.
func nanoseconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9
}
