import Foundation
import MarbleKit

/// A progress bar on stderr, drawn only when stderr is a terminal and the work is long.
///
/// It stays silent for the first half second, so quick replays print nothing extra.
struct ProgressBar {
    private let total: Int
    private let label: String
    private let enabled: Bool
    private let checkMask: Int
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false

    /// A bar for `total` steps (samples, or logs); `update` looks at the clock once every
    /// `checkEvery` steps (a power of two). It is drawn only if `enabled` and stderr is a terminal.
    init(total: Int, label: String, enabled: Bool = true, checkEvery: Int = 1024) {
        precondition(checkEvery > 0 && checkEvery & (checkEvery - 1) == 0, "checkEvery must be a power of two")
        self.total = max(total, 1)
        self.label = label
        self.enabled = enabled && POSIX.isTerminal(POSIX.standardError)
        checkMask = checkEvery - 1
    }

    /// Reports `done` of `total`; cheap to call often.
    mutating func update(_ done: Int) {
        guard enabled, done & checkMask == 0 else { return }
        let now = Date()
        guard now.timeIntervalSince(start) > 0.5, now.timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = now
        drawn = true
        let fraction = Double(done) / Double(total)
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        // The label may be a file's name: made safe here, since the bar's own "\r" is not.
        writeError("\r" + TerminalText.safe(String(format: "%@ %@ %3d%%", label, bar, Int(fraction * 100))))
    }

    /// Clears the bar if it was drawn.
    func finish() {
        if drawn { writeError("\r\u{1B}[K") }
    }

    /// Clears the bar before other lines are printed; the next `update` draws it again.
    mutating func clear() {
        finish()
        drawn = false
    }
}
