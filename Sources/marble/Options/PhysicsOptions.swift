import ArgumentParser
import MarbleKit

/// The options that set up a new drawing: physics, difficulty, damping and canvas size.
///
/// Options not given fall back to what the log's metadata asks for, then to real, normal,
/// the preset's damping and 1280x800.
struct PhysicsOptions: ParsableArguments {
    @Option(help: "Physics: real (tilt accelerates; the ball keeps its momentum) or fake (tilt sets the speed). Default: the log's, else real.")
    var physics: PhysicsMode?

    @Option(help: "Difficulty preset: easy, normal or hard (sets speed, damping, bounce, ball and pen size). Default: the log's, else normal.")
    var difficulty: Difficulty?

    @Option(help: ArgumentHelp("Override the preset's damping (real physics), per second; 0 rolls forever.", valueName: "X"))
    var damping: Double?

    @Option(help: ArgumentHelp("Canvas size in pixels, WIDTHxHEIGHT, 1 to \(Canvas.maxSide) each. Default: the log's, else 1280x800.", valueName: "WxH"))
    var size: CanvasSize?

    func validate() throws {
        if let damping, !(damping.isFinite && damping >= 0 && damping <= 1000) {
            throw ValidationError("--damping must be a number from 0 to 1000 (per second), not \(damping).")
        }
    }

    /// Whether any of the options was given.
    var isSet: Bool { physics != nil || difficulty != nil || damping != nil || size != nil }

    /// The session configuration these options describe, falling back on `setup`.
    func configuration(_ setup: MarbleLog.Setup = .init()) -> SessionConfiguration {
        SessionConfiguration(setup: MarbleLog.Setup(
            mode: physics ?? setup.mode, difficulty: difficulty ?? setup.difficulty,
            canvasSize: size.map { ($0.width, $0.height) } ?? setup.canvasSize,
            damping: damping ?? setup.damping))
    }
}
