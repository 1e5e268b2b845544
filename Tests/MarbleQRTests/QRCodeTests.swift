import Foundation
import MarbleKit
import MarblePNG
import MarbleQR
import MarbleTestSupport
import Testing

/// QR codes by libqrencode, read back by a real reader (zbarimg, from Debian's zbar-tools).
@Suite struct QRCodeTests {
    /// Decodes a PNG with zbarimg; nil when it finds no code.
    func read(_ png: String) throws -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        p.arguments = ["--quiet", "--raw", "-Sqrcode.enable", "-Sbinary", png]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = Pipe()
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    @Test(arguments: [
        "https://192.168.1.20:26780/phone#3q2-7Hc_xLx1bV0aJ9QwZg",
        "https://127.0.0.1:26780/p#" + String(repeating: "A", count: 43),
        "x",
    ])
    func aCodeReadsBackToItsText(_ text: String) throws {
        let qr = try QRCode.encode(text)
        #expect(qr.size >= 21 && (qr.size - 21) % 4 == 0, "a QR code is 21 + 4k modules a side")
        let dir = try TempFolder("qr")
        let (pixels, side) = qr.rgba(scale: 6)
        let png = try pixels.withUnsafeBytes { try PNGImage.encode(rgba: $0, width: side, height: side) }
        let path = try dir.write(png, to: "code.png")
        #expect(try read(path) == text)
    }

    @Test func finderPatternsSitInThreeCorners() throws {
        let qr = try QRCode.encode("https://example.test/")
        // A finder pattern: a dark 7×7 ring, light ring inside, dark 3×3 centre.
        for (ox, oy) in [(0, 0), (qr.size - 7, 0), (0, qr.size - 7)] {
            #expect(qr.isDark(ox, oy) && qr.isDark(ox + 6, oy + 6) && !qr.isDark(ox + 1, oy + 1) && qr.isDark(ox + 3, oy + 3))
        }
    }

    @Test func tooLongOrEmptyIsRefused() {
        #expect(throws: QRCode.Failure.self) { try QRCode.encode("") }
        #expect(throws: QRCode.Failure.self) { try QRCode.encode(String(repeating: "a", count: 5_000)) }
    }
}
