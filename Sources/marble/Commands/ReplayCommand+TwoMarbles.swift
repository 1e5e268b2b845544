import MarbleKit

/// `marble replay` of a two-marble log: a session with both marbles, fed a row at a time.
extension ReplayCommand {
    /// A session for `read`'s log: two marbles when it has a second's columns.
    func session(for read: MarbleLog.ReadResult, _ configuration: SessionConfiguration, memory: CanvasMemory? = nil) -> DrawingSession {
        read.log.second == nil ? DrawingSession(configuration: configuration, memory: memory)
            : DrawingSession(twoMarbles: configuration, memory: memory)
    }

    /// Feeds `session` the log's rows through `play`: one sample, or both marbles' of a row.
    func play(_ read: MarbleLog.ReadResult, into session: DrawingSession, quiet: Bool = false) throws {
        try play(read, quiet: quiet) { sample, other in
            if let other { try session.feed(sample, second: other) } else { try session.feed(sample) }
        }
    }


    /// The report's `players` key for a two-marble drawing: each marble's final position and
    /// movement, marble 1 first.
    func players(_ session: ReadOnlySession) -> [(String, JSONValue)] {
        guard let second = session.second else { return [] }
        func player(_ position: Vec2, _ movement: MovementMeter) -> JSONValue {
            .object([("final_position", .array([.number(position.x), .number(position.y)])), ("movement", movement.figures.json)])
        }
        return [("players", .array([player(session.ball.position, session.movement), player(second.ball.position, second.movement)]))]
    }
}
