/// Linear resampling of one sentence's mono samples, chunk after chunk, from espeak's rate to
/// the device's.
///
/// It keeps the last sample of a chunk and where the next output falls after it, so a sentence
/// cut into chunks comes out as if it were one.
struct Resampler {
    /// Input samples per output sample.
    let step: Double
    // The last input sample seen, and the next output's position after it (0..<1 input samples).
    private var previous: Double = 0
    private var position: Double = 0

    init(from: Int, to: Int) { step = Double(from) / Double(max(to, 1)) }

    /// Starts a new sentence (the first output sits on its first sample).
    mutating func reset() {
        previous = 0
        position = 1
    }

    /// Appends to `out` the outputs that fall within `input` (after the last chunk's).
    mutating func resample(_ input: UnsafeBufferPointer<Int16>, into out: inout [Int16]) {
        let n = input.count
        guard n > 0 else { return }
        // Index 0 is the previous chunk's last sample, index i the chunk's (i - 1)th.
        func sample(_ i: Int) -> Double { i == 0 ? previous : Double(input[i - 1]) }
        var t = position
        while t <= Double(n) {
            let i = Int(t)
            let f = t - Double(i)
            let v = i == n ? sample(n) : sample(i) + f * (sample(i + 1) - sample(i))
            out.append(Int16(clamping: Int(v.rounded())))
            t += step
        }
        position = t - Double(n)
        previous = Double(input[n - 1])
    }
}
