import Testing
import KeyValueMapping

/// Keys holding control characters, one per property.
struct TableControlKeys: Mappable {
    var newline = 0
    var tab = 0
    var carriage = 0
    var other = 0
    var separator = 0
    var plain = 0
    static var mappingRules: MappingRules {
        MappingRules()
            .map("newline", to: .key("line\nbreak"))
            .map("tab", to: .key("a\tb"))
            .map("carriage", toFirstOf: ["x\r", "y"])
            .map("other", to: .key("bell\u{07}del\u{7F}nel\u{85}"))
            .map("separator", to: .key("p\u{2028}q"))
    }
}

@Suite struct MappingTableEscapingTests {
    /// Each property stays on one line: control characters are written as JSON string escapes.
    @Test func controlCharactersInKeysAreEscaped() throws {
        let table = try TableControlKeys.mappingTable()
        #expect(table.description == #"""
            property   key                           type  transformer  presence  direction
            newline    line\nbreak                   Int   –            default   decoded, encoded
            tab        a\tb                          Int   –            default   decoded, encoded
            carriage   x\r | y                       Int   –            default   decoded, encoded
            other      bell\u0007del\u007Fnel\u0085  Int   –            default   decoded, encoded
            separator  p\u2028q                      Int   –            default   decoded, encoded
            plain      plain                         Int   –            default   decoded, encoded
            """#)
        // The rows keep the keys as they are.
        #expect(table.rows.map(\.keys) == [["line\nbreak"], ["a\tb"], ["x\r", "y"], ["bell\u{07}del\u{7F}nel\u{85}"], ["p\u{2028}q"], ["plain"]])
    }
}
