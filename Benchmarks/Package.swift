// swift-tools-version:6.0
import PackageDescription

/// MarbleKit's benchmarks: a package of their own, so Cairo is linked by the benchmark only.
let package = Package(
    name: "MarbleBenchmarks",
    dependencies: [
        .package(name: "MarbleKit", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Cairo, the reference rasterizer, found by pkg-config and installed from Debian.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),

        // The seeded generator the benchmark's trails and the soak's play draw from.
        .target(name: "SeededRandom"),

        // `swift run -c release marble-bench`: human-readable lines, then one JSON line.
        .executableTarget(
            name: "marble-bench",
            dependencies: [
                .product(name: "MarbleKit", package: "MarbleKit"),
                .product(name: "MarbleApp", package: "MarbleKit"),
                .product(name: "MarbleSDL", package: "MarbleKit"),
                .product(name: "MarbleWebP", package: "MarbleKit"),
                .product(name: "MarblePictures", package: "MarbleKit"),
                .product(name: "MarbleJPEG", package: "MarbleKit"),
                .product(name: "MarbleClass", package: "MarbleKit"),
                .product(name: "MarblePNG", package: "MarbleKit"),
                .product(name: "MarblePhonePage", package: "MarbleKit"),
                .product(name: "MarbleVoice", package: "MarbleKit"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                "CCairo",
                "SeededRandom",
            ]
        ),

        // `swift run -c release marble-soak` (make soak): 24 simulated hours of random play on
        // the headless app, checked as it goes. Here, not in the main package: it is a long run
        // built in release, and it must not slow the main package's debug builds and tests.
        .executableTarget(
            name: "marble-soak",
            dependencies: [
                .product(name: "MarbleKit", package: "MarbleKit"),
                .product(name: "MarbleApp", package: "MarbleKit"),
                "SeededRandom",
            ]
        ),
    ]
)
