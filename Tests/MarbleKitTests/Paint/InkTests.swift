import Testing
@testable import MarbleKit

/// See-through paint and the eraser over a board. Closed forms: a stroke of opacity o over a
/// pixel c is (1 − o)·c + o·paint where it covers fully; tolerance 2/255 a channel (the
/// opacity and the mix each round once).
@Suite("Ink: see-through paint, and wiping back to the board")
struct InkTests {
    static let w = 200, h = 120
    /// A board of stripes: no two neighbouring columns alike, so a wipe that took the wrong
    /// pixel shows.
    static let board = Board(width: w, height: h, kind: .photo, pixels: (0..<(w * h)).flatMap { i -> [UInt8] in
        let x = i % w, y = i / w
        return [UInt8((x * 37) % 256), UInt8((y * 11 + x * 5) % 256), UInt8(180), 255]
    })!

    static func near(_ a: RGBA8, _ b: (Double, Double, Double), tolerance: Double = 2) -> Bool {
        abs(Double(a.r) - b.0) <= tolerance && abs(Double(a.g) - b.1) <= tolerance && abs(Double(a.b) - b.2) <= tolerance
    }

    static func stroke(_ c: Canvas, _ points: [Vec2], color: RGBA8, width: Double = 12, ink: Ink) {
        var pen = Canvas.Pen()
        c.beginStroke(at: points[0], color: color, width: width, ink: ink, pen: &pen)
        for p in points.dropFirst() { c.continueStroke(to: p, color: color, pen: &pen) }
        c.endStroke(pen: &pen)
    }

    @Test("A new canvas with a board shows it; Clear shows it again")
    func boardShown() {
        let c = Canvas(width: Self.w, height: Self.h, board: Self.board)
        #expect(c.pixelBytes == Self.board.pixels)
        Self.stroke(c, [Vec2(20, 20), Vec2(150, 90)], color: RGBA8(0, 0, 0), ink: .opaque)
        #expect(c.pixelBytes != Self.board.pixels)
        #expect(c.inkStatistics().pixels > 0)
        c.clear()
        #expect(c.pixelBytes == Self.board.pixels)
        #expect(c.inkStatistics().pixels == 0, "ink is what differs from the board")
    }

    @Test("A 30 % stroke over the board is 0.7·board + 0.3·paint, one even wash where it crosses itself")
    func seeThroughWash() {
        let c = Canvas(width: Self.w, height: Self.h, board: Self.board)
        let paint = RGBA8(220, 40, 10), glass = Ink(opacity: 0.3)
        // A loop: across, down, back and up through its own start, travelling far (more than
        // the window an opaque stroke merges within) before it crosses itself.
        Self.stroke(c, [Vec2(30, 60), Vec2(170, 60), Vec2(170, 100), Vec2(100, 100), Vec2(100, 20)], color: paint, ink: glass)
        func expected(_ x: Int, _ y: Int) -> (Double, Double, Double) {
            let b = Self.board.pixel(x: x, y: y), o = Double(glass.alpha) / 255
            return ((1 - o) * Double(b.r) + o * 220, (1 - o) * Double(b.g) + o * 40, (1 - o) * Double(b.b) + o * 10)
        }
        for (x, y) in [(50, 60), (120, 60), (170, 80), (130, 100), (100, 40)] {
            #expect(Self.near(c.pixel(x: x, y: y), expected(x, y)), "(\(x), \(y)): \(c.pixel(x: x, y: y)) vs \(expected(x, y))")
        }
        // The crossing at (100, 60): painted twice by the same stroke, still one wash.
        #expect(Self.near(c.pixel(x: 100, y: 60), expected(100, 60)), "the crossing: \(c.pixel(x: 100, y: 60))")
    }

    @Test("A second see-through stroke over the first darkens it: 0.7·(0.7·board + 0.3·paint) + 0.3·paint")
    func laterStrokeDarkens() {
        let c = Canvas(width: Self.w, height: Self.h, board: Self.board)
        let paint = RGBA8(10, 30, 200), glass = Ink(opacity: 0.3)
        Self.stroke(c, [Vec2(20, 50), Vec2(180, 50)], color: paint, ink: glass)
        let once = c.pixel(x: 90, y: 50)
        Self.stroke(c, [Vec2(90, 10), Vec2(90, 110)], color: paint, ink: glass)
        let twice = c.pixel(x: 90, y: 50), o = Double(glass.alpha) / 255
        let want = ((1 - o) * Double(once.r) + o * 10, (1 - o) * Double(once.g) + o * 30, (1 - o) * Double(once.b) + o * 200)
        #expect(Self.near(twice, want), "\(twice) vs \(want)")
        #expect(twice != once)
    }

    @Test("Opaque ink paints exactly as before: the same pixels as a stroke with no ink given")
    func opaqueUnchanged() {
        let a = Canvas(width: Self.w, height: Self.h), b = Canvas(width: Self.w, height: Self.h)
        var pa = Canvas.Pen(), pb = Canvas.Pen()
        a.beginStroke(at: Vec2(10, 10), color: RGBA8(1, 2, 3), width: 9, pen: &pa)
        b.beginStroke(at: Vec2(10, 10), color: RGBA8(1, 2, 3), width: 9, ink: Ink(opacity: 1), pen: &pb)
        for k in 1..<80 {
            let p = Vec2(10 + Double(k) * 2, 10 + 40 * Double(k % 7) / 7)
            a.continueStroke(to: p, color: HeadingColor.color(heading: Double(k * 9)), pen: &pa)
            b.continueStroke(to: p, color: HeadingColor.color(heading: Double(k * 9)), pen: &pb)
        }
        #expect(a.pixelBytes == b.pixelBytes)
    }

    @Test("The eraser wipes back to the board: every pixel it covered fully is the board's again, exactly")
    func eraserWipes() {
        let c = Canvas(width: Self.w, height: Self.h, board: Self.board)
        Self.stroke(c, [Vec2(10, 60), Vec2(190, 60)], color: RGBA8(0, 0, 0), width: 30, ink: .opaque)
        #expect(c.pixel(x: 100, y: 60) == RGBA8(0, 0, 0, 255))
        Self.stroke(c, [Vec2(60, 10), Vec2(60, 110), Vec2(140, 110), Vec2(140, 10)], color: .paper, width: 20, ink: Ink(wipes: true))
        for y in 52...68 {
            for x in [55, 60, 65, 135, 140, 145] {
                #expect(c.pixel(x: x, y: y) == Self.board.pixel(x: x, y: y), "(\(x), \(y))")
            }
        }
        #expect(c.pixel(x: 100, y: 60) == RGBA8(0, 0, 0, 255), "paint the eraser did not reach stays")
        // Without a board, wiping paints the colour it was given (the background), as the eraser always did.
        let plain = Canvas(width: Self.w, height: Self.h)
        Self.stroke(plain, [Vec2(10, 60), Vec2(190, 60)], color: RGBA8(0, 0, 0), width: 30, ink: .opaque)
        Self.stroke(plain, [Vec2(60, 10), Vec2(60, 110)], color: .paper, width: 20, ink: Ink(wipes: true))
        #expect(plain.pixel(x: 60, y: 60) == .paper)
    }

    @Test("Ink from an opacity: clamped, rounded to 255ths; NaN is opaque")
    func inkFromOpacity() {
        #expect(Ink(opacity: 0.3).alpha == 77)
        #expect(Ink(opacity: 1.5) == .opaque)
        #expect(Ink(opacity: -1).alpha == 0)
        #expect(Ink(opacity: .nan) == .opaque)
    }
}
