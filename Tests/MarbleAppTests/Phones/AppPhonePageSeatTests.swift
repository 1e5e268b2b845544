import MarbleKit
import Testing
@testable import MarbleApp

/// A page shows the player it drives, whatever its code's was: the app tells it (through
/// `AppEffect.tellPhoneSeat`, carried to the server) whenever the seating puts it on a player it
/// does not show, or makes it wait, and names it in notices by the player it drives.
@Suite("App: where each phone page sits, told to the page")
struct AppPhonePageSeatTests {
    /// The seat effects asked for so far.
    static func tells(_ p: PageHarness) -> [AppEffect] {
        p.h.platform.effects.filter { if case .tellPhoneSeat = $0 { true } else { false } }
    }

    @Test("A page opened for a player who has a pad drives the first free one, and is told that player's number and colour once")
    func offeredSeatTaken() throws {
        let p = try PageHarness()
        try p.startDrawing(marbles: 2)
        p.h.frame(.padAdded(name: "Pad", accelerometer: false, gyro: false, pad: 7))
        let token = try p.token(0)
        p.join(token)
        #expect(p.app.input.seating.seats == [.pad(7), .phone(.page(0))])
        #expect(Self.tells(p) == [.tellPhoneSeat(token, PhonePageSeat(token: token, player: 1, color: PlayerColors.color(of: 1)))])
        #expect(p.server?.told(token) == [1], "the port hands it to the server")
        #expect(p.app.nav.notice?.text.contains("Player 2's phone joined") == true)
        #expect(p.app.seatViews[1].device?.name == "Phone in the browser", "Setup names no player of its own")
        p.stream(30, [token]) { _, t in PageHarness.reading(t) }
        #expect(p.server?.told(token) == [1], "told once, not every frame")
    }

    @Test("A page on its code's player is told nothing")
    func offeredSeatFree() throws {
        let p = try PageHarness()
        try p.startDrawing(marbles: 2)
        let token = try p.token(1)
        p.join(token)
        p.stream(10, [token]) { _, t in PageHarness.reading(t) }
        #expect(p.app.input.seating.seats == [nil, .phone(.page(1))])
        #expect(Self.tells(p).isEmpty)
    }

    @Test("One marble: a page from player 3's code drives player 1 and is told so")
    func oneMarble() throws {
        let p = try PageHarness()
        try p.startDrawing(marbles: 1)
        let token = try p.token(2)
        p.join(token)
        #expect(p.server?.told(token) == [0])
        #expect(p.server?.toldSeats.last??.color == PlayerColors.color(of: 0))
        #expect(p.app.pageName(2) == "The phone")
    }

    @Test("Every player taken: the page is told to wait and named so; when a pad goes, it takes that seat and is told it")
    func waitsThenSeated() throws {
        let p = try PageHarness()
        try p.startDrawing(marbles: 2)
        p.h.frame(.padAdded(name: "Pad", accelerometer: false, gyro: false, pad: 7))
        let codeTwo = try p.token(1), codeOne = try p.token(0)
        p.join(codeTwo)
        p.join(codeOne)
        #expect(p.app.input.seating.seats == [.pad(7), .phone(.page(1))] && p.app.input.seating.waiting == [.phone(.page(0))])
        #expect(p.server?.told(codeOne) == [nil] && p.server?.told(codeTwo) == [])
        #expect(p.app.pageName(0) == "A waiting phone")
        #expect(p.app.pageViews.first { $0.index == 0 }?.waiting == true, "the Phone screen lists it as waiting")
        #expect(p.app.nav.notice?.text.contains("so it waits") == true)
        p.stream(5, [codeOne, codeTwo]) { _, t in PageHarness.reading(t) }
        p.h.frame(.padRemoved(pad: 7))
        #expect(p.app.input.seating.seats == [.phone(.page(0)), .phone(.page(1))])
        #expect(p.server?.told(codeOne) == [nil, 0])
        #expect(p.server?.toldSeats.last??.color == PlayerColors.color(of: 0))
        #expect(p.app.nav.notice?.text.contains("Player 1's phone has a marble now") == true)
        #expect(p.app.pageViews.first { $0.index == 0 } == PhoneScreen.PageView(index: 0, player: 0, sending: true))
    }

    @Test("The number of players changes: a page past the last moves to a free player and is told; one kept is told nothing")
    func playersChange() throws {
        let p = try PageHarness()
        try p.startDrawing(marbles: 3)
        let codeThree = try p.token(2), codeTwo = try p.token(1)
        p.join(codeThree)
        p.join(codeTwo)
        #expect(p.app.input.seating.seats == [nil, .phone(.page(1)), .phone(.page(2))] && Self.tells(p).isEmpty)
        p.app.startNew(mode: .fake, difficulty: .normal, marbles: 2)
        p.h.frame()
        #expect(p.app.input.seating.seats == [.phone(.page(2)), .phone(.page(1))])
        #expect(p.server?.told(codeThree) == [0] && p.server?.told(codeTwo) == [])
        p.app.startNew(mode: .fake, difficulty: .normal, marbles: 1)
        p.h.frame()
        #expect(p.server?.told(codeThree) == [0] && p.server?.told(codeTwo) == [0])
    }

    @Test("A quiet page is told nothing; sending again onto a seat it does not show, it is told")
    func quietThenBack() throws {
        let p = try PageHarness()
        try p.startDrawing(marbles: 2)
        let codeOne = try p.token(0)
        p.join(codeOne)
        p.h.frames(70)
        #expect(p.app.input.held[.phone(.page(0))] == nil)
        p.h.frame(.padAdded(name: "Pad", accelerometer: false, gyro: false, pad: 7))
        #expect(p.app.input.seating.seats == [.pad(7), nil] && Self.tells(p).isEmpty)
        p.stream(3, [codeOne]) { _, t in PageHarness.reading(t) }
        #expect(p.app.input.seating.seats == [.pad(7), .phone(.page(0))])
        #expect(p.server?.told(codeOne) == [1])
    }
}
