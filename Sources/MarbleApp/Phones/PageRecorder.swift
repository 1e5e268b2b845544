import MarbleKit

/// A phone page's readings made into marble-log samples, by the tracking the window uses.
///
/// One sample per reading: `t` in seconds from the first by the page's clock (through
/// `MotionTimeline`, so a silence keeps its length), tilt from the filtered gravity in the
/// pad's axes with flat as neutral (the page's frame is the W3C device frame on every phone:
/// no calibration), the heading turned by the compass where the page gives one (else by the
/// gyroscope's yaw) starting at 0, the pen down unless the page's pen button is held, the
/// eraser while its button is.
public struct PageRecorder: Sendable {
    var timeline = MotionTimeline()
    var tracker = MotionTracker()

    public init() {}

    /// The sample for one reading that arrived at `arrival` seconds (the server's clock).
    public mutating func sample(_ r: PhoneReading, arrival: Double) -> Sample {
        let us = timeline.advance(serverUS: r.timeUS, arrival: arrival)
        r.feed(&tracker, timestampUS: us)
        return Sample(t: Double(us) / 1e6, tilt: Sample.clampedTilt(tracker.tilt),
                      heading: HeadingColor.normalized(tracker.turned),
                      penDown: !r.buttons.contains(.penUp), erase: r.buttons.contains(.eraser))
    }
}
