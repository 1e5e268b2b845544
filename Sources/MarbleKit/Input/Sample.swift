/// One reading of the input: time, tilt, heading and pen.
public struct Sample: Equatable, Sendable, Codable {
    /// Seconds, on any clock that does not go backwards.
    public var t: Double
    /// Tilt in g in the screen plane: x > 0 rolls right, y > 0 rolls towards the top.
    public var tilt: Vec2
    /// Degrees clockwise from north; picks the paint's hue.
    public var heading: Double
    /// Pen down paints; pen up moves without painting.
    public var penDown: Bool
    /// The pen's width in px (1–64), or nil for the difficulty's own.
    public var width: Double?
    /// The eraser: the ball paints the background (or the board under the paint) back instead of colour.
    public var erase: Bool
    /// How much the paint covers, 0 to 1: 1 is opaque, less is see-through paint.
    public var opacity: Double

    public init(t: Double, tilt: Vec2, heading: Double = 0, penDown: Bool = true, width: Double? = nil, erase: Bool = false,
                opacity: Double = 1) {
        self.t = t
        self.tilt = tilt
        self.heading = heading
        self.penDown = penDown
        self.width = width
        self.erase = erase
        self.opacity = opacity
    }

    private enum CodingKeys: String, CodingKey {
        case t, tilt, heading, penDown, width, erase, opacity
    }

    /// Decodes a sample; one encoded before see-through paint has no opacity: opaque.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(t: try c.decode(Double.self, forKey: .t), tilt: try c.decode(Vec2.self, forKey: .tilt),
                  heading: try c.decode(Double.self, forKey: .heading), penDown: try c.decode(Bool.self, forKey: .penDown),
                  width: try c.decodeIfPresent(Double.self, forKey: .width), erase: try c.decode(Bool.self, forKey: .erase),
                  opacity: try c.decodeIfPresent(Double.self, forKey: .opacity) ?? 1)
    }

    /// The widths a pen may have, in px (a log's `width` column, the journal's samples).
    public static let widthRange: ClosedRange<Double> = 1...64

    /// Whether the sample uses the default tool (paint at the difficulty's width): what every
    /// log and journal before the eraser holds, and what their old encodings can carry.
    public var hasDefaultTool: Bool { width == nil && !erase && opacity == 1 }

    /// The ink its paint is laid in (opaque unless see-through).
    public var ink: Ink { Ink(opacity: opacity) }
}

/// Why a sample was not used.
public enum SampleDefect: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value is NaN or infinite; the field is named.
    case notFinite(String)

    public var description: String {
        switch self {
        case .notFinite(let field): return "\(field) is not a finite number"
        }
    }
}

extension Sample {
    /// The sample made safe to use, or what is wrong with it.
    ///
    /// NaN or infinite values make a sample unusable; a tilt longer than 1 g is scaled back to
    /// 1 g (a unit down vector cannot be longer); the heading is wrapped into [0, 360); a
    /// width is clamped to `widthRange`.
    public func sanitized() -> Result<Sample, SampleDefect> {
        if let defect { return .failure(defect) }
        var s = self
        // A width out of range is clamped, as a tilt is: a reader names the line of a bad log.
        if let width { s.width = min(max(width, Self.widthRange.lowerBound), Self.widthRange.upperBound) }
        s.opacity = min(max(opacity, 0), 1)
        s.tilt = Self.clampedTilt(tilt)
        s.heading = HeadingColor.normalized(heading)
        return .success(s)
    }

    /// What makes the sample unusable (its first value that is NaN or infinite), or nil: what
    /// `sanitized()` fails with, without the rest of its work.
    @inline(__always)
    var defect: SampleDefect? {
        if !t.isFinite { return .notFinite("t") }
        if !tilt.x.isFinite { return .notFinite("tilt_x") }
        if !tilt.y.isFinite { return .notFinite("tilt_y") }
        if !heading.isFinite { return .notFinite("heading") }
        if let width, !width.isFinite { return .notFinite("width") }
        if !opacity.isFinite { return .notFinite("opacity") }
        return nil
    }

    /// A tilt scaled back to at most 1 g, same direction; NaN or infinite components give zero.
    ///
    /// The one rule for how long a tilt may be: the session applies it to every sample, and
    /// a front end to what it shows before the sample is made.
    public static func clampedTilt(_ tilt: Vec2) -> Vec2 {
        guard tilt.x.isFinite, tilt.y.isFinite else { return .zero }
        guard tilt.length > 1 else { return tilt }
        // Scale by the larger component first: the length of a huge tilt overflows to ∞.
        let m = max(abs(tilt.x), abs(tilt.y))
        let unit = Vec2(tilt.x / m, tilt.y / m)
        let len = unit.length
        return Vec2(unit.x / len, unit.y / len)
    }
}
