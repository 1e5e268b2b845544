extension StoredDrawing {
    /// Hears the drawing's physics steps as they run (the window's sound): see
    /// `DrawingSession.stepListener`. Listening changes nothing that is saved.
    public var stepListener: ((SoundStep) -> Void)? {
        get { live.stepListener }
        set { live.stepListener = newValue }
    }
}
