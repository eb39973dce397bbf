import Foundation

extension KeyValueModel {
    /// This model with a JSON Merge Patch (RFC 7396) applied, as a `PATCH` endpoint does.
    ///
    /// ```swift
    /// struct Profile: Mappable {
    ///     var name = ""
    ///     var bio: String?
    ///     var tags: [String] = []
    /// }
    /// var profile = Profile()
    /// profile.name = "Ada"
    /// profile.bio = "Mathematician"
    /// let patched = try profile.applyingMergePatch(JSONValue(jsonString: #"{"bio": null, "tags": ["math"]}"#))
    /// print(patched.name, patched.bio as Any, patched.tags)   // Ada nil ["math"]
    /// ```
    ///
    /// The patch works on the model's JSON form (what the encoder writes, `nil` written as
    /// `null`): members present in the patch replace, nested objects merge recursively, arrays
    /// replace whole, and `null` removes. A removed optional property becomes `nil`; a removed
    /// non-optional property returns to its prototype value (the value `init()` gives it). The
    /// result is decoded with all the model's rules, so a wrong value is a ``MappingError`` with
    /// its key path (`tags[0]: expected String, found Int 5`). Properties the JSON form does not
    /// hold keep their values: `let`s, and for value types the ignored properties. A class
    /// model is patched on a new instance of its dynamic type, whose ignored properties take
    /// their prototype values; ``applyMergePatch(_:decoder:encoder:)-(JSONValue,_,_)`` updates an
    /// instance in place.
    ///
    /// The patch's keys are matched under `decoder`'s naming style, the model's JSON form is
    /// written with `encoder` (its naming style too), and the merged document is decoded with
    /// `decoder`: pass the coders the endpoint uses, so a patch in its wire format
    /// (`{"full_name": "Grace"}` for a `.snakeCase` decoder) applies.
    ///
    /// A patch member for a key the model's JSON form does not have (a later candidate key, an
    /// unknown key) is merged as RFC 7396 says and then ignored by the decoder, as it ignores
    /// any unknown key (or rejected, with `unknownKeys` set to `.reject`).
    /// - Throws: ``MappingError``; patches nested deeper than the decoder's maximum depth (512
    ///   by default) fail with `depthLimitExceeded`.
    public func applyingMergePatch(_ patch: JSONValue, decoder: KeyValueDecoder = KeyValueDecoder(),
                                   encoder: KeyValueEncoder = KeyValueEncoder()) throws -> Self {
        try MergePatchEntry.applying(patch, to: self, MergePatchEntry.Coders(decoder: decoder, encoder: encoder))
    }

    /// ``applyingMergePatch(_:decoder:encoder:)-(JSONValue,_,_)`` with the patch as JSON bytes.
    public func applyingMergePatch(_ patch: Data, decoder: KeyValueDecoder = KeyValueDecoder(),
                                   encoder: KeyValueEncoder = KeyValueEncoder()) throws -> Self {
        try applyingMergePatch(try MergePatchEntry.parse(patch), decoder: decoder, encoder: encoder)
    }

    /// Applies a JSON Merge Patch to this model in place; a class instance keeps its identity
    /// (and its ignored properties). See ``applyingMergePatch(_:decoder:encoder:)-(JSONValue,_,_)``.
    public mutating func applyMergePatch(_ patch: JSONValue, decoder: KeyValueDecoder = KeyValueDecoder(),
                                         encoder: KeyValueEncoder = KeyValueEncoder()) throws {
        if Self.self is AnyClass {
            try MergePatchEntry.patchInPlace(patch, self, MergePatchEntry.Coders(decoder: decoder, encoder: encoder))
        } else {
            self = try applyingMergePatch(patch, decoder: decoder, encoder: encoder)
        }
    }

    /// ``applyMergePatch(_:decoder:encoder:)-(JSONValue,_,_)`` with the patch as JSON bytes.
    public mutating func applyMergePatch(_ patch: Data, decoder: KeyValueDecoder = KeyValueDecoder(),
                                         encoder: KeyValueEncoder = KeyValueEncoder()) throws {
        try applyMergePatch(try MergePatchEntry.parse(patch), decoder: decoder, encoder: encoder)
    }

