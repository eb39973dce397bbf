import Foundation
import Testing
@testable import KeyValueMapping

/// Messages name types readably: a type declared inside a function is `Module.Name`, never
/// the runtime's `Module.(unknown context at $…).Name`.
@Suite struct SwiftTypeNameTests {
    @Test(arguments: [
        ("App.(unknown context at $5555b5212f4c).Typo", "App.Typo"),
        ("App.(unknown context at $1).Outer.(unknown context at $2).Inner", "App.Outer.Inner"),
        ("Swift.Array<App.(unknown context at $10a).Typo>", "Swift.Array<App.Typo>"),
        ("App.Plain", "App.Plain"),
        ("App.(unknown context at $broken", "App.(unknown context at $broken"),
    ])
    func anonymousContextsAreLeftOut(_ row: (String, String)) {
        #expect(SwiftTypeName.withoutAnonymousContexts(row.0) == row.1)
    }

    @Test func aLocalTypesDeclarationErrorNamesItReadably() throws {
        struct Typo: Mappable {
            var fullName = ""
            static var mappingRules: MappingRules { MappingRules().map("fulName", to: "full_name") }
        }
        #expect(String(reflecting: Typo.self).contains("unknown context"), "the runtime's own spelling, which messages must not show")
        let error = try #require(mappingError { _ = try KeyValueDecoder().decode(Typo.self, from: [:]) })
        guard case .invalidDeclaration(let type, _) = error.reason else {
            Issue.record("expected a declaration error, got \(error)")
            return
        }
        #expect(type == "KeyValueMappingTests.SwiftTypeNameTests.Typo")
        #expect(!error.description.contains("unknown context"))
    }

    @Test func aLocalClassInACycleIsNamedReadably() throws {
        final class Node: Mappable {
            var next: Node?
            init() {}
        }
        let node = Node()
        node.next = node
        let error = try #require(mappingError { _ = try KeyValueEncoder().encode(node) })
        #expect(error.description.contains("this KeyValueMappingTests.SwiftTypeNameTests.Node instance"))
        #expect(!error.description.contains("unknown context"))
    }

    private func mappingError(_ body: () throws -> Void) -> MappingError? {
        do {
            try body()
            return nil
        } catch {
            return error as? MappingError
        }
    }
}
