import Foundation

/// What a soak run does: its seed, how long it plays, and where its store lives.
struct SoakOptions {
    /// The random seed: the same seed plays the same 24 hours, input for input.
    var seed: UInt64
    var hours: Double
    /// The store's folder (made afresh, removed afterwards).
    var folder: String
    /// The resident memory the run may reach, in MiB.
    var maxRSSMiB: Double

    /// From `SOAK_SEED` (default: from the clock, printed), `SOAK_HOURS` (24), `SOAK_DIR`
    /// (a fresh folder in /dev/shm when there is one, else the temporary folder) and
    /// `SOAK_MAX_RSS_MB` (1536).
    static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) -> SoakOptions {
        let seed = env["SOAK_SEED"].flatMap { UInt64($0) } ?? UInt64(Date().timeIntervalSince1970 * 1000) % 1_000_000
        let hours = env["SOAK_HOURS"].flatMap { Double($0) }.map { max($0, 0.01) } ?? 24
        // In memory where possible: the store fsyncs every save, and the soak is about the
        // app's logic over a day, not the disk's speed.
        let base = env["SOAK_DIR"] ?? (FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
        let folder = base + "/marble-soak-\(getpid())"
        return SoakOptions(seed: seed, hours: hours, folder: folder,
                           maxRSSMiB: env["SOAK_MAX_RSS_MB"].flatMap { Double($0) } ?? 1536)
    }
}
