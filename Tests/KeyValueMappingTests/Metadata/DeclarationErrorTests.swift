import Foundation
import Testing
import KeyValueMapping

struct HasClosure: Mappable {
    var name = ""
    var callback: () -> Void = {}
}

struct HasTuple: Mappable {
    var pair = (1, 2)
}

struct NestsUnsupported: Mappable {
    var inner = HasClosure()
}

struct CustomMirrored: Mappable, CustomReflectable {
    var a = 0
    var customMirror: Mirror { Mirror(self, children: ["b": a]) }
}

/// Hashable, but neither a key the library maps nor Codable.
struct PlainKey: Hashable {
    var id = 0
}

struct UnsupportedKey: Mappable {
    var byKey: [PlainKey: Int] = [:]
}

@Suite struct DeclarationErrorTests {
    @Test func unsupportedPropertyTypesAreAnErrorWhenTheTypeIsFirstUsed() {
        let error = mappingError { _ = try HasClosure(dictionary: ["name": "x"]) }
        #expect(error?.description == "callback: unsupported property type: KeyValueMappingTests.HasClosure.callback has type () -> (), which cannot be mapped")
        // The failure is cached: encoding reports the same error without rebuilding.
        let again = mappingError { _ = try HasClosure().dictionary() }
        #expect(again?.description == error?.description)
    }

    @Test func tuplesAreUnsupported() {
        let error = mappingError { _ = try HasTuple(dictionary: [:]) }
        #expect(error?.keyPath == "pair")
        if case .unsupportedType? = error?.reason {} else { Issue.record("expected unsupportedType, got \(String(describing: error))") }
    }

    @Test func nestedUnsupportedTypesNameTheFullPath() {
        let error = mappingError { _ = try NestsUnsupported(dictionary: [:]) }
        #expect(error?.keyPath == "inner.callback")
    }

    @Test func unsupportedDictionaryKeys() {
        let error = mappingError { _ = try UnsupportedKey(dictionary: [:]) }
        #expect(error?.keyPath == "byKey")
        #expect(error?.description == "byKey: unsupported property type: KeyValueMappingTests.UnsupportedKey.byKey has type Dictionary<PlainKey, Int>: dictionary keys must be String, an integer or a RawRepresentable with a String or integer raw value, not PlainKey")
    }

    @Test func aTypeWhoseMirrorDisagreesWithTheRuntimeIsRefused() {
        let error = mappingError { _ = try CustomMirrored(dictionary: ["a": 1]) }
        #expect(error?.description == "(root): cannot map KeyValueMappingTests.CustomMirrored safely: Mirror lists [b] but the runtime reports [a] (does the type customise its Mirror?)")
    }
}
