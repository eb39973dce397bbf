// swift-tools-version:6.2
import PackageDescription

// Swift floor (README, "Platforms"): 6.2, for `@concurrent` on the async entry points, the newest
// language feature the library uses; a toolchain before it stops here with a clear message.

// Platform floor (README, "Platforms"): parameterized protocol types such as
// `any ValueCodec<Value>` need the Swift 5.7 runtime, first shipped with macOS 13, iOS 16,
// tvOS 16 and watchOS 9. Everything newer the library calls is behind `#available`.
let package = Package(
    name: "KeyValueMapping",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
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
            exclude: ["callgrind.sh", "anchors"],
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
