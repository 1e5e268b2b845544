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
            heldKeys.insert(key)
            syncKeys()
            if isRepeat && !(key == .up || key == .down || key == .left || key == .right) { return }
            if !ctrl { press(key, isRepeat: isRepeat) }
        case .keyUp(let key):
            heldKeys.remove(key)
            syncKeys()
        case .padButtonDown(let b):
            padButtons.insert(b)
            syncPad()
            press(b)
        case .padButtonUp(let b):
            padButtons.remove(b)
            syncPad()
        case .padSticks(let lx, let ly, let rx, let ry):
            var pad = controls.pad ?? PadState()
            pad.leftX = lx; pad.leftY = ly; pad.rightX = rx; pad.rightY = ry
            controls.pad = pad
            stickNavigation(x: controls.options.leftHanded ? rx : lx, y: controls.options.leftHanded ? ry : ly)
        case .padAdded(let name, let accelerometer, let gyro):
            padName = name
            padHasMotion = accelerometer || gyro
            // A new pad (or another taking over from one unplugged, with no padRemoved between):
            // its gravity, neutral pose, gyro bias, sticks and buttons are its own.
            controls.resetMotion()
            controls.pad = PadState()
            padButtons = []
            if paused == .padRemoved { say("\(name) is back: press A or Enter to carry on.") }
        case .padRemoved:
            padName = nil
            padHasMotion = false
            padButtons = []
            controls.pad = nil
            // Unplugged while minimised too: showing the window again must not carry on without it.
            if screen == .drawing && (paused == nil || paused == .hidden) {
                paused = .padRemoved
                focus = 0
                save()
            }
        case .accelerometer(let x, let y, let z, let t):
            controls.accelerometer(x: x, y: y, z: z, timestampUS: t)
        case .gyro(let p, let yaw, let r, let t):
            controls.gyro(pitch: p, yaw: yaw, roll: r, timestampUS: t)
        case .pointerMoved(let p):
            if let i = Focus.hit(p, in: lastButtons) { focus = i }
        case .pointerDown(let p):
            // The question's buttons can lie under the trash button just clicked: a double-click
            // must not answer it.
            if pendingDelete != nil && now - deleteAskedAt < Self.confirmClickDelay { break }
            if let i = Focus.hit(p, in: lastButtons) { focus = i; pointerPressed = i }
        case .pointerUp(let p):
            defer { pointerPressed = nil }
            if let i = Focus.hit(p, in: lastButtons), i == pointerPressed { perform(lastButtons[i].action) }
        case .wheel(let dy):
            if screen == .gallery && dy != 0 { scrollGallery(rows: dy > 0 ? -1 : 1) }
        case .quitRequested:
            quit()
        case .hidden:
            if screen == .drawing && paused == nil { paused = .hidden; focus = 0 }
            save()
        case .shown:
            // Back from a minimise (or X11's hide-and-show when a window first maps): carry on.
            if paused == .hidden { paused = nil; lastUpdate = nil }
        case .focusLost:
            heldKeys = []
            syncKeys()
        }
    }

    /// Whether the drawing is live: physics running, input steering the ball.
    public var isDrawingLive: Bool { screen == .drawing && paused == nil && pendingDelete == nil }

    // MARK: - Keys

    func syncKeys() {
        var k = KeyState()
        k.left = heldKeys.contains(.left) || heldKeys.contains(.a)
        k.right = heldKeys.contains(.right) || heldKeys.contains(.d)
        k.up = heldKeys.contains(.up) || heldKeys.contains(.w)
        k.down = heldKeys.contains(.down) || heldKeys.contains(.s)
        k.turnLeft = heldKeys.contains(.q)
        k.turnRight = heldKeys.contains(.e)
        // Like the pad's A: the Space that chose Start (or Go on) does not lift the pen.
        k.penUp = heldKeys.contains(.space) && (controls.keys.penUp || isDrawingLive)
        controls.keys = k
    }

    func syncPad() {
        guard var pad = controls.pad else { return }
        pad.south = padButtons.contains(.south) && isDrawingLive
        pad.leftShoulder = padButtons.contains(.leftShoulder)
        pad.rightShoulder = padButtons.contains(.rightShoulder)
        controls.pad = pad
    }

    func press(_ key: Key, isRepeat: Bool) {
        if pendingDelete != nil {
            switch key {
            case .y: perform(.confirmYes)
            case .n, .escape, .backspace: perform(.confirmNo)
            default: menuKey(key)
            }
            return
        }
        switch screen {
        case .drawing where paused == nil:
            switch key {
            case .escape: perform(.pause)
            case .enter: perform(.done)
            default: break
            }
            return
        case .drawing:
            if key == .escape { perform(.resume); return }
        case .home:
            switch key {
            case .n: perform(.newDrawing); return
            case .c: if latest != nil { perform(.continueLast) }; return
            case .g: perform(.gallery); return
            default: break
            }
        case .setup:
            switch key {
            case .r: perform(.chooseMode(.real)); return
            case .f: perform(.chooseMode(.fake)); return
            case .one: perform(.chooseDifficulty(.easy)); return
            case .two: perform(.chooseDifficulty(.normal)); return
            case .three: perform(.chooseDifficulty(.hard)); return
            default: break
            }
        case .end:
            switch key {
            case .s: perform(.savePicture); return
            case .l: perform(.saveLog); return
            case .c: perform(.continueDrawing); return
            case .delete, .backspace: perform(.delete); return
            case .h: perform(.home); return
            default: break
            }
        case .gallery:
            if key == .n && galleryEntries.isEmpty { perform(.newDrawing); return }
            if key == .delete || key == .backspace, let id = focusedDrawingID { perform(.deleteDrawing(id)); return }
        }
        menuKey(key)
    }

    /// Arrows move focus, Enter or Space chooses, Esc goes back.
    func menuKey(_ key: Key) {
        switch key {
        case .up: moveFocus(.up)
        case .down: moveFocus(.down)
        case .left: moveFocus(.left)
        case .right: moveFocus(.right)
        case .enter, .space: activateFocus()
        case .escape: perform(pendingDelete != nil ? .confirmNo : .back)
        default: break
        }
    }

    // MARK: - Pad buttons

    func press(_ b: PadButton) {
        if isDrawingLive {
            switch b {
            case .start, .east: perform(.pause)
            case .back: controls.setNeutral(); say("Tilt reset: hold the pad like this to keep still.", for: 3)
            default: break
            }
            return
        }
        switch b {
        case .south, .start: activateFocus()
        case .east: perform(pendingDelete != nil ? .confirmNo : (screen == .drawing ? .resume : .back))
        case .north: if screen == .gallery, let id = focusedDrawingID { perform(.deleteDrawing(id)) }
        case .dpadUp: moveFocus(.up)
        case .dpadDown: moveFocus(.down)
        case .dpadLeft: moveFocus(.left)
        case .dpadRight: moveFocus(.right)
        default: break
        }
    }

    func stickNavigation(x: Double, y: Double) {
        guard !isDrawingLive else { stickLatch = nil; return }
        let m = max(abs(x), abs(y))
        if m < 0.3 { stickLatch = nil; return }
        guard m > 0.6, stickLatch == nil else { return }
        let dir: Direction = abs(x) > abs(y) ? (x > 0 ? .right : .left) : (y > 0 ? .down : .up)
        stickLatch = dir
        moveFocus(dir)
    }

    // MARK: - Focus

    func moveFocus(_ dir: Direction) {
        guard !lastButtons.isEmpty else { return }
        let next = Focus.move(from: min(focus, lastButtons.count - 1), dir, in: lastButtons)
        if screen == .gallery && next == focus && pendingDelete == nil {
            // Past the last row shown: scroll instead.
            if dir == .down { scrollGallery(rows: 1) } else if dir == .up { scrollGallery(rows: -1) }
            return
        }
        focus = next
    }

    func activateFocus() {
        guard lastButtons.indices.contains(focus) else { return }
        perform(lastButtons[focus].action)
    }

    var focusedDrawingID: String? {
        guard lastButtons.indices.contains(focus) else { return nil }
        switch lastButtons[focus].action {
        case .open(let id), .deleteDrawing(let id): return id
        default: return nil
        }
    }
}
