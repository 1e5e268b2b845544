import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp

/// Several phones, one player each: two servers, or two pads (slots) of one server. Each phone
/// joins the first player without one when it sends; its tilt rolls its own marble, its ✕
/// lifts its own pen, a silence hands its player back to the keys; the phone screen sets each.
@Suite("App: phones")
struct AppPhonesTests {
    static let first = DSUAddress(octets: [127, 0, 0, 1], port: 26760)
    static let second = DSUAddress(octets: [127, 0, 0, 1], port: 26761)

    static func harness(_ a: DSUAddress = first, _ b: DSUAddress = second, kept: KeptSettings? = nil) throws -> AppHarness {
        var s = Settings()
        s.setPhone(a, at: 0)
        s.setPhone(b, at: 1)
        return try AppHarness(temp: TempStore(settings: kept ?? KeptSettings(s)))
    }

    /// `frames` frames, each with two reports from each phone.
    static func stream(_ h: AppHarness, frames: Int, from n: inout Int,
                       first: (Int) -> [UInt8], second: (Int) -> [UInt8]) {
        for _ in 0..<frames {
            h.frame(.motionDatagram(first(n)), .motionDatagram(second(n), phone: 1),
                    .motionDatagram(first(n + 1)), .motionDatagram(second(n + 1), phone: 1))
            n += 2
        }
    }

    /// The requests the app sent on a phone's socket, and the slot each asked for.
    static func requestedSlots(_ h: AppHarness, phone k: Int) -> [UInt8] {
        h.platform.effects.compactMap {
            guard case .sendMotion(let bytes, let s) = $0, s == k, bytes.count == 28 else { return nil }
            return bytes[21]
        }
    }

    @Test("Two servers: a socket each, each asked for its first pad; each phone rolls its own marble and lifts its own pen")
    func twoServers() throws {
        let h = try Self.harness()
        #expect(h.platform.effects.contains(.motionServer(Self.first, phone: 0)))
        #expect(h.platform.effects.contains(.motionServer(Self.second, phone: 1)))
        AppPlayersTests.startTwo(h)
        let session = try #require(h.session)
        let a0 = session.marbles[0].ball.position, b0 = try #require(session.marbles.dropFirst().first).ball.position
        var n = 0
        // Marble 1's phone tipped right side up (the ball rolls left), marble 2's far edge down (up).
        Self.stream(h, frames: 40, from: &n, first: { AppPhoneTests.report($0, roll: -0.5) },
                    second: { AppPhoneTests.report($0, pitch: 0.5) })
        #expect(h.app.input.seating.seats == [.phone(.dsu(0)), .phone(.dsu(1))])
        let a = session.marbles[0].ball.position, b = try #require(session.marbles.dropFirst().first).ball.position
        #expect(a.x < a0.x - 20 && abs(a.y - a0.y) < 2, "marble 1 rolls left: \(a0) to \(a)")
        #expect(b.y < b0.y - 20 && abs(b.x - b0.x) < 2, "marble 2 rolls up: \(b0) to \(b)")
        #expect(Self.requestedSlots(h, phone: 0) == [0] && Self.requestedSlots(h, phone: 1) == [0])
        // Marble 2's ✕ lifts marble 2's pen only; its △ toggles marble 2's eraser.
        Self.stream(h, frames: 4, from: &n, first: { AppPhoneTests.report($0) },
                    second: { AppPhoneTests.report($0, buttons: DSUPadData.Button.cross | DSUPadData.Button.triangle) })
        #expect(session.marbles[0].penDown && session.marbles.dropFirst().first?.penDown == false)
        #expect(h.app.players[1].tool.erase && !h.app.players[0].tool.erase)
        // Marble 1's ✕ lifts marble 1's.
        Self.stream(h, frames: 4, from: &n, first: { AppPhoneTests.report($0, buttons: DSUPadData.Button.cross) },
                    second: { AppPhoneTests.report($0) })
        #expect(!session.marbles[0].penDown && session.marbles.dropFirst().first?.penDown == true)
    }

    @Test("Phone 2 goes quiet: a notice, player 2 goes back to the right hand's keys, phone 1 goes on; back, it takes its player again")
    func secondPhoneSilent() throws {
        let h = try Self.harness()
        AppPlayersTests.startTwo(h)
        let session = try #require(h.session)
        var n = 0
        Self.stream(h, frames: 10, from: &n, first: { AppPhoneTests.report($0) }, second: { AppPhoneTests.report($0) })
        #expect(h.app.input.held[.phone(.dsu(1))] != nil)
        // Only marble 1's phone sends for two seconds.
        for _ in 0..<120 {
            h.frame(.motionDatagram(AppPhoneTests.report(n)))
            n += 1
        }
        #expect(h.app.input.held[.phone(.dsu(1))] == nil && h.app.input.held[.phone(.dsu(0))] != nil)
        #expect(h.scene.texts.contains { $0.contains("Phone 2 stopped sending") })
        #expect(h.app.input.seating.seats == [.phone(.dsu(0)), nil], "player 2 has the right hand's keys")
        let b0 = try #require(session.marbles.dropFirst().first).ball.position
        h.frame(.keyDown(.period, ctrl: false, isRepeat: false))
        h.hold(.down, frames: 20)
        h.frame(.keyUp(.period))
        #expect(try #require(session.marbles.dropFirst().first).ball.position.y > b0.y + 5, "the arrows roll marble 2")
        // It comes back, picking up where it was.
        Self.stream(h, frames: 2, from: &n, first: { AppPhoneTests.report($0) }, second: { AppPhoneTests.report($0) })
        #expect(h.app.input.seating.seats == [.phone(.dsu(0)), .phone(.dsu(1))])
        #expect(h.scene.texts.contains { $0.contains("Phone 2 is back") })
    }

