import Foundation

/// One workload's four operations (decode/encode × dictionary/bytes): verify every candidate
/// against the floor, then time them interleaved.
struct Suite<Root: Equatable> {
    /// The data set.
    let workload: WorkloadName
    /// Top-level models per round (array elements, or 1 for a document).
    let objects: Int
    /// The JSON text every candidate reads; also the byte count for MB/s.
    let bytes: Data
    /// The conversions to compare.
    let codecs: Codecs<Root>

    /// Verifies and measures every operation, returning the figures in table order.
    func run(with runner: Runner) throws -> [Measurement] {
        if let repeating = runner.settings.repeating { return try repeatOne(repeating.label, runner: runner) }
        let parsed = try Self.parse(bytes, workload: workload, operation: .decodeDictionary, candidate: .handWritten)
        let reference = try Verification.attempt(workload: workload, operation: .decodeDictionary, candidate: .handWritten) {
            try codecs.handDecodeDictionary(parsed)
        }
        var results: [Measurement] = []
        results += try decodeDictionary(parsed, reference: reference, runner: runner)
        results += try decodeBytes(reference: reference, runner: runner)
        results += try encodeDictionary(reference, runner: runner)
        results += try encodeBytes(reference, runner: runner)
        return results
    }

    private func decodeDictionary(_ parsed: Any, reference: Root, runner: Runner) throws -> [Measurement] {
        let operation = OperationName.decodeDictionary
        let codecs = codecs
        let decode = codecs.decodeDictionary
        let decoded = try Verification.attempt(workload: workload, operation: operation, candidate: .keyValueMapping) {
            try decode(parsed)
        }
        try Verification.check(decoded, equals: reference, workload: workload, operation: operation, candidate: .keyValueMapping)
        return try runner.measure([
            Candidate(name: .keyValueMapping) { codecs.checksum(try codecs.decodeDictionary(parsed)) },
            Candidate(name: .handWritten) { codecs.checksum(try codecs.handDecodeDictionary(parsed)) },
        ], workload: workload, operation: operation, objects: objects, bytes: bytes.count)
    }

    private func decodeBytes(reference: Root, runner: Runner) throws -> [Measurement] {
        let operation = OperationName.decodeBytes
        let codecs = codecs
        let bytes = bytes
        let workload = workload
        let viaSerialization: (Data) throws -> Root = { data in
            try codecs.handDecodeDictionary(try JSONSerialization.jsonObject(with: data))
        }
        let candidates = [
            Candidate(name: .keyValueMapping) { codecs.checksum(try codecs.decodeBytes(bytes)) },
            Candidate(name: .jsonDecoder) { codecs.checksum(try codecs.jsonDecoderDecode(bytes)) },
            Candidate(name: .serializationHandWritten) { codecs.checksum(try viaSerialization(bytes)) },
        ]
        for (name, decode) in [(CandidateName.keyValueMapping, codecs.decodeBytes), (.jsonDecoder, codecs.jsonDecoderDecode), (.serializationHandWritten, viaSerialization)] {
            let decoded = try Verification.attempt(workload: workload, operation: operation, candidate: name) { try decode(bytes) }
            try Verification.check(decoded, equals: reference, workload: workload, operation: operation, candidate: name)
        }
        return try runner.measure(candidates, workload: workload, operation: operation, objects: objects, bytes: bytes.count)
    }

    private func encodeDictionary(_ reference: Root, runner: Runner) throws -> [Measurement] {
        let operation = OperationName.encodeDictionary
        let codecs = codecs
        let encoders: [(CandidateName, (Root) throws -> EncodedDictionary)] = [
            (.keyValueMapping, codecs.encodeDictionary),
            (.handWritten, { codecs.handEncodeDictionary($0) }),
        ]
        for (name, encode) in encoders {
            // Through JSONSerialization and back, as a caller would send it: this also proves the
            // dictionary is JSON-compatible.
            let decoded = try Verification.attempt(workload: workload, operation: operation, candidate: name) { () throws -> Root in
                let encoded = try encode(reference).value
                guard JSONSerialization.isValidJSONObject(encoded) else {
                    throw BenchmarkFailure("the encoded dictionary is not JSON-compatible")
                }
                let text = try JSONSerialization.data(withJSONObject: encoded)
                return try codecs.handDecodeDictionary(try JSONSerialization.jsonObject(with: text))
            }
            try Verification.check(decoded, equals: reference, workload: workload, operation: operation, candidate: name)
        }
        return try runner.measure(encoders.map { name, encode in
            Candidate(name: name) { try encode(reference).checksum }
        }, workload: workload, operation: operation, objects: objects, bytes: bytes.count)
    }

