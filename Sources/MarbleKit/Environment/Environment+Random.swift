import Synchronization

extension Environment {
    /// A whole number from 0 up to, not including, its argument (at least 1), evenly: what the
    /// app draws by chance (the grown-up gate's number).
    public typealias RandomSource = @Sendable (Int) -> Int

    /// The system's generator (the kernel's randomness): what the program passes.
    public static let systemRandom: RandomSource = { n in Int.random(in: 0..<max(n, 1)) }

    /// A generator that gives the same numbers on every run from `seed` (SplitMix64): the
    /// default of tests and tools, so a test's draws are the same each time.
    public static func seededRandom(_ seed: UInt64 = 0) -> RandomSource {
        let state = Mutex(SplitMix64(seed: seed))
        return { n in state.withLock { Int.random(in: 0..<max(n, 1), using: &$0) } }
    }
}

/// SplitMix64 (Steele, Lea and Flood 2014): small, and every seed gives a full-period stream;
/// the seeded generator of `Environment.seededRandom` and of the tests.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    package var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