    @Test("Two pads of one server: phone 2 asks for the server's second pad on a socket of its own; the first pad's reports never move marble 2")
    func twoSlotsOfOneServer() throws {
        let h = try Self.harness(Self.first, Self.first)
        #expect(h.app.preferences.settings.phone(1) == Phone(address: Self.first, slot: 1))
        #expect(h.platform.effects.contains(.motionServer(Self.first, phone: 1)))
        #expect(Self.requestedSlots(h, phone: 0) == [0] && Self.requestedSlots(h, phone: 1) == [1])
        AppPlayersTests.startTwo(h)
        let session = try #require(h.session)
        let b0 = try #require(session.marbles.dropFirst().first).ball.position
        var n = 0
        // A server answering both clients with both pads: each socket takes its own slot only.
        for _ in 0..<40 {
            h.frame(.motionDatagram(AppPhoneTests.report(n, roll: -0.5)), .motionDatagram(AppPhoneTests.report(n, roll: -0.5), phone: 1),
                    .motionDatagram(AppPhoneTests.report(n, pitch: 0.5, slot: 1)), .motionDatagram(AppPhoneTests.report(n, pitch: 0.5, slot: 1), phone: 1))
            n += 1
        }
        let b = try #require(session.marbles.dropFirst().first).ball.position
        #expect(b.y < b0.y - 20 && abs(b.x - b0.x) < 2, "marble 2 follows pad 2 only: \(b0) to \(b)")
        #expect(session.marbles[0].ball.velocity.x < 0 && abs(session.marbles[0].ball.velocity.y) < 1e-9, "marble 1 follows pad 1 only")
        #expect(h.app.phones[1].session?.counts.ignored[.otherSlot] == 40)
        #expect(h.app.phones[0].session?.counts.ignored[.otherSlot] == 40)
    }

    @Test("In a drawing of one, a child alone has every phone: the second one's tilt rolls the marble and its △ is their eraser")
    func drawingOfOne() throws {
        let h = try Self.harness()
        h.startDrawing()
        let session = try #require(h.session)
        var n = 0
        for _ in 0..<30 {
            h.frame(.motionDatagram(AppPhoneTests.report(n, roll: 0.6, buttons: n == 0 ? DSUPadData.Button.triangle : 0), phone: 1))
            n += 1
        }
        #expect(h.app.input.held[.phone(.dsu(1))] != nil, "it is heard")
        #expect(session.marbles[0].ball.velocity.x > 0, "it rolls the one marble")
        #expect(h.app.players[0].tool.erase)
    }

    @Test("play --motion twice with one address: two pads of that server for this run, and nothing kept")
    func runOverrides() throws {
        let h = try AppHarness(overrides: RunOverrides(phones: [Self.first, Self.first]))
        #expect(h.platform.effects.contains(.motionServer(Self.first, phone: 0)))
        #expect(h.platform.effects.contains(.motionServer(Self.first, phone: 1)))
        #expect(Self.requestedSlots(h, phone: 0) == [0] && Self.requestedSlots(h, phone: 1) == [1])
        #expect(h.app.preferences.kept.phones.isEmpty)
    }

    @Test("The phone screen: Tab turns to phone 2; the same server's address is its second pad; Del forgets phone 2 only")
    func phoneScreen() throws {
        let kept = KeptSettings()
        let h = try AppHarness(temp: TempStore(settings: kept))
        h.app.perform(.settings)
        h.tap(.p)
        h.frame(.text("192.168.1.20"))
        h.tap(.enter)
        h.tap(.tab)
        #expect(h.app.phones.setup.phone == 1 && h.app.phones.setup.typed == "")
        let tab = try #require(h.index(of: .choosePhone(1)))
        #expect(h.scene.buttons[tab].selected == true)
        h.frame(.text("192.168.1.20"))
        h.tap(.enter)
        let address = DSUAddress(octets: [192, 168, 1, 20])
        #expect(kept.value.phones == [Phone(address: address, slot: 0), Phone(address: address, slot: 1)])
        #expect(h.platform.effects.contains(.motionServer(address, phone: 1)))
        #expect(h.scene.texts.contains { $0.contains("its pad 2") })
        // Another server for marble 2: its first pad.
        h.tap(.backspace)
        h.frame(.text("1"))
        h.tap(.enter)
        #expect(kept.value.phone(1) == Phone(address: DSUAddress(octets: [192, 168, 1, 21]), slot: 0))
        h.tap(.delete)
        #expect(kept.value.phones == [Phone(address: address, slot: 0)])
        h.tap(.tab)
        #expect(h.app.phones.setup.phone == 0 && h.app.phones.setup.typed == "192.168.1.20")
    }

