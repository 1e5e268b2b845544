/// A sensor log in the marble-log v1 format: metadata and samples.
///
/// The format (see docs/marble-log.md): UTF-8 text, `\n` or `\r\n` line ends; first line
/// exactly `# marble-log 1`; further `#` lines are comments or `# key: value` metadata; then a
/// header row naming the columns (`t`, `tilt_x`, `tilt_y` required; `heading`, `pen`
/// optional; others ignored); then rows with `t` non-decreasing. A two-marble log has the
/// second marble's columns too (`tilt_x2`, `tilt_y2`, and `heading2`, `pen2`, `width2`,
/// `erase2`), filled on every row.
public struct MarbleLog: Equatable, Sendable {
    /// `# key: value` lines, in order.
    public var metadata: [Metadata]
    public var samples: [Sample]
    /// A two-marble log's second marble: one sample a row, as `samples` (the same times).
    /// nil in a one-marble log.
    public var second: [Sample]?

    public init(metadata: [Metadata] = [], samples: [Sample] = [], second: [Sample]? = nil) {
        self.metadata = metadata
        self.samples = samples
        self.second = second
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
