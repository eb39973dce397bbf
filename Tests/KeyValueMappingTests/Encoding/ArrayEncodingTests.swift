import Foundation
import Testing
import KeyValueMapping

struct Arrays: Mappable {
    var matrix: [[Double]] = []
    var cube: [[[Double]]] = []
    var ints: [Int] = []
    var names: [String: String] = [:]
    var scores: [String: Double] = [:]
}

@Suite struct ArrayEncodingTests {
    @Test(arguments: [
        ("matrix", "matrix[1][1]"),
        ("cube", "cube[1][1][0]"),
        ("scores", "scores.b"),
    ])
    func nonFiniteNumbersDeepInsideArraysNameTheirPosition(_ key: String, _ keyPath: String) throws {
        var model = Arrays()
        switch key {
        case "matrix": model.matrix = [[1.0], [2.0, .nan]]
        case "cube": model.cube = [[[1.0]], [[2.0], [.infinity]]]
        default: model.scores = ["a": 1.0, "b": -Double.infinity]
        }
        let error = mappingError { _ = try model.dictionary() }
        #expect(error?.keyPath == keyPath)
    }

    @Test func finiteArraysAndScalarDictionariesComeOutUnchanged() throws {
        var model = Arrays()
        model.matrix = [[1.5, 2], []]
        model.cube = [[[0.25]]]
        model.ints = [1, 2, 3]
        model.names = ["k": "v"]
        model.scores = ["a": 0.5]
        let out = try model.dictionary()
        #expect(out["matrix"] as? [[Double]] == [[1.5, 2], []])
        #expect(out["cube"] as? [[[Double]]] == [[[0.25]]])
        #expect(out["ints"] as? [Int] == [1, 2, 3])
        #expect(out["names"] as? [String: String] == ["k": "v"])
        #expect(out["scores"] as? [String: Double] == ["a": 0.5])
        #expect(JSONSerialization.isValidJSONObject(out))
    }
}
