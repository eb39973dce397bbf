import Foundation
import KeyValueMapping

// Models for the GeoJSON outline of Canada: one feature whose polygon holds about 56,000
// [longitude, latitude] pairs, so the work is almost all `[[[Double]]]`.

/// A GeoJSON FeatureCollection.
struct CanadaFeatureCollection: BenchmarkModel {
    var type = ""
    var features: [CanadaFeature] = []
}

/// A GeoJSON Feature.
struct CanadaFeature: BenchmarkModel {
    var type = ""
    var properties: [String: String] = [:]
    var geometry = CanadaGeometry()
}

/// A GeoJSON Polygon: rings of [longitude, latitude] points.
struct CanadaGeometry: BenchmarkModel {
    var type = ""
    var coordinates: [[[Double]]] = []
}

extension CanadaFeatureCollection {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.read("type", into: &type, HandWritten.string)
        try dictionary.readArray("features", into: &features) { try CanadaFeature(handWritten: HandWritten.object($0)) }
    }

    func handWrittenDictionary() -> [String: Any] {
        ["type": type, "features": features.map { $0.handWrittenDictionary() }]
    }
}

extension CanadaFeature {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.read("type", into: &type, HandWritten.string)
        try dictionary.read("properties", into: &properties) { value in
            guard let entries = value as? [String: Any] else { return nil }
            var result: [String: String] = [:]
            for (key, entry) in entries {
                guard let text = entry as? String else { return nil }
                result[key] = text
            }
            return result
        }
        try dictionary.read("geometry", into: &geometry) { try CanadaGeometry(handWritten: HandWritten.object($0)) }
    }

    func handWrittenDictionary() -> [String: Any] {
        ["type": type, "properties": properties, "geometry": geometry.handWrittenDictionary()]
    }
}

extension CanadaGeometry {
    init(handWritten dictionary: [String: Any]) throws {
        self.init()
        try dictionary.read("type", into: &type, HandWritten.string)
        try dictionary.read("coordinates", into: &coordinates) { value in
            guard let rings = value as? [Any] else { return nil }
            var result: [[[Double]]] = []
            result.reserveCapacity(rings.count)
            for ring in rings {
                guard let points = ring as? [Any] else { return nil }
                var decodedRing: [[Double]] = []
                decodedRing.reserveCapacity(points.count)
                for point in points {
                    guard let pair = point as? [Any] else { return nil }
                    var decodedPoint: [Double] = []
                    decodedPoint.reserveCapacity(pair.count)
                    for number in pair {
                        guard let coordinate = HandWritten.double(number) else { return nil }
                        decodedPoint.append(coordinate)
                    }
                    decodedRing.append(decodedPoint)
                }
                result.append(decodedRing)
            }
            return result
        }
    }

    func handWrittenDictionary() -> [String: Any] {
        ["type": type, "coordinates": coordinates]
    }
}

/// The canada workload: the whole `canada.json` document as one object.
enum CanadaWorkload {
    /// The four-operation suite.
    static func suite() throws -> Suite<CanadaFeatureCollection> {
        let bytes = try DataFiles.load("canada.json")
        return Suite(
            workload: .canada, objects: 1, bytes: bytes,
            codecs: Codecs(document: CanadaFeatureCollection.self) { $0.features.count }
        )
    }
}
