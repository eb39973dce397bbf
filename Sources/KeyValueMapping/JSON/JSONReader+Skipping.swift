extension JSONReader {
    /// Validates one value exactly as ``readValue()`` would, building nothing, and moves past it.
    ///
    /// Models skip the members they do not map this way: malformed JSON is still rejected
    /// wherever it is, with the same message and offset, but no strings, numbers or containers
    /// are created for data nobody keeps. Like `readValue`, it is iterative (an explicit stack of
    /// closing brackets) and honours ``JSONReadingOptions/maximumDepth``. Duplicate keys are not
    /// looked for: the streaming path that skips runs only under the last-wins policy.
    mutating func skipValue() throws(JSONSyntaxError) {
        var closings: [UInt8] = []
        nextValue: while true {
            skipWhitespace()
            guard position < input.count else { throw endOfInput() }
            switch input[position] {
            case UInt8(ascii: "["):
                if try !enterContainer(closing: UInt8(ascii: "]"), openCount: closings.count) {
                    closings.append(UInt8(ascii: "]"))
                    continue nextValue
                }
            case UInt8(ascii: "{"):
                if try !enterContainer(closing: UInt8(ascii: "}"), openCount: closings.count) {
                    try skipKey()
                    closings.append(UInt8(ascii: "}"))
                    continue nextValue
                }
            case UInt8(ascii: "\""):
                try skipString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                position = try Self.scanNumber(input, from: position)
            case UInt8(ascii: "t"):
                try readLiteral("true")
            case UInt8(ascii: "f"):
                try readLiteral("false")
            case UInt8(ascii: "n"):
                try readLiteral("null")
            case let byte:
                throw error(JSONSyntaxError.unexpected(byte), at: position)
            }

            // The value is complete: close every container it completes, or move to the next
            // element or member of the innermost one.
            while let closing = closings.last {
                switch try nextStructuralByte() {
                case UInt8(ascii: ","):
                    position += 1
                    if closing == UInt8(ascii: "}") {
                        skipWhitespace()
                        try skipKey()
                    }
                    continue nextValue
                case closing:
                    position += 1
                    closings.removeLast()
                case let byte:
                    let expected = closing == UInt8(ascii: "}") ? "',' or '}'" : "',' or ']'"
                    throw error(JSONSyntaxError.unexpected(byte) + ", expected \(expected)", at: position)
                }
            }
            return
        }
    }

    /// Validates `"key"` then `:` as ``readKey()`` does, leaving `position` at the value.
    private mutating func skipKey() throws(JSONSyntaxError) {
        try checkKeyStart()
        try skipString()
        try consumeColon()
    }
}
