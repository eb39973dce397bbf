import Foundation
import Testing
@testable import KeyValueMapping

/// The writer's numbers, formatted by the standard library straight into the output, are the
/// text `Double.description` gives, byte for byte, and read back as the same bits.
@Suite struct JSONWriterNumberTests {
    private static func check(_ value: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        var writer = JSONWriter()
        writer.beginArray()
        writer.writeInteger(1)
        #expect(throws: Never.self) { try writer.writeDouble(value) }
        writer.endArray()
        let text = String(decoding: writer.bytes.dropFirst(3).dropLast(), as: UTF8.self)
        #expect(text == value.description, sourceLocation: sourceLocation)
        #expect(JSONReader.isNumberLiteral(text), "\(text) is not a JSON number", sourceLocation: sourceLocation)
        #expect(Double(text)?.bitPattern == value.bitPattern, "\(text)", sourceLocation: sourceLocation)
    }

    @Test func boundaries() {
        let values: [Double] = [0, -0.0, 1, -1, 0.1, 0.2, 0.30000000000000004, 1e-5, 1e-4, 1e15, 1e16, 1e17, 1e22, 1e23,
                                .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
                                -.greatestFiniteMagnitude, 9_007_199_254_740_992, 123_456_789.123_456_79, .pi, -.ulpOfOne]
        for value in values { Self.check(value) }
        for exponent in -325...308 { Self.check(Double("1e\(exponent)") ?? 0) }
    }

    @Test func randomBitPatterns() {
        var generator = SeededGenerator(seed: 6)
        var checked = 0
        while checked < TestScale.count(100_000) {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            Self.check(value)
            // A Float's value as a Double: the shape `FloatCodec` encodes.
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
            if float.isFinite { Self.check(Double(float)) }
            checked += 1
        }
    }

    @Test func nonFiniteValuesAreRefused() {
        var writer = JSONWriter()
        #expect(throws: JSONWriter.NonFiniteNumber.self) { try writer.writeDouble(.infinity) }
        #expect(throws: JSONWriter.NonFiniteNumber.self) { try writer.writeDouble(.nan) }
        #expect(writer.bytes.isEmpty)
    }
}
