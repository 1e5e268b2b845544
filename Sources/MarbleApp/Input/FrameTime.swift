/// Guards for the frame time step that the input sources integrate over.
enum FrameTime {
    /// The longest step integrated at once, in seconds.
    static let maxStep = 0.25

    /// `dt` made safe: NaN, infinite or negative gives 0; long stalls are capped at `maxStep`.
    static func guarded(_ dt: Double) -> Double {
        // After a stall (window dragged, debugger) one huge step would jump the ramps and
        // the heading all at once; a capped step just makes that frame slow.
        guard dt.isFinite, dt > 0 else { return 0 }
        return min(dt, maxStep)
    }
}
