import MarbleKit
import Testing
@testable import MarbleApp

/// Two children on one keyboard: Setup's Two (or P), then the left hand drives marble 1 (WASD,
/// Q/E, Space) and the right hand marble 2 (the arrows, comma and period, Right Shift); each
/// paints its own colour; the End screen shows a movement panel each; it is saved and goes on.
@Suite("App: two marbles")
struct AppTwoMarblesTests {
    /// Home → New → P (two) → Start.
    static func startTwo(_ h: AppHarness) {
        h.tap(.n)
        h.tap(.p)
        h.tap(.enter)
        h.frame()
    }

    @Test("P on Setup chooses Two (and One again); the Two button is shown selected, and Start makes a drawing of two")
    func setup() throws {
        let h = try AppHarness()
        h.tap(.n)
        let twoIndex = try #require(h.index(of: .chooseMarbles(2)))
        #expect(h.scene.buttons[twoIndex].selected == false)
        h.tap(.p)
        #expect(h.scene.buttons[twoIndex].selected == true)
        h.tap(.p)
        #expect(h.scene.buttons[twoIndex].selected == false)
        h.tap(.p)
        h.tap(.enter)
        h.frame()
        let session = try #require(h.session)
        #expect(session.configuration.marbles == 2 && session.marbles.count > 1)
    }

    @Test("D rolls marble 1 right and Left rolls marble 2 left, at once; each paints; Q and period turn each its own way")
    func twoHands() throws {
        let h = try AppHarness()
        Self.startTwo(h)
        let session = try #require(h.session)
        let a0 = session.ball.position, b0 = try #require(session.marbles.dropFirst().first).ball.position
        h.frame(.keyDown(.d, ctrl: false, isRepeat: false), .keyDown(.left, ctrl: false, isRepeat: false),
                .keyDown(.q, ctrl: false, isRepeat: false), .keyDown(.period, ctrl: false, isRepeat: false))
        h.frames(40)
        h.frame(.keyUp(.d), .keyUp(.left), .keyUp(.q), .keyUp(.period))
        let b = try #require(session.marbles.dropFirst().first)
        #expect(session.ball.position.x > a0.x + 5 && b.ball.position.x < b0.x - 5)
        #expect(abs(session.ball.position.y - a0.y) < 1e-9 && abs(b.ball.position.y - b0.y) < 1e-9)
        #expect(session.heading > 180 && b.heading < 180 && b.heading > 0, "\(session.heading) and \(b.heading)")
        #expect(session.strokes.count == 2 && session.strokes.allSatisfy { $0.points.count > 5 })
        // Each marble on screen: two balls, two dials.
        let balls = h.scene.layers[0].elements.filter { if case .ball = $0 { true } else { false } }
        let dials = h.scene.layers[0].elements.filter { if case .heading = $0 { true } else { false } }
        #expect(balls.count == 2 && dials.count == 2)
    }

    @Test("A pad joins as the second marble: its stick rolls marble 2, while WASD rolls marble 1")
    func padIsTheSecondMarble() throws {
        let h = try AppHarness()
        h.frame(.padAdded(name: "Test Pad", accelerometer: false, gyro: false))
        Self.startTwo(h)
        let session = try #require(h.session)
        let a0 = session.ball.position, b0 = try #require(session.marbles.dropFirst().first).ball.position
        h.frame(.padSticks(leftX: -1, leftY: 0, rightX: 0, rightY: 0))
        h.frames(30)
        #expect(session.ball.position == a0, "the pad does not move marble 1")
        #expect(try #require(session.marbles.dropFirst().first).ball.position.x < b0.x - 5)
        h.frame(.padSticks(leftX: 0, leftY: 0, rightX: 0, rightY: 0))
        h.hold(.d, frames: 20)
        #expect(session.ball.position.x > a0.x + 5)
    }

    @Test("A pad and a phone: the phone's tilt rolls marble 1, the pad's stick marble 2")
    func padAndPhone() throws {
        let h = try AppPhoneTests.harness()
        h.frame(.padAdded(name: "Test Pad", accelerometer: false, gyro: false))
        Self.startTwo(h)
        let session = try #require(h.session)
        let a0 = session.ball.position, b0 = try #require(session.marbles.dropFirst().first).ball.position
        var n = 0
        // The phone tipped right (marble 1 rolls right), the pad's stick up (marble 2 rolls up).
        h.frame(.padSticks(leftX: 0, leftY: -1, rightX: 0, rightY: 0))
        AppPhoneTests.stream(h, frames: 60, from: &n) { AppPhoneTests.report($0, roll: 0.5) }
        let a = session.ball.position, b = try #require(session.marbles.dropFirst().first).ball.position
        #expect(a.x > a0.x + 20 && abs(a.y - a0.y) < 2, "marble 1 at \(a)")
        #expect(b.y < b0.y - 20 && abs(b.x - b0.x) < 2, "marble 2 at \(b)")
    }

