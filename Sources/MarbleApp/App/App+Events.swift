import MarbleKit

extension App {
    /// Takes one event from the platform.
    public func handle(_ event: UIEvent) {
        // Everything is saved and closed: a key in the same batch must not open another drawing.
        guard !finished else { return }
        switch event {
        case .keyDown(let key, let ctrl, let isRepeat):
            if ctrl && key == .q { quit(); return }
            if key == .f11 { if !isRepeat { effects.append(.toggleFullscreen) }; return }
            // M mutes and unmutes everywhere, drawing or not.
            if key == .m && !ctrl { if !isRepeat { toggleMute() }; return }
            input.keyDown(key, live: isDrawingLive)
            if isRepeat && !key.isArrow { return }
            // Ctrl+Z and Ctrl+Y are Z and Y, as in every paint program.
            if !ctrl || key == .z || key == .y { press(key) }
        case .keyUp(let key):
            input.keyUp(key)
        case .padButtonDown(let b):
            input.padButtonDown(b, live: isDrawingLive)
            press(b)
        case .padButtonUp(let b):
            input.padButtonUp(b)
        case .padSticks(let lx, let ly, let rx, let ry):
            let sticks = InputState.Sticks(leftX: lx, leftY: ly, rightX: rx, rightY: ry)
            if let dir = input.sticksMoved(sticks, live: isDrawingLive, leftHanded: preferences.settings.leftHanded) { moveFocus(dir) }
        case .padAdded(let name, let accelerometer, let gyro):
            input.padAdded(name: name, hasMotion: accelerometer || gyro)
            if drawings.paused == .padRemoved { say("\(name) is back: press A or Enter to carry on.") }
        case .padRemoved:
            input.padRemoved()
            // Unplugged while minimised too: showing the window again must not carry on without it.
            if nav.screen == .drawing && (drawings.paused == nil || drawings.paused == .hidden) {
                pause(.padRemoved)
            }
        case .padMotionBlocked:
            input.padMotionBlocked()
            say("This pad can tilt, but the system hides its tilt: the sticks work. Grown-ups: see "
                + "'If tilting a pad does nothing' in the README.", for: 10)
        case .accelerometer(let x, let y, let z, let t):
            input.accelerometer(x: x, y: y, z: z, timestampUS: t)
        case .gyro(let p, let yaw, let r, let t):
            input.gyro(pitch: p, yaw: yaw, roll: r, timestampUS: t)
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
            if nav.screen == .phone { phoneSetup.type(text) }
        case .motionDatagram(let bytes, let second):
            phoneDatagram(bytes, second: second)
        case .secondPad(let e):
            input.secondPadEvent(e)
            if case .buttonDown(let b) = e { secondDevicePress(b) }
        }
    }

    /// The window's drawable size changed (and at every frame's start): buttons are hit-tested
    /// against the layout shown.
    public func resize(width: Double, height: Double) {
        layout = Layout(width: width, height: height)
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

    func press(_ b: PadButton) {
        // West (X on Xbox pads, □ on PlayStation) mutes and unmutes everywhere.
        if b == .west { toggleMute(); return }
        if isDrawingLive {
            switch b {
            case .start, .east: perform(.pause)
            case .dpadLeft: perform(.undo)
            case .dpadRight: perform(.redo)
            case .north: perform((drawings.drawing?.session.marbles.count ?? 1) > 1 ? .toggleSecondEraser : .toggleEraser)
            case .dpadUp: stepBrush(1)
            case .dpadDown: stepBrush(-1)
            case .back:
                input.setNeutral()
                say("Tilt reset: hold the pad like this to keep still.", for: 3)
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
