/// Which part of the canvas changed since a reader last looked: for front ends that upload
/// only what changed (the window's texture), any number of them, each at its own pace.
///
/// Reading changes nothing: a reader keeps the `revision` it has seen and asks for the area
/// changed since. The canvas keeps a short log of changed areas, each stamped with the
/// revision of its newest change; a reader far behind gets a larger area (old entries are
/// merged), never a smaller one than what changed.
extension Canvas {
    /// A point in the canvas's history of changes.
    public struct Revision: Hashable, Comparable, Sendable {
        let value: UInt64
        /// Before any change: a reader that has seen nothing.
        public static let start = Revision(value: 0)
        public static func < (a: Revision, b: Revision) -> Bool { a.value < b.value }
    }

    /// The revision of the newest change.
    public var revision: Revision { Revision(value: changeLog.revision) }

    /// The area changed after `seen` (covering every changed pixel; nil when nothing changed).
    public func changes(since seen: Revision) -> PixelRect? {
        changeLog.area(after: seen.value)
    }

    /// The areas changed after `seen`, at most `limit` of them, together covering every changed
    /// pixel (empty when nothing changed): several marbles painting apart change a few small
    /// areas, whose one union would be most of the canvas.
    public func changedAreas(since seen: Revision, limit: Int = 8) -> [PixelRect] {
        changeLog.areas(after: seen.value, limit: limit)
    }
}

/// The log behind `Canvas.changes(since:)`: areas stamped with the revision of their newest change.
struct ChangeLog {
    /// Counts changes; stamps the newest.
    private(set) var revision: UInt64 = 0
    // Oldest first, one a change (a piece of trail). When the log is full its older half
    // becomes one entry: a reader that far behind gets their union. (Changes never share an
    // entry otherwise: a reader that keeps up gets exactly what changed since it looked.)
    private var entries: [(revision: UInt64, area: PixelRect)] = []

    static let capacity = 64

    /// Notes that `area` changed.
    mutating func note(_ area: PixelRect) {
        revision &+= 1
        if entries.count == Self.capacity {
            let half = Self.capacity / 2
            var merged = entries[0].area
            for e in entries[1..<half] { merged = PixelRect.union(merged, e.area) }
            entries.replaceSubrange(0..<half, with: [(entries[half - 1].revision, merged)])
        }
        entries.append((revision, area))
    }

    /// The areas changed after revision `seen`: each new one joins the first it touches (and
    /// that union then the others it touches), else stands alone; past `limit`, the two whose
    /// union grows least are joined.
    func areas(after seen: UInt64, limit: Int) -> [PixelRect] {
        var out: [PixelRect] = []
        for e in entries.reversed() {
            guard e.revision > seen else { break }
            var area = e.area
            while let k = out.firstIndex(where: { $0.touches(area) }) { area = area.union(out.remove(at: k)) }
            out.append(area)
            while out.count > max(limit, 1) {
                var best = (0, 1, Int.max)
                for i in out.indices {
                    for j in out.indices where j > i {
                        let u = out[i].union(out[j])
                        let grown = u.width * u.height - out[i].width * out[i].height - out[j].width * out[j].height
                        if grown < best.2 { best = (i, j, grown) }
                    }
                }
                let joined = out[best.0].union(out[best.1])
                out.remove(at: best.1)
                out[best.0] = joined
            }
        }
        return out
    }

    /// The union of the areas changed after revision `seen`.
    func area(after seen: UInt64) -> PixelRect? {
        var out: PixelRect?
        for e in entries.reversed() {
            guard e.revision > seen else { break }
            out = PixelRect.union(out, e.area)
        }
        return out
    }
}
