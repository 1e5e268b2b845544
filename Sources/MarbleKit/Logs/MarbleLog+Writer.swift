/// Writing marble-log v1 text.
extension MarbleLog {
    /// The column header the writer uses.
    public static let headerRow = "t,tilt_x,tilt_y,heading,pen"
    /// The header when a sample uses another width or the eraser (an empty width is the
    /// difficulty's own): logs without them stay byte for byte as before.
    public static let toolHeaderRow = headerRow + ",width,erase"

    /// The log as marble-log v1 text with `\n` line ends.
    ///
    /// Numbers use Swift's shortest round-trip form, so reading the text back gives the same
    /// `Double`s bit for bit.
    public func text() -> String {
        let tools = samples.contains { !$0.hasDefaultTool }
        var out = Self.headerText(metadata: metadata, tools: tools)
        out.reserveCapacity(out.utf8.count + samples.count * (tools ? 56 : 48))
        for s in samples { Self.appendRow(s, tools: tools, to: &out) }
        return out
    }

    /// The lines before the samples: the magic line, the metadata, the column header (with
    /// the tool columns when `tools`).
    static func headerText(metadata: [Metadata], tools: Bool) -> String {
        var out = MarbleLog.magicLine + "\n"
        for m in metadata {
            out += "# \(Self.clean(m.key, colons: true)): \(Self.clean(m.value, colons: false))\n"
        }
        out += (tools ? MarbleLog.toolHeaderRow : MarbleLog.headerRow) + "\n"
        return out
    }

    /// One sample's line, appended to `out`.
    static func appendRow(_ s: Sample, tools: Bool, to out: inout String) {
        out += "\(s.t),\(s.tilt.x),\(s.tilt.y),\(s.heading),\(s.penDown ? 1 : 0)"
        if tools { out += ",\(s.width.map { "\($0)" } ?? ""),\(s.erase ? 1 : 0)" }
        out += "\n"
    }

    // Metadata cannot hold line breaks, and a key cannot hold the ": " that ends it.
    private static func clean(_ s: String, colons: Bool) -> String {
        String(s.map { $0 == "\n" || $0 == "\r" || (colons && $0 == ":") ? " " : $0 })
    }
}
