/// A summary of a drawing: what `marble replay --json` prints. The drawing-wide values at the
/// top; what each marble did in `marbles`, one record a marble, whatever their count.
public struct DrawingReport: Equatable, Sendable {
    public var samples: Int
    public var droppedSamples: Int
    public var durationSeconds: Double
    public var physics: PhysicsMode
    public var difficulty: Difficulty
    public var parameters: PhysicsParameters
    public var segments: Int
    /// The canvas's size, paint and background.
    public var canvas: CanvasReport
    /// SHA-256 of the RGBA8 canvas bytes, rows top to bottom, lowercase hex.
    public var canvasSHA256: String
    /// Each marble's record, marble 1's first (one with one marble).
    public var marbles: [MarbleReport]
}

/// The canvas as a report gives it: its size, how much paint is on it and where.
public struct CanvasReport: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var inkPixels: Int
    /// The smallest rectangle holding every pixel of ink; nil on a blank canvas.
    public var inkBox: PixelRect?
    public var background: RGBA8
}

/// One marble in a report: where its ball started and ended, and how much its child moved.
public struct MarbleReport: Equatable, Sendable {
    public var startPosition: Vec2
    public var finalPosition: Vec2
    public var finalVelocity: Vec2
    public var movement: MovementMeter.Figures
}

extension DrawingSession {
    /// Seconds from the first to the last accepted sample.
    public var duration: Double {
        guard let origin, let last = lastInputTime else { return 0 }
        return last - origin
    }

    /// The summary of the drawing so far; `hash` gives the canvas bytes' SHA-256 in lowercase hex
    /// (the core's own by default; the program passes a library's, several times faster).
    public func report(hash: (UnsafeRawBufferPointer) -> String = { SHA256.hex($0) }) -> DrawingReport {
        let ink = canvas.inkStatistics()
        let picture = CanvasReport(width: canvas.width, height: canvas.height, inkPixels: ink.pixels, inkBox: ink.box,
                                   background: canvas.background)
        return DrawingReport(
            samples: acceptedSamples, droppedSamples: droppedSamples, durationSeconds: duration,
            physics: configuration.mode, difficulty: configuration.difficulty, parameters: configuration.parameters,
            segments: segmentCount, canvas: picture, canvasSHA256: canvas.withPixelBytes { hash($0) },
            marbles: marbles.enumerated().map { k, m in
                MarbleReport(startPosition: startPosition(marble: k + 1), finalPosition: m.ball.position,
                             finalVelocity: m.ball.velocity, movement: m.movement.figures)
            })
    }
}
