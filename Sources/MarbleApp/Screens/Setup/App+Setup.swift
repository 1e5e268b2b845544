import MarbleKit

/// The setup screen's actions: choosing, and starting the drawing chosen.
extension App {
    func startNewDrawing() {
        closeDrawing()
        // The very first drawing shows how to draw; the first tilt puts it away.
        let first = listDrawings().isEmpty
        do throws(StoreError) {
            enterDrawing(try drawings.create(nav.setup.configuration, trace: nav.setup.trace))
            nav.setHelp(first)
        } catch {
            report(error, "Could not start a drawing", context: "new drawing")
        }
    }

    /// Starts a new drawing straight away (`marble play --new`), tracing `trace` if given.
    public func startNew(mode: PhysicsMode, difficulty: Difficulty, trace: TraceShape? = nil, marbles: Int = 1) {
        nav.changeSetup { $0 = SetupChoice(mode: mode, difficulty: difficulty, trace: trace, marbles: min(max(marbles, 1), SessionConfiguration.maxMarbles)) }
        setPlayers(nav.setup.marbles)
        startNewDrawing()
    }
}
