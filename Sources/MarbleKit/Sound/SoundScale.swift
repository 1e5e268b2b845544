/// How a hue becomes a note: the colour is heard.
///
/// Both scales cut the colour wheel into sectors centred on their colours; a heading anywhere
/// in a sector plays that sector's note, in tune.
public enum SoundScale: String, CaseIterable, Equatable, Sendable {
    /// Newton's seven colours of the spectrum on the seven notes of C major: red C4, orange D4,
    /// yellow E4, green F4, blue-green G4, blue A4, violet B4. Any turn sounds in tune.
    case newton
    /// Pridmore's 1984 hue–tone wheel (as ArtSense uses it): one equal-tempered semitone per
    /// 30° of hue, red = G#3, up to G4. Every hue is heard apart.
    case pridmore

    /// The notes of C major from C4, in Hz (k = 0…6).
    public static let newtonNotes: [Double] = [261.63, 293.66, 329.63, 349.23, 392.00, 440.00, 493.88]
    /// Pridmore's red, G#3, in Hz.
    public static let pridmoreBase = 207.65

    /// How many sectors the wheel has.
    public var sectorCount: Int { self == .newton ? 7 : 12 }

    /// The sector of a hue in degrees (any finite value; wrapped), 0 at red.
    ///
    /// newton: k = ⌊(hue + 360/14) / (360/7)⌋ mod 7; pridmore: k = ⌊(hue + 15) / 30⌋ mod 12.
    public func sector(hue: Double) -> Int {
        guard hue.isFinite else { return 0 }
        let width = 360 / Double(sectorCount)
        let k = Maths.floor((hue + width / 2) / width)
        let n = Double(sectorCount)
        let m = k - Maths.floor(k / n) * n
        return min(max(Int(m), 0), sectorCount - 1)
    }

    /// The note of sector `k`, in Hz.
    public func frequency(sector k: Int) -> Double {
        switch self {
        case .newton: return Self.newtonNotes[min(max(k, 0), 6)]
        case .pridmore: return Self.pridmoreBase * Self.semitoneRatios[min(max(k, 0), 11)]
        }
    }

    // 2^(k/12), k = 0…11, computed once.
    static let semitoneRatios: [Double] = (0..<12).map { Maths.pow(2, Double($0) / 12) }
}
