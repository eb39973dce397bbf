import Foundation
import Testing
@testable import KeyValueMapping

@Suite struct JSONSyntaxErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let json: String
        let message: String
        let offset: Int
        let line: Int
        let column: Int
        var testDescription: String { json.debugDescription }
    }

    static let cases: [Case] = [
        Case(json: "[1,\n 2,\n x]", message: "unexpected character 'x'", offset: 9, line: 3, column: 2),
        Case(json: "", message: "unexpected end of input", offset: 0, line: 1, column: 1),
        Case(json: "  \n", message: "unexpected end of input", offset: 3, line: 2, column: 1),
        Case(json: "[1,]", message: "unexpected character ']'", offset: 3, line: 1, column: 4),
        Case(json: "[1 2]", message: "unexpected character '2', expected ',' or ']'", offset: 3, line: 1, column: 4),
        Case(json: "{\"a\" 1}", message: "unexpected character '1', expected ':'", offset: 5, line: 1, column: 6),
        Case(json: "{\"a\":1,}", message: "unexpected character '}', expected a string key", offset: 7, line: 1, column: 8),
        Case(json: "{\"a\":1 \"b\":2}", message: "unexpected character '\"', expected ',' or '}'", offset: 7, line: 1, column: 8),
        Case(json: "{'a':1}", message: "unexpected character ''', expected a string key", offset: 1, line: 1, column: 2),
        Case(json: "01", message: "leading zeros are not allowed in numbers", offset: 0, line: 1, column: 1),
        Case(json: "[-]", message: "unexpected character ']' in number, expected a digit", offset: 2, line: 1, column: 3),
        Case(json: "1.", message: "unexpected end of input", offset: 2, line: 1, column: 3),
        Case(json: "[1.e5]", message: "unexpected character 'e' in number, expected a digit", offset: 3, line: 1, column: 4),
        Case(json: "-Infinity", message: "unexpected character 'I' in number, expected a digit", offset: 1, line: 1, column: 2),
        Case(json: "NaN", message: "unexpected character 'N'", offset: 0, line: 1, column: 1),
        Case(json: "\r\n\r\n  @", message: "unexpected character '@'", offset: 6, line: 3, column: 3),
        Case(json: "\"é\" x", message: "unexpected character 'x' after the JSON value", offset: 5, line: 1, column: 6),
        Case(json: "[1] // comment", message: "unexpected character '/' after the JSON value", offset: 4, line: 1, column: 5),
        Case(json: "tru", message: "unexpected end of input", offset: 3, line: 1, column: 4),
        Case(json: "[nulL]", message: "unexpected character 'L'", offset: 4, line: 1, column: 5),
        Case(json: "[\u{A0}1]", message: "unexpected byte 0xC2", offset: 1, line: 1, column: 2),
        Case(json: "[\u{C}1]", message: "unexpected byte 0x0C", offset: 1, line: 1, column: 2),
    ]

    @Test(arguments: cases)
    func positionAndMessage(_ testCase: Case) throws {
        let error = try #require(jsonSyntaxError(testCase.json))
        #expect(error.message == testCase.message)
        #expect(error.offset == testCase.offset)
        #expect(error.line == testCase.line)
        #expect(error.column == testCase.column)
        #expect(error.description == "\(testCase.message) at line \(testCase.line), column \(testCase.column)")
    }

    @Test func multiLineDocumentPointsIntoTheRightLine() throws {
        let json = "{\n  \"a\": [\n    true,\n    fals\n  ]\n}"
        let error = try #require(jsonSyntaxError(json))
        #expect(error.description == "unexpected line feed at line 4, column 9")
    }

    @Test func dataInputReportsTheSamePosition() throws {
        let error = try #require(jsonSyntaxError(bytes: Array("[1,\n 2,\n x]".utf8)))
        #expect(error.description == "unexpected character 'x' at line 3, column 2")
    }
}
