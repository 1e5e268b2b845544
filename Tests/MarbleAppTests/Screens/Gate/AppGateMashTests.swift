import MarbleKit
import Testing
@testable import MarbleApp

/// The attack: a child who cannot read presses everything, for a long time. Written before the
/// gate (it names no part of it): on the code before, C on Settings opened Class at once.
@Suite("Mashing never opens Settings ▸ Class")
struct AppGateMashTests {
    /// A small generator of our own, so the presses are the same on every run.
    struct Dice {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
    }

    /// Screens a press may lead to on the way (everything but the gate and Class itself).
    static let elsewhere: Set<String> = ["home", "setup", "drawing", "end", "gallery", "watch", "phone", "pictures", "handIn", "openCode"]

    @Test("Random presses of keys, a pad's buttons and the mouse, none held three seconds, for an hour of app time in all, never open Class",
          arguments: [1, 2, 3, 4])
    func mash(seed: UInt64) throws {
        let h = try AppHarness()
        var dice = Dice(state: seed)
        let keys: [Key] = [.enter, .space, .up, .down, .left, .right, .escape, .c, .e, .one, .two, .three, .b, .i, .l, .tab]
        let buttons: [PadButton] = [.south, .east, .north, .start, .back, .dpadUp, .dpadDown, .dpadLeft, .dpadRight]
        // What is down, and the frame it comes up (never three seconds later: those are holds).
        var keysDown: [Key: Int] = [:], buttonsDown: [PadButton: Int] = [:]
        var pointerUp: (frame: Int, at: Point)?
        var onSettings = 0, onGate = 0
        var rate = 4
        for f in 0..<54_000 {  // 15 minutes at 60 frames a second
            // Bursts and calm: a press every 4 frames on average, or every 20, 100, 400.
            if f % 600 == 0 { rate = [4, 20, 100, 400][dice.next(4)] }
            var events: [UIEvent] = []
            for (k, up) in keysDown where up <= f { events.append(.keyUp(k)); keysDown[k] = nil }
            for (b, up) in buttonsDown where up <= f { events.append(.padButtonUp(b)); buttonsDown[b] = nil }
            if let p = pointerUp, p.frame <= f { events.append(.pointerUp(p.at)); pointerUp = nil }
            if dice.next(rate) == 0 {
                let lasting = dice.next(4) == 0 ? dice.next(150) : dice.next(12)
                switch dice.next(3) {
                case 0:
                    let k = keys[dice.next(keys.count)]
                    if keysDown[k] == nil {
                        events.append(.keyDown(k, ctrl: false, isRepeat: false))
                        keysDown[k] = f + lasting
                    }
                case 1:
                    let b = buttons[dice.next(buttons.count)]
                    if buttonsDown[b] == nil {
                        events.append(.padButtonDown(b))
                        buttonsDown[b] = f + lasting
                    }
                default:
                    // Where the buttons are, mostly: a child aims at something.
                    let shown = h.scene.buttons
                    let at = !shown.isEmpty && dice.next(3) > 0
                        ? shown[dice.next(shown.count)].rect.center
                        : Point(Double(dice.next(1280)), Double(dice.next(800)))
                    events.append(.pointerMoved(at))
                    if pointerUp == nil {
                        events.append(.pointerDown(at))
                        pointerUp = (f + lasting, at)
                    }
                }
            }
            // Held keys repeat, as a keyboard's do.
            for k in keysDown.keys where f % 3 == 0 { events.append(.keyDown(k, ctrl: false, isRepeat: true)) }
            h.platform.pending += events
            FrameLoop.frame(h.app, on: h.platform)
            let screen = "\(h.app.nav.screen)"
            #expect(screen != "classroom" && screen != "classSetup", "seed \(seed), frame \(f): Class opened by mashing")
            if screen == "classroom" || screen == "classSetup" { return }
            // Wandered off: back to Settings, where C asks for Class.
            if Self.elsewhere.contains(screen) {
                if h.app.drawing != nil { h.app.perform(.home) }
                h.app.perform(.settings)
            }
            if screen == "gate" { onGate += 1 }
            if screen == "settings" {
                onSettings += 1
                if dice.next(2) == 0 { h.platform.pending.append(.keyDown(.c, ctrl: false, isRepeat: false)) }
            }
        }
        #expect(onGate > 10_000, "most of the presses fell on the gate (\(onGate) frames)")
        #expect(onSettings > 100, "the presses came back to Settings and asked for Class again and again (\(onSettings))")
    }
}
