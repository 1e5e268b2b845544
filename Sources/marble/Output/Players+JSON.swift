import MarbleKit

extension ReadOnlySession {
    /// The `players` key of `marble replay --json` and `marble info --json` for a drawing of
    /// several marbles: each marble's final position and movement, marble 1 first; none with one.
    var playersJSON: [(String, JSONValue)] {
        guard marbles.count > 1 else { return [] }
        func player(_ m: Marble) -> JSONValue {
            .object([("final_position", .array([.number(m.ball.position.x), .number(m.ball.position.y)])), ("movement", m.movement.figures.json)])
        }
        return [("players", .array(marbles.map(player)))]
    }
}
