import Foundation

/// What a ``StreamEngine`` makes of one complete element it finds: a model for a stream of
/// models, a model with what its element wrote for a streamed import. Both read the element
/// with the same walk as the in-memory decode; only what they keep of it differs.
protocol StreamElementDecoding {
    /// The model type the elements are read as, named in the stream's errors.
    associatedtype Model: KeyValueModel
    /// What one element gives.
    associatedtype Output

    /// Reads the element at `source`'s cursor.
    func decode<Source: DecodingSource>(from source: inout Source, _ session: DecodingSession) throws -> Output
}

extension ModelCodec: StreamElementDecoding {}
