import MarbleKit

extension Controls {
    /// Advances the controls by `dt` seconds with these keys and pad held, and returns this
    /// frame's tilt, heading and pen. The pad's motion counts only while a pad is connected.
    ///
    /// Tilt = keyboard + tilt stick + motion, then inverted per the options, times the
    /// sensitivity, capped at length 1. The heading turns by keys, shoulders and the turn
    /// stick at `HeadingTurn` rates, plus whatever the gyro turned since the last step.
    public mutating func step(dt: Double, keys: KeyState = KeyState(), pad: PadState? = nil,
                              options: ControlOptions = .default) -> ControlOutput {
        let dt = FrameTime.guarded(dt)
        return ControlOutput(tilt: stepTilt(dt: dt, keys: keys, pad: pad, options: options),
                             heading: stepHeading(dt: dt, keys: keys, pad: pad, leftHanded: options.leftHanded),
                             penDown: !(keys.penUp || pad?.south == true))
    }

    mutating func stepTilt(dt: Double, keys: KeyState, pad: PadState?, options: ControlOptions) -> Vec2 {
        var tilt = keyboard.update(left: keys.left, right: keys.right, up: keys.up, down: keys.down, dt: dt)
        if let pad {
            tilt = tilt + (options.leftHanded
                ? StickShaping.tilt(x: pad.rightX, y: pad.rightY)
                : StickShaping.tilt(x: pad.leftX, y: pad.leftY))
        }
        if pad != nil && motion.hasAccelerometer { tilt = tilt + motion.tilt }
        if options.invertX { tilt.x = -tilt.x }
        if options.invertY { tilt.y = -tilt.y }
        return Sample.clampedTilt(tilt * options.sensitivity)
    }

    mutating func stepHeading(dt: Double, keys: KeyState, pad: PadState?, leftHanded: Bool) -> Double {
        var ccw = keys.turnLeft, cw = keys.turnRight, stickX = 0.0
        if let pad {
            // Mirrored, the pad is a left-right reflection: the shoulders' directions swap too.
            ccw = ccw || (leftHanded ? pad.rightShoulder : pad.leftShoulder)
            cw = cw || (leftHanded ? pad.leftShoulder : pad.rightShoulder)
            stickX = leftHanded ? pad.leftX : pad.rightX
        }
        var turn = HeadingTurn.rate(counterClockwise: ccw, clockwise: cw, stickX: stickX) * dt
        // Consume the gyro's turn even when unused, so enabling sensors later does not jump.
        let gyroTurn = motion.turned - motionTurnSeen
        motionTurnSeen = motion.turned
        if pad != nil { turn += gyroTurn }
        heading = HeadingColor.normalized(heading + turn)
        return heading
    }
}
