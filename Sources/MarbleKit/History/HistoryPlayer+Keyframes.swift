/// Writes a player's moments as keyframes, each picture's tiles shared with the one before's.
///
/// It remembers the last keyframe's pictures as they are in memory, so that a tile that did not
/// change since (the same storage: `TiledPicture` shares it) names the offset already written.
struct KeyframeWriter {
    private var picture: (TiledPicture, SpilledPicture)?
    private var bases: [(TiledPicture, SpilledPicture)] = []

    /// Undo's pictures a keyframe keeps: the newest two, so an undo in the history after the
    /// keyframe repaints a few strokes; older ones would cost every keyframe their tiles.
    static let undoPictures = 2

    /// `player`'s moment now, its pictures written to `spill`; nil when the disk is full.
    mutating func keyframe(of player: HistoryPlayer, into spill: KeyframeSpill) -> HistoryKeyframes.Keyframe? {
        let s = player.session
        var state = s.state(withPixels: false)
        state.keepRecentCells()
        let tiled = TiledPicture(s.canvas, after: picture?.0)
        guard let spilled = SpilledPicture(tiled, sharing: picture.map { [$0] } ?? [], equal: nil, into: spill) else { return nil }
        var undo = s.undoBases
        undo.trim(toNewest: Self.undoPictures)
        var newBases: [(TiledPicture, SpilledPicture)] = []
        var kept: [(steps: Int, picture: SpilledPicture)] = []
        for base in undo.bases {
            // An undo picture a few strokes old is mostly the picture now, tile for tile.
            guard let b = SpilledPicture(base.picture, sharing: bases + newBases, equal: (tiled, spilled), into: spill) else { return nil }
            newBases.append((base.picture, b))
            kept.append((base.steps, b))
        }
        picture = (tiled, spilled)
        bases = newBases
        return HistoryKeyframes.Keyframe(time: player.time, record: player.record, sample: player.sample,
                                         failure: player.failure, state: state, picture: spilled, undoBases: kept)
    }
}

extension HistoryPlayer {
    /// Goes to `keyframe`, reading its pictures from `spill`: the picture and every value as
    /// they were there.
    ///
    /// - Returns: false (and the player unchanged) when the keyframe does not restore, which a
    ///   keyframe this player's history made always does, in a file that still holds it.
    @discardableResult
    func jump(to keyframe: HistoryKeyframes.Keyframe, in spill: KeyframeSpill) -> Bool {
        var cache: [Int: [UInt8]] = [:]
        guard let picture = keyframe.picture.load(from: spill, after: nil, cache: &cache) else { return false }
        var undo = DrawingSession.UndoBases()
        for base in keyframe.undoBases {
            guard let p = base.picture.load(from: spill, after: undo.bases.last?.picture, cache: &cache) else { return false }
            undo.bases.append(.init(steps: base.steps, picture: p))
        }
        // The oldest shares with nothing kept.
        if !undo.bases.isEmpty { undo.bases[0].picture.ownAll() }
        var state = keyframe.state
        state.canvas.pixels = picture.pixels
        // The player's canvas is its own (Watch shows it, and reads it again each frame).
        guard let restored = try? DrawingSession(resuming: state, undoBases: undo, reusing: session.canvas) else { return false }
        session = restored
        record = keyframe.record
        sample = keyframe.sample
        time = keyframe.time
        failure = keyframe.failure
        return true
    }

    /// Plays to drawing time `target` from the latest of `keyframes` at or before it, when that
    /// is further on than the player is or the target lies behind the player; else from here.
    /// The picture is the same either way: the keyframe only saves the painting before it.
    public func seek(to target: Double, using keyframes: HistoryKeyframes?, budget: Int = .max) {
        let behind = target < time
        if let (k, spill) = keyframes?.latest(atOrBefore: target), behind || (k.record, k.sample) > (record, sample) {
            if !jump(to: k, in: spill) { restart() }
        } else if behind {
            restart()
        }
        play(until: target, budget: budget)
    }
}
