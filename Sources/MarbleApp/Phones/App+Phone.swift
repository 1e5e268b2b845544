import MarbleKit

/// The phones or handhelds: following the servers the settings name, their reports as pads'
/// motion, sticks and buttons, their comings and goings (each joins the seating while it
/// sends), and the phone screen's choices.
extension App {
    /// Each frame, for each phone: follow the server in force, ask it once a second, and
    /// notice a silence.
    func phoneFrame() {
        let wanted = preferences.settings.phones
        phones.reserve(wanted.count)
        for k in 0..<phones.count {
            let phone = k < wanted.count ? wanted[k] : nil
            if phone?.address != phones[k].address || (phone?.slot ?? 0) != phones[k].slot {
                phones[k].follow(phone?.address, slot: phone?.slot ?? 0, calibration: preferences.motionCalibration(phone: k))
                phoneQuiet(k)
                run.ask(.motionServer(phone?.address, phone: k))
            }
            if let request = phones[k].requestDue(now: now) { run.ask(.sendMotion(request, phone: k)) }
            if input.held[.phone(.dsu(k))] != nil, phones[k].status(now: now) != .connected {
                phoneQuiet(k)
                say(wanted.count > 1 ? tr("Phone {n} stopped sending: the keys and the pads still work.", ["n": k + 1])
                        : tr("The phone stopped sending: the keys and the pad still work."), for: 5)
            }
        }
    }

    /// Phone `k` went quiet (or another server was chosen): it leaves its seat.
    func phoneQuiet(_ k: Int) { input.phoneQuiet(k) }

    /// A datagram from phone `k`'s server: motion, sticks and buttons, as a pad's.
    func phoneDatagram(_ bytes: [UInt8], phone k: Int) {
        guard k >= 0, k < phones.count else { return }
        let heardBefore = phones[k].session?.lastHeard != nil
        guard let r = phones[k].receive(bytes, now: now), let address = phones[k].address else { return }
        if input.held[.phone(.dsu(k))] == nil {
            let slot = phones[k].slot
            input.phoneSending(k, name: slot > 0 ? tr("Phone {address}, pad {n}", ["address": address, "n": slot + 1]) : tr("Phone {address}", ["address": address]))
            // A new server, or the first report, forgets the tracked motion; a phone back
            // after a silence picks up its pose and heading.
            if !heardBefore { deviceJoined(.phone(.dsu(k))) }
            if heardBefore { say(preferences.settings.phones.count > 1 ? tr("Phone {n} is back.", ["n": k + 1]) : tr("The phone is back."), for: 3) }
        }
        // The calibration learns from the phone the screen is setting.
        let calibrating = nav.screen == .phone && phones.setup.calibrating != nil && phones.setup.phone == k
        if calibrating {
            phones.setup.calibrate { $0.feed(accelerometer: r.rawAccelerometer, gyro: r.rawGyro, timestampUS: r.timestampUS) }
        }
        deviceMotion(.phone(.dsu(k))) {
            $0.accelerometer(x: r.accelerometer.x, y: r.accelerometer.y, z: r.accelerometer.z, timestampUS: r.timestampUS)
            $0.gyro(pitch: r.gyro.x, yaw: r.gyro.y, roll: r.gyro.z, timestampUS: r.timestampUS)
        }
        for b in input.phoneButtons(k, r.buttons, live: isDrawingLive) {
            // While calibrating, the phone's own ✕ is the press (the child holds the phone).
            if calibrating, b == .south { phoneAction(.calibrationPress); continue }
            press(b, from: .phone(.dsu(k)))
        }
        if let dir = input.sticksMoved(r.sticks, on: .phone(.dsu(k)), live: isDrawingLive, leftHanded: preferences.settings.leftHanded) {
            moveFocus(dir)
        }
    }

    /// Setup's words for phone `k` when it is set and not sending: how it stands.
    func silentPhoneLine(_ k: Int) -> String? {
        guard k < phones.count, let address = phones[k].address, input.held[.phone(.dsu(k))] == nil else { return nil }
        switch phones[k].status(now: now) {
        case .waiting?, nil: return tr("phone {address}: waiting for it…", ["address": address])
        default: return tr("phone {address} is not answering", ["address": address])
        }
    }