    private func encodeBytes(_ reference: Root, runner: Runner) throws -> [Measurement] {
        let operation = OperationName.encodeBytes
        let codecs = codecs
        let encoders: [(CandidateName, (Root) throws -> Data)] = [
            (.keyValueMapping, codecs.encodeBytes),
            (.jsonEncoder, codecs.jsonEncoderEncode),
            (.serializationHandWritten, { try JSONSerialization.data(withJSONObject: codecs.handEncodeDictionary($0).value) }),
        ]
        for (name, encode) in encoders {
            let decoded = try Verification.attempt(workload: workload, operation: operation, candidate: name) { () throws -> Root in
                try codecs.handDecodeDictionary(try JSONSerialization.jsonObject(with: try encode(reference)))
            }
            try Verification.check(decoded, equals: reference, workload: workload, operation: operation, candidate: name)
        }
        return try runner.measure(encoders.map { name, encode in
            Candidate(name: name) { try encode(reference).count }
        }, workload: workload, operation: operation, objects: objects, bytes: bytes.count)
    }

    /// `--repeat`: runs only the body `label` names, with nothing else around it to count.
    private func repeatOne(_ label: String, runner: Runner) throws -> [Measurement] {
        let parsed = try Self.parse(bytes, workload: workload, operation: .decodeDictionary, candidate: .handWritten)
        let reference = try codecs.handDecodeDictionary(parsed)
        let codecs = codecs
        let bytes = bytes
        let bodies: [(OperationName, CandidateName, () throws -> Int)] = [
            (.decodeDictionary, .keyValueMapping, { codecs.checksum(try codecs.decodeDictionary(parsed)) }),
            (.decodeDictionary, .handWritten, { codecs.checksum(try codecs.handDecodeDictionary(parsed)) }),
            (.decodeBytes, .keyValueMapping, { codecs.checksum(try codecs.decodeBytes(bytes)) }),
            (.decodeBytes, .jsonDecoder, { codecs.checksum(try codecs.jsonDecoderDecode(bytes)) }),
            (.decodeBytes, .serializationHandWritten, { codecs.checksum(try codecs.handDecodeDictionary(try JSONSerialization.jsonObject(with: bytes))) }),
            (.encodeDictionary, .keyValueMapping, { try codecs.encodeDictionary(reference).checksum }),
            (.encodeDictionary, .handWritten, { codecs.handEncodeDictionary(reference).checksum }),
            (.encodeBytes, .keyValueMapping, { try codecs.encodeBytes(reference).count }),
            (.encodeBytes, .jsonEncoder, { try codecs.jsonEncoderEncode(reference).count }),
            (.encodeBytes, .serializationHandWritten, { try JSONSerialization.data(withJSONObject: codecs.handEncodeDictionary(reference).value).count }),
        ]
        for (operation, candidate, body) in bodies {
            _ = try runner.measure([Candidate(name: candidate, body: body)], workload: workload, operation: operation, objects: objects, bytes: bytes.count)
        }
        return []
    }

    /// Parses `data` with JSONSerialization, naming the workload if it is not JSON.
    static func parse(_ data: Data, workload: WorkloadName, operation: OperationName, candidate: CandidateName) throws -> Any {
        try Verification.attempt(workload: workload, operation: operation, candidate: candidate) {
            try JSONSerialization.jsonObject(with: data)
        }
    }
}
