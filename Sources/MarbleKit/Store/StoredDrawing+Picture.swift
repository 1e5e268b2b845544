/// A drawing as a picture to share: a PNG that carries the drawing's journal.
extension StoredDrawing {
    /// The canvas as PNG bytes (from `encode`) with the journal, as saved so far, in an `mrBL`
    /// chunk: `marble open` adds the picture back to a gallery to go on drawing.
    ///
    /// Throws a `StoreError` when the journal cannot be read, the encoder's error when the
    /// canvas cannot be encoded, and a `PictureChunk.Problem` when the PNG cannot take the chunk.
    public func sharedPicture(encode: (UnsafeRawBufferPointer, Int, Int) throws -> [UInt8]) throws -> [UInt8] {
        let canvas = live.canvas
        let png = try canvas.withPixelBytes { try encode($0, canvas.width, canvas.height) }
        return try PictureChunk.embed(try store.journalBytes(of: id), in: png)
    }
}
