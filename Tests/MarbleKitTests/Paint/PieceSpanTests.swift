import Testing
@testable import MarbleKit

/// The rasterizer's row spans: every pixel a piece can cover lies inside them, and they never
/// leave the canvas, whatever the piece.
@Suite("Piece spans")
struct PieceSpanTests {
    /// The distance from pixel centre (cx, cy) to the segment, and where along it the nearest
    /// point lies (0 at p0, 1 at p1), computed plainly.
    static func nearest(_ cx: Double, _ cy: Double, _ p0: Vec2, _ p1: Vec2) -> (distance: Double, u: Double) {
        let dx = p1.x - p0.x, dy = p1.y - p0.y
        let len2 = dx * dx + dy * dy
        let u = len2 > 0 ? ((cx - p0.x) * dx + (cy - p0.y) * dy) / len2 : 0
        let t = min(max(u, 0), 1)
        let ex = cx - (p0.x + t * dx), ey = cy - (p0.y + t * dy)
        return ((ex * ex + ey * ey).squareRoot(), u)
    }

    @Test("every pixel within the radius (ahead of the start, if asked) is inside its row's span")
    func spansHoldThePiece() {
        var rng = SplitMix64(seed: 12)
        let width = 64, height = 48
        for trial in 0..<400 {
            let p0 = Vec2(Double.random(in: -8...72, using: &rng), Double.random(in: -8...56, using: &rng))
            // Short pieces as a marble paints them, and some long ones across the canvas.
            let reach = trial % 5 == 0 ? 60.0 : 5.0
            let p1 = p0 + Vec2(Double.random(in: -reach...reach, using: &rng), Double.random(in: -reach...reach, using: &rng))
            let radius = [1.25, 2.5, 4.5, 8.5][trial % 4]
            let onlyAhead = trial % 2 == 0
            let span = PieceSpan(p0: p0, p1: p1, length: (p1 - p0).length, radius: radius, onlyAhead: onlyAhead)
            for group in stride(from: 0, to: height, by: 4) {
                let rows = span.columns(rows: group, width: Double(width))
                for k in 0..<4 {
                    let j = group + k
                    for i in 0..<width {
                        let (d, u) = Self.nearest(Double(i) + 0.5, Double(j) + 0.5, p0, p1)
                        // Coverage needs d < radius − 1/510; a hair less keeps the test off the rounding.
                        guard d < radius - 0.001, !onlyAhead || u > 0 else { continue }
                        #expect(Int(rows.first[k]) <= i && i <= Int(rows.last[k]),
                                "trial \(trial): pixel (\(i), \(j)) at \(d) from \(p0)–\(p1) outside \(rows.first[k])...\(rows.last[k])")
                    }
                }
            }
        }
    }

    @Test("columns stay inside the canvas for far-off, steep and degenerate pieces, on any row")
    func columnsStayOnTheCanvas() {
        let width = 100.0
        var pieces: [(Vec2, Vec2)] = [
            // Nearly vertical, leaning left: the bound ahead of the start is 10¹⁶·(cy − 1.17554),
            // about −1.5·2⁵² on the row at 0.5, where rounding by the magic constant wraps.
            (Vec2(0, 1.17554), Vec2(-1e-15, 11.17554)),
            (Vec2(-1e300, 5), Vec2(50, 5)),
            (Vec2(1e300, -1e300), Vec2(-1e300, 1e300)),
            (Vec2(20, 20), Vec2(20, 20)),
            (Vec2(-6.755399441055745e15, 3), Vec2(40, 3.5)),
            (Vec2(40, -6.755399441055745e15), Vec2(40.5, 30)),
        ]
        var rng = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            func far() -> Double {
                let magnitude = [1.0, 1e3, 1e9, 6.755399441055744e15, 1e17, 1e300][Int.random(in: 0..<6, using: &rng)]
                return Double.random(in: -1...1, using: &rng) * magnitude
            }
            pieces.append((Vec2(far(), far()), Vec2(far(), far())))
        }
        for (p0, p1) in pieces {
            for onlyAhead in [false, true] {
                let span = PieceSpan(p0: p0, p1: p1, length: (p1 - p0).length, radius: 4.5, onlyAhead: onlyAhead)
                for row in [-8, -4, 0, 4, 20, 96, 1 << 20] {
                    let rows = span.columns(rows: row, width: width)
                    for k in 0..<4 where rows.first[k] <= rows.last[k] {
                        #expect(rows.first[k] >= 0 && rows.last[k] < Int64(width), "\(p0)–\(p1) row \(row + k): \(rows.first[k])...\(rows.last[k])")
                    }
                }
            }
        }
    }
}
