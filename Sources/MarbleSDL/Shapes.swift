import CSDL2
import Foundation
import MarbleApp
import MarbleKit

/// Filled shapes as triangles for `SDL_RenderGeometry`: SDL2 has no circles or thick lines.
///
/// Opaque shapes go to the renderer without blending, in runs apart from the see-through ones
/// (in order): SDL 2.26's software renderer fills a blended triangle through a surface of its
/// own, made, filled, blitted and freed for every triangle, and a player's buttons and dial
/// were most of a four-player frame (issue 30). Blending an opaque colour replaces the pixel
/// anyway, so the picture is the same.
struct Shapes {
    var vertices: [SDL_Vertex] = []
    var indices: [Int32] = []
    /// Where each run of opaque or of see-through shapes starts in `indices`.
    private var runs: [(start: Int, opaque: Bool)] = []
    /// The box of the vertices made since the last `takeBounds()`, flushed or not.
    private var lo = SIMD2<Double>(.infinity, .infinity), hi = SIMD2<Double>(-.infinity, -.infinity)

    /// The pixels touched by what was built since the last call (nil: nothing), grown by a
    /// pixel for the renderer's rounding.
    mutating func takeBounds() -> SDL_Rect? {
        defer { lo = SIMD2(.infinity, .infinity); hi = SIMD2(-.infinity, -.infinity) }
        guard lo.x <= hi.x, lo.y <= hi.y else { return nil }
        let x0 = Int32(max(-1e6, (lo.x - 1).rounded(.down))), y0 = Int32(max(-1e6, (lo.y - 1).rounded(.down)))
        let x1 = Int32(min(1e6, (hi.x + 1).rounded(.up))), y1 = Int32(min(1e6, (hi.y + 1).rounded(.up)))
        return SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
    }

