import Foundation

/// Reading marble-log v1 text.
extension MarbleLog {
    /// A log read from text, with the rows that could not be used.
    public struct ReadResult: Sendable {
        public var log: MarbleLog
        /// Rows dropped for NaN or infinite values, each with its line.
        public var dropped: [LogIssue]
        /// The line each row came from (one a row of `log`).
        public var sampleLines: [Int]
        /// The header row's line.
        public var headerLine: Int
    }

    /// Reads the log at `path` through `io` (the environment's).
    /// - Throws: `LogIssue` (`PATH:LINE: reason`) for a missing file (line 0) or bad content.
    public static func read(contentsOf path: String, io: FileIO) throws(LogIssue) -> ReadResult {
        try bytes(of: path, io: io).withUnsafeBufferPointer { (raw) throws(LogIssue) in try parse(raw, path: path) }
    }

    /// The bytes of the file at `path` (links followed).
    /// - Throws: `LogIssue` at line 0 when it cannot be read.
    static func bytes(of path: String, io: FileIO) throws(LogIssue) -> [UInt8] {
        let bytes: [UInt8]?
        do throws(StoreError) { bytes = try Files.read(path, followingLinks: true, io: io) } catch {
            throw LogIssue(path: path, line: 0, reason: "cannot read the file (\(error.reason))")
        }
        guard let bytes else { throw LogIssue(path: path, line: 0, reason: "cannot read the file (no such file)") }
        return bytes
    }

    /// Reads marble-log v1 text; `path` names it in messages.
    public static func parse(_ data: Data, path: String) throws(LogIssue) -> ReadResult {
        let failure = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<ReadResult, LogIssue> in
            Result { () throws(LogIssue) in try parse(raw.bindMemory(to: UInt8.self), path: path) }
        }
        return try failure.get()
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, path: String) throws(LogIssue) -> ReadResult {
        var reader = LogTextReader(path: path)
        try reader.read(bytes)
        return ReadResult(log: MarbleLog(metadata: reader.metadata, marbles: reader.marbles),
                          dropped: reader.dropped, sampleLines: reader.sampleLines, headerLine: reader.headerLine)
    }
}
