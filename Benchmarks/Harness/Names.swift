/// The data set a figure was measured on; raw values are the names in the JSON report.
enum WorkloadName: String, CaseIterable, Sendable {
    case flat
    case githubIssues = "github-issues"
    case twitter
    case citm
    case canada
}

/// What was timed; raw values are the names in the JSON report.
enum OperationName: String, CaseIterable, Sendable {
    case decodeDictionary = "decode-dictionary"
    case decodeBytes = "decode-bytes"
    case encodeDictionary = "encode-dictionary"
    case encodeBytes = "encode-bytes"
    case coldStart = "cold-start"
    case scaling1x = "scaling-1x"
    case scaling10x = "scaling-10x"
    case scaling100x = "scaling-100x"

    /// Whether the operation reads or writes JSON text, so MB/s is meaningful.
    var touchesBytes: Bool { self == .decodeBytes || self == .encodeBytes }
}

/// Who did the work; raw values are the names in the JSON report.
enum CandidateName: String, CaseIterable, Sendable {
    case keyValueMapping = "KeyValueMapping"
    case handWritten = "hand-written"
    case jsonDecoder = "JSONDecoder"
    case jsonEncoder = "JSONEncoder"
    case serializationHandWritten = "JSONSerialization+hand-written"

    /// Whether this candidate is the floor that ratios are taken against.
    var isFloor: Bool { self == .handWritten || self == .serializationHandWritten }

    /// Whether this candidate is Foundation's Codable path that speed-ups are taken against.
    var isFoundationCodable: Bool { self == .jsonDecoder || self == .jsonEncoder }
}

/// A failure that ends the run with a message and a non-zero exit status.
struct BenchmarkFailure: Error, CustomStringConvertible {
    /// The sentence printed to standard error.
    let description: String

    /// A failure with the given message.
    init(_ description: String) {
        self.description = description
    }
}
