/// A sensor log in the marble-log v1 format: metadata and samples.
///
/// The format (see docs/marble-log.md): UTF-8 text, `\n` or `\r\n` line ends; first line
/// exactly `# marble-log 1`; further `#` lines are comments or `# key: value` metadata; then a
/// header row naming the columns (`t`, `tilt_x`, `tilt_y` required; `heading`, `pen`
/// optional; others ignored); then rows with `t` non-decreasing. A log of several marbles
/// has marble k's columns too, named with the suffix k (`tilt_x3`, `tilt_y3`, and `heading3`,
/// `pen3`, `width3`, `erase3`) for k = 2…4, filled on every row.
public struct MarbleLog: Equatable, Sendable {
    /// `# key: value` lines, in order.
    public var metadata: [Metadata]
    /// Each marble's samples, marble 1's first: one a row in every list (the same times).
    public var marbles: [[Sample]]

    /// A log of one marble's samples.
    public init(metadata: [Metadata] = [], samples: [Sample] = []) {
        self.metadata = metadata
        marbles = [samples]
    }

    /// A log of several marbles' samples (one list a marble, marble 1's first; at least one).
    public init(metadata: [Metadata] = [], marbles: [[Sample]]) {
        self.metadata = metadata
        self.marbles = marbles.isEmpty ? [[]] : marbles
    }

    /// How many rows the log has: every marble has a sample on each (the fewest, should a
    /// list made by hand be shorter).
    public var rowCount: Int { marbles.lazy.map(\.count).min() ?? 0 }

    /// Row `k`: one sample a marble, marble 1's first.
    public func row(_ k: Int) -> [Sample] { marbles.map { $0[k] } }

    /// Row `k` into `row` (its storage kept): a replay feeds every row through one array.
    public func row(_ k: Int, into row: inout [Sample]) {
        row.removeAll(keepingCapacity: true)
        for m in marbles { row.append(m[k]) }
    }

    /// The times of the first and the last row (marble 1's samples carry every row's time).
    public var timeSpan: (first: Double, last: Double)? {
        guard let first = marbles[0].first, let last = marbles[0].last else { return nil }
        return (first.t, last.t)
    }

    /// One `# key: value` line.
    public struct Metadata: Equatable, Sendable {
        public var key: String
        public var value: String

        public init(_ key: String, _ value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The first line of every marble-log v1 file.
    public static let magicLine = "# marble-log 1"

    /// The value of the first metadata entry named `key`.
    public func metadataValue(_ key: String) -> String? {
        metadata.first { $0.key == key }?.value
    }
}

/// A problem found reading a log, with where it is.
public struct LogIssue: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's path as given (or a name such as `<stdin>`).
    public var path: String
    /// 1-based line number.
    public var line: Int
    public var reason: String

    public init(path: String, line: Int, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    /// `PATH:LINE: reason`.
    public var description: String { "\(path):\(line): \(reason)" }
}
