import Foundation
import Testing
@testable import KeyValueMapping

/// Parses `text`, returning the syntax error it throws, or `nil` (after recording an issue)
/// when it parses.
func jsonSyntaxError(_ text: String, options: JSONReadingOptions = JSONReadingOptions(),
                     sourceLocation: SourceLocation = #_sourceLocation) -> JSONSyntaxError? {
    do {
        let value = try JSONValue(jsonString: text, options: options)
        Issue.record("expected a syntax error, parsed \(value)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

func jsonSyntaxError(bytes: [UInt8], options: JSONReadingOptions = JSONReadingOptions(),
                     sourceLocation: SourceLocation = #_sourceLocation) -> JSONSyntaxError? {
    do {
        let value = try JSONValue(jsonData: bytes, options: options)
        Issue.record("expected a syntax error, parsed \(value)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}
