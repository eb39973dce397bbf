// swift-tools-version:6.0
import PackageDescription

// Platform floor: Linux (Swift 6.0+), macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2 —
// the first releases with the Swift 6 runtime (typed throws in the JSON reader).
let package = Package(
    name: "KeyValueMapping",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "KeyValueMapping", targets: ["KeyValueMapping"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "KeyValueMapping"),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["KeyValueMapping"],
            path: "Benchmarks",
            resources: [.copy("Data")]
        ),
        .testTarget(
            name: "KeyValueMappingTests",
            dependencies: ["KeyValueMapping"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
