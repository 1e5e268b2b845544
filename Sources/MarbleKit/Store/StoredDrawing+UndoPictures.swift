extension StoredDrawing {
    /// Waits until undo's pictures, painted in the background since the drawing was opened,
    /// are ready (see `DrawingSession.seedUndoBases`). Nothing needs to call it: an undo waits
    /// by itself; the benchmark does, to time the undo apart from the painting.
    public func waitForUndoPictures() { live.waitForUndoSeed() }

    /// The bytes undo's saved pictures hold (the benchmark reports it: the biggest part of an
    /// open drawing's memory after its pixels and strokes).
    public var undoPictureBytes: Int { live.undoBases.bytes }

    /// The most those pictures may hold, in bytes.
    public static var undoPictureBudget: Int { DrawingSession.UndoBases.budget }
}
