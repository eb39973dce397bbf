import Foundation

/// Everything KeyValueMapping knows about one ``MappableEnum``: its representation, its cases
/// resolved into codecs, and which Swift case each tag builds. Built once, with the model
/// metadata it reaches, and cached beside it.
// Every `var` below is written only by `populate`, before publication, and read-only after it.
final class EnumMetadata<Enum: MappableEnum> {
    let typeName = String(describing: Enum.self)
    @exclusivity(unchecked) private(set) var representation = EnumRules<Enum>.Representation.externallyTagged
    @exclusivity(unchecked) private(set) var cases: [Case] = []
    @exclusivity(unchecked) private(set) var tagIndexes: [String: Int] = [:]
    @exclusivity(unchecked) private(set) var fallback: (@Sendable () -> Enum)?
    /// The key of an internally tagged enum's tag, as the reader compares it.
    @exclusivity(unchecked) private(set) var tagName: MemberName?
    /// That key quoted for the writer, once.
    @exclusivity(unchecked) private(set) var quotedTagKey: [UInt8] = []
    /// The tags in declaration order, for messages (`circle, square, unknown`).
    @exclusivity(unchecked) private(set) var tagList = ""
    /// The Swift case names learned from the first value encoded, for payload cases no
    /// stand-in payload could be made for (see ``PayloadSample``).
    private let learnedNames = Locked<[Int: String]>([:])

    /// A declared case, resolved.
    struct Case {
        let tag: String
        /// The tag as a JSON string (quoted, escaped), as the writer writes it.
        let quotedTag: [UInt8]
        let unit: (@Sendable () -> Enum)?
        let payload: (any EnumPayloadCoding<Enum>)?
        /// The Swift case its constructor builds; `nil` until learned (see `learnedNames`).
        let caseName: String?
        /// Where the runtime keeps that name (see ``EnumCase/nameAddress(of:)``); 0 when unknown.
        let nameAddress: UInt
    }

    /// The metadata for `Enum`, from the cache or built now.
    static func of(_ type: Enum.Type) throws -> EnumMetadata {
        try MetadataBuilder.cached(Enum.self) { try $0.enumMetadata(for: Enum.self) }
    }

    // Runs on the building thread before the object is published.
    func populate(using factory: CodecFactory) throws {
        let rules = Enum.enumRules
        representation = rules.representation
        if case .internallyTagged(let key) = representation {
            tagName = MemberName(key)
            quotedTagKey = JSONWriter.quoted(key)
        }
        var problems: [String] = []
        if rules.cases.isEmpty { problems.append("its enumRules declare no case") }
        if case .adjacentlyTagged(let tag, let content) = representation, tag == content {
            problems.append("the tag and the content are both \"\(tag)\": give them two keys")
        }
        for rule in rules.cases {
            if tagIndexes[rule.tag] != nil {
                problems.append("two cases have the tag \"\(rule.tag)\": give each case its own tag")
                continue
            }
            guard let resolved = resolve(rule, factory, &problems) else { continue }
            if let name = resolved.caseName, let other = cases.first(where: { $0.caseName == name }) {
                problems.append("the tags \"\(other.tag)\" and \"\(rule.tag)\" build the same case `\(name)`: give each case one tag")
                continue
            }
            tagIndexes[rule.tag] = cases.count
            cases.append(resolved)
        }
        if let fallback = rules.fallbackCase {
            self.fallback = fallback
            if let name = EnumCase.name(of: fallback()), cases.allSatisfy({ $0.caseName != nil && $0.caseName != name }) {
                problems.append("its fallback `\(name)` is none of the declared cases: declare it with `.case`")
            }
        }
        tagList = cases.map(\.tag).joined(separator: ", ")
        guard problems.isEmpty else {
            throw MappingError(.invalidDeclaration(type: SwiftTypeName.qualified(Enum.self), problems: problems))
        }
    }

