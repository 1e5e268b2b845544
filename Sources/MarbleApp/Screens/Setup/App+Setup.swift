import MarbleKit

/// The setup screen's actions: choosing, and starting the drawing chosen.
extension App {
    func startNewDrawing() {
        closeDrawing()
        // The very first drawing shows how to draw; the first tilt puts it away.
        let first = listDrawings().isEmpty
        do throws(StoreError) {
            let configuration = nav.setup.configuration
            enterDrawing(try drawings.create(configuration, board: nav.setup.picture?.board(for: configuration), trace: nav.setup.trace))
            nav.setHelp(first)
        } catch {
            report(error, tr("Could not start a drawing"), context: "new drawing")
        }
    }

    /// Starts a new drawing straight away (`marble play --new`), tracing `trace` and over
    /// `picture` if given.
    public func startNew(mode: PhysicsMode, difficulty: Difficulty, trace: TraceShape? = nil, marbles: Int = 1,
                         picture: SetupPicture? = nil) {
        nav.changeSetup {
            $0 = SetupChoice(mode: mode, difficulty: difficulty, trace: trace, marbles: min(max(marbles, 1), SessionConfiguration.maxMarbles),
                             picture: picture)
        }
        setPlayers(nav.setup.marbles)
        startNewDrawing()
    }
}
