/// The Codable bridge's view of one model type: what it asks a foreign `Decoder` that no other
/// route needs. Built from the model's metadata on first use and kept here, per type.
struct CodableModelView: Sendable {
    /// For each decoded property, the JSON kind a foreign decoder is asked for first.
    let hints: [CodableHint]
    /// The declared keys as the snake-case key strategies rewrite them.
    let snakeCase: SnakeCaseKeys

    private static let cache = ViewCache<CodableModelView>()

    /// The view of `metadata`'s model.
    static func of<Model: KeyValueModel>(_ metadata: ModelMetadata<Model>) -> CodableModelView {
        cache.entry(for: Model.self) {
            CodableModelView(hints: metadata.decodedProperties.map { $0.accessor.describedCodec.codableHint },
                             snakeCase: SnakeCaseKeys(metadata.declaredKeys))
        }
    }
}
