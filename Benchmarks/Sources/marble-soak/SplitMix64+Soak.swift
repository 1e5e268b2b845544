import Foundation
import SeededRandom

/// The soak's draws from its seeded generator: a run is repeated exactly by its seed.
extension SplitMix64 {
    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// A duration between `lo` and `hi` seconds, spread evenly on a log scale (short ones
    /// common, long ones rarer, as a child's play is).
    mutating func seconds(_ lo: Double, _ hi: Double) -> Double {
        lo * Foundation.exp(Double.random(in: 0...1, using: &self) * Foundation.log(hi / lo))
    }
}
