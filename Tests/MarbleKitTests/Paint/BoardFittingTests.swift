import Testing
@testable import MarbleKit

/// A picture fitted whole to the canvas: letterboxed and centred, the bars in the board's
/// colour, scaled by the area average. Tolerance: 1/255 a channel where an average rounds.
@Suite("Board: a picture fitted to the canvas")
struct BoardFittingTests {
    static func picture(_ w: Int, _ h: Int, _ color: (Int, Int) -> RGBA8) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<h { for x in 0..<w { let c = color(x, y); out += [c.r, c.g, c.b, c.a] } }
        return out
    }

    @Test("A wide picture on a square canvas lies centred with bars above and below in the background")
    func letterbox() throws {
        let red = RGBA8(200, 20, 20)
        let board = try #require(Board.fitting(Self.picture(200, 100) { _, _ in red }, width: 200, height: 100,
                                               canvasWidth: 100, canvasHeight: 100, background: .paper, kind: .photo))
        #expect(board.width == 100 && board.height == 100)
        // 200×100 scaled by ½ is 100×50, at rows 25 ..< 75.
        #expect(board.pixel(x: 50, y: 24) == .paper)
        #expect(board.pixel(x: 50, y: 25) == red)
        #expect(board.pixel(x: 0, y: 74) == red)
        #expect(board.pixel(x: 99, y: 75) == .paper)
    }

    @Test("Shrunk by the area average: a one-pixel checker of black and white becomes an even grey")
    func areaAverage() throws {
        let checker = Self.picture(400, 400) { x, y in (x + y) % 2 == 0 ? RGBA8(0, 0, 0) : RGBA8(255, 255, 255) }
        let board = try #require(Board.fitting(checker, width: 400, height: 400, canvasWidth: 100, canvasHeight: 100,
                                               background: .paper, kind: .photo))
        for (x, y) in [(0, 0), (37, 61), (99, 99)] {
            let p = board.pixel(x: x, y: y)
            #expect(abs(Int(p.r) - 128) <= 1 && p.r == p.g && p.g == p.b, "(\(x), \(y)): \(p)")
        }
        // A third of the way: 3 source pixels a canvas pixel, the weights fractional. A column
        // ramp's average is the ramp at the cell's centre.
        let ramp = Self.picture(300, 30) { x, _ in RGBA8(UInt8(x % 256 / 2), 0, 0) }
        let third = try #require(Board.fitting(ramp, width: 300, height: 30, canvasWidth: 100, canvasHeight: 10,
                                               background: .paper, kind: .photo))
        // Cell 10 covers source columns 30, 31, 32: values 15, 15, 16 → 15.33.
        #expect(third.pixel(x: 10, y: 0).r == 15)
    }

    @Test("See-through pixels lie over the background; the board is opaque")
    func alpha() throws {
        let clear = Self.picture(10, 10) { _, _ in RGBA8(0, 0, 0, 0) }
        let half = Self.picture(10, 10) { _, _ in RGBA8(0, 0, 0, 128) }
        let a = try #require(Board.fitting(clear, width: 10, height: 10, canvasWidth: 10, canvasHeight: 10,
                                           background: RGBA8(250, 248, 240), kind: .page))
        #expect(a.pixel(x: 5, y: 5) == RGBA8(250, 248, 240, 255))
        let b = try #require(Board.fitting(half, width: 10, height: 10, canvasWidth: 10, canvasHeight: 10,
                                           background: RGBA8(250, 248, 240), kind: .page))
        // 128/255 black over the background: 250 · 127/255 = 124.5.
        #expect(abs(Int(b.pixel(x: 5, y: 5).r) - 125) <= 1 && b.pixel(x: 5, y: 5).a == 255)
    }

    @Test("A picture of the wrong byte count, or none, is no board")
    func refused() {
        #expect(Board.fitting([1, 2, 3], width: 1, height: 1, canvasWidth: 10, canvasHeight: 10, background: .paper, kind: .photo) == nil)
        #expect(Board.fitting([], width: 0, height: 0, canvasWidth: 10, canvasHeight: 10, background: .paper, kind: .photo) == nil)
        #expect(Board(width: 2, height: 2, kind: .photo, pixels: [0]) == nil)
    }

    @Test("The same picture gives the same board twice")
    func deterministic() {
        let p = Self.picture(333, 217) { x, y in RGBA8(UInt8((x * 7) % 256), UInt8((y * 13) % 256), UInt8((x * y) % 256)) }
        let a = Board.fitting(p, width: 333, height: 217, canvasWidth: 128, canvasHeight: 80, background: .paper, kind: .photo)
        let b = Board.fitting(p, width: 333, height: 217, canvasWidth: 128, canvasHeight: 80, background: .paper, kind: .photo)
        #expect(a != nil && a == b)
    }
}
