/// The app's side of the frame loop: the frames' clock coming in, and what the app asks of
/// the platform going out (effects, messages for stderr, and finishing).
struct AppRun {
    /// The frames' clock: the time of the last update, and the step since the one before.
    var clock = FrameClock()
    /// What the app asks the platform to do, taken once a frame.
    private(set) var effects: [AppEffect] = []
    /// Set once everything is saved and the app should exit.
    private(set) var finished = false
    /// Messages for stderr (what went wrong, and with what).
    let log: (String) -> Void

    init(log: @escaping (String) -> Void = { _ in }) { self.log = log }

    /// Asks the platform for `effect` (carried out after this frame).
    mutating func ask(_ effect: AppEffect) { effects.append(effect) }

    /// The effects asked for since the last call.
    mutating func takeEffects() -> [AppEffect] {
        defer { effects = [] }
        return effects
    }

    /// Everything is saved: the platform closes.
    mutating func finish() {
        finished = true
        effects.append(.quit)
    }
}
