import MarbleKit

/// The class gallery (`ROOT/class/gallery`, filled by `marble class pull`) child by child, as
/// listed when the Class screen opened.
struct ClassGalleryPage: Equatable, Sendable {
    /// One child's handed-in drawings, newest first.
    struct Child: Equatable, Sendable {
        var name: String
        var drawings: [DrawingSummary]
    }

    /// The children by name (drawings handed in without a name under ""), at most `rowsShown`
    /// of them from `top`.
    private(set) var children: [Child] = []
    private(set) var top = 0
    static let rowsShown = 4
    static let perRow = 6

    /// The children of `gallery`, from its drawings and the pull's ledger.
    init(gallery: DrawingStateStore? = nil) {
        guard let gallery else { return }
        let byDrawing = PulledLedger(gallery: gallery).byDrawing()
        var byChild: [String: [DrawingSummary]] = [:]
        for d in gallery.list().drawings { byChild[byDrawing[d.id]?.child ?? "", default: []].append(d) }
        children = byChild.keys.sorted { $0.lowercased() < $1.lowercased() }.map { Child(name: $0, drawings: byChild[$0] ?? []) }
    }

    /// The children shown.
    var shown: ArraySlice<Child> { children[min(top, children.count)..<min(children.count, top + Self.rowsShown)] }

    /// Scrolls by `rows`; returns whether it moved.
    mutating func scroll(rows: Int) -> Bool {
        let t = max(0, min(top + rows, max(0, children.count - Self.rowsShown)))
        defer { top = t }
        return t != top
    }
}
