import Foundation

/// Prints the human-readable tables and writes the machine-readable JSON.
enum Report {
    /// Prints one table for `measurements` (all of one workload), grouped by operation, with
    /// each candidate's time as a multiple of the floor's and its speed against Foundation's
    /// Codable, both worded so they cannot be misread.
    static func printTable(_ measurements: [Measurement], title: String) {
        guard !measurements.isEmpty else { return }
        print("\n== \(title) ==")
        let header = [
            pad("operation", 18), pad("candidate", 31), padLeft("objects/s", 12), padLeft("MB/s", 8),
            padLeft("median/obj", 11), padLeft("min–max/obj", 21), padLeft("time vs floor", 17), "  speed vs Foundation's Codable",
        ]
        print(header.joined(separator: " "))
        var operations: [OperationName] = []
        for measurement in measurements where !operations.contains(measurement.operation) {
            operations.append(measurement.operation)
        }
        for operation in operations {
            let group = measurements.filter { $0.operation == operation }
            let floor = group.first { $0.candidate.isFloor }
            let foundation = group.first { $0.candidate.isFoundationCodable }
            for measurement in group {
                let statistics = measurement.statistics
                let versusFloor = floor.map { floor in
                    measurement.candidate == floor.candidate ? "(the floor)" : timeRatio(statistics.median / floor.statistics.median, of: "floor")
                } ?? "–"
                let versusFoundation = foundation.map { reference in
                    measurement.candidate == reference.candidate
                        ? "(the reference)"
                        : speedRatio(reference.statistics.median / statistics.median, than: reference.candidate.rawValue)
                } ?? "–"
                let row = [
                    pad(operation.rawValue, 18), pad(measurement.candidate.rawValue, 31),
                    padLeft(grouped(measurement.objectsPerSecond), 12),
                    padLeft(operation.touchesBytes ? String(format: "%.1f", measurement.megabytesPerSecond) : "–", 8),
                    padLeft(duration(statistics.median), 11),
                    padLeft("\(duration(statistics.minimum))–\(duration(statistics.maximum))", 21),
                    padLeft(versusFloor, 17), "  " + versusFoundation,
                ]
                print(row.joined(separator: " "))
            }
        }
    }

    /// `0.83× the floor's time`: a time as a multiple of a reference time (below 1 is faster).
    /// Prints a table of candidates against a floor: each row's name, records per second,
    /// median, range and the ratio text given.
    static func printFloorTable(_ rows: [(name: String, statistics: Statistics, ratio: String)]) {
        let header = [pad("candidate", 44), padLeft("records/s", 12), padLeft("median", 10), padLeft("min–max", 21), padLeft("time vs floor", 17)]
        print(header.joined(separator: " "))
        for (name, statistics, ratio) in rows {
            let line = [
                pad(name, 44), padLeft(grouped(1e9 / statistics.median), 12), padLeft(duration(statistics.median), 10),
                padLeft("\(duration(statistics.minimum))–\(duration(statistics.maximum))", 21), padLeft(ratio, 17),
            ]
            print(line.joined(separator: " "))
        }
    }

    static func timeRatio(_ ratio: Double, of reference: String) -> String {
        String(format: "%.2f× %@", ratio, reference == "floor" ? "floor time" : "\(reference)'s time")
    }

    /// `4.41× faster than JSONDecoder` or `1.12× slower than JSONDecoder`, from the reference's
    /// time over this candidate's: never a "faster" below 1.
    static func speedRatio(_ speedUp: Double, than reference: String) -> String {
        guard speedUp.isFinite, speedUp > 0 else { return "–" }
        if speedUp >= 1 { return String(format: "%.2f× faster than %@", speedUp, reference) }
        return String(format: "%.2f× slower than %@", 1 / speedUp, reference)
    }

    /// Writes every figure as a JSON array of
    /// `{"workload", "operation", "candidate", "median_ns", "min_ns", "max_ns", "objects"}`.
    static func writeJSON(_ measurements: [Measurement], to path: String) throws {
        let records: [[String: Any]] = measurements.map { measurement in
            [
                "workload": measurement.workload.rawValue,
                "operation": measurement.operation.rawValue,
                "candidate": measurement.candidate.rawValue,
                "median_ns": measurement.statistics.median,
                "min_ns": measurement.statistics.minimum,
                "max_ns": measurement.statistics.maximum,
                "objects": measurement.objects,
            ]
        }
        do {
            let data = try JSONSerialization.data(withJSONObject: records, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw BenchmarkFailure("cannot write the JSON report to \(path): \(error)")
        }
    }

    /// A time in ns, µs, ms or s with three significant figures.
    static func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: return String(format: "%.0f ns", nanoseconds)
        case ..<1_000_000: return String(format: "%.3g µs", nanoseconds / 1_000)
        case ..<1_000_000_000: return String(format: "%.3g ms", nanoseconds / 1_000_000)
        default: return String(format: "%.3g s", nanoseconds / 1_000_000_000)
        }
    }

    /// A whole number with thousands separators, e.g. `1,234,567`.
    static func grouped(_ value: Double) -> String {
        guard value.isFinite, value < 1e15 else { return "∞" }
        let digits = String(Int(value.rounded()))
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index).isMultiple(of: 3) { result.append(",") }
            result.append(character)
        }
        return result
    }

    /// `text` padded with spaces on the right to `width` characters (never truncated).
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// `text` padded with spaces on the left to `width` characters (never truncated).
    static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
