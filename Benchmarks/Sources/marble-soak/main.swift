import Foundation

// `make soak`: 24 simulated hours of random play on the headless app, checked as it goes.
// SOAK_SEED, SOAK_HOURS and SOAK_DIR choose the run (SoakOptions.swift); the figures go to stdout.
let options = SoakOptions.fromEnvironment()
print("soak: seed \(options.seed) (SOAK_SEED), \(options.hours) simulated hours (SOAK_HOURS), store in \(options.folder)")
try? FileManager.default.removeItem(atPath: options.folder)
let start = Date()
var failure: (any Error)?
var figures = SoakFigures()
do {
    let player = try SoakPlayer(options: options)
    do { try player.run() } catch { failure = error }
    figures = player.figures
} catch {
    failure = error
}
figures.print(wall: Date().timeIntervalSince(start))
try? FileManager.default.removeItem(atPath: options.folder)
if let failure {
    print("soak: FAILED: \(failure)")
    exit(1)
}
print("soak: passed")