    /// The smallest JSON Merge Patch that turns `old` into this model:
    /// `old.applyingMergePatch(new.mergePatch(from: old))` equals `new` in every property the
    /// JSON form holds.
    ///
    /// ```swift
    /// struct Profile: Mappable { var name = ""; var bio: String?; var tags: [String] = [] }
    /// var old = Profile()
    /// old.name = "Ada"
    /// old.bio = "Mathematician"
    /// var new = old
    /// new.bio = nil
    /// new.tags = ["math"]
    /// print(try new.mergePatch(from: old).jsonString())   // {"bio":null,"tags":["math"]}
    /// ```
    ///
    /// Changed members are listed, nested models as nested patches, arrays whole; `{}` means no
    /// change. A set equal to the old one gives no member, whatever order it is written in.
    /// `let`s and ignored properties are not in the JSON form, so no patch carries them. The
    /// patch is written with `encoder`'s keys, for a patch applied with the same coders
    /// (``applyingMergePatch(_:decoder:encoder:)-(JSONValue,_,_)``).
    /// - Throws: ``MappingError`` when no merge patch can express the change: a `null` that must
    ///   stay inside a dictionary or an `Any` value (RFC 7396's `null` removes a member), a value
    ///   whose JSON form cannot give it back (an `Optional` holding `nil`, such as a `String??`
    ///   that is `.some(nil)`: written as `null`, which decodes as `nil`; an error whatever
    ///   `old` holds, even `old` itself, because applying any patch, `{}` included, reads the
    ///   property back as `nil`), or a class instance replaced by one of another class. The error
    ///   names the member's key path.
    public func mergePatch(from old: Self, decoder: KeyValueDecoder = KeyValueDecoder(),
                           encoder: KeyValueEncoder = KeyValueEncoder()) throws -> JSONValue {
        try MergePatchEntry.difference(from: old, to: self, MergePatchEntry.Coders(decoder: decoder, encoder: encoder))
    }
}

/// Opens a class model's dynamic type, so a `Circle` held as a `Shape` is patched and compared
/// with `Circle`'s properties.
enum MergePatchEntry {
    /// The coders a patch is read, merged and written with.
    struct Coders {
        let decoder: KeyValueDecoder
        let encoder: KeyValueEncoder
    }

    static func parse(_ bytes: Data) throws -> JSONValue {
        do {
            return try JSONValue(jsonData: bytes)
        } catch {
            throw MappingError(.malformedJSON(error.description), underlyingError: error)
        }
    }

    static func applying<Model: KeyValueModel>(_ patch: JSONValue, to model: Model, _ coders: Coders) throws -> Model {
        if let dynamic = DynamicModel.type(of: model) {
            return try applying(patch, to: model, as: dynamic, coders)
        }
        let metadata = try ModelMetadata.of(Model.self)
        var result = metadata.isClass ? metadata.mappedCopy(of: model) : model
        try metadata.applyMergePatch(patch, to: &result, decoder: coders.decoder, encoder: coders.encoder)
        return result
    }

    private static func applying<Model: KeyValueModel, Dynamic: Mappable>(_ patch: JSONValue, to model: Model, as type: Dynamic.Type, _ coders: Coders) throws -> Model {
        let result = try applying(patch, to: try DynamicModel.cast(model, to: Dynamic.self), coders)
        return try DynamicModel.cast(result, to: Model.self)
    }

    static func patchInPlace<Model: KeyValueModel>(_ patch: JSONValue, _ model: Model, _ coders: Coders) throws {
        if let dynamic = DynamicModel.type(of: model) {
            return try patchInPlace(patch, model, as: dynamic, coders)
        }
        var instance = model
        try ModelMetadata.of(Model.self).applyMergePatch(patch, to: &instance, decoder: coders.decoder, encoder: coders.encoder)
    }

    private static func patchInPlace<Model: KeyValueModel, Dynamic: Mappable>(_ patch: JSONValue, _ model: Model, as type: Dynamic.Type, _ coders: Coders) throws {
        try patchInPlace(patch, try DynamicModel.cast(model, to: Dynamic.self), coders)
    }

    static func difference<Model: KeyValueModel>(from old: Model, to new: Model, _ coders: Coders) throws -> JSONValue {
        let oldType: any KeyValueModel.Type = DynamicModel.type(of: old) ?? Model.self
        let newType: any KeyValueModel.Type = DynamicModel.type(of: new) ?? Model.self
        guard oldType == newType else {
            throw MappingError(.other("a JSON merge patch cannot change the class of a model (from \(SwiftTypeName.of(oldType)) to \(SwiftTypeName.of(newType)))"))
        }
        if let dynamic = DynamicModel.type(of: old) {
            return try difference(from: old, to: new, as: dynamic, coders)
        }
        return try ModelMetadata.of(Model.self).mergePatch(from: old, to: new, decoder: coders.decoder, encoder: coders.encoder)
    }

    private static func difference<Model: KeyValueModel, Dynamic: Mappable>(from old: Model, to new: Model, as type: Dynamic.Type, _ coders: Coders) throws -> JSONValue {
        try difference(from: try DynamicModel.cast(old, to: Dynamic.self), to: try DynamicModel.cast(new, to: Dynamic.self), coders)
    }
}
