import MarbleKit
import Testing
@testable import MarbleApp

/// Setup's line for each player (their number, their device's picture and words) keeps to its
/// own column.
@Suite("Setup seat lines")
struct SetupSeatLineTests {
    @Test("With four players, each player's words end before the next column and inside the window, however long", arguments: [3, 4])
    func wordsKeepToTheirColumn(marbles: Int) throws {
        let long = SeatView.DeviceView(isPhone: false, name: "Sony Interactive Entertainment Wireless Controller", motionBlocked: true)
        let seats = [SeatView(index: 0, hand: .left), SeatView(index: 1, device: long), SeatView(index: 2), SeatView(index: 3, device: long)]
        var choice = SetupChoice()
        choice.marbles = marbles
        for (width, height) in [(1280.0, 800.0), (1024, 600)] {
            let l = Layout(width: width, height: height)
            let elements = SetupScreen.scene(choice, seats: seats, l).layers[0].elements
            // Each player's number sits in a box of their colour; their words follow it.
            let badges = elements.compactMap { e -> Rect? in
                if case .box(let r, let c, _) = e, PlayerColors.colors.contains(c) { r } else { nil }
            }
            let lines = elements.compactMap { e -> (x: Double, y: Double, width: Double)? in
                if case .text(_, let p, _, _, _, let w?) = e { (p.x, p.y, w) } else { nil }
            }
            #expect(lines.count == marbles && badges.count == marbles)
            for line in lines {
                #expect(line.x + line.width <= width, "a line reaches \(line.x + line.width) in \(width)")
                // The next badge on the same row, if any, starts after the line ends.
                for b in badges where abs(b.center.y - line.y) < 1 && b.x > line.x {
                    #expect(line.x + line.width < b.x, "a line to \(line.x + line.width) runs into the badge at \(b.x)")
                }
            }
        }
    }
}
