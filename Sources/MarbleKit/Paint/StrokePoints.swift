/// A stroke's points, kept compactly and exactly: positions in two arrays of `Double`, colours
/// as runs, or one a point once they change too often for runs to pay.
///
/// A million-segment drawing holds a million points for undo to repaint from, bit for bit. As
/// `[StrokePoint]` each took 24 bytes (two doubles and a colour, padded); here a point takes its
/// 16 bytes of position, and its colour 4 more at most: a heading held still paints many points
/// in one colour, one run of 8 bytes; a heading that keeps turning changes the colour at nearly
/// every point, and past one run for every two points the colours are kept one a point.
/// Positions stay doubles: undo must repaint the very same pieces. Iterating is as cheap as an
/// array's; reading point `i` alone looks its colour up among the runs.
public struct StrokePoints: Sendable {
    private var xs: [Double] = []
    private var ys: [Double] = []
    /// Where each run of one colour begins, ascending from 0, and its colour; no two runs in a
    /// row share a colour. Empty once `colors` holds them.
    private var runStarts: [Int32] = []
    private var runColors: [RGBA8] = []
    /// Every point's colour, once runs would take more room; empty until then.
    private var colors: [RGBA8] = []
    private var isDense: Bool { !colors.isEmpty }

    public init() {}

    public init<S: Sequence>(_ points: S) where S.Element == StrokePoint {
        reserveCapacity(points.underestimatedCount)
        for p in points { append(p) }
    }

    /// Adds a point at the end.
    public mutating func append(_ p: StrokePoint) {
        if isDense {
            colors.append(p.color)
        } else if runColors.last != p.color {
            // A run costs 8 bytes, a colour a point 4: past one run for every two points (and
            // a few spare), keep one a point from here on.
            if 2 * (runColors.count + 1) > xs.count + 32 {
                colors = Array(self).map(\.color)
                colors.append(p.color)
                runStarts = []
                runColors = []
            } else {
                runStarts.append(Int32(truncatingIfNeeded: xs.count))
                runColors.append(p.color)
            }
        }
        xs.append(p.x)
        ys.append(p.y)
    }

    public mutating func reserveCapacity(_ n: Int) {
        xs.reserveCapacity(n)
        ys.reserveCapacity(n)
    }

    /// Lets go of spare capacity (a finished stroke grows no more: arrays that doubled as it
    /// grew hold up to twice its points).
    public mutating func shrinkToFit() {
        // An allocation is rounded up a little anyway: only real slack is worth a copy.
        func slack(_ capacity: Int, _ count: Int) -> Bool { capacity > count + count / 8 + 8 }
        // A copy into new room of just its size (`Array(a[...])` would share `a`'s room).
        func fitted<T>(_ a: [T]) -> [T] {
            var out: [T] = []
            out.reserveCapacity(a.count)
            out.append(contentsOf: a)
            return out
        }
        if slack(xs.capacity, xs.count) { xs = fitted(xs); ys = fitted(ys) }
        if slack(runStarts.capacity, runStarts.count) { runStarts = fitted(runStarts); runColors = fitted(runColors) }
        if slack(colors.capacity, colors.count) { colors = fitted(colors) }
    }

    /// The bytes its arrays hold (tests, the memory figures).
    public var storedBytes: Int {
        xs.capacity * 8 + ys.capacity * 8 + runStarts.capacity * 4 + runColors.capacity * 4 + colors.capacity * 4
    }

    /// The colour of point `i`.
    private func color(at i: Int) -> RGBA8 { isDense ? colors[i] : runColors[run(of: i)] }

    /// The run holding point `i`: the last run starting at or before it.
    private func run(of i: Int) -> Int {
        var lo = 0, hi = runStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if Int(runStarts[mid]) <= i { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}

extension StrokePoints: RandomAccessCollection, MutableCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { xs.count }

    public subscript(i: Int) -> StrokePoint {
        get { StrokePoint(x: xs[i], y: ys[i], color: color(at: i)) }
        set {
            xs[i] = newValue.x
            ys[i] = newValue.y
            if isDense {
                colors[i] = newValue.color
            } else if color(at: i) != newValue.color {
                // Rare (tests): the points are stored again around the new colour.
                var points = Array(self)
                points[i] = newValue
                self = StrokePoints(points)
            }
        }
    }

    /// Walks the points in order, stepping through the colour runs as it goes.
    public struct Iterator: IteratorProtocol {
        let points: StrokePoints
        var i = 0
        var run = -1
        var nextRunStart = 0

        public mutating func next() -> StrokePoint? {
            guard i < points.xs.count else { return nil }
            defer { i += 1 }
            if points.isDense { return StrokePoint(x: points.xs[i], y: points.ys[i], color: points.colors[i]) }
            if i == nextRunStart {
                run += 1
                nextRunStart = run + 1 < points.runStarts.count ? Int(points.runStarts[run + 1]) : Int.max
            }
            return StrokePoint(x: points.xs[i], y: points.ys[i], color: points.runColors[run])
        }
    }

    public func makeIterator() -> Iterator { Iterator(points: self) }
}

extension StrokePoints: Equatable {
    // The same points, however their colours are kept.
    public static func == (a: StrokePoints, b: StrokePoints) -> Bool {
        guard a.xs == b.xs, a.ys == b.ys else { return false }
        if a.isDense == b.isDense { return a.colors == b.colors && a.runStarts == b.runStarts && a.runColors == b.runColors }
        return a.elementsEqual(b)
    }
}

extension StrokePoints: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: StrokePoint...) { self.init(elements) }
}

extension StrokePoints: Codable {
    // As the array of points it stands for.
    public init(from decoder: any Decoder) throws { self.init(try [StrokePoint](from: decoder)) }
    public func encode(to encoder: any Encoder) throws { try Array(self).encode(to: encoder) }
}
