import MarbleKit
import Testing

/// The two-pose calibration on device frames turned, swapped and mirrored: after it, tipping
/// the far edge down rolls the ball up and lowering the right side rolls it right, whatever
/// frame the server used. Tolerance 1e-9: the answers are exact up to rounding.
@Suite("Motion calibration")
struct MotionCalibrationTests {
    /// A device frame: rows of the matrix taking the pad's axes to the device's.
    struct Frame: CustomStringConvertible {
        let name: String
        let rows: (Vec3, Vec3, Vec3)
        func map(_ v: Vec3) -> Vec3 { Vec3(rows.0.dot(v), rows.1.dot(v), rows.2.dot(v)) }
        var description: String { name }
    }

    static let frames: [Frame] = [
        Frame(name: "the pad's own", rows: (Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1))),
        Frame(name: "turned 90° about up", rows: (Vec3(0, 0, 1), Vec3(0, 1, 0), Vec3(-1, 0, 0))),
        Frame(name: "turned 180° about up", rows: (Vec3(-1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, -1))),
        Frame(name: "a phone's (Z out of the screen)", rows: (Vec3(1, 0, 0), Vec3(0, 0, -1), Vec3(0, 1, 0))),
        Frame(name: "mirrored left to right", rows: (Vec3(-1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1))),
        Frame(name: "mirrored and turned 90°", rows: (Vec3(0, 0, -1), Vec3(0, 1, 0), Vec3(-1, 0, 0))),
        Frame(name: "X and Y swapped (a mirror)", rows: (Vec3(0, 1, 0), Vec3(1, 0, 0), Vec3(0, 0, 1))),
    ]

    static let g = 9.80665
    static let tip = 30.0 * Double.pi / 180

    /// Up, in the pad's axes, with the pad turned by `angle` about `axis` (a unit vector).
    static func up(turnedBy angle: Double, about axis: Vec3) -> Vec3 {
        let v = Vec3(0, 1, 0)
        // Gravity's direction turns the other way from the pad (Rodrigues' formula, −angle).
        let c = Maths.cos(-angle), s = Maths.sin(-angle)
        return v * c + axis.cross(v) * s + axis * (axis.dot(v) * (1 - c))
    }

    static func calibrate(_ f: Frame) throws -> MotionCalibration {
        let flat = f.map(Vec3(0, 1, 0) * g)
        // The far edge down: a turn about −X.
        let tipped = f.map(up(turnedBy: tip, about: Vec3(-1, 0, 0)) * g)
        let turn = f.map(Vec3(-tip, 0, 0))
        return try MotionCalibration.learn(flat: flat, tipped: tipped, turn: turn).get()
    }

    static func tilt(_ accel: Vec3) -> Vec2 {
        let u = accel.normalized!
        return Vec2(-u.x, u.z)
    }

    @Test("Every frame reads back as the pad's own", arguments: frames)
    func undoesTheFrame(_ f: Frame) throws {
        let c = try Self.calibrate(f)
        for v in [Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1), Vec3(0.3, -0.5, 0.8)] {
            let back = c.apply(f.map(v))
            #expect(abs(back.x - v.x) < 1e-9 && abs(back.y - v.y) < 1e-9 && abs(back.z - v.z) < 1e-9,
                    "\(f): \(v) came back as \(back)")
        }
    }

    @Test("Tipping the far edge down rolls the ball up, the right side down rolls it right", arguments: frames)
    func rollsTheRightWay(_ f: Frame) throws {
        let c = try Self.calibrate(f)
        let away = c.apply(f.map(Self.up(turnedBy: 0.2, about: Vec3(-1, 0, 0)) * Self.g))
        #expect(Self.tilt(away).y > 0.19, "\(f)")
        // The right side down: a turn about −Z (the top face turns towards the right).
        let right = c.apply(f.map(Self.up(turnedBy: 0.2, about: Vec3(0, 0, -1)) * Self.g))
        #expect(Self.tilt(right).x > 0.19, "\(f): \(Self.tilt(right))")
        // A clockwise turn seen from above (the gyro's −Y) stays clockwise.
        #expect(c.apply(f.map(Vec3(0, -1, 0))).y < -0.999, "\(f)")
    }

    @Test("Mirrored frames are found by the gyro; without it, up and down are still right")
    func mirrorNeedsTheGyro() throws {
        let mirrored = Self.frames[4]
        #expect(try Self.calibrate(mirrored).isMirrored)
        #expect(try !Self.calibrate(Self.frames[1]).isMirrored)
        let flat = mirrored.map(Vec3(0, Self.g, 0))
        let tipped = mirrored.map(Self.up(turnedBy: Self.tip, about: Vec3(-1, 0, 0)) * Self.g)
        let c = try MotionCalibration.learn(flat: flat, tipped: tipped).get()
        #expect(Self.tilt(c.apply(mirrored.map(Self.up(turnedBy: 0.2, about: Vec3(-1, 0, 0)) * Self.g))).y > 0.19)
    }

    @Test("Poses too alike, turned over, or empty give a reason, not a calibration")
    func problems() {
        let flat = Vec3(0, Self.g, 0)
        let slight = Self.up(turnedBy: 0.1, about: Vec3(-1, 0, 0)) * Self.g
        guard case .failure(.tippedTooLittle) = MotionCalibration.learn(flat: flat, tipped: slight) else {
            Issue.record("a 6° tip was taken"); return
        }
        guard case .failure(.tippedTooFar) = MotionCalibration.learn(flat: flat, tipped: flat * -1) else {
            Issue.record("upside down was taken"); return
        }
        guard case .failure(.noGravity) = MotionCalibration.learn(flat: .zero, tipped: flat) else {
            Issue.record("zero was taken"); return
        }
    }

    @Test("Nine numbers round-trip; bent or broken ones are refused")
    func numbers() throws {
        let c = try Self.calibrate(Self.frames[5])
        #expect(MotionCalibration(numbers: c.numbers) == c)
        #expect(MotionCalibration(numbers: [1, 0, 0, 0, 1, 0, 0, 0]) == nil)
        #expect(MotionCalibration(numbers: [1, 0, 0, 0, 1, 0, 0, 0, .nan]) == nil)
        #expect(MotionCalibration(numbers: [1, 0, 0, 0, 2, 0, 0, 0, 1]) == nil)
        #expect(MotionCalibration(numbers: [1, 0, 0, 1, 0, 0, 0, 0, 1]) == nil)
    }
}
