import MarbleKit

/// Settings ▸ Class behind the grown-up gate: the number asked for in words, held down for
/// three seconds by a key, a pad's button or the pointer, on the app's clock.
extension App {
    /// Settings ▸ Class asked for: the gate first, with a new number, focus on the first number.
    func showGate() {
        gate.startOver(nil, draw: drawings.store.environment.random)
        show(.gate)
        nav.focus(GateScreen.firstChoice)
    }

    /// The event as the gate sees it first. A press on a number starts a hold (true: nothing
    /// else takes it); any other press while one is held, a release, or the window losing the
    /// keyboard ends it, too soon. Everything else goes on as on any screen (false).
    func gateTakes(_ event: UIEvent) -> Bool {
        switch event {
        case .keyDown(let key, let ctrl, let isRepeat):
            // A held key repeats: it is still the one hold, never a new press.
            if isRepeat { return gate.hold?.hand == .key(key) }
            gateLetGo()
            guard !ctrl, key == .enter || key == .space, let n = focusedChoice else { return false }
            input.keyDown(key, live: false)
            gate.press(n, by: .key(key), at: now)
            return true
        case .keyUp(let key):
            if gate.hold?.hand == .key(key) { gateLetGo() }
        case .padButtonDown(let b, let id):
            gateLetGo()
            guard b == .south || b == .start, let n = focusedChoice else { return false }
            input.buttonDown(b, on: .pad(id), live: false)
            gate.press(n, by: .pad(b, id), at: now)
            return true
        case .padButtonUp(let b, let id):
            if gate.hold?.hand == .pad(b, id) { gateLetGo() }
        case .pointerDown(let p):
            gateLetGo()
            let shown = buttons
            guard let i = Focus.hit(p, in: shown), case .gateChoice(let n) = shown[i].action else { return false }
            nav.focus(i)
            gate.press(n, by: .pointer, at: now)
            return true
        case .pointerUp:
            if gate.hold?.hand == .pointer { gateLetGo() }
        case .pointerMoved(let p):
            // The pointer slid off the number it holds: let go.
            if let hold = gate.hold, hold.hand == .pointer {
                let shown = buttons
                if Focus.hit(p, in: shown).map({ shown[$0].action }) != .gateChoice(hold.choice) { gateLetGo() }
            }
        case .focusLost, .hidden:
            gateLetGo()
        default: break
        }
        return false
    }

    /// Each frame on the gate: a hold of three seconds on the number asked opens Settings ▸
    /// Class; on another number it starts over.
    func gateFrame() {
        switch gate.outcome(at: now) {
        case true?: gatePassed()
        case false?: gate.startOver(.wrongNumber, draw: drawings.store.environment.random)
        case nil: break
        }
    }

    /// A number chosen without a hold (a click, Enter from somewhere the gate did not see):
    /// a tap never passes, it starts over.
    func gateTapped() {
        gate.startOver(.tooSoon, draw: drawings.store.environment.random)
    }

    /// Let go: held long enough counts as the frame would; else too soon, and a new number.
    private func gateLetGo() {
        guard gate.hold != nil else { return }
        switch gate.outcome(at: now) {
        case true?: gatePassed()
        case false?: gate.startOver(.wrongNumber, draw: drawings.store.environment.random)
        case nil: gate.startOver(.tooSoon, draw: drawings.store.environment.random)
        }
    }

    /// The gate is passed: Settings ▸ Class opens, and the next visit asks again.
    private func gatePassed() {
        gate = GrownUpGate()
        classAction(.classroom)
    }

    /// The number focused, if focus is on one.
    private var focusedChoice: Int? {
        let shown = buttons
        guard let i = focusedIndex(in: shown), case .gateChoice(let n) = shown[i].action else { return nil }
        return n
    }
}
