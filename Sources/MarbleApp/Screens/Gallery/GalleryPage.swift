import MarbleKit

/// The gallery's drawings and how far it is scrolled.
public struct GalleryPage: Equatable, Sendable {
    /// The grid: four drawings a row, two rows shown.
    public static let columns = 4
    public static let rowsShown = 2

    /// Drawings, newest first, read when the gallery opens or loses one.
    public private(set) var entries: [DrawingSummary] = []
    /// The first row shown; always within the rows there are.
    public private(set) var top = 0

    /// How many rows the drawings fill.
    var rowCount: Int { (entries.count + Self.columns - 1) / Self.columns }

    /// The drawings shown, with their place in the grid (0 at top left).
    var shown: ArraySlice<DrawingSummary> {
        let first = top * Self.columns
        return entries[min(first, entries.count)..<min(entries.count, first + Self.columns * Self.rowsShown)]
    }

    /// Where focus goes when the gallery opens, scrolls or loses a drawing: the first drawing
    /// shown (Home is button 0), or Home when there is none.
    var firstTile: Int { entries.isEmpty ? 0 : 1 }

    /// New entries (the gallery opened, or a drawing went): the scroll stays within them.
    mutating func show(_ entries: [DrawingSummary], keepingScroll: Bool) {
        self.entries = entries
        // Deleting can leave the scroll past the end.
        top = keepingScroll ? max(0, min(top, rowCount - Self.rowsShown)) : 0
    }

    /// Scrolls by `rows`; returns whether it moved.
    mutating func scroll(rows: Int) -> Bool {
        let t = max(0, min(top + rows, max(0, rowCount - Self.rowsShown)))
        defer { top = t }
        return t != top
    }
}
