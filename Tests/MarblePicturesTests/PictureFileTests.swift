import Foundation
import MarbleKit
import MarblePictures
import MarbleTestSupport
import MarbleWebP
import Testing

@Suite("Pictures in: files, formats and refusals")
struct PictureFileTests {
    /// `body` throws a `PictureError` naming `file` with `problem`, in well under a second.
    static func refused(_ file: String, _ problem: (PictureError.Problem) -> Bool,
                        _ body: () throws(PictureError) -> DecodedPicture, sourceLocation: SourceLocation = #_sourceLocation) {
        let start = ContinuousClock.now
        do {
            let picture = try body()
            Issue.record("\(file) was read as a \(picture.width)×\(picture.height) picture", sourceLocation: sourceLocation)
        } catch {
            #expect(problem(error.problem), "\(error)", sourceLocation: sourceLocation)
            #expect(error.description.contains(file), "\(error)", sourceLocation: sourceLocation)
        }
        #expect(ContinuousClock.now - start < .seconds(1), sourceLocation: sourceLocation)
    }

    @Test("PNG, JPEG and WebP files load, known by their bytes and not their names")
    func formats() throws {
        let folder = try TempFolder("pictures")
        let rgba = TestPictures.quadrants(width: 40, height: 30)
        let png = try folder.write(TestPictures.png(rgba, width: 40, height: 30), to: "really-a-png.jpg")
        let webp = try folder.write(TestPictures.webp(rgba, width: 40, height: 30), to: "picture")
        let lossy = try folder.write(TestPictures.webp(rgba, width: 40, height: 30, quality: 90), to: "lossy.png")
        let jpeg = try folder.write(TestPictures.jpeg(rgba, width: 40, height: 30), to: "photo.webp")
        let p = try PictureFile.load(path: png, io: .system, atLeast: nil)
        #expect(p.format == .png && p.width == 40 && p.height == 30 && p.rgba == rgba)
        let w = try PictureFile.load(path: webp, io: .system, atLeast: nil)
        #expect(w.format == .webp && w.rgba == rgba)
        let l = try PictureFile.load(path: lossy, io: .system, atLeast: nil)
        #expect(l.format == .webp && TestPictures.near(TestPictures.rgb(l.rgba, width: 40, x: 30, y: 5), TestPictures.quadrantColours[1], 16))
        let j = try PictureFile.load(path: jpeg, io: .system, atLeast: (10, 10))
        #expect(j.format == .jpeg && j.width >= 10 && j.height >= 10)
    }

    @Test("an animated WebP gives its first frame")
    func animatedWebP() throws {
        let writer = try WebPAnimationWriter(width: 8, height: 8, threads: 0)
        try writer.add(rgba: TestPictures.quadrants(width: 8, height: 8), milliseconds: 100)
        try writer.add(rgba: [UInt8](repeating: 255, count: 8 * 8 * 4), milliseconds: 100)
        let picture = try PictureFile.decode(bytes: try writer.finish(), name: "film.webp")
        #expect(picture.rgba == TestPictures.quadrants(width: 8, height: 8))
    }

    @Test("a text file, an empty file, a folder and a missing file are refused, naming the file")
    func notPictures() throws {
        let folder = try TempFolder("pictures", files: ["notes.png": "these are words, not a picture\n", "empty.jpg": ""])
        Self.refused("notes.png", { $0 == .notAPicture }) { () throws(PictureError) in try PictureFile.load(path: folder.path("notes.png"), io: .system, atLeast: nil) }
        Self.refused("empty.jpg", { $0 == .empty }) { () throws(PictureError) in try PictureFile.load(path: folder.path("empty.jpg"), io: .system, atLeast: nil) }
        Self.refused(folder.path, { $0 == .notAFile }) { () throws(PictureError) in try PictureFile.load(path: folder.path, io: .system, atLeast: nil) }
        let missing = folder.path("missing.webp")
        Self.refused(missing, { $0 == .unreadable(.system(.notFound)) }) { () throws(PictureError) in try PictureFile.load(path: missing, io: .system, atLeast: nil) }
        do {
            _ = try PictureFile.load(path: missing, io: .system, atLeast: nil)
        } catch {
            #expect(error.description.contains("No such file or directory"))
        }
    }

