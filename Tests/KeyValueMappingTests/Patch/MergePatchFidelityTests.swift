import Foundation
import Testing
import KeyValueMapping

struct PatchMaybeNote: Mappable, Equatable {
    var note: Int?? = nil
}

/// Properties whose JSON form can lose a value (`nil` inside an `Optional` is written as `null`,
/// which decodes as the outer `nil`), and sets, whose JSON order is not their identity.
struct PatchCollapsing: Mappable, Equatable {
    var value: String?? = nil
    var list: [String??] = []
    var nested: PatchMaybeNote?
    var tags: Set<String> = []
    var codes: Set<Int>?
}

/// A model read and written in snake case, as an API's wire format has it.
struct PatchStyledAddress: Mappable, Equatable {
    var streetName = ""
    var postCode: String?
}

struct PatchStyled: Mappable, Equatable {
    var fullName = ""
    var homeAddress = PatchStyledAddress()
    var maybeNickname: String?? = nil
}

/// `mergePatch(from:)` never returns a patch that gives another model, a set equal as a Swift
/// value gives no member, and patches follow the coders they are given.
@Suite struct MergePatchFidelityTests {
    static let collapsedMessage = "a JSON merge patch cannot express this change (an Optional holding nil is written as null, which decodes as nil)"

    static func collapsing(_ edit: (inout PatchCollapsing) -> Void) -> PatchCollapsing {
        var model = PatchCollapsing()
        edit(&model)
        return model
    }

