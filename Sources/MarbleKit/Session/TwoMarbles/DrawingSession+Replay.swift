/// A whole log played into a new session, one marble or two.
extension DrawingSession {
    /// A session for `log` (two marbles when it has a second's columns) with every sample fed.
    ///
    /// - Throws: `SessionError` for a sample that cannot be fed (time going backwards).
    public static func replaying(_ log: MarbleLog, configuration: SessionConfiguration,
                                 memory: CanvasMemory? = nil) throws(SessionError) -> DrawingSession {
        guard let second = log.second else {
            let session = DrawingSession(configuration: configuration, memory: memory)
            for s in log.samples { try session.feed(s) }
            return session
        }
        let session = DrawingSession(twoMarbles: configuration, memory: memory)
        for (s, o) in zip(log.samples, second) { try session.feed(s, second: o) }
        return session
    }
}
