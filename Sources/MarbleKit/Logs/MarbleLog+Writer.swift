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
    /// A two-marble log's second marble's columns, after the first's.
    public static let secondHeader = ",tilt_x2,tilt_y2,heading2,pen2"
    public static let secondToolHeader = secondHeader + ",width2,erase2"

    /// The log as marble-log v1 text with `\n` line ends.
    ///
    /// Numbers use Swift's shortest round-trip form, so reading the text back gives the same
    /// `Double`s bit for bit. A one-marble log is written as it always was; a two-marble log
    /// has its second marble's columns after the first's, and the tool columns of both when
    /// either uses another width or the eraser.
    public func text() -> String {
        let tools = samples.contains { !$0.hasDefaultTool } || (second?.contains { !$0.hasDefaultTool } ?? false)
        var out = Self.headerText(metadata: metadata, tools: tools, twoMarbles: second != nil)
        out.reserveCapacity(out.utf8.count + samples.count * (tools ? 56 : 48) * (second != nil ? 2 : 1))
        for (k, s) in samples.enumerated() {
            if let second {
                // Rows past the second marble's last sample leave its fields empty: a reader refuses them.
                Self.appendRow(s, second: k < second.count ? second[k] : nil, tools: tools, to: &out)
            } else {
                Self.appendRow(s, tools: tools, to: &out)
            }
        }
        return out
    }

    /// The lines before the samples: the magic line, the metadata, the column header (with
    /// the tool columns when `tools`, and the second marble's when `twoMarbles`).
    static func headerText(metadata: [Metadata], tools: Bool, twoMarbles: Bool = false) -> String {
        var out = MarbleLog.magicLine + "\n"
        for m in metadata {
            out += "# \(Self.clean(m.key, colons: true)): \(Self.clean(m.value, colons: false))\n"
        }
        out += tools ? MarbleLog.toolHeaderRow : MarbleLog.headerRow
        if twoMarbles { out += tools ? Self.secondToolHeader : Self.secondHeader }
        out += "\n"
        return out
    }

    /// One sample's line, appended to `out`.
    static func appendRow(_ s: Sample, tools: Bool, to out: inout String) {
        appendFields(s, tools: tools, to: &out)
        out += "\n"
    }

    /// One row of a two-marble log: both marbles' samples (the second's fields empty when nil).
    static func appendRow(_ s: Sample, second: Sample?, tools: Bool, to out: inout String) {
        appendFields(s, tools: tools, to: &out)
        if let second {
            out += ","
            appendFields(second, tools: tools, time: false, to: &out)
        } else {
            out += String(repeating: ",", count: tools ? 6 : 4)
        }
        out += "\n"
    }

    private static func appendFields(_ s: Sample, tools: Bool, time: Bool = true, to out: inout String) {
        if time { out += "\(s.t)," }
        out += "\(s.tilt.x),\(s.tilt.y),\(s.heading),\(s.penDown ? 1 : 0)"
        if tools { out += ",\(s.width.map { "\($0)" } ?? ""),\(s.erase ? 1 : 0)" }
    }

    // Metadata cannot hold line breaks, and a key cannot hold the ": " that ends it.
    private static func clean(_ s: String, colons: Bool) -> String {
        String(s.map { $0 == "\n" || $0 == "\r" || (colons && $0 == ":") ? " " : $0 })
    }
}