    private func resolve(_ rule: EnumCaseRule<Enum>, _ factory: CodecFactory, _ problems: inout [String]) -> Case? {
        let quotedTag = JSONWriter.quoted(rule.tag)
        switch rule.kind {
        case .unit(let make):
            let value = make()
            guard EnumCase.name(of: value) != nil else {
                problems.append("MappableEnum is for enums: the value of \"\(rule.tag)\" is not an enum case")
                return nil
            }
            return Case(tag: rule.tag, quotedTag: quotedTag, unit: make, payload: nil, caseName: EnumCase.name(of: value),
                        nameAddress: EnumCase.nameAddress(of: value))
        case .payload(let declaration):
            let payload: any EnumPayloadCoding<Enum>
            do {
                payload = try declaration.resolve(factory)
            } catch let error as MappingError {
                problems.append(Self.payloadProblem(rule.tag, declaration.payloadTypeName, error))
                return nil
            } catch {
                problems.append("case \"\(rule.tag)\": \(error)")
                return nil
            }
            if case .internallyTagged(let key) = representation {
                guard let keys = payload.objectKeys else {
                    problems.append("case \"\(rule.tag)\": an internally tagged payload must be a model (an object), not \(payload.typeName): "
                                    + "use .adjacentlyTagged or .externallyTagged, or wrap the value in a model")
                    return nil
                }
                if keys.knownKeys.contains(key) {
                    problems.append("case \"\(rule.tag)\": the tag \"\(key)\" is also a key of \(payload.typeName): choose another tag key")
                }
            }
            let sample = payload.sample()
            if let sample {
                // The constructor must be the case itself: a closure building another case (one
                // without a payload, or a value that is no enum) could not be written back.
                guard EnumCase.name(of: sample) != nil else {
                    problems.append("MappableEnum is for enums: the constructor of \"\(rule.tag)\" builds a value that is not an enum case")
                    return nil
                }
                guard EnumCase.hasPayload(sample) else {
                    problems.append("the constructor of \"\(rule.tag)\" builds a case without a payload: give `.case` the case itself (`\(typeName).someCase`)")
                    return nil
                }
            }
            return Case(tag: rule.tag, quotedTag: quotedTag, unit: nil, payload: payload, caseName: sample.flatMap { EnumCase.name(of: $0) },
                        nameAddress: sample.map { EnumCase.nameAddress(of: $0) } ?? 0)
        }
    }

    private static func payloadProblem(_ tag: String, _ typeName: String, _ error: MappingError) -> String {
        // A case with several associated values is a constructor of a tuple.
        if typeName.hasPrefix("(") {
            return "case \"\(tag)\" has several associated values \(typeName), which JSON cannot tell apart: wrap them in one model"
        }
        if case .invalidDeclaration(let type, let problems) = error.reason {
            return "case \"\(tag)\": \(type): \(problems.joined(separator: "; "))"
        }
        return "case \"\(tag)\": \(error.reasonDescription)"
    }

    /// The index of the declared case `value` holds, or an encode error for a case the rules
    /// do not declare. One call to the runtime, then a comparison of addresses per case.
    func caseIndex(of value: Enum) throws -> Int {
        let address = EnumCase.nameAddress(of: value)
        for index in 0..<cases.count where cases[index].nameAddress == address && address != 0 {
            return index
        }
        return try slowCaseIndex(of: value, address: address)
    }

    // Out of line: a case whose name lies elsewhere than its sample's (never seen on one
    // runtime, checked by text here all the same), and payload types without a stand-in, once
    // per case and process after the first value of it; then under the lock.
    @inline(never)
    private func slowCaseIndex(of value: Enum, address: UInt) throws -> Int {
        for index in 0..<cases.count {
            if let name = cases[index].caseName, EnumCase.name(at: address, is: name) { return index }
        }
        let learned = learnedNames.withLock { $0 }
        for (index, name) in learned where EnumCase.name(at: address, is: name) { return index }
        let held = EnumCase.name(of: value)
        if let held, EnumCase.hasPayload(value) {
            for index in 0..<cases.count where cases[index].caseName == nil {
                // Verified against the constructor: the case it builds from this very payload.
                guard let payload = cases[index].payload,
                      let built = payload.make(from: EnumCase.payload(ofCaseWithPayload: value)), EnumCase.name(of: built) == held else { continue }
                learnedNames.withLock { $0[index] = held }
                return index
            }
        }
        let name = held ?? "?"
        throw MappingError(.invalidValue(expected: "a case declared in \(typeName).enumRules (\(tagList))", found: "the case `\(name)`",
                                         detail: "declare it with `.case(\"tag\", \(typeName).\(name))`"))
    }

    /// The error for a tag no case declares, at the value's path.
    func unknownTag(_ tag: String) -> MappingError {
        MappingError(.invalidValue(expected: "a tag of \(typeName) (\(tagList))", found: "tag \(ValueDescription.quoted(tag))",
                                   detail: "no case has this tag; `.fallback(…)` in enumRules decodes unknown tags as one case"))
    }
}

// Safe because everything is written by `populate` on the building thread before the object is
// published through the metadata cache's lock, and only read afterwards; the learned names are
// behind their own lock.
extension EnumMetadata: @unchecked Sendable {}
