import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp

/// The phone or handheld over DSU, driven with datagrams as the platform would deliver them:
/// the app asks once a second, its motion rolls the ball, a silence is told and survived, a
/// broken datagram changes nothing, and the calibration turns any frame into the pad's.
@Suite("App phone")
struct AppPhoneTests {
    static let address = DSUAddress(octets: [127, 0, 0, 1], port: 26760)

    /// A report of the device turned by `roll` (rad, right side down) and `pitch` (rad, far edge
    /// down) in DSU's axes, in the device frame `frame` (rows: pad axes to device axes).
    static func report(_ n: Int, roll: Double = 0, pitch: Double = 0, yawRate: Double = 0, buttons: UInt16 = 0, slot: UInt8 = 0,
                       frame: (Vec3, Vec3, Vec3) = (Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1))) -> [UInt8] {
        // SDL's up vector for those turns (tilt x = −u.x, y = u.z), then DSU's −u in g.
        let up = Vec3(-Maths.sin(roll), Maths.cos(roll) * Maths.cos(pitch), Maths.sin(pitch) * Maths.cos(roll))
        let u = Vec3(frame.0.dot(up), frame.1.dot(up), frame.2.dot(up))
        let turn = Vec3(pitch == 0 ? 0 : -0.0, -yawRate * .pi / 180, 0)
        let g = Vec3(frame.0.dot(turn), frame.1.dot(turn), frame.2.dot(turn))
        let p = DSUPadData(slot: slot, packetNumber: UInt32(n), buttons: buttons, timestampUS: UInt64(n) * 10_000,
                           accelerometer: (Float(-u.x), Float(-u.y), Float(-u.z)),
                           gyro: (Float(g.x * 180 / .pi), Float(-g.y * 180 / .pi), Float(-g.z * 180 / .pi)))
        return DSU.padDataDatagram(p, senderID: 7)
    }

    static func harness(_ settings: Settings = Settings()) throws -> AppHarness {
        var s = settings
        if s.phones.isEmpty { s.setPhone(address, at: 0) }
        return try AppHarness(temp: TempStore(settings: KeptSettings(s)))
    }

    /// `frames` frames, each delivering two reports (100 Hz at 60 frames a second, near enough).
    static func stream(_ h: AppHarness, frames: Int, from n: inout Int, _ make: (Int) -> [UInt8]) {
        for _ in 0..<frames {
            h.frame(.motionDatagram(make(n)), .motionDatagram(make(n + 1)))
            n += 2
        }
    }

    @Test("The app opens the server's socket, asks at once, then once a second and nothing else")
    func asksOnceASecond() throws {
        let h = try Self.harness()
        let effects = h.platform.effects
        #expect(effects.first == .motionServer(Self.address))
        h.frames(119)
        let requests = h.platform.effects.filter { if case .sendMotion = $0 { return true } else { return false } }
        #expect(requests.count == 2, "\(requests.count) requests in 2 s")
        for case .sendMotion(let bytes, _) in requests {
            #expect(bytes.count == 28)
            #expect(Array(bytes[0..<4]) == DSU.clientMagic)
        }
    }

    @Test("play --motion asks the server given, and the settings keep theirs")
    func runOverride() throws {
        let other = DSUAddress(octets: [10, 0, 0, 2], port: 26761)
        let h = try AppHarness(overrides: RunOverrides(phones: [other]))
        #expect(h.platform.effects.first == .motionServer(other))
        #expect(h.app.preferences.kept.phones.isEmpty)
    }

    @Test("Tilting the phone rolls the ball; its ✕ lifts the pen")
    func tiltRolls() throws {
        let h = try Self.harness()
        h.startDrawing()
        var n = 0
        Self.stream(h, frames: 60, from: &n) { Self.report($0, roll: 0.5) }
        let ball = try #require(h.session).marbles[0].ball
        let width = try #require(h.session).configuration.canvasWidth
        #expect(ball.position.x > Double(width) / 2 + 20, "ball at \(ball.position)")
        #expect(h.app.input.held[.phone(.dsu(0))] != nil)
        #expect(h.app.phones[0].status(now: h.app.now) == .connected)
        Self.stream(h, frames: 5, from: &n) { Self.report($0, roll: 0.5, buttons: DSUPadData.Button.cross) }
        #expect(h.app.input.padState(player: 0)?.south == true)
    }

    @Test("Silence: a notice, the tilt stops counting, the keys go on; its return picks up")
    func silence() throws {
        let h = try Self.harness()
        h.startDrawing()
        var n = 0
        Self.stream(h, frames: 30, from: &n) { Self.report($0, roll: 0.4, yawRate: 90) }
        let heading = try #require(h.session).marbles[0].heading
        #expect(heading > 30, "heading \(heading)")
        h.frames(100)
        #expect(h.app.input.held[.phone(.dsu(0))] == nil)
        #expect(h.scene.texts.contains { $0.contains("stopped sending") })
        #expect(h.app.isDrawingLive)
        #expect(h.app.input.padState(player: 0) == nil)
        // The keys still tilt.
        #expect(try #require(h.session).marbles[0].input?.tilt.x == 0)
        h.frame(.keyDown(.left, ctrl: false, isRepeat: false))
        h.frames(20)
        let tilt = try #require(h.session?.marbles[0].input).tilt
        #expect(tilt.x < -0.3)
        h.frame(.keyUp(.left))
        // Back: the heading goes on from where it was, not from 0.
        Self.stream(h, frames: 3, from: &n) { Self.report($0, roll: 0.4) }
        #expect(h.app.input.held[.phone(.dsu(0))] != nil)
        let after = try #require(h.session).marbles[0].heading
        #expect(abs(after - heading) < 1, "heading \(after)")
        #expect(h.scene.texts.contains { $0.contains("is back") })
    }

    @Test("Broken datagrams change nothing")
    func brokenChangesNothing() throws {
        let h = try Self.harness()
        h.startDrawing()
        var bad = Self.report(1, roll: 0.9)
        bad[8] ^= 0xFF
        var foreignSlot = DSUPadData(slot: 1, timestampUS: 5, accelerometer: (1, 0, 0), gyro: (500, 500, 0))
        foreignSlot.connected = true
        for _ in 0..<60 {
            h.frame(.motionDatagram(bad), .motionDatagram(DSU.padDataDatagram(foreignSlot, senderID: 1)),
                    .motionDatagram(Array("DSUS".utf8) + [0xE9, 0x03]), .motionDatagram([]))
        }
        #expect(h.app.input.held[.phone(.dsu(0))] == nil)
        let v = try #require(h.session).marbles[0].ball.velocity
        #expect(v.length == 0)
        #expect(h.app.phones[0].session?.counts.accepted == 0)
        #expect(h.app.phones[0].session?.counts.totalIgnored == 240)
    }

    @Test("Calibrating a phone whose frame is turned 90°: after it, tipping the far edge down rolls the ball up")
    func calibrationOnTheScreen() throws {
        var settings = Settings()
        settings.setPhone(Self.address, at: 0)
        let kept = KeptSettings(settings)
        let h = try AppHarness(temp: TempStore(settings: kept))
        // The phone app's X is the pad's Z, its Z the pad's −X.
        let turned = (Vec3(0, 0, 1), Vec3(0, 1, 0), Vec3(-1, 0, 0))
        h.tap(.escape)
        h.app.perform(.settings)
        h.tap(.p)
        #expect(h.app.nav.screen == .phone)
        h.tap(.c)
        #expect(h.app.phones.setup.calibrating?.step == .holdFlat)
        var n = 0
        Self.stream(h, frames: 30, from: &n) { Self.report($0, frame: turned) }
        h.tap(.enter)
        #expect(h.app.phones.setup.calibrating?.step == .tipFarEdge)
        // Tipping: the gyro turns about −X (in the device's axes) on the way.
        for k in 0..<30 {
            let pitch = 0.5 * Double(k + 1) / 30
            h.frame(.motionDatagram(Self.tipReport(n, pitch: pitch, rate: 0.5 / 0.5, frame: turned)))
            n += 1
        }
        Self.stream(h, frames: 20, from: &n) { Self.report($0, pitch: 0.5, frame: turned) }
        h.tap(.enter)
        #expect(h.app.phones.setup.calibrating == nil)
        let c = try #require(kept.value.motionCalibrations[Self.address])
        #expect(!c.isMirrored)
        h.tap(.escape)
        h.tap(.escape)
        h.startDrawing()
        Self.stream(h, frames: 60, from: &n) { Self.report($0, pitch: 0.4, frame: turned) }
        let session = try #require(h.session)
        #expect(session.marbles[0].ball.position.y < Double(session.configuration.canvasHeight) / 2 - 20, "ball at \(session.marbles[0].ball.position)")
    }

    /// A report mid-tip: gravity for `pitch`, and the gyro turning about −X at `rate` rad/s.
    static func tipReport(_ n: Int, pitch: Double, rate: Double, frame: (Vec3, Vec3, Vec3)) -> [UInt8] {
        let up = Vec3(0, Maths.cos(pitch), Maths.sin(pitch))
        let u = Vec3(frame.0.dot(up), frame.1.dot(up), frame.2.dot(up))
        let w = Vec3(-rate, 0, 0)
        let g = Vec3(frame.0.dot(w), frame.1.dot(w), frame.2.dot(w))
        let p = DSUPadData(packetNumber: UInt32(n), timestampUS: UInt64(n) * 10_000,
                           accelerometer: (Float(-u.x), Float(-u.y), Float(-u.z)),
                           gyro: (Float(g.x * 180 / .pi), Float(-g.y * 180 / .pi), Float(-g.z * 180 / .pi)))
        return DSU.padDataDatagram(p, senderID: 7)
    }

    @Test("Typing an address on the phone screen keeps it; a bad one is told, not kept")
    func typingTheAddress() throws {
        let kept = KeptSettings()
        let h = try AppHarness(temp: TempStore(settings: kept))
        h.app.perform(.settings)
        h.tap(.p)
        h.frame(.text("192.168.1.2x0"), .text(":26761"))
        #expect(h.app.phones.setup.typed == "192.168.1.20:26761")
        h.tap(.enter)
        #expect(kept.value.phones.first?.address == DSUAddress(octets: [192, 168, 1, 20], port: 26761))
        #expect(h.platform.effects.contains(.motionServer(DSUAddress(octets: [192, 168, 1, 20], port: 26761))))
        for _ in 0..<6 { h.tap(.backspace) }
        h.frame(.text("999"))
        h.tap(.enter)
        #expect(kept.value.phones.first?.address == DSUAddress(octets: [192, 168, 1, 20], port: 26761))
        #expect(h.scene.texts.contains { $0.contains("0 to 255") })
        h.tap(.delete)
        #expect(kept.value.phones.isEmpty)
    }
}
