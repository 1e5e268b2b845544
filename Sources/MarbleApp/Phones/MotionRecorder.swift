import MarbleKit

/// Pad data from a DSU server made into marble-log samples, by the tracking the window uses.
///
/// One sample per report: `t` in seconds from the first report by the motion timestamp (through
/// `MotionTimeline`, so repeats and restarts cannot send it back and a silence keeps its
/// length), tilt from the filtered gravity with flat as neutral, heading from the gyro's yaw
/// starting at 0, pen down unless ✕ (the south button) is held.
public struct MotionRecorder: Sendable {
    public let calibration: MotionCalibration
    var timeline = MotionTimeline()
    var tracker = MotionTracker()

    public init(calibration: MotionCalibration = .identity) { self.calibration = calibration }

    /// The sample for one accepted report that arrived at `arrival` seconds.
    public mutating func sample(_ p: DSUPadData, arrival: Double) -> Sample {
        let us = timeline.advance(serverUS: p.timestampUS, arrival: arrival)
        let a = calibration.apply(p.sdlAccelerometer), g = calibration.apply(p.sdlGyro)
        tracker.accelerometer(x: a.x, y: a.y, z: a.z, timestampUS: us)
        tracker.gyro(pitch: g.x, yaw: g.y, roll: g.z, timestampUS: us)
        return Sample(t: Double(us) / 1e6, tilt: Sample.clampedTilt(tracker.tilt),
                      heading: HeadingColor.normalized(tracker.turned),
                      penDown: p.buttons & DSUPadData.Button.cross == 0)
    }
}
