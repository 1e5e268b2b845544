import MarbleKit

extension App {
    /// Does what a button (or its key) stands for: the one place actions change the app.
    public func perform(_ action: Action) {
        switch action {
        case .newDrawing:
            setPlayers(nav.setup.marbles)
            show(.setup)
            nav.focus(SetupScreen.startIndex)
        case .continueLast: if let id = nav.latest?.id { openDrawing(id) }
        case .gallery: show(.gallery)
        case .quit: quit()
        case .chooseMode(let m): nav.changeSetup { $0.mode = m }
        case .chooseMarbles(let n):
            nav.changeSetup { $0.marbles = n }
            setPlayers(nav.setup.marbles)
        case .nextMarbles:
            nav.changeSetup { $0.marbles = $0.marbles % SessionConfiguration.maxMarbles + 1 }
            setPlayers(nav.setup.marbles)
        case .chooseDifficulty(let d): nav.changeSetup { $0.difficulty = d }
        case .chooseTrace(let shape): nav.changeSetup { $0.trace = shape }
        case .nextTrace: nav.changeSetup { $0.nextTrace() }
        case .start: startNewDrawing()
        case .back:
            switch nav.screen {
            case .setup, .gallery, .end, .settings: perform(.home)
            case .phone: phoneBack()
            case .pictures: show(.setup)
            case .handIn, .openCode, .classroom: classBack()
            case .classSetup: leaveClassSetup()
            case .gate: show(.settings)
            case .drawing: perform(.resume)
            case .watch: stopWatching()
            case .home: break
            }
        case .done: finishDrawing()
        case .pause: if nav.screen == .drawing { pause(.user) }
        case .resume: resume()
        case .savePicture: savePicture()
        case .saveLog: saveLog()
        case .continueDrawing:
            if drawings.drawing != nil {
                show(.drawing)
                resume()
            }
        case .delete:
            if let d = drawings.drawing { nav.ask(id: d.id, title: d.title, picture: d.thumbnailPath, now: now) }
        case .home:
            closeDrawing()
            show(.home)
        case .open(let id): openDrawing(id)
        case .deleteDrawing(let id):
            let entry = nav.gallery.entries.first { $0.id == id }
            nav.ask(id: id, title: entry?.title ?? id, picture: entry?.thumbnailPath, now: now)
        case .confirmYes: confirmDelete()
        case .confirmNo: nav.dismissQuestion()
        case .toggleBigButtons: toggleBigButtons()
        case .toggleEraser(let p): toggleEraser(player: p)
        case .chooseBrush(let b, let p): chooseBrush(b, player: p)
        case .nextOpacity(let p): nextOpacity(player: p)
        case .pictures: showPictures()
        case .choosePicture(let path): choosePicture(path)
        case .undo: undoStep()
        case .redo: redoStep()
        case .settings: show(.settings)
        case .chooseSpeed(let speed): chooseSpeed(speed)
        case .toggleInvertY: toggleInvertY()
        case .toggleLeftHanded: toggleLeftHanded()
        case .toggleSound: toggleMute()
        case .toggleVoice: toggleVoice()
        case .help: if nav.screen == .drawing { nav.toggleHelp(); helpToggled() }
        case .watch(let id): startWatching(id)
        case .watchPause, .watchSpeed, .watchSeek: watchAction(action)
        case .saveTimelapse: saveTimelapse()
        case .phone, .keepPhoneAddress, .calibratePhone, .calibrationPress, .forgetPhone, .eraseTyped, .choosePhone: phoneAction(action)
        case .phoneInBrowser, .choosePagePlayer, .letGoPage: pageAction(action)
        // Settings ▸ Class opens only through the grown-up gate, whoever asks.
        case .classroom: showGate()
        case .gateChoice: gateTapped()
        case .handIn, .handInAs, .openCode, .fetchCode, .eraseCode, .watchClass: classAction(action)
        case .classSetup, .classSetupField, .nextClassSetupField, .eraseClassSetup, .checkClassSetup: classSetupAction(action)
        }
    }

    /// Shows a screen, with what the store says it needs.
    func show(_ screen: Screen) {
        nav.go(to: screen, at: now)
        switch screen {
        case .home: refreshLatest()
        case .gallery: nav.showGallery(listDrawings(), keepingScroll: false)
        default: break
        }
    }

    // MARK: - Quitting

    /// Saves everything and asks the platform to close.
    public func quit() {
        for line in phoneSummaries + pageSummaries { log(line) }
        stopServingPages()
        // A hand-in being kept is kept whole before the drawing closes.
        desk.finish()
        closeDrawing()
        run.finish()
    }
}
