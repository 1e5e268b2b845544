import MarbleKit

extension App {
    /// Takes one event from the platform.
    public func handle(_ event: UIEvent) {
        // Everything is saved and closed: a key in the same batch must not open another drawing.
        guard !finished else { return }
        // The grown-up gate sees presses and releases first: a number held down is its own.
        if nav.screen == .gate && gateTakes(event) { return }
        switch event {
        case .keyDown(let key, let ctrl, let isRepeat):
            if ctrl && key == .q { quit(); return }
            if key == .f11 { if !isRepeat { run.ask(.toggleFullscreen) }; return }
            // M mutes and unmutes everywhere, drawing or not.
            // (Not while a code is typed: M is one of its letters.)
            if key == .m && !ctrl && nav.screen != .openCode && nav.screen != .classSetup { if !isRepeat { toggleMute() }; return }
            input.keyDown(key, live: isDrawingLive)
            if isRepeat && !key.isArrow { return }
            // Ctrl+Z and Ctrl+Y are Z and Y, as in every paint program.
            if !ctrl || key == .z || key == .y { press(key) }
        case .keyUp(let key):
            input.keyUp(key)
        case .padButtonDown(let b, let id):
            input.buttonDown(b, on: .pad(id), live: isDrawingLive)
            press(b, from: .pad(id))
        case .padButtonUp(let b, let id):
            input.buttonUp(b, on: .pad(id))
        case .padSticks(let lx, let ly, let rx, let ry, let id):
            let sticks = InputState.Sticks(leftX: lx, leftY: ly, rightX: rx, rightY: ry)
            if let dir = input.sticksMoved(sticks, on: .pad(id), live: isDrawingLive, leftHanded: preferences.settings.leftHanded) {
                moveFocus(dir)
            }
        case .padAdded(let name, let accelerometer, let gyro, let id):
            input.padAdded(id, name: name, hasMotion: accelerometer || gyro)
            deviceJoined(.pad(id))
            if drawings.paused == .padRemoved { say(tr("{pad} is back: press A or Enter to carry on.", ["pad": name])) }
        case .padRemoved(let id):
            let p = player(of: .pad(id))
            input.padRemoved(id)
            // Its player left with no pad or phone (another pad or a phone of theirs takes over
            // without a pause). Unplugged while minimised too: showing the window again must
            // not carry on without it.
            // With several players, play goes on: that child has their hand's keys, or waits.
            let stranded = players.count == 1 && (p.map { input.seating.devices(of: $0).isEmpty } ?? false)
            if stranded && nav.screen == .drawing && (drawings.paused == nil || drawings.paused == .hidden) {
                pause(.padRemoved)
            }
        case .padMotionBlocked(_, let id):
            input.padMotionBlocked(id)
            say(tr("This pad can tilt, but the system hides its tilt: the sticks work. Grown-ups: see 'If tilting a pad does nothing' in the README."), for: 10)
        case .accelerometer(let x, let y, let z, let t, let id):
            deviceMotion(.pad(id)) { $0.accelerometer(x: x, y: y, z: z, timestampUS: t) }
        case .gyro(let p, let yaw, let r, let t, let id):
            deviceMotion(.pad(id)) { $0.gyro(pitch: p, yaw: yaw, roll: r, timestampUS: t) }
        case .pointerMoved, .pointerDown, .pointerUp, .wheel, .quitRequested, .hidden, .shown, .focusLost, .text:
            windowEvent(event)
        case .motionDatagram(let bytes, let phone):
            phoneDatagram(bytes, phone: phone)
        case .phonePage, .phonePageServing, .phonePageFailed, .phonePageCounts:
            pageEvent(event)
        }
    }

