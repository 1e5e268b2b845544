import MarbleKit

/// What the ball lays down: paint or the eraser, at one of three widths, opaque or see-through.
public struct PenTool: Equatable, Sendable {
    /// The eraser paints the background (or the picture under the paint) back (X).
    public private(set) var erase = false
    /// The width: thin (1), the difficulty's own (2), fat (3).
    public private(set) var brush = Brush.normal
    /// How much the paint covers: one of `Ink.opacities` (100 %, 60 %, 30 %; the glass button, G).
    public private(set) var opacity = 1.0

    public init(erase: Bool = false, brush: Brush = .normal, opacity: Double = 1) {
        self.erase = erase
        self.brush = brush
        self.opacity = opacity
    }

    /// The three widths, by the keys that choose them.
    public enum Brush: Int, CaseIterable, Sendable {
        case thin = 1, normal = 2, fat = 3

        /// Times the difficulty's width: thin is a fine line, fat about 2.5× (issue 11).
        var factor: Double {
            switch self {
            case .thin: return 0.4
            case .normal: return 1
            case .fat: return 2.5
            }
        }

        /// This brush's width in a drawing set up as `configuration` (nil: the difficulty's own).
        func width(_ configuration: SessionConfiguration) -> Double? {
            guard self != .normal else { return nil }
            let w = (configuration.parameters.penWidth * factor).rounded()
            return min(max(w, Sample.widthRange.lowerBound), Sample.widthRange.upperBound)
        }
    }

    /// The sample's width for a drawing set up as `configuration`: nil for the difficulty's
    /// own, so a drawing made without the brushes records exactly what it did before.
    func width(_ configuration: SessionConfiguration) -> Double? { brush.width(configuration) }

    /// Turns the eraser on or off.
    mutating func toggleEraser() { erase.toggle() }

    /// Picks a width; the eraser stays as it is.
    mutating func choose(_ brush: Brush) { self.brush = brush }

    /// The next opacity: 100 % → 60 % → 30 % → 100 %.
    mutating func nextOpacity() {
        let all = Ink.opacities
        let i = all.firstIndex(of: opacity) ?? all.count - 1
        opacity = all[(i + 1) % all.count]
    }

    /// The tool a drawing was left with: its last sample's, so a continued drawing goes on
    /// with the same pen.
    init(continuing session: ReadOnlySession) {
        self.init(continuing: session.marbles[0].input, session.configuration)
    }

    /// The tool a marble's last sample used (`input`), in a drawing set up as `configuration`.
    init(continuing input: Sample?, _ configuration: SessionConfiguration) {
        erase = input?.erase ?? false
        // The nearest of the offered opacities (a log may hold any).
        let o = input?.opacity ?? 1
        opacity = Ink.opacities.min { abs($0 - o) < abs($1 - o) } ?? 1
        let own = configuration.parameters.penWidth
        if let w = input?.width, w != own {
            brush = w < own ? .thin : .fat
        }
    }
}
