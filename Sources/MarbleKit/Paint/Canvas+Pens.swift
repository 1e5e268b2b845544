/// A second pen on one canvas: two marbles painting one picture, each its own open stroke.
///
/// The canvas paints with one pen at a time, the one it holds (`penPoint`, `penWidth`,
/// `arcLength`, `layerSerial`); a second marble keeps its own `Pen` and swaps it in to paint.
/// Layer numbers come from one counter (`layersIssued`), so two open strokes never share a
/// layer: where one paints over the other's fresh paint it lays a layer on top, as a stroke
/// crossing an older one does, and the order the session paints them in decides the pixels.
extension Canvas {
    /// One open stroke's pen: where it is, its width, how far it has gone, its layer.
    public struct Pen: Equatable, Sendable {
        /// The open stroke's last point; nil when none is open.
        var point: Vec2?
        var width: Double = 1
        var arcLength: Double = 0
        var layer: UInt32 = 0

        public init() {}
    }

    /// Puts `other` in the canvas's hand and gives back the pen it held.
    func swapPen(_ other: inout Pen) {
        let held = Pen(point: penPoint, width: penWidth, arcLength: arcLength, layer: layerSerial)
        penPoint = other.point
        penWidth = other.width
        arcLength = other.arcLength
        layerSerial = other.layer
        other = held
    }
}

extension Canvas.Pen {
    init(point: Vec2?, width: Double, arcLength: Double, layer: UInt32) {
        self.point = point
        self.width = width
        self.arcLength = arcLength
        self.layer = layer
    }
}
