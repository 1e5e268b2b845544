import MarbleKit
import Testing
@testable import MarbleApp

/// A phone's browser page is a device like a DSU phone: seats offered with fresh tokens, a
/// page joining the first player without a device, its readings rolling the marble in the
/// closed-form directions, its compass turning it, its buttons its player's pen, a silence
/// handing the player back to the keys, Let go a fresh token, four pages four marbles.
@Suite("App: phone pages")
struct AppPhonePageTests {
    @Test("The server starts when asked for: four seats, one a player, each with a fresh token of its own")
    func seatsOffered() throws {
        let p = try PageHarness()
        #expect(p.server == nil, "nothing is served until it is needed")
        p.app.perform(.phone)
        p.h.tap(.b)
        p.h.frame()
        let server = try #require(p.server)
        #expect(p.h.platform.effects.contains(.servePhonePage(nil)))
        #expect(server.seats.map(\.player) == [0, 1, 2, 3])
        #expect(Set(server.seats.map(\.token)).count == 4)
        #expect(server.seats.map(\.color) == (0..<4).map { PlayerColors.color(of: $0) })
        // A second harness offers other tokens.
        let q = try PageHarness()
        q.app.perform(.phone)
        q.h.tap(.b)
        q.h.frame()
        let others = Set(q.server?.seats.map(\.token) ?? [])
        #expect(others.count == 4 && others.isDisjoint(with: server.seats.map(\.token)))
        // Leaving the screen stops it (no page joined).
        p.h.tap(.escape)
        p.h.frame()
        #expect(server.stopped && p.h.platform.effects.unspoken.last == .stopPhonePage)
    }

    @Test("The Phone screen shows the chosen player's code: its payload the page's address with their token; Tab shows the next player's")
    func screenCode() throws {
        let p = try PageHarness()
        p.app.perform(.phone)
        p.h.tap(.b)
        p.h.frames(2)
        let server = try #require(p.server)
        func code() -> String? {
            p.h.scene.layers.flatMap(\.elements).compactMap { if case .qr(_, let payload, _) = $0 { payload } else { nil } }.first
        }
        let first = try p.token(0)
        #expect(code() == server.address.url(token: first))
        #expect(p.h.scene.texts.contains(server.address.url(token: first)), "the same address in words")
        #expect(p.h.scene.texts.contains { $0.contains(server.fingerprint.prefix(20)) }, "the fingerprint, small")
        p.h.tap(.tab)
        p.h.frame()
        #expect(code() == server.address.url(token: try p.token(1)))
        #expect(p.h.scene.buttons.first { $0.action == .choosePagePlayer(1) }?.selected == true)
    }

    @Test("A page that joins takes the first player without a device; its player's notice says so")
    func joinSeats() throws {
        let p = try PageHarness()
        try p.startDrawing(marbles: 2)
        p.h.frame(.padAdded(name: "Pad", accelerometer: false, gyro: false, pad: 7))
        #expect(p.app.input.seating.seats == [.pad(7), nil])
        // The Phone screen would show player 2's code: the first without a device.
        #expect(p.app.firstPlayerWithoutDevice == 1)
        p.join(try p.token(1))
        #expect(p.app.input.seating.seats == [.pad(7), .phone(.page(1))])
        #expect(p.app.nav.notice?.text.contains("Player 2's phone joined") == true)
    }

    @Test("Readings roll the ball: flat, none; right edge down, right; top edge down, up")
    func closedFormDirections() throws {
        let p = try PageHarness()
        try p.startDrawing()
        let token = try p.token(0)
        p.join(token)
        let start = p.position(0)
        p.stream(30, [token]) { _, t in PageHarness.reading(t) }
        let flat = p.position(0)
        #expect(abs(flat.x - start.x) < 0.5 && abs(flat.y - start.y) < 0.5, "flat: \(start) to \(flat)")
        p.stream(30, [token]) { _, t in PageHarness.reading(t, gravity: PageHarness.rightEdgeDown(20)) }
        let right = p.position(0)
        #expect(right.x > flat.x + 10 && abs(right.y - flat.y) < 1, "right edge down: \(flat) to \(right)")
        p.stream(30, [token]) { _, t in PageHarness.reading(t, gravity: PageHarness.topEdgeDown(20)) }
        let up = p.position(0)
        #expect(up.y < right.y - 10, "top edge down: \(right) to \(up)")
    }

