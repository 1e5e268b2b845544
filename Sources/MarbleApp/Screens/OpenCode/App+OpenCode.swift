import MarbleKit

/// Gallery ▸ Open a code: the drawing handed in as that code is fetched from the class folder
/// and adopted into the gallery off the frame, then opened to go on drawing.
extension App {
    /// Enter with six letters typed: the fetch starts on its own thread.
    func fetchCode() {
        guard let code = desk.screens.code.code, !desk.screens.code.fetching else { return }
        if desk.startFetch(code) {
            desk.screens.code.fetching = true
            desk.screens.code.failed = nil
        }
    }

    /// The fetch ended: its drawing opens, or the screen shows why not.
    func fetched(_ result: Result<String, ClassJob<String>.Failure>) {
        desk.screens.code.fetching = false
        switch result {
        case .success(let id):
            desk.screens.code.clear()
            openDrawing(id)
        case .failure(let failure):
            switch failure.problem {
            case .noSuchCode?: desk.screens.code.failed = .noSuchCode
            case let problem?: desk.screens.code.failed = .folder(HandInStatus.reason(of: problem))
            case nil:
                desk.screens.code.failed = .folder(.unreachable)
                say(tr("Could not open that drawing: {why}", ["why": "\(failure)"]))
            }
            log("open code \(desk.screens.code.typed): \(failure)")
        }
    }
}
