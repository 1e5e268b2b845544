/// A painter's pen on a canvas: its open stroke, if any, and where that stroke's layer is.
///
/// Kept by whoever paints (each marble its own) and passed to the canvas's stroke methods.
/// Layer numbers come from the canvas's one counter (`layersIssued`), so two open strokes never
/// share a layer: where one paints over another's fresh paint it lays a layer on top, as a
/// stroke crossing an older one does, and the order they are painted in decides the pixels.
extension Canvas {
    public struct Pen: Equatable, Sendable {
        /// The open stroke's last point; nil when none is open.
        public internal(set) var point: Vec2?
        // The last stroke's width, its arc length so far, and its layer: kept after it closes
        // (a one-marble snapshot saves them).
        var width: Double = 1
        var arcLength: Double = 0
        var layer: UInt32 = 0
        /// The open (or last) stroke's ink.
        var ink = Ink.opaque

        public init() {}

        init(point: Vec2?, width: Double, arcLength: Double, layer: UInt32) {
            self.point = point
            self.width = width
            self.arcLength = arcLength
            self.layer = layer
        }

        /// Whether a stroke is open.
        public var isOpen: Bool { point != nil }
    }
}