    @Test("A compass heading turns the marble by its difference, the gyro's yaw unused while it reads")
    func compassTurns() throws {
        let p = try PageHarness()
        try p.startDrawing()
        let token = try p.token(0)
        p.join(token)
        let h0 = p.app.players[0].controls.heading
        var n = 0
        // 90° clockwise over 30 readings by the compass, across north, while the gyro says anticlockwise.
        p.stream(31, [token]) { _, t in
            defer { n += 1 }
            return PageHarness.reading(t, rotation: (alpha: 200, beta: 0, gamma: 0), heading: (330 + Double(n) * 3).truncatingRemainder(dividingBy: 360))
        }
        let turned = HeadingColor.normalized(p.app.players[0].controls.heading - h0)
        #expect(abs(turned - 90) < 1, "turned \(turned)°")
    }

    @Test("Without a compass the gyro's yaw turns it: anticlockwise alpha lowers the heading")
    func gyroTurns() throws {
        let p = try PageHarness()
        try p.startDrawing()
        let token = try p.token(0)
        p.join(token)
        let h0 = p.app.players[0].controls.heading
        p.stream(60, [token]) { _, t in PageHarness.reading(t, rotation: (alpha: 45, beta: 0, gamma: 0)) }
        let turned = HeadingColor.normalized(h0 - p.app.players[0].controls.heading)
        #expect(abs(turned - 45) < 3, "turned \(turned)° anticlockwise in a second at 45°/s")
    }

    @Test("The pen button held lifts the pen (no paint); the eraser button held is the eraser; undo pressed takes a stroke back")
    func buttons() throws {
        let p = try PageHarness()
        try p.startDrawing()
        let token = try p.token(0)
        p.join(token)
        p.stream(20, [token]) { _, t in PageHarness.reading(t, gravity: PageHarness.rightEdgeDown(20)) }
        #expect(p.h.session?.marbles[0].penDown == true)
        let strokes = p.h.session?.history.count ?? 0
        p.stream(20, [token]) { _, t in PageHarness.reading(t, gravity: PageHarness.topEdgeDown(20), buttons: .penUp) }
        #expect(p.h.session?.marbles[0].penDown == false)
        p.stream(3, [token]) { _, t in PageHarness.reading(t, gravity: PageHarness.rightEdgeDown(20), buttons: .eraser) }
        #expect(p.h.session?.marbles[0].penDown == true && p.app.players[0].tool.erase)
        p.stream(20, [token]) { _, t in PageHarness.reading(t) }
        #expect(!p.app.players[0].tool.erase, "let go of, the eraser is put down")
        // The pen lifted, the last stroke ends: one undo takes it back (held two readings).
        p.stream(5, [token]) { _, t in PageHarness.reading(t, buttons: .penUp) }
        let before = p.h.session?.history.count ?? 0
        #expect(before > strokes)
        p.stream(2, [token]) { _, t in PageHarness.reading(t, buttons: [.undo, .penUp]) }
        #expect((p.h.session?.history.count ?? 0) == before - 1, "one undo a press, however long held")
    }

