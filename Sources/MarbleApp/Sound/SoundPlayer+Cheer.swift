import MarbleKit

/// The cheer for a traced shape's stars, played out over the frames that follow.
///
/// The sound device keeps only about 50 ms waiting, so the cheer (most of a second) is handed
/// over a frame's worth at a time, a little ahead of the clock.
extension SoundPlayer {
    /// How far ahead of the clock the cheer is handed over: the device's starting cushion.
    static let cheerLead = 0.025

    /// Starts the cheer for `stars` (nothing for 0 stars, or without a device).
    public func cheer(stars: Int) {
        stopCheer()
        guard output != nil else { return }
        cheerSamples = TraceCheer.samples(stars: stars)
    }

    /// Whether a cheer is still being handed over.
    public var isCheering: Bool { cheerFramesPlayed * 2 < cheerSamples.count }

    /// Hands the output the cheer's frames due `dt` seconds later.
    func playCheer(dt: Double) {
        guard isCheering else { return }
        guard let output else { return stopCheer() }
        cheerSeconds += max(0, dt)
        let total = cheerSamples.count / 2
        let due = min(total, Int(((cheerSeconds + Self.cheerLead) * Double(Synthesizer.sampleRate)).rounded()))
        guard due > cheerFramesPlayed else { return }
        cheerSamples.withUnsafeBufferPointer { all in
            output(UnsafeBufferPointer(rebasing: all[(2 * cheerFramesPlayed)..<(2 * due)]))
        }
        cheerFramesPlayed = due
    }

    func stopCheer() {
        cheerSamples = []
        cheerFramesPlayed = 0
        cheerSeconds = 0
    }
}
