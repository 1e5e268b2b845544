/// A whole log played into a new session, of as many marbles as the log has.
extension DrawingSession {
    /// A session for `log` (its marble count set from the log's) with every row fed.
    ///
    /// - Throws: `SessionError` for a row that cannot be fed (time going backwards).
    public static func replaying(_ log: MarbleLog, configuration: SessionConfiguration,
                                 memory: CanvasMemory? = nil) throws(SessionError) -> DrawingSession {
        var c = configuration
        c.marbles = log.marbles.count
        let session = DrawingSession(configuration: c, memory: memory)
        var row: [Sample] = []
        row.reserveCapacity(log.marbles.count)
        for k in 0..<log.rowCount {
            log.row(k, into: &row)
            try session.feed(row)
        }
        return session
    }
}
