import MarbleKit

extension DrawingReport {
    /// The report as the JSON object `marble replay --json` prints, keys in a fixed order: the
    /// drawing's values, then `marbles`, one object a marble (one with one marble).
    var json: JSONValue {
        .object([
            ("samples", .integer(samples)),
            ("dropped_samples", .integer(droppedSamples)),
            ("duration_s", .number(durationSeconds)),
            ("physics", .string(physics.rawValue)),
            ("difficulty", .string(difficulty.rawValue)),
            ("canvas", .array([.integer(canvas.width), .integer(canvas.height)])),
            ("accel_per_tilt", .number(parameters.accelPerTilt)),
            ("speed_per_tilt", .number(parameters.speedPerTilt)),
            ("damping", .number(parameters.damping)),
            ("ball_radius", .number(parameters.ballRadius)),
            ("pen_width", .number(parameters.penWidth)),
            ("segments", .integer(segments)),
            ("ink_pixels", .integer(canvas.inkPixels)),
            // First and last ink column and row, inclusive.
            ("ink_bbox", canvas.inkBox.map { .array([.integer($0.x), .integer($0.y), .integer($0.x + $0.width - 1),
                                                     .integer($0.y + $0.height - 1)]) } ?? .null),
            ("canvas_sha256", .string(canvasSHA256)),
            ("background", .array([.integer(Int(canvas.background.r)), .integer(Int(canvas.background.g)),
                                   .integer(Int(canvas.background.b)), .integer(Int(canvas.background.a))])),
            ("marbles", .array(marbles.map(\.json))),
        ])
    }
}

extension MarbleReport {
    /// One marble's object in `marbles`.
    var json: JSONValue {
        .object([
            ("start_position", .array([.number(startPosition.x), .number(startPosition.y)])),
            ("final_position", .array([.number(finalPosition.x), .number(finalPosition.y)])),
            ("final_velocity", .array([.number(finalVelocity.x), .number(finalVelocity.y)])),
            ("movement", movement.json),
        ])
    }
}
