/// The canvas in the window: its streaming texture and what the last frame drew over it.
struct CanvasLayer {
    var texture = CanvasTexture()
    /// What the last frame drew over the canvas (the software renderer keeps the rest).
    var damage = CanvasDamage()
    /// Whether SDL's software renderer draws the window (the window then keeps its pixels between frames).
    var isSoftware = false
}
