// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MarbleKit",
    products: [
        .library(name: "MarbleKit", targets: ["MarbleKit"]),
        .executable(name: "marble", targets: ["marble"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: Core: pure Swift, no SDL, no C libraries.
        .target(name: "MarbleKit"),

        // MARK: C libraries, found by pkg-config, installed from Debian.
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),

        // MARK: PNG files, on libpng.
        .target(name: "MarblePNG", dependencies: ["CLibPNG"]),

        // MARK: The `marble` program: command line (and, later, the SDL window).
        .executableTarget(
            name: "marble",
            dependencies: [
                "MarbleKit", "MarblePNG",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Tests.
        .testTarget(name: "MarbleKitTests", dependencies: ["MarbleKit"], resources: [.copy("Fixtures")]),
        .testTarget(name: "MarbleCLITests", dependencies: ["marble", "MarbleKit", "MarblePNG"]),
    ]
)
