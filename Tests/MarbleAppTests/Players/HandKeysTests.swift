import MarbleKit
import Testing
@testable import MarbleApp

/// A keyboard half is a device the seating places like a pad: its keys written once
/// (`Hand.keys`), its tool keys acting for whoever holds it, wherever it sits.
@Suite("Players: keyboard halves")
struct HandKeysTests {
    /// Three players, the right half moved from player 2 to player 3.
    static func rightHalfOnThree() -> InputState {
        var i = InputState()
        i.seat(players: 3)
        i.seating.leave(.keys(.right))
        i.seating.join(.keys(.right), wish: 2)
        return i
    }

    @Test("Every tilt, turn and pen key of a half's table drives the player holding that half, and no other")
    func tableDrivesTheHolder() throws {
        let cases: [(Hand, Int)] = [(.whole, 1), (.left, 2), (.right, 2), (.right, 3)]
        for (hand, players) in cases {
            var i = players == 3 ? Self.rightHalfOnThree() : InputState()
            if players != 3 { i.seat(players: players) }
            let p = try #require(i.seating.player(of: .keys(hand)))
            let t = hand.keys
            let fields: [([Key], WritableKeyPath<KeyState, Bool>)] = [
                (t.left, \.left), (t.right, \.right), (t.up, \.up), (t.down, \.down),
                ([t.turnLeft], \.turnLeft), ([t.turnRight], \.turnRight), ([t.pen], \.penUp),
            ]
            for (keys, field) in fields {
                for key in keys {
                    i.keyDown(key, live: true)
                    var want = KeyState()
                    want[keyPath: field] = true
                    #expect(i.keyState(player: p) == want, "\(hand) with \(players): \(key) for player \(p)")
                    for q in 0..<players where q != p {
                        #expect(i.keyState(player: q) == KeyState(), "\(key) moves player \(q) too")
                    }
                    i.keyUp(key)
                }
            }
        }
    }

    @Test("The right half moved to player 3: the arrows drive player 3, player 2 has no keys")
    func movedHalf() {
        var i = Self.rightHalfOnThree()
        #expect(i.seating.hand(of: 1) == nil && i.seating.hand(of: 2) == .right)
        i.keyDown(.left, live: true)
        #expect(i.keyState(player: 2) == KeyState(left: true) && i.keyState(player: 1) == KeyState())
    }

    @Test("Setup's line and the help's rows are the table's words, for the half each player holds")
    func wordsFromTheTable() throws {
        let h = try AppHarness()
        for n in 1...4 {
            h.app.setPlayers(n)
            for seat in h.app.seatViews {
                let hand = h.app.input.seating.hand(of: seat.index)
                #expect(seat.hand == hand)
                if let hand {
                    #expect(seat.picture.1 == hand.keys.words && seat.controls == hand.keys.rows)
                } else {
                    #expect(seat.controls == ["—", "—", "—"])
                }
            }
        }
    }

    @Test("A tool key of the right half acts for the player holding the right half, whatever their seat")
    func toolKeyFollowsTheHalf() throws {
        let h = try AppHarness()
        h.tap(.n)
        h.tap(.p)
        h.tap(.p)     // Three
        h.tap(.enter)
        h.frame()
        #expect(h.app.players.count == 3)
        h.app.input.seating.leave(.keys(.right))
        h.app.input.seating.join(.keys(.right), wish: 2)
        h.tap(.slash)
        #expect(h.app.players.map(\.tool.erase) == [false, false, true], "/ is the right half's eraser, and player 3 holds it")
        h.tap(.eight)
        #expect(h.app.players[2].tool.brush == .thin && h.app.players[1].tool.brush != .thin)
        h.tap(.x)
        #expect(h.app.players.map(\.tool.erase) == [true, false, true], "X is the left half's, on player 1")
        // The help and Setup say it as the controls do.
        #expect(h.app.seatViews.map(\.hand) == [.left, nil, .right])
    }

    @Test("A child alone: the right half's tool keys do nothing, the left half's act for them")
    func aloneHasTheLeftTools() throws {
        let h = try AppHarness()
        h.startDrawing()
        h.tap(.slash)
        h.tap(.minus)
        #expect(!h.app.players[0].tool.erase)
        h.tap(.x)
        #expect(h.app.players[0].tool.erase)
    }
}