    @Test("Each marble its own eraser and width: / and 0 for marble 2, X and 1 for marble 1, and a tool column each")
    func tools() throws {
        let h = try AppHarness()
        Self.startTwo(h)
        let session = try #require(h.session)
        #expect(h.index(of: .toggleSecondEraser) != nil && h.index(of: .chooseSecondBrush(.fat)) != nil)
        #expect(h.index(of: .toggleEraser) != nil)
        h.tap(.slash)
        h.tap(.zero)
        h.frames(2)
        let fat = try #require(PenTool.Brush.fat.width(session.configuration))
        #expect(session.marbles.dropFirst().first?.input?.erase == true && session.marbles.dropFirst().first?.input?.width == fat)
        #expect(session.input?.erase == false && session.input?.width == nil, "marble 1's tools are its own")
        h.tap(.x)
        h.tap(.one)
        h.frames(2)
        #expect(session.input?.erase == true && session.input?.width == PenTool.Brush.thin.width(session.configuration))
        #expect(session.marbles.dropFirst().first?.input?.width == fat)
    }

    @Test("Two pads: one each; the second pad's A lifts marble 2's pen, its Y its eraser; unplugged, marble 2 goes back to the keys")
    func twoPads() throws {
        let h = try AppHarness()
        h.frame(.padAdded(name: "Pad one", accelerometer: false, gyro: false), .secondPad(.added(name: "Pad two")))
        Self.startTwo(h)
        let session = try #require(h.session)
        let a0 = session.ball.position, b0 = try #require(session.marbles.dropFirst().first).ball.position
        h.frame(.padSticks(leftX: 1, leftY: 0, rightX: 0, rightY: 0), .secondPad(.sticks(leftX: 0, leftY: 1, rightX: 0, rightY: 0)))
        h.frames(30)
        let a = session.ball.position, b = try #require(session.marbles.dropFirst().first).ball.position
        #expect(a.x > a0.x + 5 && abs(a.y - a0.y) < 1e-9, "pad one rolls marble 1 right: \(a)")
        #expect(b.y > b0.y + 5 && abs(b.x - b0.x) < 1e-9, "pad two rolls marble 2 down: \(b)")
        h.frame(.padSticks(leftX: 0, leftY: 0, rightX: 0, rightY: 0), .secondPad(.sticks(leftX: 0, leftY: 0, rightX: 0, rightY: 0)))
        h.frame(.secondPad(.buttonDown(.south)), .secondPad(.buttonDown(.north)))
        h.frames(2)
        #expect(session.marbles.dropFirst().first?.penDown == false && session.penDown)
        #expect(h.app.drawings.secondTool.erase && !h.app.drawings.tool.erase)
        h.frame(.secondPad(.buttonUp(.south)), .secondPad(.buttonUp(.north)), .secondPad(.removed))
        let b1 = try #require(session.marbles.dropFirst().first).ball.position
        h.hold(.left, frames: 20)
        #expect(try #require(session.marbles.dropFirst().first).ball.position.x < b1.x - 5, "the arrows drive marble 2 again")
    }

    @Test("Help in a drawing of two (shown on a first drawing; F1) shows each marble's keys side by side; with a pad, the pad's for marble 2")
    func help() throws {
        let h = try AppHarness()
        Self.startTwo(h)
        let texts = h.scene.texts
        #expect(texts.contains("W A S D") && texts.contains("Arrow keys") && texts.contains("Hold Right Shift") && texts.contains("Hold Space"))
        #expect(!texts.contains { $0.contains("Hold A") })
        h.frame(.padAdded(name: "Test Pad", accelerometer: false, gyro: false))
        let withPad = h.scene.texts
        #expect(withPad.contains("W A S D") && withPad.contains("Stick or tilt") && !withPad.contains("Arrow keys"))
        h.tap(.f1)
        #expect(!h.scene.texts.contains("W A S D"))
        h.tap(.f1)
        #expect(h.scene.texts.contains("W A S D"))
    }

    @Test("Right Shift lifts marble 2's pen only; Space marble 1's only")
    func pens() throws {
        let h = try AppHarness()
        Self.startTwo(h)
        let session = try #require(h.session)
        h.frame(.keyDown(.rightShift, ctrl: false, isRepeat: false))
        h.frames(3)
        #expect(session.penDown && session.marbles.dropFirst().first?.penDown == false)
        h.frame(.keyUp(.rightShift), .keyDown(.space, ctrl: false, isRepeat: false))
        h.frames(3)
        #expect(!session.penDown && session.marbles.dropFirst().first?.penDown == true)
        h.frame(.keyUp(.space))
    }

    @Test("The End screen shows a movement panel for each child, and the drawing reopens with both marbles")
    func endAndReopen() throws {
        let h = try AppHarness()
        Self.startTwo(h)
        h.hold(.w, frames: 20)
        h.hold(.down, frames: 20)
        let session = try #require(h.session)
        let picture = session.canvas.pixelBytes
        let id = try #require(h.app.drawing?.id)
        h.tap(.enter)
        h.frame()
        // A panel is a stopwatch chip among others: one a panel.
        let stopwatches = h.scene.layers[0].elements.filter { if case .icon(.stopwatch, _, _) = $0 { true } else { false } }
        #expect(stopwatches.count == 2)
        h.app.quit()
        let store = try h.temp.reopen()
        let d = try store.open(id)
        #expect(d.session.marbles.count > 1)
        let same = d.session.canvas.pixelBytes == picture
        #expect(same)
        try d.close()
    }
}
