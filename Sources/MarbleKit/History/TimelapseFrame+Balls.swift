/// The marbles' balls in a time-lapse's frames, as Watch shows them: each a disc where it was
/// at that moment, in its paint colour while its pen is down (white with a rim of it when up,
/// white when erasing), edged dark, and with several marbles ringed in its player's colour.
extension TimelapseFrame {
    /// Draws `marbles`' balls (of `radius` canvas px) over the frame, `scale` frame px to a canvas px.
    mutating func drawBalls(_ marbles: [Marble], radius: Double, scale: Double) {
        let r = max(radius * scale, 1.5)
        for (k, m) in marbles.enumerated().reversed() {
            let c = Vec2(m.ball.position.x * scale, m.ball.position.y * scale)
            if marbles.count > 1 { disc(c, r + max(1.5, r * 0.35), PlayerColors.color(of: k)) }
            disc(c, r, RGBA8(30, 30, 40))
            let fill = m.penDown && !m.erasing ? m.color : RGBA8(250, 250, 250)
            disc(c, r - max(1, r * 0.12), m.penDown || m.erasing ? fill : m.color)
            if !m.penDown && !m.erasing { disc(c, r * 0.62, fill) }
        }
    }

    /// A disc of radius `r` at `c`, its edge anti-aliased (coverage `r + 0.5 − d` at a pixel's centre).
    private mutating func disc(_ c: Vec2, _ r: Double, _ color: RGBA8) {
        guard r > 0, c.isFinite else { return }
        let x0 = max(Int(c.x - r - 1), 0), x1 = min(Int(c.x + r + 1), width - 1)
        let y0 = max(Int(c.y - r - 1), 0), y1 = min(Int(c.y + r + 1), height - 1)
        guard x0 <= x1, y0 <= y1 else { return }
        for y in y0...y1 {
            for x in x0...x1 {
                let dx = Double(x) + 0.5 - c.x, dy = Double(y) + 0.5 - c.y
                let cover = min(max(r + 0.5 - (dx * dx + dy * dy).squareRoot(), 0), 1)
                guard cover > 0 else { continue }
                let i = (y * width + x) * 4
                rgba[i] = Self.mix(rgba[i], color.r, cover)
                rgba[i + 1] = Self.mix(rgba[i + 1], color.g, cover)
                rgba[i + 2] = Self.mix(rgba[i + 2], color.b, cover)
            }
        }
    }

    private static func mix(_ a: UInt8, _ b: UInt8, _ t: Double) -> UInt8 {
        UInt8(min(max((Double(a) + (Double(b) - Double(a)) * t).rounded(), 0), 255))
    }
}
