import MarbleKit

/// Settings ▸ Class's grown-up gate: a number named in words ("seven"), held down for three
/// seconds. A pre-reader cannot read the word, and tapping never holds long enough: a wrong
/// number, or letting go too soon, starts over with another number.
///
/// A value with no clock and no chance of its own: the app hands in the time (its frame clock)
/// and the draw (the environment's `random`).
struct GrownUpGate: Equatable, Sendable {
    /// How long the number is held down.
    static let holdSeconds = 3.0
    /// The numbers offered, one button each, in order.
    static let choices = Array(1...9)
    /// Each number in words, as the gate asks for it, in the language in force.
    static var words: [Int: String] {
        [1: tr("one"), 2: tr("two"), 3: tr("three"), 4: tr("four"), 5: tr("five"), 6: tr("six"), 7: tr("seven"), 8: tr("eight"), 9: tr("nine")]
    }

    /// What holds a number down: a key (Enter or Space), a pad's button, or the pointer.
    enum Hand: Equatable, Sendable {
        case key(Key), pad(PadButton, Int32), pointer
    }

    /// A number held down since `since` (app seconds).
    struct Hold: Equatable, Sendable {
        var choice: Int
        var hand: Hand
        var since: Double
    }

    /// Why the gate started over, told under the numbers.
    enum Miss: Equatable, Sendable {
        case tooSoon, wrongNumber
    }

    /// The number asked for (0 before the first is drawn).
    private(set) var asked = 0
    /// The number held down now, if any.
    private(set) var hold: Hold?
    /// Why the last try failed (nil on the first).
    private(set) var miss: Miss?

    /// The number asked for, in words.
    var askedWord: String { Self.words[asked] ?? "" }

    /// Starts over: nothing held, and a new number drawn by `draw` (0 up to its argument),
    /// never the one asked before.
    mutating func startOver(_ miss: Miss?, draw: (Int) -> Int) {
        let others = Self.choices.filter { $0 != asked }
        asked = others[min(max(draw(others.count), 0), others.count - 1)]
        hold = nil
        self.miss = miss
    }

    /// `choice` goes down at `now`, held by `hand`.
    mutating func press(_ choice: Int, by hand: Hand, at now: Double) {
        hold = Hold(choice: choice, hand: hand, since: now)
    }

    /// How far the hold has come at `now`, 0 to 1 (0 when nothing is held).
    func progress(at now: Double) -> Double {
        guard let hold else { return 0 }
        return min(max((now - hold.since) / Self.holdSeconds, 0), 1)
    }

    /// What the hold comes to at `now`: nil while it goes on (or nothing is held), true when
    /// the number asked was held long enough, false when another was.
    func outcome(at now: Double) -> Bool? {
        guard let hold, now - hold.since >= Self.holdSeconds else { return nil }
        return hold.choice == asked
    }
}
