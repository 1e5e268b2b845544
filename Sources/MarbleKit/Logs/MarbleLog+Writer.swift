/// Writing marble-log v1 text.
extension MarbleLog {
    /// The column header the writer uses.
    public static let headerRow = "t,tilt_x,tilt_y,heading,pen"

    /// The log as marble-log v1 text with `\n` line ends.
    ///
    /// Numbers use Swift's shortest round-trip form, so reading the text back gives the same
    /// `Double`s bit for bit.
    public func text() -> String {
        var out = MarbleLog.magicLine + "\n"
        for m in metadata {
            out += "# \(Self.clean(m.key, colons: true)): \(Self.clean(m.value, colons: false))\n"
        }
        out += MarbleLog.headerRow + "\n"
        out.reserveCapacity(out.utf8.count + samples.count * 48)
        for s in samples {
            out += "\(s.t),\(s.tilt.x),\(s.tilt.y),\(s.heading),\(s.penDown ? 1 : 0)\n"
        }
        return out
    }

    // Metadata cannot hold line breaks, and a key cannot hold the ": " that ends it.
    private static func clean(_ s: String, colons: Bool) -> String {
        String(s.map { $0 == "\n" || $0 == "\r" || (colons && $0 == ":") ? " " : $0 })
    }
}
