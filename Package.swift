// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MarbleKit",
    products: [
        .library(name: "MarbleKit", targets: ["MarbleKit"]),
        // The app and its SDL platform, for the benchmarks' window measurements.
        .library(name: "MarbleApp", targets: ["MarbleApp"]),
        .library(name: "MarbleSDL", targets: ["MarbleSDL"]),
        // Animated WebP, for the benchmarks' time-lapse measurement.
        .library(name: "MarbleWebP", targets: ["MarbleWebP"]),
        // Photos and pictures read in (PNG, JPEG, WebP), for painting over; a product so that
        // `swift build` builds it (the fuzz check links its objects) and the benchmarks reach it.
        .library(name: "MarblePictures", targets: ["MarblePictures"]),
        // JPEG, for the benchmarks' photos (made by its encoder).
        .library(name: "MarbleJPEG", targets: ["MarbleJPEG"]),
        // The class folder's WebDAV transport and PNG files, for the benchmarks' hand-in measurement.
        .library(name: "MarbleClass", targets: ["MarbleClass"]),
        .library(name: "MarblePNG", targets: ["MarblePNG"]),
        // The phone page's server, for the benchmarks' phone page measurement (latency, frames).
        .library(name: "MarblePhonePage", targets: ["MarblePhonePage"]),
        // The voice (espeak-ng), for the benchmarks' window measurement while it speaks.
        .library(name: "MarbleVoice", targets: ["MarbleVoice"]),
        .executable(name: "marble", targets: ["marble"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The program hashes canvases with BoringSSL's SHA-256 (SHA-NI or AVX2 where the CPU
        // has them): most of a short batch replay was the core's own, portable hash.
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // The phone page's self-signed certificate (P-256), made once and kept.
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.3.0"),
    ],
    targets: [
        // MARK: Core: Swift, no SDL, no C library of its own; system calls through Support/POSIX.swift.
        .target(name: "MarbleKit"),

        // MARK: C libraries, found by pkg-config, installed from Debian.
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // libwebp's encoder, muxer and animation decoder (libwebpmux pulls in libwebp).
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        // libjpeg-turbo's TurboJPEG API: JPEG photos read in, scaled down while decoding.
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        // libqrencode: the phone page's address as a QR code.
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // SDL2 and SDL2_ttf share one module: SDL_ttf.h sits in SDL2's include folder.
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev"])]),
        // libcurl: the class folder's WebDAV requests (HTTP, HTTPS, basic auth, timeouts).
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),

        // espeak-ng: the voice that says the window's words, in the child's language.
        .systemLibrary(name: "CEspeak", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),

        // libwebsockets: the phone page's HTTPS and WebSocket server (TLS by OpenSSL), from Debian:
        // SwiftNIO with NIOSSL took 253 s to build in debug here, CI builds debug and release.
        .systemLibrary(name: "CWebSockets", pkgConfig: "libwebsockets", providers: [.apt(["libwebsockets-dev"])]),

        // gettext and setlocale, from glibc: nothing to link, no pkg-config.
        .systemLibrary(name: "CIntl"),

        // MARK: PNG files, on libpng.
        .target(name: "MarblePNG", dependencies: ["CLibPNG"]),

        // MARK: Animated WebP files (time-lapses), on libwebp.
        .target(name: "MarbleWebP", dependencies: ["CWebP"]),

        // MARK: JPEG photos, on libjpeg-turbo.
        .target(name: "MarbleJPEG", dependencies: ["CTurboJPEG"]),

        // MARK: Pictures in: a photo or picture file of any of those formats, upright RGBA8.
        .target(name: "MarblePictures", dependencies: ["MarbleKit", "MarblePNG", "MarbleJPEG", "MarbleWebP"]),

        // MARK: QR codes, on libqrencode.
        .target(name: "MarbleQR", dependencies: ["MarbleKit", "CQRencode"]),

        // MARK: The app: screens, focus, input shaping and the frame loop; pure Swift, no SDL.
        .target(name: "MarbleApp", dependencies: ["MarbleKit"]),

        // MARK: The SDL2 platform under the app: window, renderer, text, pads, sensors.
        .target(name: "MarbleSDL", dependencies: ["MarbleApp", "MarbleKit", "MarblePNG", "MarblePictures", "CSDL2"]),

        // MARK: The window's words from the gettext catalogues (po/*.po, compiled to marble.mo).
        .target(name: "MarbleGettext", dependencies: ["MarbleApp", "CIntl"]),
        // MARK: The voice: espeak-ng on a thread of its own, speech handed to the sound device.
        .target(name: "MarbleVoice", dependencies: ["MarbleApp", "MarbleKit", "CEspeak"]),

        // MARK: The class folder on a WebDAV server (Nextcloud, Apache mod_dav, a NAS), on libcurl.
        .target(name: "MarbleClass", dependencies: ["MarbleKit", "CCurl"]),

        // MARK: The phone page: HTTPS and a WebSocket for a phone's browser, on libwebsockets.
        .target(name: "MarblePhonePage", dependencies: [
            "MarbleKit", "CWebSockets",
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
            .product(name: "Crypto", package: "swift-crypto"),
        ], resources: [
            // The page's own files, compiled into the program as bytes (no bundle to find at run
            // time, no file read per request): `PhonePageAssets` serves them.
            .embedInCode("Page/phone.html"), .embedInCode("Page/phone.css"), .embedInCode("Page/icon.svg"),
            .embedInCode("Page/phone-math.js"), .embedInCode("Page/phone-link.js"), .embedInCode("Page/phone-page.js"),
        ]),

        // MARK: The `marble` program: the window and the command line.
        .executableTarget(
            name: "marble",
            dependencies: [
                "MarbleKit", "MarblePNG", "MarbleWebP", "MarblePictures", "MarbleApp", "MarbleSDL", "MarbleVoice", "MarbleClass", "MarblePhonePage", "MarbleQR", "MarbleGettext",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // MARK: Tests.
        // What every test target shares: temporary folders, the repository's paths, picture diffs.
        .target(name: "MarbleTestSupport", dependencies: ["MarbleKit"], path: "Tests/MarbleTestSupport"),
        .testTarget(name: "MarbleKitTests", dependencies: ["MarbleKit", "MarbleTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "MarbleCLITests", dependencies: ["marble", "MarbleKit", "MarblePNG", "MarbleWebP", "MarbleJPEG", "MarbleTestSupport"]),
        .testTarget(name: "MarbleAppTests", dependencies: ["MarbleApp", "MarbleKit", "MarblePNG", "MarbleWebP", "MarbleTestSupport"]),
        .testTarget(name: "MarblePicturesTests", dependencies: ["MarblePictures", "MarbleKit", "MarblePNG", "MarbleJPEG", "MarbleWebP", "CTurboJPEG", "CWebP", "MarbleTestSupport"]),
        .testTarget(name: "MarbleClassTests", dependencies: ["MarbleClass", "MarbleKit", "MarbleTestSupport"]),
        .testTarget(name: "MarblePhonePageTests", dependencies: ["MarblePhonePage", "MarbleKit", "MarbleTestSupport"]),
        .testTarget(name: "MarbleQRTests", dependencies: ["MarbleQR", "MarbleKit", "MarblePNG", "MarbleTestSupport"]),
        .testTarget(name: "MarbleGettextTests", dependencies: ["MarbleGettext", "MarbleApp", "MarbleKit", "MarbleTestSupport"]),
        .testTarget(name: "MarbleVoiceTests", dependencies: ["MarbleVoice", "MarbleApp", "MarbleKit", "MarbleTestSupport"]),
        .testTarget(name: "MarbleSDLTests", dependencies: ["MarbleSDL", "MarbleVoice", "MarbleApp", "MarbleKit", "MarblePNG", "CSDL2", "MarbleTestSupport"]),
    ]
)
