/// A drawing as a picture to share: a PNG that carries the drawing's journal.
extension StoredDrawing {
    /// The canvas as PNG bytes (from `encode`) with the journal, as saved so far, in an `mrBL`
    /// chunk: `marble open` adds the picture back to a gallery to go on drawing.
    ///
    /// Throws a `StoreError` when the journal cannot be read, the encoder's error when the
    /// canvas cannot be encoded, and a `PictureChunk.Problem` when the PNG cannot take the chunk.
    public func sharedPicture(encode: (UnsafeRawBufferPointer, Int, Int) throws -> [UInt8]) throws -> [UInt8] {
        try pictureToShare().encoded(with: encode)
    }

    /// What a shared picture is made of, copied now (the canvas and the journal as saved so
    /// far), so that it can be encoded on another thread while the drawing goes on.
    public func pictureToShare() throws(StoreError) -> PictureToShare {
        let canvas = live.canvas
        return PictureToShare(pixels: canvas.pixelBytes, width: canvas.width, height: canvas.height,
                              journal: try store.journalBytes(of: id))
    }
}

/// A drawing's picture and journal, ready to become a PNG that `marble open` can continue.
public struct PictureToShare: Sendable {
    /// RGBA8, rows top to bottom.
    public let pixels: [UInt8]
    public let width: Int
    public let height: Int
    public let journal: [UInt8]

    /// The PNG (from `encode`) with the journal in its `mrBL` chunk.
    public func encoded(with encode: (UnsafeRawBufferPointer, Int, Int) throws -> [UInt8]) throws -> [UInt8] {
        let png = try pixels.withUnsafeBytes { try encode($0, width, height) }
        return try PictureChunk.embed(journal, in: png)
    }
}
