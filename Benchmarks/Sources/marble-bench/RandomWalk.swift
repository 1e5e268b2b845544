import Foundation
import MarbleKit
import SeededRandom

/// The seeded random-walk trail that every rasterizer in the benchmark paints.
///
/// Each step goes in a uniformly random direction for a length uniform in [1, 4] px and is
/// reflected at the canvas edges. Its colour is `HeadingColor.color(heading:)` of the step's
/// direction, so the hue changes every segment.
struct RandomWalk {
    let width: Int
    let height: Int
    /// `segmentCount + 1` points; segment k runs from `points[k]` to `points[k + 1]`.
    let points: [Vec2]
    /// Segment k's colour.
    let colors: [RGBA8]

    var segmentCount: Int { colors.count }

    /// A walk of `segments` steps; with `maxTurn` (degrees), each step turns at most that much
    /// from the last (a smooth, marble-like trail), else every step takes a fresh direction.
    init(segments: Int, width: Int, height: Int, seed: UInt64, maxTurn: Double? = nil) {
        var rng = SplitMix64(seed: seed)
        let w = Double(width), h = Double(height)
        var p = Vec2(w / 2, h / 2)
        var points = [p]
        var colors: [RGBA8] = []
        points.reserveCapacity(segments + 1)
        colors.reserveCapacity(segments)
        var heading = 0.0
        for _ in 0..<segments {
            // Degrees clockwise from north.
            heading = maxTurn.map { heading + rng.uniform(-$0, $0) } ?? rng.uniform(0, 360)
            let length = rng.uniform(1, 4)
            let a = heading * .pi / 180
            p = Vec2(Self.reflect(p.x + length * sin(a), limit: w),
                     Self.reflect(p.y - length * cos(a), limit: h))
            points.append(p)
            colors.append(HeadingColor.color(heading: heading))
        }
        self.width = width
        self.height = height
        self.points = points
        self.colors = colors
    }

    /// `v` mirrored back into [0, limit] (one reflection suffices: steps are shorter than the canvas).
    static func reflect(_ v: Double, limit: Double) -> Double {
        v < 0 ? -v : (v > limit ? 2 * limit - v : v)
    }
}
