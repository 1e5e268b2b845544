extension StoredDrawing {
    /// Waits until undo's pictures, painted in the background since the drawing was opened,
    /// are ready (see `DrawingSession.seedUndoBases`). Nothing needs to call it: an undo waits
    /// by itself; the benchmark does, to time the undo apart from the painting.
    public func waitForUndoPictures() { live.waitForUndoSeed() }
}