    @Test("Calibrating phone 2 learns from phone 2 only, and its ✕ is the press")
    func calibrateSecond() throws {
        var s = Settings()
        s.setPhone(Self.first, at: 0)
        s.setPhone(Self.second, at: 1)
        let kept = KeptSettings(s)
        let h = try Self.harness(kept: kept)
        h.tap(.escape)
        h.app.perform(.settings)
        h.tap(.p)
        h.tap(.tab)
        h.tap(.c)
        #expect(h.app.phones.setup.calibrating?.step == .holdFlat)
        let turned = (Vec3(0, 0, 1), Vec3(0, 1, 0), Vec3(-1, 0, 0))
        var n = 0
        // Marble 1's phone, lying any old way, is not what is calibrated.
        Self.stream(h, frames: 30, from: &n, first: { AppPhoneTests.report($0, roll: 0.7) },
                    second: { AppPhoneTests.report($0, frame: turned) })
        Self.stream(h, frames: 2, from: &n, first: { AppPhoneTests.report($0, roll: 0.7) },
                    second: { AppPhoneTests.report($0, buttons: DSUPadData.Button.cross, frame: turned) })
        #expect(h.app.phones.setup.calibrating?.step == .tipFarEdge, "phone 2's ✕ pressed")
        Self.stream(h, frames: 2, from: &n, first: { AppPhoneTests.report($0, roll: 0.7) },
                    second: { AppPhoneTests.report($0, frame: turned) })
        for k in 0..<30 {
            let pitch = 0.5 * Double(k + 1) / 30
            h.frame(.motionDatagram(AppPhoneTests.tipReport(n, pitch: pitch, rate: 1, frame: turned), phone: 1))
            n += 1
        }
        Self.stream(h, frames: 20, from: &n, first: { AppPhoneTests.report($0, roll: 0.7) },
                    second: { AppPhoneTests.report($0, pitch: 0.5, frame: turned) })
        h.tap(.enter)
        #expect(h.app.phones.setup.calibrating == nil)
        let c = try #require(kept.value.motionCalibrations[Self.second])
        #expect(!c.isMirrored && kept.value.motionCalibrations[Self.first] == nil)
        #expect(h.app.phones[1].calibration == c && h.app.phones[0].calibration == .identity)
    }

    @Test("Setup shows each player's phone, in pictures, and player 2's phone when it is set and silent")
    func setupPictures() throws {
        let h = try Self.harness()
        h.tap(.n)
        h.tap(.p)
        #expect(h.scene.texts.contains { $0.contains("phone 127.0.0.1:26761: waiting") })
        var n = 0
        Self.stream(h, frames: 2, from: &n, first: { AppPhoneTests.report($0) }, second: { AppPhoneTests.report($0) })
        let phones = h.scene.layers[0].elements.filter { if case .icon(.phone, _, _) = $0 { true } else { false } }
        #expect(phones.count == 2)
        #expect(h.scene.texts.contains { $0.hasPrefix("Phone 127.0.0.1:26761") })
    }

    @Test("A real socket each: two servers on 127.0.0.1, and each one's reports come back tagged with its phone")
    func realSockets() throws {
        let one = try DSUTestServer(), two = try DSUTestServer()
        let port = MotionPort()
        port.perform(.motionServer(one.address))
        port.perform(.motionServer(two.address, phone: 1))
        var a = DSUSession(slot: 0, senderID: 1), b = DSUSession(slot: 0, senderID: 2)
        let askA = a.requestDue(now: 0), askB = b.requestDue(now: 0)
        port.perform(.sendMotion(try #require(askA)))
        port.perform(.sendMotion(try #require(askB), phone: 1))
        #expect(one.hear(waiting: 2) && two.hear(waiting: 2))
        one.send(DSUPadData(packetNumber: 1, timestampUS: 1, accelerometer: (1, 0, 0), gyro: (0, 0, 0)))
        two.send(DSUPadData(packetNumber: 2, timestampUS: 2, accelerometer: (0, 0, 1), gyro: (0, 0, 0)))
        var events: [UIEvent] = []
        let deadline = POSIX.monotonicSeconds() + 2
        while events.count < 2 && POSIX.monotonicSeconds() < deadline {
            port.poll(into: &events)
            if events.count < 2 { _ = port.sockets[events.isEmpty ? 0 : 1]?.wait(seconds: 0.05) }
        }
        var seen: [Int: DSUPadData] = [:]
        for case .motionDatagram(let bytes, let k) in events {
            guard case .padData(let p) = (k == 1 ? b.receive(bytes, at: 1) : a.receive(bytes, at: 1)) else { continue }
            seen[k] = p
        }
        #expect(seen[0]?.packetNumber == 1 && seen[1]?.packetNumber == 2, "\(events.count) events")
        port.perform(.motionServer(nil, phone: 1))
        #expect(port.sockets[1] == nil && port.sockets[0] != nil)
    }
}
