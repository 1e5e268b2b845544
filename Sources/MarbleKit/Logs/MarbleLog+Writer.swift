/// Writing marble-log v1 text.
extension MarbleLog {
    /// The column header the writer uses.
    public static let headerRow = "t,tilt_x,tilt_y,heading,pen"
    /// The header when a sample uses another width or the eraser (an empty width is the
    /// difficulty's own): logs without them stay byte for byte as before.
    public static let toolHeaderRow = headerRow + ",width,erase"

    /// Marble k's columns (k ≥ 2), after the ones before it; with its tool columns when
    /// `tools`, and its opacity after them when `opacity` (see-through paint).
    public static func header(marble k: Int, tools: Bool, opacity: Bool = false) -> String {
        ",tilt_x\(k),tilt_y\(k),heading\(k),pen\(k)" + (tools ? ",width\(k),erase\(k)" : "") + (opacity ? ",opacity\(k)" : "")
    }

    /// Which optional columns a log of these samples is written with: the tool columns when any
    /// uses another width, the eraser or see-through paint; the opacity column when any uses
    /// see-through paint. Logs without them stay byte for byte as before.
    static func columns(_ marbles: [[Sample]]) -> (tools: Bool, opacity: Bool) {
        let opacity = marbles.contains { $0.contains { $0.opacity != 1 } }
        return (opacity || marbles.contains { $0.contains { !$0.hasDefaultTool } }, opacity)
    }

    /// The log as marble-log v1 text with `\n` line ends.
    ///
    /// Numbers use Swift's shortest round-trip form, so reading the text back gives the same
    /// `Double`s bit for bit. Marble k's columns come after marble k − 1's (a one-marble log
    /// has only marble 1's, as it always had), and the tool columns of all when any uses
    /// another width or the eraser.
    public func text() -> String {
        let (tools, opacity) = Self.columns(marbles)
        var out = Self.headerText(metadata: metadata, tools: tools, opacity: opacity, marbles: marbles.count)
        let rows = marbles[0].count
        out.reserveCapacity(out.utf8.count + rows * (tools ? 56 : 48) * marbles.count)
        var row: [Sample?] = []
        row.reserveCapacity(marbles.count)
        for k in 0..<rows {
            // Rows past another marble's last sample leave its fields empty: a reader refuses them.
            row.removeAll(keepingCapacity: true)
            for m in marbles { row.append(k < m.count ? m[k] : nil) }
            Self.appendRow(row, tools: tools, opacity: opacity, to: &out)
        }
        return out
    }

    /// The lines before the samples: the magic line, the metadata, the column header (with
    /// the tool columns when `tools`, and every marble's after the first's).
    static func headerText(metadata: [Metadata], tools: Bool, opacity: Bool = false, marbles: Int = 1) -> String {
        var out = MarbleLog.magicLine + "\n"
        for m in metadata {
            out += "# \(Self.clean(m.key, colons: true)): \(Self.clean(m.value, colons: false))\n"
        }
        out += tools ? MarbleLog.toolHeaderRow : MarbleLog.headerRow
        if opacity { out += ",opacity" }
        for k in 1..<max(marbles, 1) { out += header(marble: k + 1, tools: tools, opacity: opacity) }
        out += "\n"
        return out
    }

    /// One row's line, appended to `out`: each marble's sample at the first's time (a
    /// marble's fields empty when nil). The first is never nil.
    static func appendRow<Row: Collection<Sample?>>(_ row: Row, tools: Bool, opacity: Bool = false, to out: inout String) {
        guard let first = row.first ?? nil else { return }
        appendFields(first, tools: tools, opacity: opacity, to: &out)
        for s in row.dropFirst() {
            if let s {
                out += ","
                appendFields(s, tools: tools, opacity: opacity, time: false, to: &out)
            } else {
                out += String(repeating: ",", count: (tools ? 6 : 4) + (opacity ? 1 : 0))
            }
        }
        out += "\n"
    }

    private static func appendFields(_ s: Sample, tools: Bool, opacity: Bool = false, time: Bool = true, to out: inout String) {
        if time { out += "\(s.t)," }
        out += "\(s.tilt.x),\(s.tilt.y),\(s.heading),\(s.penDown ? 1 : 0)"
        if tools { out += ",\(s.width.map { "\($0)" } ?? ""),\(s.erase ? 1 : 0)" }
        if opacity { out += ",\(s.opacity)" }
    }

    // Metadata cannot hold line breaks, and a key cannot hold the ": " that ends it.
    private static func clean(_ s: String, colons: Bool) -> String {
        String(s.map { $0 == "\n" || $0 == "\r" || (colons && $0 == ":") ? " " : $0 })
    }
}
