import MarbleKit

/// The players: how many there are, their controls stepped each frame with what the seating
/// gives each, their devices' motion, and their tools.
extension App {
    /// There are `count` players now (1 to 4: a drawing of that many opened, or Setup's
    /// choice). The seating follows; a player kept keeps their controls and tool.
    func setPlayers(_ count: Int) {
        let n = min(max(count, 1), SessionConfiguration.maxMarbles)
        input.seat(players: n)
        // A player who left and comes back starts afresh.
        for k in n..<places.count { places[k] = Player(index: k) }
    }

    /// The players of drawing `session`, each with its marble's heading and tool; `spread`
    /// (a new drawing in the window) turns player k to k·360/N, so their paint differs from
    /// the first stroke.
    func seatPlayers(for session: ReadOnlySession, spread: Bool) {
        setPlayers(session.marbles.count)
        let n = session.marbles.count
        for (k, m) in session.marbles.enumerated() {
            places[k].controls.resetHeading(spread && n > 1 ? Double(k) * 360 / Double(n) : m.heading)
            places[k].tool = PenTool(continuing: m.input, session.configuration)
        }
    }

    /// Every player's controls stepped by `dt` with their hand's keys and their devices.
    func stepPlayers(dt: Double) -> [ControlOutput] {
        let options = preferences.controlOptions
        return players.indices.map { p in
            places[p].controls.step(dt: dt, keys: input.keyState(player: p), pad: input.padState(player: p), options: options)
        }
    }

    /// A device's motion, for the controls of the player it drives (if its motion counts).
    func deviceMotion(_ device: Device, _ body: (inout Controls) -> Void) {
        guard input.motionCounts(device), let p = player(of: device) else { return }
        body(&places[p].controls)
    }

    /// A device newly joined a player: its motion starts afresh (its own gravity and pose).
    func deviceJoined(_ device: Device) {
        guard let p = player(of: device) else { return }
        places[p].controls.resetMotion()
    }

    /// The player a device drives; nil for a device without a seat.
    func player(of device: Device) -> Int? { input.seating.player(of: device) }

    /// What a tool key does while drawing: the tool of the player whose keyboard half it is,
    /// wherever the seating put that half; nil for a key no seated half has.
    func toolAction(_ key: Key) -> Action? {
        for p in players.indices {
            if let tool = input.seating.hand(of: p)?.keys.tools[key] { return tool.action(player: p) }
        }
        return nil
    }

    // MARK: - Tools

    /// Turns player `p`'s eraser on or off (X or /, the eraser button, their device's north button).
    func toggleEraser(player p: Int) {
        guard players.indices.contains(p) else { return }
        places[p].tool.toggleEraser()
    }

    /// Picks player `p`'s width (1, 2, 3 or 8, 9, 0, or their buttons); the eraser stays as it is.
    func chooseBrush(_ brush: PenTool.Brush, player p: Int) {
        guard players.indices.contains(p) else { return }
        places[p].tool.choose(brush)
    }

    /// Player `p`'s paint one step more see-through (G or -, the glass button).
    func nextOpacity(player p: Int) {
        guard players.indices.contains(p) else { return }
        places[p].tool.nextOpacity()
    }

    /// One width thinner or fatter for player `p` (their device's D-pad down and up).
    func stepBrush(_ by: Int, player p: Int) {
        guard players.indices.contains(p) else { return }
        let all = PenTool.Brush.allCases
        let i = all.firstIndex(of: places[p].tool.brush) ?? 1
        places[p].tool.choose(all[min(max(i + by, 0), all.count - 1)])
    }

    /// Player `p`'s device pose now is level (their device's Back).
    func setNeutral(player p: Int) {
        guard players.indices.contains(p) else { return }
        places[p].controls.setNeutral()
    }
}
