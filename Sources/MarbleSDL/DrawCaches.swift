/// The textures the window keeps from frame to frame for texts and for the balls and rings.
///
/// (The button cache is not here: a button is drawn, texts and all, while its cache is being
/// changed, and one owner of both would be one value accessed twice at once.)
struct DrawCaches {
    var text: TextCache
    /// The balls and the players' rings, drawn every frame.
    var sprites = Sprites()

    mutating func destroy() {
        text.destroy()
        sprites.destroy()
    }
}
