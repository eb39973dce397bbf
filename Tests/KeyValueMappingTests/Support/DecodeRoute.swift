import Foundation
import KeyValueMapping
import Testing

/// The ways a payload reaches a model, for tables that check every route gives the same outcome:
/// the dictionary path (JSONSerialization's output), the streaming bytes path, the bytes path
/// through the parsed tree (`decode(_:fromJSON:at:)` on a wrapping object), and the dictionary
/// path through `decode(_:from:at:)`.
enum DecodeRoute: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case dictionary, stream, tree, dictionaryAt

    var testDescription: String { rawValue }

    /// Decodes `json` by this route and renders the model, or `"error: <description>"` (the
    /// wrapping routes' `wrap.` prefix removed, so every route reads the same).
    func outcome<Model: Mappable>(_ type: Model.Type, _ json: String, _ decoder: KeyValueDecoder = KeyValueDecoder(),
                                  render: (Model) -> String) -> String {
        do {
            let model: Model
            switch self {
            case .dictionary: model = try decoder.decode(Model.self, from: try Self.dictionary(json))
            case .stream: model = try decoder.decode(Model.self, fromJSON: Data(json.utf8))
            case .tree: model = try decoder.decode(Model.self, fromJSON: Data(#"{"wrap": \#(json)}"#.utf8), at: "wrap")
            case .dictionaryAt: model = try decoder.decode(Model.self, from: ["wrap": try Self.dictionary(json)], at: "wrap")
            }
            return render(model)
        } catch {
            let text = "error: \(error)"
            guard self == .tree || self == .dictionaryAt else { return text }
            return text.replacingOccurrences(of: "error: wrap.", with: "error: ").replacingOccurrences(of: "error: wrap: ", with: "error: (root): ")
        }
    }

    static func dictionary(_ json: String) throws -> [String: Any] {
        guard let dictionary = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw MappingError(.other("not an object"))
        }
        return dictionary
    }
}
