/// A summary of a drawing: what `marble replay --json` prints.
public struct DrawingReport: Equatable, Sendable {
    public var samples: Int
    public var droppedSamples: Int
    public var durationSeconds: Double
    public var physics: PhysicsMode
    public var difficulty: Difficulty
    public var canvasWidth: Int
    public var canvasHeight: Int
    public var startPosition: Vec2
    public var finalPosition: Vec2
    public var finalVelocity: Vec2
    public var parameters: PhysicsParameters
    public var segments: Int
    public var inkPixels: Int
    /// First and last ink column and row, inclusive; nil on a blank canvas.
    public var inkBox: (x0: Int, y0: Int, x1: Int, y1: Int)?
    /// SHA-256 of the RGBA8 canvas bytes, rows top to bottom, lowercase hex.
    public var canvasSHA256: String
    public var background: RGBA8

    public static func == (a: DrawingReport, b: DrawingReport) -> Bool {
        a.samples == b.samples && a.droppedSamples == b.droppedSamples && a.durationSeconds == b.durationSeconds
            && a.physics == b.physics && a.difficulty == b.difficulty && a.canvasWidth == b.canvasWidth
            && a.canvasHeight == b.canvasHeight && a.startPosition == b.startPosition
            && a.finalPosition == b.finalPosition && a.finalVelocity == b.finalVelocity
            && a.parameters == b.parameters && a.segments == b.segments && a.inkPixels == b.inkPixels
            && a.inkBox.map { [$0.x0, $0.y0, $0.x1, $0.y1] } == b.inkBox.map { [$0.x0, $0.y0, $0.x1, $0.y1] }
            && a.canvasSHA256 == b.canvasSHA256 && a.background == b.background
    }
}

extension DrawingSession {
    /// Where the ball (marble 1's, with two) starts: the centre of the canvas with one marble.
    public var startPosition: Vec2 { startPosition(marble: 1) }

    /// Seconds from the first to the last accepted sample.
    public var duration: Double {
        guard let origin, let last = input?.t else { return 0 }
        return last - origin
    }

    /// The summary of the drawing so far; `hash` gives the canvas bytes' SHA-256 in lowercase hex
    /// (the core's own by default; the program passes a library's, several times faster).
    public func report(hash: (UnsafeRawBufferPointer) -> String = { SHA256.hex($0) }) -> DrawingReport {
        let ink = canvas.inkStatistics()
        return DrawingReport(
            samples: acceptedSamples, droppedSamples: droppedSamples, durationSeconds: duration,
            physics: configuration.mode, difficulty: configuration.difficulty,
            canvasWidth: canvas.width, canvasHeight: canvas.height,
            startPosition: startPosition, finalPosition: ball.position, finalVelocity: ball.velocity,
            parameters: configuration.parameters, segments: segmentCount, inkPixels: ink.pixels,
            inkBox: ink.box.map { ($0.x, $0.y, $0.x + $0.width - 1, $0.y + $0.height - 1) },
            canvasSHA256: canvas.withPixelBytes { hash($0) },
            background: canvas.background)
    }
}
