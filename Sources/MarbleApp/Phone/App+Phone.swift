import MarbleKit

/// The phones or handhelds: following the servers the settings name (marble 1's, and marble
/// 2's in a drawing of two), their reports as pads' motion, sticks and buttons, their comings
/// and goings, and the phone screen's choices.
extension App {
    /// A phone's link: marble 1's, or (`second`) marble 2's.
    func link(second: Bool) -> ReferenceWritableKeyPath<App, PhoneLink> { second ? \.secondPhone : \.phone }

    /// Each frame, for each phone: follow the server in force, ask it once a second, and
    /// notice a silence.
    func phoneFrame() {
        for second in [false, true] {
            let k = link(second: second)
            let wanted = preferences.settings.phone(second: second)
            if wanted?.address != self[keyPath: k].address || (wanted?.slot ?? 0) != self[keyPath: k].slot {
                self[keyPath: k].follow(wanted?.address, slot: wanted?.slot ?? 0, calibration: preferences.motionCalibration(second: second))
                remoteQuiet(second: second)
                effects.append(.motionServer(wanted?.address, second: second))
            }
            if let request = self[keyPath: k].requestDue(now: now) { effects.append(.sendMotion(request, second: second)) }
            if isSending(second: second), self[keyPath: k].status(now: now) != .connected {
                remoteQuiet(second: second)
                say(second ? "Marble 2's phone stopped sending: its keys and pad still work." : "The phone stopped sending: the keys and the pad still work.", for: 5)
            }
        }
    }

    func isSending(second: Bool) -> Bool { second ? input.secondRemote != nil : input.remote != nil }

    func remoteQuiet(second: Bool) { if second { input.secondRemoteQuiet() } else { input.remoteQuiet() } }

    /// A datagram from a phone's server: motion, sticks and buttons, as a pad's.
    func phoneDatagram(_ bytes: [UInt8], second: Bool) {
        let k = link(second: second)
        let heardBefore = self[keyPath: k].session?.lastHeard != nil
        guard let r = self[keyPath: k].receive(bytes, now: now), let address = self[keyPath: k].address else { return }
        if !isSending(second: second) {
            let slot = self[keyPath: k].slot
            let name = "Phone \(address)" + (slot > 0 ? ", pad \(slot + 1)" : "")
            if second {
                input.secondRemoteSending(name: name, fresh: !heardBefore)
            } else {
                input.remoteSending(name: name, fresh: !heardBefore)
            }
            if heardBefore { say(second ? "Marble 2's phone is back." : "The phone is back.", for: 3) }
        }
        // The calibration learns from the phone the screen is setting.
        let calibrating = nav.screen == .phone && phoneSetup.calibrating != nil && phoneSetup.second == second
        if calibrating {
            phoneSetup.calibrate { $0.feed(accelerometer: r.rawAccelerometer, gyro: r.rawGyro, timestampUS: r.timestampUS) }
        }
        if second {
            for b in input.secondRemoteReport(r) {
                // While calibrating, the phone's own ✕ is the press (the child holds the phone).
                if calibrating, b == .south { phoneAction(.calibrationPress); continue }
                secondDevicePress(b)
            }
            return
        }
        input.remoteMotion(r)
        for b in input.remoteButtons(r.buttons, live: isDrawingLive) {
            if calibrating, b == .south { phoneAction(.calibrationPress); continue }
            press(b)
        }
        if let dir = input.remoteSticks(r.sticks, live: isDrawingLive, leftHanded: preferences.settings.leftHanded) { moveFocus(dir) }
    }

    /// A button newly pressed on marble 2's own pad or phone: while drawing, its Y (△) toggles
    /// its marble's eraser and its Back (Share) makes its pose level; A (✕) lifts its pen
    /// while held (read off the held buttons). The menus are the first pad's and the keys'; in
    /// a drawing of one it does nothing.
    func secondDevicePress(_ b: PadButton) {
        guard isDrawingLive, (drawings.drawing?.session.marbles.count ?? 1) > 1 else { return }
        switch b {
        case .north: perform(.toggleSecondEraser)
        case .back:
            input.setSecondNeutral()
            say("Marble 2's tilt reset: hold it like this to keep still.", for: 3)
        default: break
        }
    }

