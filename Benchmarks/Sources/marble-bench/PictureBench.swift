import Foundation
import MarbleJPEG
import MarbleKit
import MarblePictures

/// Reading a photo in to paint over (issue 33): a 12-megapixel JPEG decoded by
/// `PictureFile.decode`, with the size hint of a 1280×800 canvas and without.
///
/// The photo, 4000×3000, is made once by MarbleJPEG's encoder at quality 90, 4:2:0, as a
/// camera writes it: smooth gradients with a fine checker over them (not flat, so the entropy
/// decoder has real work); and the same photo taken upright (EXIF orientation 6, so turned a
/// quarter as it is decoded). Only the decoding is timed.
struct PictureBench {
    static let width = 4000, height = 3000
    static let canvas = (width: 1280, height: 800)
    let jpeg: [UInt8]
    /// `jpeg` with an EXIF segment saying orientation 6 (big-endian TIFF, one IFD0 entry).
    var portrait: [UInt8] {
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xD8, 0xFF, 0xE1, 0, UInt8(payload.count + 2)] + payload + jpeg.dropFirst(2)
    }

    init() throws {
        var rgba = [UInt8](repeating: 255, count: Self.width * Self.height * 4)
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let at = (y * Self.width + x) * 4, fine = (x / 3 + y / 3) % 2 == 0 ? 12 : 0
                rgba[at] = UInt8(truncatingIfNeeded: x * 255 / Self.width + fine)
                rgba[at + 1] = UInt8(truncatingIfNeeded: y * 255 / Self.height + fine)
                rgba[at + 2] = UInt8(truncatingIfNeeded: (x + y) / 28)
            }
        }
        jpeg = try JPEGImage.encode(rgba: rgba, width: Self.width, height: Self.height, quality: 90)
    }

    /// Times each case, best of `runs`, and reports it.
    func run(runs: Int, into report: inout Report) throws {
        print("pictures: a 4000×3000 JPEG (quality 90, 4:2:0, \(jpeg.count >> 10) KB) to upright RGBA8 (goal with fitting ≤ 300 ms)")
        let portrait = self.portrait
        let cases: [(String, String, [UInt8], (width: Int, height: Int)?)] = [
            ("12 MP JPEG, hint 1280×800", "picture_jpeg_12mp_ms_hint", jpeg, Self.canvas),
            ("12 MP JPEG, full size", "picture_jpeg_12mp_ms_full", jpeg, nil),
            ("12 MP JPEG, orientation 6, hint 800×1280", "picture_jpeg_12mp_ms_turned_hint", portrait, (800, 1280)),
            ("12 MP JPEG, orientation 6, full size", "picture_jpeg_12mp_ms_turned_full", portrait, nil),
        ]
        for (name, key, bytes, hint) in cases {
            let run = try Timing.best(of: runs) { try Self.decode(bytes, hint: hint) }
            report.line(name, run, runs: runs, rate: String(format: "%.1f ms", run.seconds * 1000))
            report.add(key, run.seconds * 1000)
        }
        // What the photo costs a new drawing over it: decoded with the canvas's hint, then
        // fitted whole to the 1280×800 canvas (`Board.fitting`, the area average).
        let jpeg = self.jpeg
        let board = try Timing.best(of: runs) { try Self.board(jpeg) }
        report.line("12 MP JPEG to a 1280×800 board (decode + fit)", board, runs: runs,
                    rate: String(format: "%.1f ms (goal ≤ 300 ms)", board.seconds * 1000))
        report.add("picture_12mp_board_ms", board.seconds * 1000)
    }

    /// One photo made a board for a 1280×800 canvas, timed.
    static func board(_ bytes: [UInt8]) throws -> Run {
        var board: Board?
        let seconds = try Timing.seconds {
            let p = try PictureFile.decode(bytes: bytes, name: "photo.jpg", atLeast: canvas)
            board = Board.fitting(p.rgba, width: p.width, height: p.height, canvasWidth: canvas.width, canvasHeight: canvas.height,
                                  background: .paper, kind: .photo)
        }
        let b = board!
        return Run(seconds: seconds, checksum: b.pixels.withUnsafeBytes { Checksum.of($0) }, note: "a \(b.width)×\(b.height) board")
    }

    /// One decode, timed.
    static func decode(_ bytes: [UInt8], hint: (width: Int, height: Int)?) throws -> Run {
        var picture: DecodedPicture?
        let seconds = try Timing.seconds {
            picture = try PictureFile.decode(bytes: bytes, name: "photo.jpg", atLeast: hint)
        }
        let p = picture!
        return Run(seconds: seconds, checksum: p.rgba.withUnsafeBytes { Checksum.of($0) }, note: "decoded to \(p.width)×\(p.height)")
    }
}
