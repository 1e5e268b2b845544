/// What `PhoneImport.importLog(paths:)` made: the log, and how it was made.
public struct ImportResult: Sendable {
    /// The marble log: one sample per gravity or accelerometer row.
    public var log: MarbleLog
    /// The app the recording came from: `sensor-logger` or `phyphox`.
    public var source: String
    /// The paths of the files that were read, as found.
    public var filesUsed: [String]
    /// Human-readable remarks on choices made, e.g. "heading from Orientation.csv yaw".
    public var notes: [String]

    public init(log: MarbleLog, source: String, filesUsed: [String], notes: [String]) {
        self.log = log
        self.source = source
        self.filesUsed = filesUsed
        self.notes = notes
    }
}
