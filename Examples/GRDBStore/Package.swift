// swift-tools-version:6.0
import PackageDescription

// An example, not part of the library: KeyValueMapping itself has no dependencies, so GRDB is
// brought in here, by a package of its own that depends on the library by path (see README.md).
let package = Package(
    name: "GRDBStore",
    // The library's floor (macOS 13, iOS 16, …) is above GRDB's, so it sets this package's.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "GRDBStore", targets: ["GRDBStore"]),
    ],
    dependencies: [
        .package(name: "KeyValueMapping", path: "../.."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        .target(
            name: "GRDBStore",
            dependencies: [
                .product(name: "KeyValueMapping", package: "KeyValueMapping"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "GRDBImportBenchmark",
            dependencies: ["GRDBStore"]
        ),
        .testTarget(
            name: "GRDBStoreTests",
            dependencies: ["GRDBStore"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