    mutating func vertex(_ x: Double, _ y: Double, _ c: RGBA8) -> Int32 {
        lo = pointwiseMin(lo, SIMD2(x, y))
        hi = pointwiseMax(hi, SIMD2(x, y))
        vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(x), y: Float(y)),
                                   color: SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a), tex_coord: SDL_FPoint(x: 0, y: 0)))
        return Int32(vertices.count - 1)
    }

    /// Starts a shape in `c`: a new run when it blends and the last did not, or the other way.
    private mutating func begin(_ c: RGBA8) {
        let opaque = c.a == 255
        if runs.last?.opaque != opaque { runs.append((indices.count, opaque)) }
    }

    /// A convex polygon, as a fan.
    mutating func polygon(_ points: [Point], _ c: RGBA8) {
        guard points.count >= 3 else { return }
        begin(c)
        let first = vertex(points[0].x, points[0].y, c)
        var prev = vertex(points[1].x, points[1].y, c)
        for p in points.dropFirst(2) {
            let v = vertex(p.x, p.y, c)
            indices += [first, prev, v]
            prev = v
        }
    }

    static func segments(_ r: Double) -> Int { max(12, min(72, Int(r * 0.8))) }

    /// A disc, as a fan around its centre: SDL's software renderer scans each triangle's
    /// bounding box, and a fan from the centre keeps those boxes small.
    mutating func circle(_ center: Point, _ r: Double, _ c: RGBA8) {
        fan(center, r, c, from: 0, to: 2 * .pi, steps: Self.segments(r))
    }

    /// A pie slice around `center`, from angle `a0` to `a1` (radians, clockwise from east).
    mutating func fan(_ center: Point, _ r: Double, _ c: RGBA8, from a0: Double, to a1: Double, steps: Int) {
        begin(c)
        let mid = vertex(center.x, center.y, c)
        var prev = vertex(center.x + r * cos(a0), center.y + r * sin(a0), c)
        for i in 1...max(1, steps) {
            let a = a0 + (a1 - a0) * Double(i) / Double(max(1, steps))
            let v = vertex(center.x + r * cos(a), center.y + r * sin(a), c)
            indices += [mid, prev, v]
            prev = v
        }
    }

    /// An axis-aligned rectangle: two triangles.
    mutating func rect(_ r: Rect, _ c: RGBA8) {
        guard r.w > 0, r.h > 0 else { return }
        begin(c)
        let a = vertex(r.x, r.y, c), b = vertex(r.maxX, r.y, c)
        let d = vertex(r.maxX, r.maxY, c), e = vertex(r.x, r.maxY, c)
        indices += [a, b, d, a, d, e]
    }

    /// An arc of a ring `width` wide, from angle `a0` to `a1` (radians, clockwise from east).
    mutating func ring(_ center: Point, _ r: Double, width: Double, _ c: RGBA8, from a0: Double = 0, to a1: Double = 2 * .pi) {
        let n = max(4, Int(Double(Self.segments(r)) * (a1 - a0) / (2 * .pi)))
        let inner = max(0, r - width / 2), outer = r + width / 2
        begin(c)
        var prevIn: Int32 = 0, prevOut: Int32 = 0
        for i in 0...n {
            let a = a0 + (a1 - a0) * Double(i) / Double(n)
            let vi = vertex(center.x + inner * cos(a), center.y + inner * sin(a), c)
            let vo = vertex(center.x + outer * cos(a), center.y + outer * sin(a), c)
            if i > 0 { indices += [prevIn, prevOut, vo, prevIn, vo, vi] }
            prevIn = vi
            prevOut = vo
        }
    }

    /// A line `width` thick with round ends.
    mutating func line(_ a: Point, _ b: Point, width: Double, _ c: RGBA8) {
        let dx = b.x - a.x, dy = b.y - a.y
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 0 else { circle(a, width / 2, c); return }
        let nx = -dy / len * width / 2, ny = dx / len * width / 2
        polygon([Point(a.x + nx, a.y + ny), Point(b.x + nx, b.y + ny), Point(b.x - nx, b.y - ny), Point(a.x - nx, a.y - ny)], c)
        circle(a, width / 2, c)
        circle(b, width / 2, c)
    }

    /// A rectangle with rounded corners: three rectangles that do not overlap (see-through
    /// colours blend once) and a quarter disc in each corner.
    mutating func roundedRect(_ r: Rect, radius: Double, _ c: RGBA8) {
        let rad = max(0, min(radius, r.w / 2, r.h / 2))
        guard rad >= 1 else { rect(r, c); return }
        rect(Rect(x: r.x + rad, y: r.y, w: r.w - 2 * rad, h: r.h), c)
        rect(Rect(x: r.x, y: r.y + rad, w: rad, h: r.h - 2 * rad), c)
        rect(Rect(x: r.maxX - rad, y: r.y + rad, w: rad, h: r.h - 2 * rad), c)
        let steps = max(3, Self.segments(rad) / 4)
        fan(Point(r.maxX - rad, r.maxY - rad), rad, c, from: 0, to: 0.5 * .pi, steps: steps)
        fan(Point(r.x + rad, r.maxY - rad), rad, c, from: 0.5 * .pi, to: .pi, steps: steps)
        fan(Point(r.x + rad, r.y + rad), rad, c, from: .pi, to: 1.5 * .pi, steps: steps)
        fan(Point(r.maxX - rad, r.y + rad), rad, c, from: 1.5 * .pi, to: 2 * .pi, steps: steps)
    }

    /// Draws what was built, run by run (opaque runs unblended), and empties the builder.
    mutating func flush(_ renderer: OpaquePointer) {
        guard !indices.isEmpty else { return }
        indices.withUnsafeBufferPointer { all in
            for (i, run) in runs.enumerated() {
                let end = i + 1 < runs.count ? runs[i + 1].start : all.count
                guard end > run.start, let base = all.baseAddress else { continue }
                SDL_SetRenderDrawBlendMode(renderer, run.opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
                _ = SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), base + run.start, Int32(end - run.start))
            }
        }
        // The renderer's own mode, as everything else draws with it.
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
    }
}
