/// Points along the guide, evenly spaced: what coverage counts and the window dots.
extension TraceGuide {
    /// The dotted guide as shown: a dot every `dotSpacing` px of canvas, `dotDiameter` px across.
    public static let dotSpacing = 14.0
    public static let dotDiameter = 5.0

    /// Where the dots of the dotted guide go.
    public var dots: [Vec2] { points(spacing: Self.dotSpacing) }

    /// Points along the closed polyline, `spacing` px of arc apart (a little less, so that they
    /// share the loop evenly), the first at the first vertex.
    ///
    /// - Parameter spacing: the largest arc length between two points, in px (> 0).
    /// - Returns: ⌈length / spacing⌉ points, none repeated where the loop closes.
    public func points(spacing: Double = 1) -> [Vec2] {
        let total = length
        guard spacing > 0, total > 0, vertices.count > 1 else { return vertices }
        let n = Int(Maths.ceil(total / spacing))
        let step = total / Double(n)
        var out: [Vec2] = []
        out.reserveCapacity(n)
        // Walk the edges once: `along` is the arc length where edge `i` starts.
        var i = 0, along = 0.0
        var a = vertices[0], b = vertices[1 % vertices.count]
        var edge = (b - a).length
        for k in 0..<n {
            let target = Double(k) * step
            while target > along + edge && i < vertices.count - 1 {
                along += edge
                i += 1
                a = vertices[i]
                b = vertices[(i + 1) % vertices.count]
                edge = (b - a).length
            }
            let f = edge > 0 ? min(1, max(0, (target - along) / edge)) : 0
            out.append(a + (b - a) * f)
        }
        return out
    }
}