    /// Lines for the log at the end: what each phone sent, and what was turned away.
    var phoneSummaries: [String] {
        let several = phones.count > 1
        return (0..<phones.count).compactMap { k in
            let link = phones[k]
            guard let address = link.address, let c = link.session?.counts else { return nil }
            var line = (several ? "phone \(k + 1)" : "phone") + " \(address.withPort)" + (link.slot == 0 ? "" : " (pad \(link.slot + 1))")
                + ": \(c.accepted) reports used"
            if c.totalIgnored > 0 {
                line += ", \(c.totalIgnored) ignored (" + c.ignored.sorted { $0.value > $1.value }.map { "\($0.value) \($0.key)" }.joined(separator: ", ") + ")"
            }
            if c.gaps > 0 { line += ", \(c.gaps) silences (longest \(Int((c.longestGap * 10).rounded()) / 10) s)" }
            return line
        }
    }

    func phoneAction(_ action: Action) {
        let k = phones.setup.phone
        switch action {
        case .phone:
            phones.setup.open(showing: preferences.settings.phone(k)?.address.description ?? "")
            show(.phone)
        case .choosePhone(let n):
            // Phones 1 to one past those set (at most four).
            let k = min(max(n, 0), min(preferences.settings.phones.count, Settings.maxPhones - 1))
            phones.setup.open(showing: preferences.settings.phone(k)?.address.description ?? "", phone: k)
        case .eraseTyped: phones.setup.backspace()
        case .keepPhoneAddress: keepTypedAddress()
        case .forgetPhone:
            preferences.setPhone(nil, at: k)
            phones.setup.open(showing: preferences.settings.phone(k)?.address.description ?? "")
        case .calibratePhone:
            guard preferences.settings.phone(k) != nil else { say(tr("Type the phone's address first.")); return }
            phones.setup.startCalibrating()
        case .calibrationPress: calibrationPress()
        default: break
        }
    }

    /// Esc: out of a calibration first, then back to Settings.
    func phoneBack() {
        if phones.setup.calibrating != nil { phones.setup.stopCalibrating() } else { show(.settings) }
    }

    func keepTypedAddress() {
        let text = phones.setup.typed, k = phones.setup.phone
        if text.isEmpty { preferences.setPhone(nil, at: k); return }
        switch DSUAddress.parse(text) {
        case .success(let a):
            preferences.setPhone(a, at: k)
            phones.setup.open(showing: a.description, phone: min(k, max(preferences.settings.phones.count - 1, 0)))
        case .failure(let e): say(e.reason.prefix(1).uppercased() + e.reason.dropFirst() + ".")
        }
    }

    func calibrationPress() {
        guard phones.setup.calibrating != nil else { return }
        let k = phones.setup.phone
        var outcome: Result<MotionCalibration, MotionCalibration.Problem>?
        phones.setup.calibrate { outcome = $0.press() }
        switch outcome {
        case nil: break
        case .success(let c)?:
            guard let address = preferences.settings.phone(k)?.address else { return }
            preferences.setMotionCalibration(c, for: address)
            // A calibration is its server's: every link to it takes it up.
            for j in 0..<phones.count where phones[j].address == address { phones[j].recalibrate(c) }
            phones.setup.stopCalibrating()
            deviceJoined(.phone(.dsu(k)))
            say(tr("Calibrated: tip it towards the screen and the ball rolls up."), for: 4)
        case .failure(let p)?:
            say(p.description.prefix(1).uppercased() + p.description.dropFirst() + ".", for: 4)
        }
    }
}

extension App {
    /// Setup's input line for a child alone when a phone is set and not sending (it stands in
    /// for the keys once it sends); nil when none is set.
    var phoneLine: String? {
        guard phones.count > 0, let address = phones[0].address else { return nil }
        switch phones[0].status(now: now) {
        case .connected?: return tr("Phone {address}: tilt the phone", ["address": address])
        case .noAnswer?, .lost?: return tr("Phone {address} is not answering: the keys and the pad tilt", ["address": address])
        default: return tr("Phone {address}: waiting for it…", ["address": address])
        }
    }
}
