import Foundation
import Testing
import KeyValueMapping

/// Decodes `{"<key>": <json>}` (parsed by JSONSerialization, like real payloads) into `Model`
/// and renders the decoded property, or the error's description.
func decodeProperty<Model: Mappable>(_ key: String, json: String, into model: Model.Type,
                                     decoder: KeyValueDecoder = KeyValueDecoder()) throws -> String {
    let text = "{\"\(key)\": \(json)}"
    let dictionary = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let viaDictionary = render(key, dictionary: dictionary, into: model, decoder: decoder)
    // Every table runs through both paths: JSONSerialization's dictionary and our own reader.
    let viaBytes: String
    do {
        viaBytes = propertyDescription(key, of: try decoder.decode(Model.self, fromJSON: Data(text.utf8)))
    } catch let error as MappingError {
        viaBytes = "error: \(error)"
    }
    #expect(viaBytes == viaDictionary, "the JSON bytes path disagrees with the dictionary path")
    return viaDictionary
}

/// Decodes a Swift dictionary literal into `Model` and renders `key`'s property or the error.
func render<Model: Mappable>(_ key: String, dictionary: [String: Any], into model: Model.Type,
                             decoder: KeyValueDecoder = KeyValueDecoder()) -> String {
    do {
        let decoded = try decoder.decode(Model.self, from: dictionary)
        return propertyDescription(key, of: decoded)
    } catch let error as MappingError {
        return "error: \(error)"
    } catch {
        return "unexpected error: \(error)"
    }
}

/// The `String(describing:)` of a stored property, found by label.
func propertyDescription(_ key: String, of value: Any) -> String {
    var mirror: Mirror? = Mirror(reflecting: value)
    while let current = mirror {
        if let child = current.children.first(where: { $0.label == key }) {
            return String(describing: child.value)
        }
        mirror = current.superclassMirror
    }
    return "no property \(key)"
}

/// A row of a decoding table: the property, the JSON value, and the rendering expected.
struct DecodeCase: CustomTestStringConvertible, Sendable {
    let key: String
    let json: String
    let expected: String

    init(_ key: String, _ json: String, _ expected: String) {
        self.key = key
        self.json = json
        self.expected = expected
    }

    var testDescription: String { "\(key) <- \(json)" }
}
