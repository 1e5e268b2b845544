import MarbleKit
import Testing
@testable import MarbleApp

/// One map of held devices, keyed by device: pads, phones over DSU and browser pages alike.
@Suite("Input state: one map of devices")
struct InputStateDevicesTests {
    @Test("A pad, a DSU phone and a page on one seat: one map, each its own entry; the page's tilt counts, its pen lifts")
    func padPhoneAndPageOnOneSeat() {
        var i = InputState()
        i.padAdded(7, name: "Pad", hasMotion: true)
        i.pageSending(0, name: "Page", player: 0)
        i.phoneSending(0, name: "Phone")
        #expect(i.held.count == 3)
        #expect(i.devices == [.pad(7), .phone(.dsu(0)), .phone(.page(0))])
        #expect(i.seating.devices(of: 0) == [.pad(7), .phone(.page(0)), .phone(.dsu(0))])
        #expect(i.motionCounts(.phone(.page(0))) && !i.motionCounts(.pad(7)) && !i.motionCounts(.phone(.dsu(0))),
                "the first phone's motion drives")
        _ = i.pageButtons(0, [.penUp], live: true)
        i.buttonDown(.rightShoulder, on: .pad(7), live: true)
        #expect(i.padState(player: 0) == PadState(rightShoulder: true, south: true))
        i.pageQuiet(0)
        #expect(i.held.keys.sorted { "\($0)" < "\($1)" } == [.pad(7), .phone(.dsu(0))])
        #expect(i.padState(player: 0) == PadState(rightShoulder: true), "the page's pen went with it")
        #expect(i.motionCounts(.phone(.dsu(0))))
    }

    @Test("Two players: a page asking for player 1, who has a pad, joins as any device; asking for player 2, it takes that seat")
    func pageTakesItsWish() {
        var i = InputState()
        i.seat(players: 2)
        i.padAdded(7, name: "Pad", hasMotion: false)
        i.pageSending(1, name: "Page", player: 0)
        #expect(i.seating.seats == [.pad(7), .phone(.page(1))], "player 1 has a pad: the page joins as any device")
        i.pageQuiet(1)
        i.pageSending(1, name: "Page", player: 1)
        #expect(i.seating.seats == [.pad(7), .phone(.page(1))])
        #expect(i.held[.phone(.page(1))]?.name == "Page" && i.held[.pad(7)]?.name == "Pad")
    }
}
