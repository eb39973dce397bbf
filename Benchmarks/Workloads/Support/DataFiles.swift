import Foundation

/// Reads the benchmark inputs: the real-world JSON in `Benchmarks/Data/`, a resource of this
/// executable, so the benchmark finds it from any working directory and needs nothing beside
/// the repository.
enum DataFiles {
    /// The bytes of `name` (a path inside `Benchmarks/Data/`, such as `github/issues.json`).
    static func load(_ name: String) throws -> Data {
        guard let folder = Bundle.module.resourceURL?.appendingPathComponent("Data") else {
            throw BenchmarkFailure("the benchmark's resource bundle has no Data folder (is Package.swift's resources entry intact?)")
        }
        let url = folder.appendingPathComponent(name)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw BenchmarkFailure("cannot read benchmark input Benchmarks/Data/\(name) (\(url.path)): \(error)")
        }
    }

    /// Joins JSON arrays byte for byte (`[a, b] + [c]` → `[a, b, c]`) so the candidates read the
    /// files' own text rather than a re-serialization.
    static func concatenateArrays(_ arrays: [Data], names: [String]) throws -> Data {
        var result = Data("[".utf8)
        var isFirst = true
        for (array, name) in zip(arrays, names) {
            let bytes = [UInt8](array)
            let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            guard let open = bytes.firstIndex(where: { !isSpace($0) }), bytes[open] == UInt8(ascii: "["),
                  let close = bytes.lastIndex(where: { !isSpace($0) }), bytes[close] == UInt8(ascii: "]"), open < close
            else { throw BenchmarkFailure("Benchmarks/Data/\(name) is not a JSON array") }
            let inner = bytes[(open + 1)..<close]
            guard inner.contains(where: { !isSpace($0) }) else { continue }
            if !isFirst { result.append(UInt8(ascii: ",")) }
            result.append(contentsOf: inner)
            isFirst = false
        }
        result.append(UInt8(ascii: "]"))
        return result
    }
}
