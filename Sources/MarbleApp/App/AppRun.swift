/// The app's side of the frame loop: the frames' clock coming in, and what the app asks of
/// the platform going out (effects, and finishing).
struct AppRun: Sendable {
    /// The frames' clock: the time of the last update, and the step since the one before.
    var clock = FrameClock()
    /// What the app asks the platform to do, taken once a frame.
    private(set) var effects: [AppEffect] = []
    /// Set once everything is saved and the app should exit.
    private(set) var finished = false

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
