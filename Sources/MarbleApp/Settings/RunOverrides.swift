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
    /// `--no-voice`: the voice is silent for this run.
    public var noVoice = false
    public var scale: SoundScale?
    /// `play --motion HOST[:PORT]`, once per marble: the phones or handhelds for this run, in
    /// order (the same address again is that server's next pad).
    public var phones: [DSUAddress] = []

    public init(sensitivity: Double? = nil, invertX: Bool = false, invertY: Bool = false, leftHanded: Bool = false,
                mute: Bool = false, scale: SoundScale? = nil, phones: [DSUAddress] = []) {
        self.phones = phones
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
        if noVoice { s.voice = false }
        if let scale { s.scale = scale }
        if !phones.isEmpty {
            s.phones = []
            for (k, a) in phones.prefix(Settings.maxPhones).enumerated() { s.setPhone(a, at: k) }
        }
        return s
    }
}