    /// (old, new, the exact patch or the exact error).
    static let differences: [(old: PatchCollapsing, new: PatchCollapsing, outcome: String)] = [
        (collapsing { $0.value = .some("x") }, collapsing { $0.value = .some(nil) }, "value: \(collapsedMessage)"),
        (collapsing { $0.value = nil }, collapsing { $0.value = .some(nil) }, "value: \(collapsedMessage)"),
        (collapsing { $0.value = .some(nil) }, collapsing { $0.value = .some(nil) }, "value: \(collapsedMessage)"),
        (collapsing { $0.value = .some(nil) }, collapsing { $0.value = nil }, "{}"),
        (collapsing { $0.value = .some("x") }, collapsing { $0.value = nil }, #"{"value":null}"#),
        (collapsing { $0.value = nil }, collapsing { $0.value = .some("y") }, #"{"value":"y"}"#),
        (collapsing { $0.list = ["a"] }, collapsing { $0.list = ["a", nil, .some(nil)] }, "list[2]: \(collapsedMessage)"),
        (collapsing { $0.list = ["a"] }, collapsing { $0.list = ["a", nil] }, #"{"list":["a",null]}"#),
        (collapsing { _ in }, collapsing { $0.nested = PatchMaybeNote(note: .some(nil)) }, "nested.note: \(collapsedMessage)"),
        (collapsing { _ in }, collapsing { $0.nested = PatchMaybeNote(note: 3) }, #"{"nested":{"note":3}}"#),
        (collapsing { $0.tags = Set((0..<40).map { "t\($0)" }) },
         collapsing { for index in (0..<40).reversed() { $0.tags.insert("t\(index)") }; $0.tags.reserveCapacity(500) }, "{}"),
        (collapsing { $0.codes = Set(0..<30) }, collapsing { $0.codes = Set((0..<30).reversed()); $0.codes?.reserveCapacity(300) }, "{}"),
        (collapsing { $0.codes = Set(0..<3) }, collapsing { $0.codes = nil }, #"{"codes":null}"#),
        (collapsing { $0.tags = ["a", "b"]; $0.value = "v" }, collapsing { $0.tags = ["b", "a"]; $0.value = "w" }, #"{"value":"w"}"#),
    ]

    @Test(arguments: differences.indices)
    func theDifferenceGivesTheNewModelOrAnError(_ index: Int) throws {
        let (old, new, outcome) = Self.differences[index]
        let patch: JSONValue
        do {
            patch = try new.mergePatch(from: old)
        } catch let error as MappingError {
            #expect(error.description == outcome)
            return
        }
        #expect(patch.jsonString() == outcome)
        #expect(try old.applyingMergePatch(patch) == new, "\(patch.jsonString())")
    }

    /// A set that changed is written whole (in its own order); applied, it gives the new set.
    @Test func aChangedSetIsWrittenWhole() throws {
        let old = Self.collapsing { $0.tags = ["a", "b"] }
        let new = Self.collapsing { $0.tags = ["b", "c"] }
        let patch = try new.mergePatch(from: old)
        guard case .object(let members) = patch, case .array(let elements)? = members["tags"] else {
            Issue.record("\(patch.jsonString())")
            return
        }
        #expect(members.keys == ["tags"] && Set(elements) == [.string("b"), .string("c")])
        #expect(try old.applyingMergePatch(patch) == new)
    }

    static var snakeDecoder: KeyValueDecoder {
        var decoder = KeyValueDecoder()
        decoder.keyNamingStyle = .snakeCase
        return decoder
    }

    static var snakeEncoder: KeyValueEncoder {
        var encoder = KeyValueEncoder()
        encoder.keyNamingStyle = .snakeCase
        return encoder
    }

    static let original = PatchStyled(fullName: "Ada", homeAddress: PatchStyledAddress(streetName: "Main", postCode: "N1"))

    /// (a patch in snake case, the model it gives).
    static let styledPatches: [(patch: String, result: PatchStyled)] = [
        (#"{"full_name":"Grace"}"#, PatchStyled(fullName: "Grace", homeAddress: original.homeAddress)),
        (#"{"home_address":{"street_name":"High"}}"#, PatchStyled(fullName: "Ada", homeAddress: PatchStyledAddress(streetName: "High", postCode: "N1"))),
        (#"{"home_address":{"post_code":null}}"#, PatchStyled(fullName: "Ada", homeAddress: PatchStyledAddress(streetName: "Main", postCode: nil))),
        (#"{"full_name":null,"maybe_nickname":"Countess"}"#, PatchStyled(fullName: "", homeAddress: original.homeAddress, maybeNickname: "Countess")),
        // A key in another style is an unknown key, ignored as the decoder ignores it.
        (#"{"fullName":"Grace"}"#, original),
    ]

    @Test(arguments: styledPatches.indices)
    func aPatchInTheDecodersNamingStyleApplies(_ index: Int) throws {
        let (text, result) = Self.styledPatches[index]
        let patch = try JSONValue(jsonString: text)
        let (decoder, encoder) = (Self.snakeDecoder, Self.snakeEncoder)
        #expect(try Self.original.applyingMergePatch(patch, decoder: decoder, encoder: encoder) == result)
        #expect(try Self.original.applyingMergePatch(Data(text.utf8), decoder: decoder, encoder: encoder) == result)
        var inPlace = Self.original
        try inPlace.applyMergePatch(patch, decoder: decoder, encoder: encoder)
        #expect(inPlace == result)
        var fromBytes = Self.original
        try fromBytes.applyMergePatch(Data(text.utf8), decoder: decoder, encoder: encoder)
        #expect(fromBytes == result)
    }

    /// The difference is written in the encoder's keys and gives the new model back.
    @Test(arguments: styledPatches.indices)
    func theDifferenceRoundTripsInSnakeCase(_ index: Int) throws {
        let new = Self.styledPatches[index].result
        let (decoder, encoder) = (Self.snakeDecoder, Self.snakeEncoder)
        let patch = try new.mergePatch(from: Self.original, decoder: decoder, encoder: encoder)
        let expected = [#"{"full_name":"Grace"}"#, #"{"home_address":{"street_name":"High"}}"#,
                        #"{"home_address":{"post_code":null}}"#, #"{"full_name":"","maybe_nickname":"Countess"}"#, "{}"][index]
        #expect(patch.jsonString() == expected)
        #expect(try Self.original.applyingMergePatch(patch, decoder: decoder, encoder: encoder) == new)
    }

    @Test func aCollapsedValueIsNamedByTheEncodersKey() throws {
        var new = Self.original
        new.maybeNickname = .some(nil)
        let error = mappingError { _ = try new.mergePatch(from: Self.original, decoder: Self.snakeDecoder, encoder: Self.snakeEncoder) }
        #expect(error?.description == "maybe_nickname: \(Self.collapsedMessage)")
    }
}
