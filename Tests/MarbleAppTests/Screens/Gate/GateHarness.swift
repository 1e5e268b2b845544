import MarbleKit
@testable import MarbleApp

extension AppHarness {
    /// Settings, then C: the grown-up gate (on the screen showing).
    func openGate() {
        app.perform(.settings)
        frame()
        tap(.c)
    }

    /// The number the gate asks for, read off the screen as a grown-up reads it (in words).
    var askedNumber: Int? {
        for text in scene.texts {
            for (n, word) in GrownUpGate.words where text == word { return n }
        }
        return nil
    }

    /// The place of number `n`'s button among the gate's buttons.
    func gateIndex(_ n: Int) -> Int? { index(of: .gateChoice(n)) }

    /// Arrows from where focus is to number `n` (the numbers are one row, in order).
    func focusNumber(_ n: Int, pad: Bool = false) {
        let target = gateIndex(n) ?? 0
        while let focus = scene.focus, focus != target {
            let key: Key = focus < target ? .right : .left
            if pad { padTap(key == .right ? .dpadRight : .dpadLeft) } else { tap(key) }
        }
    }

    /// Holds `key` down for `seconds` of the app's clock (as a keyboard does: repeats while
    /// held), releasing it after unless the screen changed under it.
    func holdKey(_ key: Key, seconds: Double) {
        frame(.keyDown(key, ctrl: false, isRepeat: false))
        for k in 1..<Int((seconds * 60).rounded()) {
            if k % 3 == 0 { frame(.keyDown(key, ctrl: false, isRepeat: true)) } else { frame() }
        }
        frame(.keyUp(key))
    }

    /// The gate passed as a grown-up does: the number asked, chosen with the arrows and held
    /// with Enter for three seconds and a little.
    func passGate() {
        openGate()
        guard let n = askedNumber else { return }
        focusNumber(n)
        holdKey(.enter, seconds: GrownUpGate.holdSeconds + 0.1)
    }
}
