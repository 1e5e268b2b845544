/// The cheer for stars earned: a short rising arpeggio of bells, one note a star and a last,
/// longer one an octave above the first.
///
/// A pure function of the stars, in the synthesizer's format (48 kHz, 16-bit, interleaved
/// stereo): the same stars give the same samples, bit for bit. No stars, no cheer.
public enum TraceCheer {
    /// C5, E5, G5, then C6 to end on.
    static let notes = [523.25, 659.25, 783.99]
    static let last = 1046.5
    /// Seconds between notes, and how long the last one rings.
    static let gap = 0.11, ring = 0.55
    /// The peak level of one bell (the bells overlap a little; the sum stays below 0.5).
    static let level = 0.22

    /// The cheer for `stars` (0 to 3) as interleaved stereo frames; empty for 0 stars.
    public static func samples(stars: Int) -> [Int16] {
        let n = min(max(stars, 0), notes.count)
        guard n > 0 else { return [] }
        let rate = Double(Synthesizer.sampleRate)
        let frequencies = Array(notes.prefix(n)) + [last]
        let frames = Int(Maths.round((Double(n) * gap + ring) * rate))
        var mix = [Double](repeating: 0, count: 2 * frames)
        for (k, f) in frequencies.enumerated() {
            let start = Int(Maths.round(Double(k) * gap * rate))
            // Each note a step further right: the cheer climbs across the room.
            let pan = 0.3 + 0.4 * Double(k) / Double(max(1, frequencies.count - 1))
            let (right, left) = Maths.sinCos(pan * .pi / 2)
            let decay = k == frequencies.count - 1 ? 0.18 : 0.09
            for i in 0..<(frames - start) {
                let t = Double(i) / rate
                // A 5 ms rise so it never clicks, then a bell's decay; a quiet octave for shine.
                let envelope = min(1, t / 0.005) * Maths.exp(-t / decay)
                let s = level * envelope * (Maths.sin(2 * .pi * f * t) + 0.3 * Maths.sin(4 * .pi * f * t))
                mix[2 * (start + i)] += s * left
                mix[2 * (start + i) + 1] += s * right
            }
        }
        return mix.map { Int16(Maths.round(max(-1, min(1, $0)) * 32767)) }
    }
}
