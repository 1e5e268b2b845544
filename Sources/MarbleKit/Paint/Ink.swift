/// How a stroke lays its colour: opaque paint, see-through paint, or the eraser's wipe back to
/// the board under the paint.
///
/// See-through paint is one even wash a stroke: where a stroke crosses itself its coverage
/// combines by `max` however far it has gone (an opaque stroke's crossing shows the newer
/// colour instead), while a later stroke over it is a layer of its own and darkens it.
public struct Ink: Equatable, Hashable, Sendable, Codable {
    /// Opacity in 255ths: 255 is opaque.
    public var alpha: UInt8
    /// Whether the stroke puts the board back (the eraser on a canvas with a picture under it).
    public var wipes: Bool

    public init(alpha: UInt8 = 255, wipes: Bool = false) {
        self.alpha = alpha
        self.wipes = wipes
    }

    /// Paint of `opacity` (0 to 1, clamped; NaN is opaque), rounded to 255ths.
    public init(opacity: Double) {
        let o = opacity.isNaN ? 1 : min(max(opacity, 0), 1)
        // ½ added and truncated (o ≥ 0): no libm call decides pixels.
        self.init(alpha: UInt8(o * 255 + 0.5))
    }

    /// Opaque paint: every stroke before see-through paint and pictures.
    public static let opaque = Ink()

    /// The opacities the pen offers (the tool column's glass button cycles them).
    public static let opacities: [Double] = [1, 0.6, 0.3]

    /// The opacity, 0 to 1.
    public var opacity: Double { Double(alpha) / 255 }
}
