import MarbleKit

/// Read-only views of the app's parts, by the names the tests and tools use.
extension App {
    public var screen: Screen { nav.screen }
    public var focus: Int { nav.focus }
    public var setupMode: PhysicsMode { nav.setup.mode }
    public var setupDifficulty: Difficulty { nav.setup.difficulty }
    public var pendingDelete: DeleteQuestion? { nav.question }
    public var galleryEntries: [DrawingSummary] { nav.gallery.entries }
    public var galleryTop: Int { nav.gallery.top }
    public var latest: DrawingSummary? { nav.latest }

    public var store: DrawingStateStore { drawings.store }
    public var drawing: StoredDrawing? { drawings.drawing }
    public var paused: PauseReason? { drawings.paused }
    public var drawingTime: Double { drawings.time }
    public var lastExport: String? { drawings.lastExport }
    /// Where Save picture and Save log write.
    public var exportFolder: String { drawings.exportFolder }

    public var controls: Controls { input.controls }
    /// The pad in use, if one is connected.
    public var padName: String? { input.pad?.name }
    /// How the phone's link stands (nil: no phone set), and what it has counted.
    public var phoneStatus: DSUSession.Status? { phone.status(now: now) }
    public var phoneCounts: DSUSession.Counts? { phone.session?.counts }
    public var padHasMotion: Bool { input.pad?.hasMotion ?? false }

    /// The line for the user showing now, if any.
    public var notice: String? { message.map(\.text) }
}