    /// An event of the window itself: the pointer, the wheel, typed text, hiding and showing.
    func windowEvent(_ event: UIEvent) {
        switch event {
        case .pointerMoved(let p):
            if let i = Focus.hit(p, in: buttons) { nav.focus(i) }
        case .pointerDown(let p):
            if let q = nav.question, !q.takesClicks(at: now) { break }
            if let i = Focus.hit(p, in: buttons) { nav.press(i) }
        case .pointerUp(let p):
            let pressed = nav.release()
            let shown = buttons
            if let i = Focus.hit(p, in: shown), i == pressed { perform(shown[i].action) }
        case .wheel(let dy):
            if nav.screen == .gallery && dy != 0 { nav.scrollGallery(rows: dy > 0 ? -1 : 1) }
            if nav.screen == .classroom && dy != 0 { scrollClass(rows: dy > 0 ? -1 : 1) }
        case .quitRequested:
            quit()
        case .hidden:
            if nav.screen == .drawing && drawings.paused == nil { pause(.hidden) } else { save() }
        case .shown:
            // Back from a minimise (or X11's hide-and-show when a window first maps): carry on.
            if drawings.paused == .hidden { resume() }
        case .focusLost:
            input.releaseKeys()
        case .text(let text):
            if nav.screen == .phone && !phones.setup.inBrowser { phones.setup.type(text) }
            // The C that opened the code screen comes as text in the same frame: not a letter of it.
            if nav.screen == .openCode && nav.shownAt < now { desk.screens.code.type(text) }
            // As the code's: the E that opened the form is not typed into it.
            if nav.screen == .classSetup && nav.shownAt < now { typeClassSetup(text) }
        default:
            break
        }
    }

    /// The window's drawable size changed (and at every frame's start): buttons are hit-tested
    /// against the layout shown.
    public func resize(width: Double, height: Double) {
        nav.resize(Layout(width: width, height: height))
    }

    // MARK: - Keys

    /// A key: its meaning on the screen showing (or on the question over it).
    func press(_ key: Key) {
        switch keyResponse(to: key) {
        case .act(let action): perform(action)
        case .navigate: menuKey(key)
        case .ignore: break
        }
    }

    /// Arrows move focus, Enter or Space chooses, Esc goes back.
    func menuKey(_ key: Key) {
        switch key {
        case .up: moveFocus(.up)
        case .down: moveFocus(.down)
        case .left: moveFocus(.left)
        case .right: moveFocus(.right)
        case .enter, .space: activateFocus()
        case .escape: perform(nav.question != nil ? .confirmNo : .back)
        default: break
        }
    }

    // MARK: - Pad buttons

    /// A button newly pressed on `device`: while drawing, its own player's tools (north the
    /// eraser, D-pad up and down the width, Back levels their pose) and the drawing's (Start or
    /// B pauses, D-pad left and right undo and redo); else the menus, whoever presses.
    func press(_ b: PadButton, from device: Device) {
        // West (X on Xbox pads, □ on PlayStation) mutes and unmutes everywhere.
        if b == .west { toggleMute(); return }
        if isDrawingLive {
            let p = input.seating.actor(of: device)
            switch b {
            case .start, .east: perform(.pause)
            case .dpadLeft: perform(.undo)
            case .dpadRight: perform(.redo)
            case .north: if let p { perform(.toggleEraser(player: p)) }
            case .dpadUp: if let p { stepBrush(1, player: p) }
            case .dpadDown: if let p { stepBrush(-1, player: p) }
            case .back:
                guard let p else { break }
                setNeutral(player: p)
                say(players.count > 1 ? tr("Player {n}'s tilt reset: hold it like this to keep still.", ["n": p + 1])
                        : tr("Tilt reset: hold the pad like this to keep still."), for: 3)
            default: break
            }
            return
        }
        switch b {
        case .south, .start: activateFocus()
        case .east: perform(nav.question != nil ? .confirmNo : (nav.screen == .drawing ? .resume : .back))
        case .north: if nav.screen == .gallery, let id = focusedDrawingID { perform(.deleteDrawing(id)) }
        case .dpadUp: moveFocus(.up)
        case .dpadDown: moveFocus(.down)
        case .dpadLeft: moveFocus(.left)
        case .dpadRight: moveFocus(.right)
        default: break
        }
    }

    // MARK: - Focus

    func moveFocus(_ dir: Direction) {
        let shown = buttons
        guard let from = focusedIndex(in: shown) else { return }
        let next = Focus.move(from: from, dir, in: shown)
        if nav.screen == .gallery && next == from && nav.question == nil {
            // Past the last row shown: scroll instead.
            if dir == .down { nav.scrollGallery(rows: 1) } else if dir == .up { nav.scrollGallery(rows: -1) }
            return
        }
        nav.focus(next)
    }

    func activateFocus() {
        let shown = buttons
        guard let i = focusedIndex(in: shown) else { return }
        perform(shown[i].action)
    }
}

extension Key {
    /// The arrows: they repeat while held (focus keeps moving); other keys act once.
    var isArrow: Bool { self == .up || self == .down || self == .left || self == .right }
}
