import MarbleApp
import SeededRandom

/// One thing a child might do while drawing, picked at random by weight.
///
/// Every action starts and ends on the drawing screen with the drawing live, so any action
/// can follow any other. A new one is one line in `table`.
struct SoakAction: Sendable {
    var name: String
    var weight: Double
    var run: @Sendable (SoakPlayer) throws -> Void

    /// The table. Weights are relative; durations are drawn inside each action.
    static let table: [SoakAction] = [
        SoakAction(name: "draw with the pad", weight: 30) { try $0.drawWithPad(seconds: $0.rng.seconds(3, 600)) },
        SoakAction(name: "draw with the keys", weight: 20) { try $0.drawWithKeys(seconds: $0.rng.seconds(2, 300)) },
        SoakAction(name: "draw by tilting the pad", weight: 10) { try $0.drawWithMotion(seconds: $0.rng.seconds(3, 600)) },
        SoakAction(name: "leave it alone", weight: 12) { try $0.idle($0.rng.seconds(10, 15 * 60)) },
        SoakAction(name: "pause", weight: 6) { try $0.pause(seconds: $0.rng.seconds(5, 15 * 60)) },
        SoakAction(name: "unplug the pad", weight: 3) { try $0.unplug(seconds: $0.rng.seconds(2, 10 * 60)) },
        SoakAction(name: "hide the window", weight: 2) { try $0.hide(seconds: $0.rng.seconds(5, 15 * 60)) },
        SoakAction(name: "undo", weight: 8) { try $0.undo() },
        SoakAction(name: "redo", weight: 4) { try $0.redo() },
        SoakAction(name: "finish and carry on", weight: 3) { try $0.finishAndCarryOn() },
        SoakAction(name: "new drawing", weight: 1.2) { try $0.newDrawingFromTheEnd() },
        SoakAction(name: "settings", weight: 1) { try $0.changeSettings() },
        SoakAction(name: "help", weight: 1) { try $0.tap(.f1); try $0.frames(for: $0.rng.seconds(1, 10)); try $0.tap(.f1) },
        SoakAction(name: "mute", weight: 1) { try $0.tap(.m) },
        // X turns the eraser on, a fat pass erases, X turns it off; the widths change now and then.
        SoakAction(name: "erase", weight: 4) {
            try $0.tap(.x)
            try $0.tap(.three)
            try $0.drawWithKeys(seconds: $0.rng.seconds(1, 30))
            try $0.tap(.x)
            try $0.tap([.one, .two, .three].randomElement(using: &$0.rng)!)
        },
    ]

    /// An action drawn by weight.
    static func pick(_ rng: inout SplitMix64) -> SoakAction {
        var x = Double.random(in: 0..<table.reduce(0) { $0 + $1.weight }, using: &rng)
        for a in table {
            x -= a.weight
            if x < 0 { return a }
        }
        return table[0]
    }
}
