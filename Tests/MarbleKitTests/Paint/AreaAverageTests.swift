import Testing
@testable import MarbleKit

/// One area average serves the board a photo is fitted to, the gallery's thumbnails and the
/// time-lapse's frames: closed-form answers, and the three agree pixel for pixel.
@Suite("Area average: one shrink for boards, thumbnails and time-lapse frames")
struct AreaAverageTests {
    static func opaque(_ w: Int, _ h: Int, _ value: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<h { for x in 0..<w { let v = value(x, y); out += [v.0, v.1, v.2, 255] } }
        return out
    }

    static func thumbnail(_ p: [UInt8], _ w: Int, _ h: Int, _ tw: Int, _ th: Int) -> Canvas.Picture {
        p.withUnsafeBytes { Canvas.thumbnail(of: $0, width: w, height: h, maxWidth: tw, maxHeight: th) }
    }

    @Test("A 2×2 block averages exactly, as a thumbnail, a time-lapse frame and a board")
    func twoByTwo() throws {
        let block: [UInt8] = [10, 20, 30, 255, 30, 40, 50, 255,
                              50, 60, 70, 255, 70, 80, 90, 255]
        #expect(Self.thumbnail(block, 2, 2, 1, 1).pixels == [40, 50, 60, 255])
        let canvas = Canvas(width: 2, height: 2, background: RGBA8(0, 0, 0))
        canvas.restorePicture(block)
        #expect(canvas.scaledPixels(width: 1).rgba == [40, 50, 60, 255])
        let board = try #require(Board.fitting(block, width: 2, height: 2, canvasWidth: 1, canvasHeight: 1, background: .paper, kind: .photo))
        #expect(board.pixels == [40, 50, 60, 255])
    }

    @Test("Three pixels to two: each covers one and a half, weighed by what it covers")
    func fractionalCover() throws {
        // [0, 90, 180]: the first pixel is (0 + 90 · ½) / 1.5 = 30, the second (90 · ½ + 180) / 1.5 = 150.
        let row = Self.opaque(3, 1) { x, _ in (UInt8(x * 90), 0, 0) }
        #expect(row.withUnsafeBytes { AreaAverage.rgba($0, width: 3, height: 1, toWidth: 2, height: 1) } == [30, 0, 0, 255, 150, 0, 0, 255])
        let board = try #require(Board.fitting(row, width: 3, height: 1, canvasWidth: 2, canvasHeight: 1, background: .paper, kind: .photo))
        #expect(board.pixels == [30, 0, 0, 255, 150, 0, 0, 255])
    }

    @Test("An opaque picture fitted to a board (on black) is the thumbnail of that size, pixel for pixel")
    func boardIsThumbnail() throws {
        let p = Self.opaque(300, 200) { x, y in (UInt8((x * 7) % 256), UInt8((y * 13) % 256), UInt8((x * y) % 256)) }
        for (tw, th) in [(120, 80), (150, 100), (75, 50), (33, 22)] {
            let board = try #require(Board.fitting(p, width: 300, height: 200, canvasWidth: tw, canvasHeight: th, background: RGBA8(0, 0, 0), kind: .photo))
            let thumb = Self.thumbnail(p, 300, 200, tw, th)
            #expect(thumb.width == tw && thumb.height == th)
            #expect(thumb.pixels == board.pixels, "\(tw)×\(th)")
        }
    }

    @Test("A see-through pixel's colour counts by its opacity; the average keeps the mean opacity")
    func alpha() {
        // Opaque red beside clear green: the colour is red, half opaque (green weighs nothing).
        let p: [UInt8] = [200, 0, 0, 255, 0, 200, 0, 0]
        #expect(p.withUnsafeBytes { AreaAverage.rgba($0, width: 2, height: 1, toWidth: 1, height: 1) } == [200, 0, 0, 128])
    }
}
