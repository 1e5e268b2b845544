import MarbleApp
import MarbleKit

extension Shapes {
    /// A figure 1 to 9 in up to seven strokes, as a clock's: the grown-up gate's numbers,
    /// drawn as shapes so that no word (which a child could match letter by letter) is shown.
    mutating func numeral(_ n: Int, in r: Rect, _ c: RGBA8) {
        // The strokes' ends: a figure half as wide as the square, nearly as tall.
        let s = r.w, w = 0.46 * s, h = 0.8 * s, t = 0.13 * s
        let left = r.x + (r.w - w) / 2, top = r.y + (r.h - h) / 2
        func p(_ u: Double, _ v: Double) -> Point { Point(left + u * w, top + v * h) }
        let strokes: [Character: (Point, Point)] = [
            "a": (p(0, 0), p(1, 0)), "b": (p(1, 0), p(1, 0.5)), "c": (p(1, 0.5), p(1, 1)), "d": (p(0, 1), p(1, 1)),
            "e": (p(0, 0.5), p(0, 1)), "f": (p(0, 0), p(0, 0.5)), "g": (p(0, 0.5), p(1, 0.5)),
        ]
        // A one stands in the middle, not at the right as a clock's does.
        if n == 1 {
            line(p(0.5, 0), p(0.5, 1), width: t, c)
            line(p(0.5, 0), p(0.2, 0.2), width: t, c)
            return
        }
        for name in Self.numeralStrokes[n] ?? "" {
            if let (from, to) = strokes[name] { line(from, to, width: t, c) }
        }
    }

    /// Which strokes each figure has: a top, b and c right, d bottom, e and f left, g middle.
    static let numeralStrokes: [Int: String] = [
        0: "abcdef", 1: "bc", 2: "abged", 3: "abgcd", 4: "fgbc", 5: "afgcd", 6: "afgedc", 7: "abc", 8: "abcdefg", 9: "abcdfg",
    ]
}
