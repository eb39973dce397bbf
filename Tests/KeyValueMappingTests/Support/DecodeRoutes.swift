import Foundation
import Testing
import KeyValueMapping

/// The ways a payload reaches a model: the dictionary path (JSONSerialization's output), the
/// bytes path (streamed for plain models), the bytes path through the parsed tree (`at:` on a
/// wrapping object), and the dictionary path through `at:`.
enum DecodeRoute: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case dictionary, bytes, bytesTree, dictionaryAt

    var testDescription: String { rawValue }

    /// Whether the route reads JSON bytes (and so knows the payload's order).
    var readsBytes: Bool { self == .bytes || self == .bytesTree }

    /// `json` as a dictionary, as JSONSerialization reads it.
    static func dictionary(_ json: String) throws -> [String: Any] {
        guard let dictionary = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw MappingError(.other("not an object"))
        }
        return dictionary
    }

    /// Decodes `json` this way; the model rendered, or `error: ` and the error (a wrapped
    /// route's `wrap.` prefix removed, so every route reads the same).
    func outcome<Model: KeyValueModel>(_ type: Model.Type, _ json: String, _ decoder: KeyValueDecoder = KeyValueDecoder(),
                                  render: (Model) -> String) -> String {
        do {
            let model: Model
            switch self {
            case .dictionary: model = try decoder.decode(Model.self, from: try Self.dictionary(json))
            case .bytes: model = try decoder.decode(Model.self, fromJSON: Data(json.utf8))
            case .bytesTree: model = try decoder.decode(Model.self, fromJSON: Data(#"{"wrap": \#(json)}"#.utf8), at: "wrap")
            case .dictionaryAt: model = try decoder.decode(Model.self, from: ["wrap": try Self.dictionary(json)], at: "wrap")
            }
            return render(model)
        } catch let error as MappingError where self == .bytesTree || self == .dictionaryAt {
            var unwrapped = error
            if case .key("wrap")? = unwrapped.path.first { unwrapped.path.removeFirst() }
            return "error: \(unwrapped)"
        } catch {
            return "error: \(error)"
        }
    }

    /// Decodes `json` leniently from a dictionary or from bytes: the model rendered, ` | `, and
    /// every listed relaxation, `; ` between them.
    static func lenientOutcome<Model: KeyValueModel>(_ type: Model.Type, _ json: String, _ decoder: KeyValueDecoder = KeyValueDecoder(),
                                                bytes: Bool, render: (Model) -> String) -> String {
        do {
            let (model, skipped) = bytes
                ? try decoder.decodeLeniently(Model.self, fromJSON: Data(json.utf8))
                : try decoder.decodeLeniently(Model.self, from: try dictionary(json))
            return render(model) + " | " + skipped.map(\.description).joined(separator: "; ")
        } catch {
            return "error: \(error)"
        }
    }
}
