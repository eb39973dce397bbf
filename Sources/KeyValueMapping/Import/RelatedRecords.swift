import Foundation

/// How a property holds the related records an import matches by their own key
/// (``MappingRules/relatedByKey(_:_:)``).
enum RelatedShape {
    /// `Author`: one record.
    case one
    /// `Author?`: one record or none.
    case optional
    /// `[Comment]`: records in order.
    case array
    /// `[Comment]?`: records in order, or none.
    case optionalArray
}

/// A property type that holds related records in a container: the record type and the shape.
protocol RelatedContainer {
    static var relatedModel: any KeyValueModel.Type { get }
    static var relatedShape: RelatedShape { get }
}

extension Optional: RelatedContainer where Wrapped: KeyValueModel {
    static var relatedModel: any KeyValueModel.Type { Wrapped.self }
    static var relatedShape: RelatedShape { .optional }
}

extension Array: RelatedContainer where Element: KeyValueModel {
    static var relatedModel: any KeyValueModel.Type { Element.self }
    static var relatedShape: RelatedShape { .array }
}

/// An array of models, for ``RelatedOptionalArray``.
protocol RelatedArray {
    static var relatedElement: any KeyValueModel.Type { get }
}

extension Array: RelatedArray where Element: KeyValueModel {
    static var relatedElement: any KeyValueModel.Type { Element.self }
}

/// `[Comment]?`: an optional array of related records (a protocol of its own, as `Optional` has
/// its one conformance to ``RelatedContainer`` already).
protocol RelatedOptionalArray {
    static var relatedModel: any KeyValueModel.Type { get }
}

extension Optional: RelatedOptionalArray where Wrapped: RelatedArray {
    static var relatedModel: any KeyValueModel.Type { Wrapped.relatedElement }
}

/// One property of an imported model that holds related records.
struct RelatedProperty {
    /// Its place among the decoded properties.
    let index: Int
    let descriptor: PropertyDescriptor
    let model: any KeyValueModel.Type
    let shape: RelatedShape
    /// Where its value is in an element, for errors.
    let path: [MappingError.PathComponent]
}

extension ModelMetadata {
    /// Reports a `relatedByKey` property that is never decoded or holds no model (the record
    /// type's own key is checked when an import starts, as its metadata may need this type's).
    func checkRelatedByKey(_ resolver: inout RulesResolver) {
        for name in resolver.rules.relatedByKey {
            guard let property = properties.first(where: { $0.name == name }) else { continue }
            if !property.isDecoded || !resolver.isMapped(name) {
                resolver.report("relatedByKey names \"\(name)\", which is never decoded")
            } else if resolver.rules.transformers[name] != nil || resolver.rules.flattened.contains(name) {
                resolver.report("relatedByKey names \"\(name)\", which has a transformer or is flattened, so its records are not read as models of their own: keep one")
            } else if case .polymorphic? = resolver.rules.representations[name] {
                resolver.report("relatedByKey names \"\(name)\", which is polymorphic: its records have no one type to import by key")
            } else if Self.relatedShape(of: property.accessor.valueType) == nil {
                resolver.report("relatedByKey names \"\(name)\" of type \(SwiftTypeName.of(property.accessor.valueType)), which holds no model: "
                                + "use a model, an optional one, or an array of them (optional or not)")
            }
        }
    }

    static func relatedShape(of type: Any.Type) -> (model: any KeyValueModel.Type, shape: RelatedShape)? {
        if let model = type as? any KeyValueModel.Type { return (model, .one) }
        if let container = type as? any RelatedContainer.Type { return (container.relatedModel, container.relatedShape) }
        if let container = type as? any RelatedOptionalArray.Type { return (container.relatedModel, .optionalArray) }
        return nil
    }

    /// The properties an import matches by their records' own keys, in declaration order.
    func relatedProperties(_ session: DecodingSession) throws -> [RelatedProperty] {
        let names = resolver?.rules.relatedByKey ?? []
        guard !names.isEmpty else { return [] }
        let table = try session.keyTable(for: self)
        return decodedProperties.indices.compactMap { index in
            let property = decodedProperties[index]
            guard names.contains(property.name), let (model, shape) = Self.relatedShape(of: property.accessor.valueType) else { return nil }
            return RelatedProperty(index: index, descriptor: property, model: model, shape: shape, path: table.decodeKeys[index].errorPath)
        }
    }
}

/// A related record an element held: decoded once, without `didDecode` (which runs once it is
/// matched), with what it wrote, and where it was in the element.
struct RelatedEntry {
    /// The related property that held it (its decoded-property index).
    let property: Int
    let model: any KeyValueModel
    let facts: ElementFacts
    let path: [MappingError.PathComponent]
}

