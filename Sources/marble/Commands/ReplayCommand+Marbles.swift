import MarbleKit

/// `marble replay` of a log of any number of marbles: a session with as many, fed a row at a time.
extension ReplayCommand {
    /// A session for `read`'s log: as many marbles as the log has, on the `--over` picture if given.
    func session(for read: MarbleLog.ReadResult, _ configuration: SessionConfiguration, memory: CanvasMemory? = nil,
                 say: (String) -> Void = { printError($0) }) throws -> DrawingSession {
        try session(marbles: read.log.marbles.count, configuration, memory: memory, say: say)
    }

    /// A session of `marbles` marbles, on the `--over` picture if given.
    func session(marbles: Int, _ configuration: SessionConfiguration, memory: CanvasMemory? = nil,
                 say: (String) -> Void = { printError($0) }) throws -> DrawingSession {
        var c = configuration
        c.marbles = marbles
        return DrawingSession(configuration: c, board: try pictureOptions.board(for: c, say: say), memory: memory)
    }

    /// Feeds `session` the log's rows through `play`: one sample a marble.
    func play(_ read: MarbleLog.ReadResult, into session: DrawingSession, quiet: Bool = false) throws {
        let log = read.log
        var row: [Sample] = []
        try play(read, quiet: quiet) { i in
            log.row(i, into: &row)
            try session.feed(row)
        }
    }
}
