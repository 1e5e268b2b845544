import MarbleKit

/// The phone or handheld: following the server the settings name, its reports as a pad's
/// motion, sticks and buttons, its comings and goings, and its screen's choices.
extension App {
    /// Each frame: follow the server in force, ask it once a second, and notice a silence.
    func phoneFrame() {
        let wanted = preferences.motionAddress
        if wanted != phone.address {
            phone.follow(wanted, calibration: preferences.motionCalibration)
            input.remoteQuiet()
            effects.append(.motionServer(wanted))
        }
        if let request = phone.requestDue(now: now) { effects.append(.sendMotion(request)) }
        if input.remote != nil, phone.status(now: now) != .connected {
            input.remoteQuiet()
            say("The phone stopped sending: the keys and the pad still work.", for: 5)
        }
    }

    /// A datagram from the server: motion, sticks and buttons, as a pad's.
    func phoneDatagram(_ bytes: [UInt8]) {
        let heardBefore = phone.session?.lastHeard != nil
        guard let r = phone.receive(bytes, now: now), let address = phone.address else { return }
        if input.remote == nil {
            input.remoteSending(name: "Phone \(address)", fresh: !heardBefore)
            if heardBefore { say("The phone is back.", for: 3) }
        }
        phoneSetup.calibrate { $0.feed(accelerometer: r.rawAccelerometer, gyro: r.rawGyro, timestampUS: r.timestampUS) }
        input.remoteMotion(r)
        for b in input.remoteButtons(r.buttons, live: isDrawingLive) {
            // While calibrating, the phone's own ✕ is the press (the child holds the phone).
            if nav.screen == .phone, phoneSetup.calibrating != nil, b == .south { phoneAction(.calibrationPress); continue }
            press(b)
        }
        if let dir = input.remoteSticks(r.sticks, live: isDrawingLive, leftHanded: preferences.settings.leftHanded) { moveFocus(dir) }
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

    /// One line for the log at the end: what the phone sent, and what was turned away.
    var phoneSummary: String? {
        guard let address = phone.address, let c = phone.session?.counts else { return nil }
        var line = "phone \(address.withPort): \(c.accepted) reports used"
        if c.totalIgnored > 0 {
            line += ", \(c.totalIgnored) ignored (" + c.ignored.sorted { $0.value > $1.value }.map { "\($0.value) \($0.key)" }.joined(separator: ", ") + ")"
        }
        if c.gaps > 0 { line += ", \(c.gaps) silences (longest \(Int((c.longestGap * 10).rounded()) / 10) s)" }
        return line
    }

    func phoneAction(_ action: Action) {
        switch action {
        case .phone:
            phoneSetup.open(showing: preferences.motionAddress?.description ?? "")
            show(.phone)
        case .eraseTyped: phoneSetup.backspace()
        case .keepPhoneAddress: keepTypedAddress()
        case .forgetPhone:
            preferences.setMotionServer(nil)
            phoneSetup.open(showing: "")
        case .calibratePhone:
            guard preferences.motionAddress != nil else { say("Type the phone's address first."); return }
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
        let text = phoneSetup.typed
        if text.isEmpty { preferences.setMotionServer(nil); return }
        switch DSUAddress.parse(text) {
        case .success(let a):
            preferences.setMotionServer(a)
            phoneSetup.open(showing: a.description)
        case .failure(let e): say(e.reason.prefix(1).uppercased() + e.reason.dropFirst() + ".")
        }
    }

    func calibrationPress() {
        guard phoneSetup.calibrating != nil else { return }
        var outcome: Result<MotionCalibration, MotionCalibration.Problem>?
        phoneSetup.calibrate { outcome = $0.press() }
        switch outcome {
        case nil: break
        case .success(let c)?:
            preferences.setMotionCalibration(c)
            phone.recalibrate(c)
            phoneSetup.stopCalibrating()
            input.remoteSending(name: input.remote?.name ?? "Phone", fresh: true)
            say("Calibrated: tip it towards the screen and the ball rolls up.", for: 4)
        case .failure(let p)?:
            say(p.description.prefix(1).uppercased() + p.description.dropFirst() + ".", for: 4)
        }
    }
}