/// What the walk of an imported element records of its related records. The import opens it
/// before each element; the element's own walk takes it (an object nested deeper finds it
/// closed), and arms it around each related property's value, where the first model of the
/// related type decoded is recorded rather than made (see `ModelCodec.decode`).
final class RelatedCapture {
    /// The related properties by decoded-property index.
    private let related: [Int: RelatedProperty]
    /// The property whose value is being decoded, when it is a related one, and where its
    /// value was found.
    @exclusivity(unchecked) private(set) var armed: RelatedProperty?
    @exclusivity(unchecked) private var armedPath: [MappingError.PathComponent] = []
    /// Each related type's key reader, made when first needed.
    @exclusivity(unchecked) private var keyReaders: [ObjectIdentifier: Any] = [:]
    /// The element's related records so far.
    @exclusivity(unchecked) private(set) var entries: [RelatedEntry] = []

    init(_ properties: [RelatedProperty]) {
        related = Dictionary(uniqueKeysWithValues: properties.map { ($0.index, $0) })
    }

    /// Starts an element, read with `session`: nothing recorded.
    func open(_ session: DecodingSession) {
        entries.removeAll(keepingCapacity: true)
        session.isRelatedCaptureOpen = true
    }

    /// The element's records, taken (also after an element that failed).
    func take(_ session: DecodingSession) -> [RelatedEntry] {
        session.isRelatedCaptureOpen = false
        session.isRelatedCaptureArmed = false
        armed = nil
        defer { entries = [] }
        return entries
    }

    /// Before the member for decoded property `index` is read: arms the capture when the
    /// property is a related one (and says so), dropping what an earlier member with the same
    /// key recorded (a key repeated in JSON text: its last value counts).
    func arm(_ index: Int, path: [MappingError.PathComponent]?) -> Bool {
        guard let property = related[index] else { return false }
        entries.removeAll { $0.property == index }
        armed = property
        armedPath = path ?? property.path
        return true
    }

    /// After the armed property's value is read; when it failed, what it recorded is dropped.
    func disarm(failed: Bool) {
        if failed { discardArmed() }
        armed = nil
    }

    /// Drops what the armed property's value recorded: the value failed, and the property holds
    /// another (a fallback).
    func discardArmed() {
        guard let armed else { return }
        entries.removeAll { $0.property == armed.index }
    }

    /// Decodes the record at `source`'s cursor as the armed property's record, or as any
    /// model when `Model` is not its type (a model inside a transformer's value, say).
    func decode<Model: KeyValueModel, Source: DecodingSource>(_ metadata: ModelMetadata<Model>, from source: inout Source,
                                                              _ session: DecodingSession) throws -> Model {
        // Deeper models, of this type too, are decoded as usual.
        session.isRelatedCaptureArmed = false
        defer { session.isRelatedCaptureArmed = true }
        guard let property = armed, ObjectIdentifier(property.model) == ObjectIdentifier(Model.self) else {
            return try metadata.makeModel(from: &source, session)
        }
        guard let prototype = metadata.prototype else {
            throw MappingError(.invalidDeclaration(type: metadata.typeName, problems: [
                "an import updates related records in place, which an ImmutableMappable model cannot be: use a Mappable model of vars",
            ]))
        }
        var facts = ElementFacts(decodedAs: Model.self)
        let elements = ElementDecoder(metadata: metadata, session: session)
        let model = try elements.decode(from: &source, prototype: prototype, facts: &facts)
        // Its key is read now, so a record without one fails where it is, in the element's walk.
        _ = try keyReader(for: metadata).key(ofElement: model, facts, elements)
        var path = armedPath
        if property.shape == .array || property.shape == .optionalArray {
            path.append(.index(entries.count(where: { $0.property == property.index })))
        }
        entries.append(RelatedEntry(property: property.index, model: model, facts: facts, path: path))
        return model
    }

    private func keyReader<Model: KeyValueModel>(for metadata: ModelMetadata<Model>) throws -> PrimaryKeyReader<Model> {
        if let reader = keyReaders[ObjectIdentifier(Model.self)] as? PrimaryKeyReader<Model> { return reader }
        let reader = try PrimaryKeyReader(metadata)
        keyReaders[ObjectIdentifier(Model.self)] = reader
        return reader
    }
}

/// Reaches the store of a related record type through the store an import goes into: the
/// library's side of ``ImportTarget/visitRelatedTarget(for:with:)``.
public protocol RelatedTargetVisitor {
    /// Imports the batch's related records into `target`, the store of their type.
    mutating func visit<Target: ImportTarget>(_ target: inout Target) throws
}