    @Test("a file over the byte limit is refused without being read")
    func fileTooBig() throws {
        let folder = try TempFolder("pictures")
        let path = try folder.write(TestPictures.png(TestPictures.quadrants(width: 4, height: 4), width: 4, height: 4), to: "small.png")
        // A sparse file of 300 MB: refused from its size, never read.
        let big = folder.path("huge.png")
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, 300 << 20) == 0)
        Self.refused("huge.png", { $0 == .fileTooBig(bytes: 300 << 20, maxBytes: 256 << 20) }) { () throws(PictureError) in
            try PictureFile.load(path: big, io: .system, atLeast: nil)
        }
        Self.refused("small.png", { if case .fileTooBig = $0 { true } else { false } }) { () throws(PictureError) in
            try PictureFile.load(path: path, io: .system, atLeast: nil, maxBytes: 10)
        }
    }

    @Test("a picture is read through the disk handed in (the environment's), and a pipe is refused at once")
    func throughTheSeam() throws {
        let folder = try TempFolder("pictures")
        let path = try folder.write(TestPictures.png(TestPictures.quadrants(width: 4, height: 4), width: 4, height: 4), to: "small.png")
        Self.refused("small.png", { $0 == .unreadable(.system(.ioFailed)) }) { () throws(PictureError) in
            try PictureFile.load(path: path, io: .failing(.ioFailed), atLeast: nil)
        }
        // A pipe with no writer: refused as not a file, not waited on.
        #expect(mkfifo(folder.path("pipe.png"), 0o644) == 0)
        Self.refused("pipe.png", { $0 == .notAFile }) { () throws(PictureError) in
            try PictureFile.load(path: folder.path("pipe.png"), io: .system, atLeast: nil)
        }
    }

    @Test("truncated pictures are refused as damaged, with the decoder's words")
    func truncated() throws {
        let rgba = TestPictures.quadrants(width: 64, height: 64)
        let files: [(String, [UInt8], PictureFormat)] = [
            ("cut.jpg", try TestPictures.jpeg(rgba, width: 64, height: 64), .jpeg),
            ("cut.png", try TestPictures.png(rgba, width: 64, height: 64), .png),
            ("cut.webp", try TestPictures.webp(rgba, width: 64, height: 64, quality: 80), .webp),
        ]
        for (name, bytes, format) in files {
            for keep in [bytes.count * 2 / 3, 40, 13] {
                Self.refused(name, { if case .damaged(format, _) = $0 { true } else { false } }) { () throws(PictureError) in
                    try PictureFile.decode(bytes: Array(bytes.prefix(keep)), name: name)
                }
            }
        }
    }

    @Test("headers that claim 400 MP (a still WebP: 268 MP, its most) are refused before decoding, quickly")
    func tooBig() throws {
        let rgba = TestPictures.quadrants(width: 16, height: 16)
        let png = TestPictures.png(try TestPictures.png(rgba, width: 16, height: 16), claiming: 20000, 20000)
        let jpeg = try TestPictures.jpeg(try TestPictures.jpeg(rgba, width: 16, height: 16), claiming: 20000, 20000)
        // A lossy WebP's VP8 frame header holds 14-bit sides: 16383×16383 is as big as one claims.
        var webp = try TestPictures.webp(rgba, width: 16, height: 16, quality: 80)
        try #require(Array(webp[12..<16]) == Array("VP8 ".utf8))
        webp[26] = 0xFF; webp[27] = 0x3F; webp[28] = 0xFF; webp[29] = 0x3F
        // An animation's canvas (VP8X: 24-bit sides, less one) can claim 20000×20000.
        let writer = try WebPAnimationWriter(width: 16, height: 16, threads: 0)
        try writer.add(rgba: rgba, milliseconds: 100)
        try writer.add(rgba: [UInt8](repeating: 255, count: rgba.count), milliseconds: 100)
        var film = try writer.finish()
        try #require(Array(film[12..<16]) == Array("VP8X".utf8))
        for k in 0..<3 { film[24 + k] = UInt8(truncatingIfNeeded: 19999 >> (8 * k)); film[27 + k] = film[24 + k] }
        for (name, bytes, w, h) in [("big.png", png, 20000, 20000), ("big.jpg", jpeg, 20000, 20000), ("big.webp", webp, 16383, 16383),
                                    ("film.webp", film, 20000, 20000)] {
            Self.refused(name, { $0 == .tooBig(width: w, height: h, maxPixels: 100_000_000) }) { () throws(PictureError) in
                try PictureFile.decode(bytes: bytes, name: name)
            }
        }
        do {
            _ = try PictureFile.decode(bytes: png, name: "big.png")
        } catch {
            #expect(error.description == "big.png is too big: 20000×20000 is 400 megapixels, over the limit of 100")
        }
    }

    @Test("a decompression bomb (a tiny PNG that claims 15000×15000) is refused fast, nothing allocated")
    func pngBomb() throws {
        let tiny = TestPictures.png(try TestPictures.png([0, 0, 0, 255], width: 1, height: 1), claiming: 15000, 15000)
        #expect(tiny.count < 100)
        Self.refused("bomb.png", { $0 == .tooBig(width: 15000, height: 15000, maxPixels: 100_000_000) }) { () throws(PictureError) in
            try PictureFile.decode(bytes: tiny, name: "bomb.png")
        }
        // Under a lower limit, the same size check guards a smaller picture.
        let small = try TestPictures.png(TestPictures.quadrants(width: 100, height: 100), width: 100, height: 100)
        Self.refused("small.png", { $0 == .tooBig(width: 100, height: 100, maxPixels: 9999) }) { () throws(PictureError) in
            try PictureFile.decode(bytes: small, name: "small.png", maxPixels: 9999)
        }
    }
}
