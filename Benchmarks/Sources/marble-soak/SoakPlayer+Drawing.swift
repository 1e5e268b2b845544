import Foundation
import MarbleApp

/// The drawing screen's input: sticks, keys, motion, pauses, the pad coming and going.
extension SoakPlayer {
    /// The pad in use, plugged in first if there is none.
    func plugPad(motion: Bool) throws {
        if let pad, pad.motion == motion { return }
        let name = motion ? "Soak DualSense" : "Soak Pad"
        pad = (name, motion)
        try frame([.padAdded(name: name, accelerometer: motion, gyro: motion)])
    }

    /// The left stick wanders (a random walk towards a target that changes), the right stick
    /// now and then turns the heading, and South is held now and then to lift the pen.
    func drawWithPad(seconds: Double) throws {
        try plugPad(motion: pad?.motion ?? false)
        var stick = (x: 0.0, y: 0.0), target = (x: 0.0, y: 0.0), turn = 0.0
        var penUp = false
        var left = min(seconds, timeLeft)
        while left > 0 {
            var events: [UIEvent] = []
            if rng.chance(0.02) { target = (.random(in: -1...1, using: &rng), .random(in: -1...1, using: &rng)) }
            if rng.chance(0.01) { turn = rng.chance(0.5) ? 0 : .random(in: -1...1, using: &rng) }
            stick.x += (target.x - stick.x) * 0.1
            stick.y += (target.y - stick.y) * 0.1
            events.append(.padSticks(leftX: stick.x, leftY: stick.y, rightX: turn, rightY: 0))
            if rng.chance(penUp ? 0.03 : 0.005) {
                penUp.toggle()
                events.append(penUp ? .padButtonDown(.south) : .padButtonUp(.south))
            }
            try frame(events)
            left -= 1.0 / 60
        }
        try frame([.padSticks(leftX: 0, leftY: 0, rightX: 0, rightY: 0)] + (penUp ? [.padButtonUp(.south)] : []))
    }

    /// Arrows or WASD held for a while, Q or E now and then, Space held to lift the pen;
    /// `holding` is held down with them throughout (a mode key, such as an eraser's).
    func drawWithKeys(seconds: Double, holding: Key? = nil) throws {
        let tilts: [Key] = [.up, .down, .left, .right, .w, .a, .s, .d]
        var left = min(seconds, timeLeft)
        if let holding { try frame([.keyDown(holding, ctrl: false, isRepeat: false)]) }
        defer { if let holding { try? frame([.keyUp(holding)]) } }
        while left > 0 {
            var keys = [tilts.randomElement(using: &rng)!]
            if rng.chance(0.4) { keys.append(tilts.randomElement(using: &rng)!) }
            if rng.chance(0.25) { keys.append(rng.chance(0.5) ? .q : .e) }
            if rng.chance(0.15) { keys.append(.space) }
            let hold = min(rng.seconds(0.1, 4), left)
            try frame(keys.map { .keyDown($0, ctrl: false, isRepeat: false) })
            try frames(for: hold)
            try frame(keys.map { .keyUp($0) })
            left -= hold + 2.0 / 60
        }
    }

    /// A pad with motion sensors held in the hands: gravity leans as the pad tilts, the gyro's
    /// yaw turns the heading; Back sets the pose as level now and then.
    func drawWithMotion(seconds: Double) throws {
        try plugPad(motion: true)
        var pitch = 0.0, roll = 0.0, target = (pitch: 0.0, roll: 0.0), yaw = 0.0
        var left = min(seconds, timeLeft)
        while left > 0 {
            if rng.chance(0.02) { target = (.random(in: -0.6...0.6, using: &rng), .random(in: -0.6...0.6, using: &rng)) }
            if rng.chance(0.01) { yaw = rng.chance(0.5) ? 0 : .random(in: -2...2, using: &rng) }
            pitch += (target.pitch - pitch) * 0.08
            roll += (target.roll - roll) * 0.08
            let g = 9.81
            let us = UInt64(platform.clock * 1e6)
            var events: [UIEvent] = [
                // A pad flat reads (0, +g, 0); pitching leans gravity towards z, rolling towards x.
                .accelerometer(x: g * sin(roll), y: g * cos(roll) * cos(pitch), z: g * sin(pitch), timestampUS: us),
                .gyro(pitch: 0, yaw: yaw, roll: 0, timestampUS: us),
            ]
            if rng.chance(0.002) { events += [.padButtonDown(.back), .padButtonUp(.back)] }
            try frame(events)
            left -= 1.0 / 60
        }
    }

    /// Esc, a while away, Esc again.
    func pause(seconds: Double) throws {
        try tap(.escape)
        figures.pauses += 1
        try jump(seconds)
        try tap(.escape)
    }

    /// The pad pulled out mid-drawing (the drawing pauses and saves), back after a while, and
    /// Enter (or A) carries on.
    func unplug(seconds: Double) throws {
        guard let was = pad else { return try plugPad(motion: false) }
        try frame([.padRemoved()])
        pad = nil
        figures.hotplugs += 1
        try jump(seconds)
        try plugPad(motion: was.motion)
        if rng.chance(0.5) { try tap(.enter) } else { try padTap(.south) }
    }

    /// The window minimised (the drawing pauses and saves) and shown again.
    func hide(seconds: Double) throws {
        try frame([.hidden])
        figures.hides += 1
        try jump(seconds)
        try frame([.shown])
    }

    func undo() throws {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: try tap(.z)
        case 1: try tap(.z, ctrl: true)
        default: try pad == nil ? tap(.z) : padTap(.dpadLeft)
        }
        figures.undos += 1
    }

    func redo() throws {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: try tap(.y)
        case 1: try tap(.y, ctrl: true)
        default: try pad == nil ? tap(.y) : padTap(.dpadRight)
        }
        figures.redos += 1
    }
}
