import MarbleKit
import Testing
@testable import MarbleApp

/// The one rule of who drives which player: the keyboard gives two, each pad or phone one, a
/// device that joins takes the first player without one, one that leaves hands its player
/// back to its hand's keys or to nothing.
@Suite("Players: seating")
struct SeatingTests {
    @Test("A child alone has every key and every device")
    func alone() {
        var s = Seating(players: 1)
        #expect(s.hand(of: 0) == .whole)
        s.join(.pad(7))
        s.join(.phone(.dsu(0)))
        #expect(s.devices(of: 0) == [.pad(7), .phone(.dsu(0))])
        #expect(s.player(of: .phone(.dsu(0))) == 0 && s.player(of: .pad(7)) == 0)
    }

    @Test("Two players: left hand and right hand; a pad joins the first without a device, a second pad the next")
    func two() {
        var s = Seating(players: 2)
        #expect(s.hand(of: 0) == .left && s.hand(of: 1) == .right)
        s.join(.pad(3))
        #expect(s.player(of: .pad(3)) == 0)
        s.join(.phone(.dsu(0)))
        #expect(s.player(of: .phone(.dsu(0))) == 1)
        s.join(.pad(4))
        #expect(s.player(of: .pad(4)) == nil && s.waiting == [.pad(4)], "every player has one: it waits")
        s.leave(.pad(3))
        #expect(s.player(of: .pad(4)) == 0, "the waiting pad takes the seat that freed")
        s.leave(.pad(4))
        #expect(s.devices(of: 0).isEmpty && s.hand(of: 0) == .left, "back to the left hand's keys")
    }

    @Test("Four players: players 3 and 4 have no keys, so devices seat them first, then 1 and 2; seats kept when the count changes")
    func four() {
        var s = Seating(players: 4)
        #expect(s.hand(of: 2) == nil && s.hand(of: 3) == nil)
        #expect(!s.isSeated(2) && s.isSeated(1))
        for k in 0..<4 { s.join(.phone(.dsu(k))) }
        #expect((0..<4).map { s.player(of: .phone(.dsu($0))) } == [2, 3, 0, 1])
        s.seat(players: 2)
        #expect(s.seats == [.phone(.dsu(2)), .phone(.dsu(3))] && s.waiting == [.phone(.dsu(0)), .phone(.dsu(1))])
        s.leave(.phone(.dsu(2)))
        #expect(s.seats == [.phone(.dsu(0)), .phone(.dsu(3))], "the first waiting takes the seat that freed")
        s.seat(players: 4)
        #expect(s.seats == [.phone(.dsu(0)), .phone(.dsu(3)), .phone(.dsu(1)), nil], "the waiting phone seats player 3, who has no keys")
    }

    @Test("One way to seat: a wish is taken when that seat has no pad or phone, and a child alone takes none")
    func wishes() {
        var s = Seating(players: 3)
        s.join(.pad(1), wish: 1)
        #expect(s.seats == [nil, .pad(1), nil], "asked for player 2, it skips player 3 who has nothing")
        s.join(.pad(2), wish: 1)
        #expect(s.seats == [nil, .pad(1), .pad(2)], "player 2 is taken: the first with nothing")
        var one = Seating(players: 1)
        one.join(.pad(1), wish: 3)
        #expect(one.seats == [.pad(1)] && one.player(of: .pad(1)) == 0)
    }

    @Test("The keyboard's halves are seated devices: the whole keyboard for one, left and right for two or more")
    func halves() {
        var s = Seating(players: 1)
        #expect(s.places == [[.keys(.whole)]] && s.player(of: .keys(.whole)) == 0)
        s.join(.pad(1))
        s.seat(players: 3)
        #expect(s.player(of: .keys(.left)) == 0 && s.player(of: .keys(.right)) == 1 && !s.contains(.keys(.whole)))
        #expect(s.seats == [.pad(1), nil, nil], "the pad kept its seat")
        s.seat(players: 1)
        #expect(s.places == [[.pad(1), .keys(.whole)]])
    }

    @Test("A device's buttons act for its player; one never announced acts for a child alone only")
    func actor() {
        var s = Seating(players: 1)
        #expect(s.actor(of: .pad(9)) == 0 && s.player(of: .pad(9)) == nil)
        s.seat(players: 2)
        #expect(s.actor(of: .pad(9)) == nil && s.actor(of: .keys(.right)) == 1)
    }
}
