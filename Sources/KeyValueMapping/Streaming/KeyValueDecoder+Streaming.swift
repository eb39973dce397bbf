import Foundation

extension KeyValueDecoder {
    /// How a stream of models holds its elements.
    public enum StreamFormat: Sendable, Equatable {
        /// Decided by the first byte that is not whitespace: `[` starts a JSON array, anything
        /// else is JSON Lines. The default.
        case automatic
        /// One top-level JSON array of objects: `[{…}, {…}]`.
        case jsonArray
        /// JSON Lines: one object per line (`\n` or `\r\n`); blank lines are skipped and the
        /// last line needs no newline.
        case jsonLines

        var splitterFormat: JSONElementSplitter.Format? {
            switch self {
            case .automatic: return nil
            case .jsonArray: return .array
            case .jsonLines: return .lines
            }
        }
    }

    /// Decodes a model from the JSON file at `url`, off the caller's thread.
    ///
    /// The file is read whole (it holds one model); for a large array or JSON Lines file, use
    /// ``models(of:fromJSONAt:format:)``, which reads it piece by piece. Errors reading the
    /// file are thrown as Foundation reports them; a cancelled task throws `CancellationError`.
    @concurrent public func decode<Model: KeyValueModel>(_ type: Model.Type, fromJSONAt url: URL) async throws -> sending Model {
        try Task.checkCancellation()
        let data = try Data(contentsOf: url)
        try Task.checkCancellation()
        return try decoded(fromJSON: data)
    }

    /// Decodes an array of models from the JSON file at `url` (a top-level array), off the
    /// caller's thread; see ``decode(_:fromJSONAt:)->Model``.
    @concurrent public func decode<Model: KeyValueModel>(_ type: [Model].Type, fromJSONAt url: URL) async throws -> sending [Model] {
        try Task.checkCancellation()
        let data = try Data(contentsOf: url)
        try Task.checkCancellation()
        return try decoded(fromJSON: data)
    }

    // The result is a fresh value made from Sendable inputs only (no metatype argument, which
    // Swift treats as task-isolated), so it can be `sending`.
    private func decoded<Model: KeyValueModel>(fromJSON data: Data) throws -> Model {
        try decode(Model.self, fromJSON: data)
    }

    private func decoded<Model: KeyValueModel>(fromJSON data: Data) throws -> [Model] {
        try decode([Model].self, fromJSON: data)
    }

    /// Decodes every line of JSON Lines (`Data`, `[UInt8]` or any collection of bytes): one
    /// object per line, `\n` or `\r\n`, blank lines skipped, no final newline needed.
    ///
    /// An error names the element and its line: `[2].id (line 4): expected Int, found String "x"`.
    /// With ``invalidElements`` set to `.skip`, lines that fail to map are left out; a malformed
    /// or cut-off line, or a depth or stack error, still throws.
    public func decode<Model: KeyValueModel>(_ type: [Model].Type, fromJSONLines bytes: some Collection<UInt8>) throws -> [Model] {
        let engine = StreamEngine(decoder: self, decoding: ModelCodec(metadata: try ModelMetadata<Model>.of(Model.self)), format: .lines, progress: nil)
        ByteInput.withBytes(of: bytes) { input in engine.decode(input, base: 0, isFinal: true) }
        return try engine.drain()
    }

    /// The models of a JSON array or JSON Lines read from `bytes`, any `AsyncSequence` of bytes
    /// (`AsyncStream<UInt8>`, `AsyncThrowingStream<UInt8, any Error>`, a network body), decoded
    /// one at a time as the bytes arrive, in memory bounded by the largest element.
    ///
    /// ```swift
    /// for try await user in decoder.models(of: User.self, from: bytes) { … }
    /// ```
    ///
    /// See ``JSONModelStream`` for errors, cancellation and ``JSONModelStream/progress``.
    public func models<Model: KeyValueModel, Bytes: AsyncSequence>(of type: Model.Type, from bytes: Bytes, format: StreamFormat = .automatic) -> JSONModelStream<Model, Bytes> where Bytes.Element == UInt8 {
        JSONModelStream(bytes: bytes, decoder: self, format: format.splitterFormat, totalBytes: nil)
    }

    /// The models of the JSON array or JSON Lines file at `url`, read 64 KiB at a time and
    /// decoded one at a time, in memory bounded by the largest element (the file is never read
    /// or mapped whole). ``JSONModelStream/progress`` knows the file's size.
    ///
    /// ```swift
    /// let users = decoder.models(of: User.self, fromJSONAt: fileURL)
    /// for try await user in users {
    ///     print(user.name, users.progress.fractionCompleted ?? 0)
    /// }
    /// ```
    public func models<Model: KeyValueModel>(of type: Model.Type, fromJSONAt url: URL, format: StreamFormat = .automatic) -> JSONModelStream<Model, AsyncFileBytes> {
        JSONModelStream(bytes: AsyncFileBytes(url: url), decoder: self, format: format.splitterFormat, totalBytes: FileChunks.size(of: url))
    }
}
