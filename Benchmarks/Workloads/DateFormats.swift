import Foundation
import KeyValueMapping

// dates: what a `.dateFormat` transformer costs per value. Every `created_at` of
// twitter_timeline.json (tweets and their users, "Tue Dec 06 22:21:26 +0000 2011") is read by a
// model property with `.dateFormat("EEE MMM dd HH:mm:ss Z yyyy")` — a fixed-width pattern the
// library reads without a formatter — and by a `DateFormatter` with the same settings, the way a
// formatter-based transformer reads it (the target: at least 10× faster). Printed only.

/// One date, read through the transformer.
struct StampedText: Mappable {
    var at = Date(timeIntervalSince1970: 0)
    static var mappingRules: MappingRules {
        MappingRules().transform("at", with: .dateFormat("EEE MMM dd HH:mm:ss Z yyyy"))
    }
}

/// Measures and prints the date section.
enum DateFormatBenchmark {
    static let pattern = "EEE MMM dd HH:mm:ss Z yyyy"
    static let target = 10.0

    struct Row {
        let candidate: String
        let statistics: Statistics
    }

    /// Every `created_at` text of the timeline, at any depth.
    static func texts() throws -> [String] {
        var texts: [String] = []
        var pending = [try JSONValue(jsonData: DataFiles.load("twitter_timeline.json"))]
        while let value = pending.popLast() {
            if let array = value.arrayValue { pending += array }
            if let object = value.objectValue {
                for (key, member) in object {
                    if key == "created_at", let text = member.stringValue { texts.append(text) } else { pending.append(member) }
                }
            }
        }
        return texts
    }

    static func measure(runner: Runner) throws -> [Row] {
        let texts = try texts()
        let payloads = texts.map { ["at": $0] as [String: Any] }
        let formatter = DateFormatter()
        formatter.dateFormat = pattern
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.isLenient = false
        let decoder = KeyValueDecoder()
        let viaRule = try payloads.map { try decoder.decode(StampedText.self, from: $0).at }
        let viaFormatter = texts.map { formatter.date(from: $0) }
        guard texts.count > 20, viaRule.map(Optional.init) == viaFormatter else {
            throw BenchmarkFailure("verification failed: dates: .dateFormat and DateFormatter disagree on twitter_timeline's created_at")
        }
        let bodies: [() throws -> Int] = [
            { try payloads.reduce(0) { $0 &+ Int(try decoder.decode(StampedText.self, from: $1).at.timeIntervalSince1970) } },
            { texts.reduce(0) { $0 &+ Int(formatter.date(from: $1)?.timeIntervalSince1970 ?? 0) } },
        ]
        let names = ["KeyValueMapping", "DateFormatter"]
        let statistics = try runner.sample(bodies, objects: texts.count, labels: names.map { "dates/\($0)" })
        return zip(names, statistics).map { Row(candidate: $0.0, statistics: $0.1) }
    }

    static func printTable(_ rows: [Row]) {
        print("\n== dates (twitter_timeline's created_at, \"\(pattern)\"; times per date, the KeyValueMapping row a whole one-property decode) ==")
        print([Report.pad("candidate", 16), Report.padLeft("median/date", 12), Report.padLeft("min–max/date", 21), "  vs DateFormatter (target ≥ \(Int(target))× faster)"].joined(separator: " "))
        let reference = rows.first { $0.candidate == "DateFormatter" }
        for row in rows {
            let speedup = reference.map { $0.statistics.median / row.statistics.median } ?? .nan
            let verdict = row.candidate == "DateFormatter" ? "(the reference)" : String(format: "%.1f× faster %@", speedup, speedup >= target ? "ok" : "UNDER")
            print([Report.pad(row.candidate, 16), Report.padLeft(Report.duration(row.statistics.median), 12),
                   Report.padLeft("\(Report.duration(row.statistics.minimum))–\(Report.duration(row.statistics.maximum))", 21), "  " + verdict].joined(separator: " "))
        }
    }
}
