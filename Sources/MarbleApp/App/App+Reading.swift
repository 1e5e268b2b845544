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

    /// Player 1's controls.
    public var controls: Controls { players[0].controls }
    /// The first pad connected, if any.
    public var padName: String? { input.firstPad?.name }
    /// How the first phone's link stands (nil: no phone set), and what it has counted.
    public var phoneStatus: DSUSession.Status? { phones.count > 0 ? phones[0].status(now: now) : nil }
    public var phoneCounts: DSUSession.Counts? { phones.count > 0 ? phones[0].session?.counts : nil }
    public var padHasMotion: Bool { input.firstPad?.hasMotion ?? false }

    /// The line for the user showing now, if any.
    public var notice: String? { nav.notice.map(\.text) }
}
