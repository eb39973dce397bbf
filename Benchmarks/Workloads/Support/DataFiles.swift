import Foundation

/// Reads the shared benchmark inputs from `../shared/data/` relative to the current directory
/// (the project root); they are not copied into the project.
enum DataFiles {
    /// The data folder, relative to the project root.
    static let directory = "../shared/data"

    /// The bytes of `name` inside the data folder, or a failure naming the full path.
    static func load(_ name: String) throws -> Data {
        let path = "\(directory)/\(name)"
        guard FileManager.default.fileExists(atPath: path) else {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            throw BenchmarkFailure("missing benchmark input \(path) (\(absolute)); run from the project root with ../shared/data present")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw BenchmarkFailure("cannot read benchmark input \(path): \(error)")
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
            else { throw BenchmarkFailure("\(directory)/\(name) is not a JSON array") }
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
