import MarbleKit

/// What the command line sets for one run (`play --sensitivity 2 --invert-y --mute`): laid
/// over the settings when they are read, never written into them.
public struct RunOverrides: Equatable, Sendable {
    public var sensitivity: Double?
    /// `--invert-x` has no setting of its own: it lasts the run.
    public var invertX = false
    public var invertY = false
    public var leftHanded = false
    public var mute = false
    public var scale: SoundScale?
    /// `play --motion HOST[:PORT]`: the phone or handheld for this run.
    public var motion: DSUAddress?
    /// `play --motion2 HOST[:PORT]`: marble 2's, for this run.
    public var secondMotion: DSUAddress?

    public init(sensitivity: Double? = nil, invertX: Bool = false, invertY: Bool = false, leftHanded: Bool = false,
                mute: Bool = false, scale: SoundScale? = nil, motion: DSUAddress? = nil, secondMotion: DSUAddress? = nil) {
        self.motion = motion
        self.secondMotion = secondMotion
        self.sensitivity = sensitivity
        self.invertX = invertX
        self.invertY = invertY
        self.leftHanded = leftHanded
        self.mute = mute
        self.scale = scale
    }

    /// The settings as this run sees them.
    func applied(to kept: Settings) -> Settings {
        var s = kept
        if let sensitivity { s.sensitivity = sensitivity }
        if invertY { s.invertY = true }
        if leftHanded { s.leftHanded = true }
        if mute { s.sound = false }
        if let scale { s.scale = scale }
        if let motion { s.setPhone(motion, second: false) }
        if let secondMotion { s.setPhone(secondMotion, second: true) }
        return s
    }
}
