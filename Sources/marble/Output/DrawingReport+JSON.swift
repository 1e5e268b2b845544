import MarbleKit

extension DrawingReport {
    /// The report as the JSON object `marble replay --json` prints, keys in a fixed order.
    var json: JSONValue {
        .object([
            ("samples", .integer(samples)),
            ("dropped_samples", .integer(droppedSamples)),
            ("duration_s", .number(durationSeconds)),
            ("physics", .string(physics.rawValue)),
            ("difficulty", .string(difficulty.rawValue)),
            ("canvas", .array([.integer(canvasWidth), .integer(canvasHeight)])),
            ("start_position", .array([.number(startPosition.x), .number(startPosition.y)])),
            ("final_position", .array([.number(finalPosition.x), .number(finalPosition.y)])),
            ("final_velocity", .array([.number(finalVelocity.x), .number(finalVelocity.y)])),
            ("accel_per_tilt", .number(parameters.accelPerTilt)),
            ("speed_per_tilt", .number(parameters.speedPerTilt)),
            ("damping", .number(parameters.damping)),
            ("ball_radius", .number(parameters.ballRadius)),
            ("pen_width", .number(parameters.penWidth)),
            ("segments", .integer(segments)),
            ("ink_pixels", .integer(inkPixels)),
            ("ink_bbox", inkBox.map { .array([.integer($0.x0), .integer($0.y0), .integer($0.x1), .integer($0.y1)]) } ?? .null),
            ("canvas_sha256", .string(canvasSHA256)),
            ("background", .array([.integer(Int(background.r)), .integer(Int(background.g)),
                                   .integer(Int(background.b)), .integer(Int(background.a))])),
        ])
    }
}