    /// Setup's input line when a phone is set: sending (it tilts), or not heard (the keys do).
    var phoneLine: String? {
        guard let address = phone.address else { return nil }
        switch phone.status(now: now) {
        case .connected?: return "Phone \(address): tilt the phone"
        case .noAnswer?, .lost?: return "Phone \(address) is not answering: the keys and the pad tilt"
        default: return "Phone \(address): waiting for it…"
        }
    }

    /// Setup's words for marble 2's phone when it is set and not sending.
    var secondPhoneLine: String? {
        guard let address = secondPhone.address, input.secondRemote == nil else { return nil }
        return secondPhone.status(now: now) == .waiting ? "phone \(address): waiting for it…" : "phone \(address) is not answering"
    }

    /// Lines for the log at the end: what each phone sent, and what was turned away.
    var phoneSummaries: [String] {
        [(phone, "phone"), (secondPhone, "marble 2's phone")].compactMap { link, name in
            guard let address = link.address, let c = link.session?.counts else { return nil }
            var line = "\(name) \(address.withPort)" + (link.slot == 0 ? "" : " (pad \(link.slot + 1))") + ": \(c.accepted) reports used"
            if c.totalIgnored > 0 {
                line += ", \(c.totalIgnored) ignored (" + c.ignored.sorted { $0.value > $1.value }.map { "\($0.value) \($0.key)" }.joined(separator: ", ") + ")"
            }
            if c.gaps > 0 { line += ", \(c.gaps) silences (longest \(Int((c.longestGap * 10).rounded()) / 10) s)" }
            return line
        }
    }

    func phoneAction(_ action: Action) {
        let second = phoneSetup.second
        switch action {
        case .phone:
            phoneSetup.open(showing: preferences.motionAddress(second: second)?.description ?? "")
            show(.phone)
        case .choosePhoneMarble(let two):
            phoneSetup.open(showing: preferences.motionAddress(second: two)?.description ?? "", second: two)
        case .eraseTyped: phoneSetup.backspace()
        case .keepPhoneAddress: keepTypedAddress()
        case .forgetPhone:
            preferences.setMotionServer(nil, second: second)
            phoneSetup.open(showing: "")
        case .calibratePhone:
            guard preferences.motionAddress(second: second) != nil else { say("Type the phone's address first."); return }
            phoneSetup.startCalibrating()
        case .calibrationPress: calibrationPress()
        default: break
        }
    }

    /// Esc: out of a calibration first, then back to Settings.
    func phoneBack() {
        if phoneSetup.calibrating != nil { phoneSetup.stopCalibrating() } else { show(.settings) }
    }

    func keepTypedAddress() {
        let text = phoneSetup.typed, second = phoneSetup.second
        if text.isEmpty { preferences.setMotionServer(nil, second: second); return }
        switch DSUAddress.parse(text) {
        case .success(let a):
            preferences.setMotionServer(a, second: second)
            phoneSetup.open(showing: a.description)
        case .failure(let e): say(e.reason.prefix(1).uppercased() + e.reason.dropFirst() + ".")
        }
    }

    func calibrationPress() {
        guard phoneSetup.calibrating != nil else { return }
        let second = phoneSetup.second
        var outcome: Result<MotionCalibration, MotionCalibration.Problem>?
        phoneSetup.calibrate { outcome = $0.press() }
        switch outcome {
        case nil: break
        case .success(let c)?:
            preferences.setMotionCalibration(c, second: second)
            // A calibration is its server's: both links to it take it up.
            for k in [link(second: false), link(second: true)] where self[keyPath: k].address == preferences.motionAddress(second: second) {
                self[keyPath: k].recalibrate(c)
            }
            phoneSetup.stopCalibrating()
            if second {
                input.secondRemoteSending(name: input.secondRemote?.name ?? "Phone", fresh: true)
            } else {
                input.remoteSending(name: input.remote?.name ?? "Phone", fresh: true)
            }
            say("Calibrated: tip it towards the screen and the ball rolls up.", for: 4)
        case .failure(let p)?:
            say(p.description.prefix(1).uppercased() + p.description.dropFirst() + ".", for: 4)
        }
    }
}
