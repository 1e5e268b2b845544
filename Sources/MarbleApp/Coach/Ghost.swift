import MarbleKit

/// The ghost marble: a see-through ball that rolls along the shipped log (`GhostLog`) to show
/// a child what tilting does, until the child tilts.
///
/// It lives beside the drawing, never in it: it steps its own copy of the drawing's physics
/// (the Easy ball's, so the loop closes on itself and never drifts into a wall), on the frame
/// clock, and keeps its trail here. Nothing it does is fed to the session, logged or painted.
struct Ghost: Equatable, Sendable {
    /// The ball, in canvas pixels.
    private(set) var ball: BallState
    /// Seconds into the log.
    private(set) var time = 0.0
    /// The tilt the log gives now (the tilt pad picture shows it).
    private(set) var tilt: Vec2
    /// Where the ball went lately, oldest first: the see-through trail over the canvas.
    private(set) var trail: [Vec2] = []
    /// Loops of the log completed.
    private(set) var loops = 0
    // Physics steps not yet taken: the frame's time left over below one step.
    private var pending = 0.0
    private let parameters: PhysicsParameters
    private let width: Int, height: Int

    /// Points kept in the trail: about two and a half seconds at 60 frames a second.
    static let trailLength = 150

    /// A ghost starting at `position` on a canvas of `configuration`.
    init(at position: Vec2, _ configuration: SessionConfiguration) {
        ball = BallState(position: position)
        tilt = GhostLog.tilt(at: 0)
        parameters = configuration.parameters
        width = configuration.canvasWidth
        height = configuration.canvasHeight
        trail = [position]
    }

    /// Rolls on by `dt` seconds of the frame clock, in the drawing's fixed physics steps.
    mutating func advance(dt: Double) {
        guard dt.isFinite, dt > 0 else { return }
        let step = 1.0 / Double(SessionConfiguration.stepsPerSecond)
        let kinematics = Kinematics(mode: .fake, parameters: parameters, dt: step, canvasWidth: width, canvasHeight: height)
        pending += min(dt, 0.25)
        while pending >= step {
            pending -= step
            tilt = GhostLog.tilt(at: time)
            kinematics.step(&ball, tilt: tilt)
            time += step
        }
        loops = Int(time / GhostLog.length)
        trail.append(ball.position)
        if trail.count > Self.trailLength { trail.removeFirst(trail.count - Self.trailLength) }
    }
}