    @Test("More than a second without a reading: the page goes quiet, the ball stops, the keys take over; its next reading returns it")
    func silence() throws {
        let p = try PageHarness()
        try p.startDrawing()
        let token = try p.token(0)
        p.join(token)
        p.stream(20, [token]) { _, t in PageHarness.reading(t, gravity: PageHarness.rightEdgeDown(20)) }
        #expect(p.app.input.held[.phone(.page(0))] != nil)
        p.h.frames(70)
        #expect(p.app.input.held[.phone(.page(0))] == nil && !p.app.input.seating.contains(.phone(.page(0))))
        #expect(p.app.nav.notice?.text.contains("stopped sending") == true)
        let stopped = p.position(0)
        p.h.frames(10)
        #expect(p.position(0) == stopped, "the ball stands")
        p.stream(20, [token]) { _, t in PageHarness.reading(t, gravity: PageHarness.rightEdgeDown(20)) }
        #expect(p.app.input.held[.phone(.page(0))] != nil && p.position(0).x > stopped.x + 5)
        #expect(p.app.nav.notice?.text.contains("back") == true)
        // A page that leaves goes quiet at once.
        p.server?.push(.left(token))
        p.h.frame()
        #expect(p.app.input.held[.phone(.page(0))] == nil)
    }

    @Test("Let go: the seat is withdrawn (offered no more), its player gets a fresh token, and the old one drives nothing")
    func letGo() throws {
        let p = try PageHarness()
        try p.startDrawing(marbles: 2)
        let old = try p.token(1)
        p.join(old)
        #expect(p.app.input.seating.seats == [nil, .phone(.page(1))])
        p.app.perform(.phone)
        p.h.tap(.b)
        p.h.frame()
        let button = try #require(p.h.scene.buttons.first { $0.action == .letGoPage(1) })
        p.app.perform(button.action)
        p.h.frame()
        let fresh = try p.token(1)
        #expect(fresh != old && !(p.server?.seats.map(\.token).contains(old) ?? true))
        #expect(p.app.input.seating.seats == [nil, nil])
        p.server?.push(.reading(old, PageHarness.reading(5000), arrival: 5))
        p.h.frame()
        #expect(p.app.input.held.isEmpty)
        #expect(!p.h.scene.buttons.contains { $0.action == .letGoPage(1) })
    }

    @Test("Four pages drive four marbles, each its own way")
    func fourPages() throws {
        let p = try PageHarness()
        try p.startDrawing(marbles: 4)
        let tokens = try (0..<4).map { try p.token($0) }
        for t in tokens { p.join(t) }
        #expect(p.app.input.seating.seats == [.phone(.page(0)), .phone(.page(1)), .phone(.page(2)), .phone(.page(3))])
        let before = (0..<4).map(p.position)
        p.stream(30, tokens) { token, t in
            switch tokens.firstIndex(of: token) {
            case 0: PageHarness.reading(t, gravity: PageHarness.rightEdgeDown(20))
            case 1: PageHarness.reading(t, gravity: PageHarness.rightEdgeDown(-20))
            case 2: PageHarness.reading(t, gravity: PageHarness.topEdgeDown(20))
            default: PageHarness.reading(t, gravity: PageHarness.topEdgeDown(-20))
            }
        }
        let after = (0..<4).map(p.position)
        #expect(after[0].x > before[0].x + 10, "marble 1 right")
        #expect(after[1].x < before[1].x - 10, "marble 2 left")
        #expect(after[2].y < before[2].y - 10, "marble 3 up")
        #expect(after[3].y > before[3].y + 10, "marble 4 down")
    }

    @Test("The exit log tells each page's readings and what the server refused and dropped")
    func summaries() throws {
        let p = try PageHarness()
        try p.startDrawing()
        let token = try p.token(0)
        p.join(token)
        p.stream(10, [token]) { _, t in PageHarness.reading(t) }
        p.server?.count { $0.readings = 10; $0.refuse("wrong token"); $0.drop("malformed"); $0.drop("malformed") }
        p.h.frame()
        #expect(p.app.pageSummaries == ["phone page 1 (player 1): 10 readings used",
                                        "phone page server: 10 readings handed over; refused: 1 wrong token; dropped: 2 malformed"])
    }
}
