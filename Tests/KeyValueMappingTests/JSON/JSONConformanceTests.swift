import Foundation
import Testing
@testable import KeyValueMapping

/// JSONTestSuite (github.com/nst/JSONTestSuite) `test_parsing`: `y_` must parse, `n_` must
/// fail, and each implementation-defined `i_` case has the outcome documented here.
@Suite struct JSONConformanceTests {
    /// The documented outcome of every `i_` case: `true` = accepted.
    ///
    /// Numbers: accepted, kept exactly as text; `doubleValue` is `nil` on overflow and 0 on
    /// underflow, `int64Value` is `nil` beyond 64 bits. Strings whose escapes make a lone or
    /// reversed surrogate, and any bytes that are not well-formed UTF-8 (UTF-16, Latin-1,
    /// overlongs, encoded surrogates, > U+10FFFF, truncations): rejected, because RFC 8259
    /// requires UTF-8 and a Swift `String` cannot hold a lone surrogate. 500 nested arrays:
    /// accepted (limit 512). A UTF-8 BOM: rejected unless `allowsByteOrderMark` is set.
    static let implementationDefined: [String: Bool] = [
        "i_number_double_huge_neg_exp.json": true,
        "i_number_huge_exp.json": true,
        "i_number_neg_int_huge_exp.json": true,
        "i_number_pos_double_huge_exp.json": true,
        "i_number_real_neg_overflow.json": true,
        "i_number_real_pos_overflow.json": true,
        "i_number_real_underflow.json": true,
        "i_number_too_big_neg_int.json": true,
        "i_number_too_big_pos_int.json": true,
        "i_number_very_big_negative_int.json": true,
        "i_object_key_lone_2nd_surrogate.json": false,
        "i_string_1st_surrogate_but_2nd_missing.json": false,
        "i_string_1st_valid_surrogate_2nd_invalid.json": false,
        "i_string_UTF-16LE_with_BOM.json": false,
        "i_string_UTF-8_invalid_sequence.json": false,
        "i_string_UTF8_surrogate_U+D800.json": false,
        "i_string_incomplete_surrogate_and_escape_valid.json": false,
        "i_string_incomplete_surrogate_pair.json": false,
        "i_string_incomplete_surrogates_escape_valid.json": false,
        "i_string_invalid_lonely_surrogate.json": false,
        "i_string_invalid_surrogate.json": false,
        "i_string_invalid_utf-8.json": false,
        "i_string_inverted_surrogates_U+1D11E.json": false,
        "i_string_iso_latin_1.json": false,
        "i_string_lone_second_surrogate.json": false,
        "i_string_lone_utf8_continuation_byte.json": false,
        "i_string_not_in_unicode_range.json": false,
        "i_string_overlong_sequence_2_bytes.json": false,
        "i_string_overlong_sequence_6_bytes.json": false,
        "i_string_overlong_sequence_6_bytes_null.json": false,
        "i_string_truncated-utf-8.json": false,
        "i_string_utf16BE_no_BOM.json": false,
        "i_string_utf16LE_no_BOM.json": false,
        "i_structure_500_nested_arrays.json": true,
        "i_structure_UTF-8_BOM_empty_object.json": false,
    ]

    @Test func suiteIsPresent() throws {
        #expect(FileManager.default.fileExists(atPath: Fixtures.parsingDirectory.path))
        #expect(Fixtures.parsingCases.count == 318)
        #expect(Fixtures.parsingCases.contains { $0.hasPrefix("y_") })
        #expect(Fixtures.parsingCases.contains { $0.hasPrefix("n_") })
    }

    @Test func everyImplementationDefinedCaseHasADocumentedOutcome() {
        let onDisk = Set(Fixtures.parsingCases.filter { $0.hasPrefix("i_") })
        #expect(!onDisk.isEmpty)
        #expect(onDisk == Set(Self.implementationDefined.keys))
    }

    @Test(arguments: Fixtures.parsingCases)
    func parsingCase(_ name: String) throws {
        let data = try Fixtures.parsingCase(name)
        let expectAccepted: Bool
        switch name.prefix(2) {
        case "y_": expectAccepted = true
        case "n_": expectAccepted = false
        default: expectAccepted = try #require(Self.implementationDefined[name] as Bool?, "undocumented case \(name)")
        }
        let outcome = Result { () throws(JSONSyntaxError) in try JSONValue(jsonData: data) }
        switch (outcome, expectAccepted) {
        case (.success(let value), true):
            // Whatever parses must write and read back to the same value.
            #expect(try JSONValue(jsonData: value.jsonData()) == value)
        case (.failure(let error), false):
            #expect(!error.message.isEmpty)
            #expect(error.offset >= 0 && error.offset <= data.count)
        case (.success(let value), false):
            Issue.record("\(name) should be rejected, parsed \(value)")
        case (.failure(let error), true):
            Issue.record("\(name) should be accepted: \(error)")
        }
    }

    @Test func byteOrderMarkIsSkippedOnlyWhenAllowed() throws {
        let data = try Fixtures.parsingCase("i_structure_UTF-8_BOM_empty_object.json")
        let error = jsonSyntaxError(bytes: Array(data))
        #expect(error?.offset == 0)
        var options = JSONReadingOptions()
        options.allowsByteOrderMark = true
        #expect(try JSONValue(jsonData: data, options: options) == .object([:]))
        // Only one mark is skipped, and only at the very start.
        #expect(jsonSyntaxError(bytes: [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x31], options: options)?.offset == 3)
        #expect(jsonSyntaxError(bytes: [0x20, 0xEF, 0xBB, 0xBF, 0x31], options: options)?.offset == 1)
    }

    @Test func hugeNumbersAreKeptExactly() throws {
        let value = try JSONValue(jsonData: Fixtures.parsingCase("i_number_huge_exp.json"))
        guard case .array(let elements) = value, case .number(let number)? = elements.first else {
            Issue.record("expected an array holding a number, got \(value)")
            return
        }
        #expect(number.doubleValue == nil)
        #expect(number.description.count > 10)
        let underflow = try JSONValue(jsonData: Fixtures.parsingCase("i_number_real_underflow.json"))
        guard case .array(let small) = underflow, case .number(let tiny)? = small.first else {
            Issue.record("expected an array holding a number, got \(underflow)")
            return
        }
        #expect(tiny.doubleValue == 0)
    }

    @Test func dataAndArrayAndNonContiguousInputsAgree() throws {
        let text = #"{"a":[1,2.5,"x\n",true,null],"b":{}}"#
        let fromString = try JSONValue(jsonString: text)
        #expect(try JSONValue(jsonData: Data(text.utf8)) == fromString)
        #expect(try JSONValue(jsonData: Array(text.utf8)) == fromString)
        // A lazy map has no contiguous storage, which exercises the copying path.
        #expect(try JSONValue(jsonData: text.utf8.lazy.map { $0 }) == fromString)
        #expect(try JSONValue(jsonData: Data(text.utf8)[...]) == fromString)
    }
}
