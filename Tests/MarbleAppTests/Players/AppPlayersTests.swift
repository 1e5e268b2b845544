import MarbleKit
import Testing
@testable import MarbleApp

/// Children drawing together: Setup's Two, Three or Four (P steps through them); on one keyboard
/// the left hand drives player 1 (WASD, Q/E, Space) and the right hand player 2 (the arrows,
/// comma and period, Right Shift); pads and phones take the players without one; each paints
/// its own colour from the start; the End screen shows a movement panel each; it is saved and goes on.
@Suite("App: players")
struct AppPlayersTests {
    /// Home → New → P (two) → Start.
    static func startTwo(_ h: AppHarness) {
        h.tap(.n)
        h.tap(.p)
        h.tap(.enter)
        h.frame()
    }

    @Test("P on Setup steps One, Two, Three, Four and One again, the button shown selected; Start makes a drawing of two")
    func setup() throws {
        let h = try AppHarness()
        h.tap(.n)
        let buttons = try (1...4).map { n in try #require(h.index(of: .chooseMarbles(n))) }
        #expect(h.scene.buttons[buttons[0]].selected == true)
        for n in [2, 3, 4, 1] {
            h.tap(.p)
            #expect(buttons.enumerated().allSatisfy { h.scene.buttons[$0.element].selected == ($0.offset + 1 == n) }, "\(n)")
            #expect(h.app.players.count == n)
        }
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
        let a0 = session.marbles[0].ball.position, b0 = try #require(session.marbles.dropFirst().first).ball.position
        h.frame(.keyDown(.d, ctrl: false, isRepeat: false), .keyDown(.left, ctrl: false, isRepeat: false),
                .keyDown(.q, ctrl: false, isRepeat: false), .keyDown(.period, ctrl: false, isRepeat: false))
        h.frames(40)
        h.frame(.keyUp(.d), .keyUp(.left), .keyUp(.q), .keyUp(.period))
        let b = try #require(session.marbles.dropFirst().first)
        #expect(session.marbles[0].ball.position.x > a0.x + 5 && b.ball.position.x < b0.x - 5)
        #expect(abs(session.marbles[0].ball.position.y - a0.y) < 1e-9 && abs(b.ball.position.y - b0.y) < 1e-9)
        // They start half a turn apart (paint that differs from the first stroke), then turn.
        #expect(session.marbles[0].heading > 180 && b.heading > 180 && b.heading < 360, "\(session.marbles[0].heading) and \(b.heading)")
        #expect(session.strokes.count == 2 && session.strokes.allSatisfy { $0.points.count > 5 })
        // Each marble on screen: two balls, two dials.
        let balls = h.scene.layers[0].elements.filter { if case .ball = $0 { true } else { false } }
        let dials = h.scene.layers[0].elements.filter { if case .heading = $0 { true } else { false } }
        #expect(balls.count == 2 && dials.count == 2)
    }

    @Test("A pad joins player 1 (the first without a pad or phone): its stick rolls marble 1, the arrows still roll marble 2")
    func padJoinsThePlayerWithout() throws {
        let h = try AppHarness()
        h.frame(.padAdded(name: "Test Pad", accelerometer: false, gyro: false))
        Self.startTwo(h)
        let session = try #require(h.session)
        let a0 = session.marbles[0].ball.position, b0 = try #require(session.marbles.dropFirst().first).ball.position
        h.frame(.padSticks(leftX: -1, leftY: 0, rightX: 0, rightY: 0))
        h.frames(30)
        #expect(session.marbles[0].ball.position.x < a0.x - 5, "the pad rolls marble 1")
        #expect(session.marbles[1].ball.position == b0, "and not marble 2")
        h.frame(.padSticks(leftX: 0, leftY: 0, rightX: 0, rightY: 0))
        h.hold(.left, frames: 20)
        #expect(session.marbles[1].ball.position.x < b0.x - 5)
    }

    @Test("A pad and then a phone: the pad is player 1's, the phone player 2's; each rolls its own marble")
    func padAndPhone() throws {
        let h = try AppPhoneTests.harness()
        h.frame(.padAdded(name: "Test Pad", accelerometer: false, gyro: false))
        Self.startTwo(h)
        let session = try #require(h.session)
        let a0 = session.marbles[0].ball.position, b0 = try #require(session.marbles.dropFirst().first).ball.position
        var n = 0
        // The pad's stick up (marble 1 rolls up), the phone tipped right (marble 2 rolls right).
        h.frame(.padSticks(leftX: 0, leftY: -1, rightX: 0, rightY: 0))
        AppPhoneTests.stream(h, frames: 60, from: &n) { AppPhoneTests.report($0, roll: 0.5) }
        #expect(h.app.input.seating.seats == [.pad(0), .phone(.dsu(0))])
        let a = session.marbles[0].ball.position, b = try #require(session.marbles.dropFirst().first).ball.position
        #expect(a.y < a0.y - 20 && abs(a.x - a0.x) < 2, "marble 1 at \(a)")
        #expect(b.x > b0.x + 20 && abs(b.y - b0.y) < 2, "marble 2 at \(b)")
    }

    @Test("Each marble its own eraser and width: / and 0 for marble 2, X and 1 for marble 1, and a tool column each")
    func tools() throws {
        let h = try AppHarness()
        Self.startTwo(h)
        let session = try #require(h.session)
        #expect(h.index(of: .toggleEraser(player: 1)) != nil && h.index(of: .chooseBrush(.fat, player: 1)) != nil)
        #expect(h.index(of: .toggleEraser(player: 0)) != nil)
        h.tap(.slash)
        h.tap(.zero)
        h.frames(2)
        let fat = try #require(PenTool.Brush.fat.width(session.configuration))
        #expect(session.marbles.dropFirst().first?.input?.erase == true && session.marbles.dropFirst().first?.input?.width == fat)
        #expect(session.marbles[0].input?.erase == false && session.marbles[0].input?.width == nil, "marble 1's tools are its own")
        h.tap(.x)
        h.tap(.one)
        h.frames(2)
        #expect(session.marbles[0].input?.erase == true && session.marbles[0].input?.width == PenTool.Brush.thin.width(session.configuration))
        #expect(session.marbles.dropFirst().first?.input?.width == fat)
    }

    @Test("Two pads: one each; the second pad's A lifts marble 2's pen, its Y its eraser; unplugged, player 2 goes back to the keys and play goes on")
    func twoPads() throws {
        let h = try AppHarness()
        h.frame(.padAdded(name: "Pad one", accelerometer: false, gyro: false, pad: 10),
                .padAdded(name: "Pad two", accelerometer: false, gyro: false, pad: 11))
        Self.startTwo(h)
        let session = try #require(h.session)
        let a0 = session.marbles[0].ball.position, b0 = try #require(session.marbles.dropFirst().first).ball.position
        h.frame(.padSticks(leftX: 1, leftY: 0, rightX: 0, rightY: 0, pad: 10), .padSticks(leftX: 0, leftY: 1, rightX: 0, rightY: 0, pad: 11))
        h.frames(30)
        let a = session.marbles[0].ball.position, b = try #require(session.marbles.dropFirst().first).ball.position
        #expect(a.x > a0.x + 5 && abs(a.y - a0.y) < 1e-9, "pad one rolls marble 1 right: \(a)")
        #expect(b.y > b0.y + 5 && abs(b.x - b0.x) < 1e-9, "pad two rolls marble 2 down: \(b)")
        h.frame(.padSticks(leftX: 0, leftY: 0, rightX: 0, rightY: 0, pad: 10), .padSticks(leftX: 0, leftY: 0, rightX: 0, rightY: 0, pad: 11))
        h.frame(.padButtonDown(.south, pad: 11), .padButtonDown(.north, pad: 11))
        h.frames(2)
        #expect(session.marbles[1].penDown == false && session.marbles[0].penDown)
        #expect(h.app.players[1].tool.erase && !h.app.players[0].tool.erase)
        h.frame(.padButtonUp(.south, pad: 11), .padButtonUp(.north, pad: 11), .padRemoved(pad: 11))
        #expect(h.app.paused == nil, "the others play on")
        let b1 = try #require(session.marbles.dropFirst().first).ball.position
        h.hold(.left, frames: 20)
        #expect(try #require(session.marbles.dropFirst().first).ball.position.x < b1.x - 5, "the arrows drive marble 2 again")
    }

    @Test("Four players: Setup shows who has no device yet; two pads seat players 3 and 4; four marbles, four dials, four tool columns, nothing over the canvas")
    func four() throws {
        let h = try AppHarness()
        h.tap(.n)
        for _ in 0..<3 { h.tap(.p) }
        #expect(h.scene.texts.filter { $0.contains("no pad or phone yet") }.count == 2)
        h.frame(.padAdded(name: "Pad three", accelerometer: false, gyro: false, pad: 3), .padAdded(name: "Pad four", accelerometer: false, gyro: false, pad: 4))
        #expect(!h.scene.texts.contains { $0.contains("no pad or phone yet") })
        #expect(h.app.input.seating.seats == [nil, nil, .pad(3), .pad(4)])
        h.tap(.enter)
        h.frame()
        let session = try #require(h.session)
        #expect(session.marbles.count == 4)
        #expect(session.marbles.map(\.heading) == [0, 90, 180, 270], "headings spread round the wheel")
        let starts = session.marbles.map(\.ball.position)
        h.frame(.padSticks(leftX: 0, leftY: -1, rightX: 0, rightY: 0, pad: 3), .padSticks(leftX: 0, leftY: 1, rightX: 0, rightY: 0, pad: 4),
                .keyDown(.d, ctrl: false, isRepeat: false), .keyDown(.left, ctrl: false, isRepeat: false))
        h.frames(30)
        let now = session.marbles.map(\.ball.position)
        #expect(now[0].x > starts[0].x + 5 && now[1].x < starts[1].x - 5, "the keys roll marbles 1 and 2")
        #expect(now[2].y < starts[2].y - 5 && now[3].y > starts[3].y + 5, "the pads roll marbles 3 and 4")
        let elements = h.scene.layers[0].elements
        #expect(elements.filter { if case .heading = $0 { true } else { false } }.count == 4)
        #expect(elements.filter { if case .ball = $0 { true } else { false } }.count == 4)
        #expect((0..<4).allSatisfy { p in h.index(of: .toggleEraser(player: p)) != nil })
        // No button lies over the canvas.
        guard case .canvas(let canvas)? = elements.first else { Issue.record("no canvas"); return }
        for b in h.scene.buttons {
            let apart = b.rect.maxX <= canvas.x || b.rect.x >= canvas.maxX || b.rect.maxY <= canvas.y || b.rect.y >= canvas.maxY
            #expect(apart, "\(b.action) at \(b.rect) over the canvas \(canvas)")
        }
        h.frame(.keyUp(.d), .keyUp(.left))
        h.tap(.enter)
        h.frame()
        let stopwatches = h.scene.layers[0].elements.filter { if case .icon(.stopwatch, _, _) = $0 { true } else { false } }
        #expect(stopwatches.count == 4, "a movement panel for each child")
    }

    @Test("Help in a drawing of two (shown on a first drawing; F1) shows each player's keys side by side; with a pad, the pad's for player 1")
    func help() throws {
        let h = try AppHarness()
        Self.startTwo(h)
        let texts = h.scene.texts
        #expect(texts.contains("W A S D") && texts.contains("Arrow keys") && texts.contains("Hold Right Shift") && texts.contains("Hold Space"))
        #expect(!texts.contains { $0.contains("Hold A") })
        h.frame(.padAdded(name: "Test Pad", accelerometer: false, gyro: false))
        let withPad = h.scene.texts
        #expect(withPad.contains("Stick or tilt") && withPad.contains("Arrow keys") && !withPad.contains("W A S D"))
        h.tap(.f1)
        #expect(!h.scene.texts.contains("Stick or tilt"))
        h.tap(.f1)
        #expect(h.scene.texts.contains("Stick or tilt"))
    }

    @Test("Right Shift lifts marble 2's pen only; Space marble 1's only")
    func pens() throws {
        let h = try AppHarness()
        Self.startTwo(h)
        let session = try #require(h.session)
        h.frame(.keyDown(.rightShift, ctrl: false, isRepeat: false))
        h.frames(3)
        #expect(session.marbles[0].penDown && session.marbles.dropFirst().first?.penDown == false)
        h.frame(.keyUp(.rightShift), .keyDown(.space, ctrl: false, isRepeat: false))
        h.frames(3)
        #expect(!session.marbles[0].penDown && session.marbles.dropFirst().first?.penDown == true)
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
