import MarbleKit
import Testing
@testable import MarbleApp

@Suite("The grown-up gate before Settings ▸ Class")
struct AppGateTests {
    /// Frames in `seconds` of the headless clock (60 a second).
    static func frames(_ seconds: Double) -> Int { Int((seconds * 60).rounded()) }

    @Test("C on Settings shows the gate, which says in words what a grown-up does, with nine figures and Back")
    func shows() throws {
        let h = try AppHarness()
        h.openGate()
        #expect(h.app.nav.screen == .gate)
        let n = try #require(h.askedNumber)
        #expect(GrownUpGate.choices.contains(n))
        #expect(h.scene.texts.contains("Hold down this number for three seconds:"))
        #expect(h.scene.texts.contains(GrownUpGate.words[n]!), "the number in words, on its own line")
        #expect(h.actions == [.back] + (1...9).map { .gateChoice($0) })
        // No word of a number on a button: a child could match its letters.
        for button in h.scene.buttons.dropFirst() {
            #expect(button.label.isEmpty)
            if case .numeral? = button.icon {} else { Issue.record("a number's button shows its figure: \(button)") }
        }
        #expect(h.scene.focus == h.gateIndex(1), "focus starts on the first number")
    }

    @Test("Enter held for three seconds on the number asked opens Class; not a moment before")
    func keyboard() throws {
        let h = try AppHarness()
        h.openGate()
        let n = try #require(h.askedNumber)
        h.focusNumber(n)
        h.frame(.keyDown(.enter, ctrl: false, isRepeat: false))
        for k in 1..<Self.frames(2.9) {
            if k % 3 == 0 { h.frame(.keyDown(.enter, ctrl: false, isRepeat: true)) } else { h.frame() }
        }
        #expect(h.app.nav.screen == .gate, "2.9 s is not yet three")
        let bar = h.scene.layers[0].elements.filter { if case .box(_, Palette.go, _) = $0 { true } else { false } }
        #expect(bar.count == 1, "the hold's bar fills")
        h.frames(Self.frames(0.2))
        #expect(h.app.nav.screen == .classroom, "held three seconds: Class opens while still held")
        h.frame(.keyUp(.enter))
        #expect(h.app.nav.screen == .classroom)
    }

    @Test("Space holds as Enter does")
    func space() throws {
        let h = try AppHarness()
        h.openGate()
        h.focusNumber(try #require(h.askedNumber))
        h.holdKey(.space, seconds: 3.1)
        #expect(h.app.nav.screen == .classroom)
    }

    @Test("A pad: the D-pad to the number, A held for three seconds")
    func pad() throws {
        let h = try AppHarness()
        h.frame(.padAdded(name: "Test pad", accelerometer: false, gyro: false, pad: 3))
        h.openGate()
        h.focusNumber(try #require(h.askedNumber), pad: true)
        h.frame(.padButtonDown(.south, pad: 3))
        h.frames(Self.frames(2.5))
        #expect(h.app.nav.screen == .gate)
        h.frames(Self.frames(0.6))
        #expect(h.app.nav.screen == .classroom)
        h.frame(.padButtonUp(.south, pad: 3))
        #expect(h.app.nav.screen == .classroom)
    }

    @Test("The mouse: pressed on the number and held for three seconds")
    func mouse() throws {
        let h = try AppHarness()
        h.openGate()
        let n = try #require(h.askedNumber)
        let centre = h.scene.buttons[try #require(h.gateIndex(n))].rect.center
        h.frame(.pointerMoved(centre), .pointerDown(centre))
        h.frames(Self.frames(2.5))
        #expect(h.app.nav.screen == .gate)
        h.frames(Self.frames(0.6))
        #expect(h.app.nav.screen == .classroom)
        h.frame(.pointerUp(centre))
        #expect(h.app.nav.screen == .classroom, "the release after is nobody's click")
    }

    @Test("Clicking or tapping the number asked, however often, never opens Class: each starts over")
    func tapsNeverPass() throws {
        let h = try AppHarness()
        h.openGate()
        var asked: [Int] = []
        for k in 0..<30 {
            let n = try #require(h.askedNumber)
            asked.append(n)
            h.focusNumber(n)
            if k % 3 == 0 {
                h.tap(.enter)
            } else if k % 3 == 1 {
                h.padTap(.south)
            } else {
                let c = h.scene.buttons[try #require(h.gateIndex(n))].rect.center
                h.frame(.pointerDown(c), .pointerUp(c))
            }
            #expect(h.app.nav.screen == .gate)
            #expect(h.askedNumber != n, "a tap starts over with another number")
            #expect(h.app.gate.miss == .tooSoon)
        }
        #expect(Set(asked).count > 4, "the numbers asked vary: \(asked)")
        #expect(h.scene.texts.contains { $0.hasPrefix("Let go too soon") })
    }

    @Test("Letting go early starts over with a new number; holding that one passes")
    func earlyRelease() throws {
        let h = try AppHarness()
        h.openGate()
        let n = try #require(h.askedNumber)
        h.focusNumber(n)
        h.holdKey(.enter, seconds: 2.5)
        #expect(h.app.nav.screen == .gate)
        let m = try #require(h.askedNumber)
        #expect(m != n)
        #expect(h.app.gate.miss == .tooSoon)
        h.focusNumber(m)
        h.holdKey(.enter, seconds: 3.1)
        #expect(h.app.nav.screen == .classroom)
    }

    @Test("A wrong number held three seconds starts over with a new number, by keys, pad or mouse")
    func wrongNumber() throws {
        let h = try AppHarness()
        h.openGate()
        for way in 0..<3 {
            let n = try #require(h.askedNumber)
            let wrong = n % 9 + 1
            h.focusNumber(wrong, pad: way == 1)
            switch way {
            case 0: h.holdKey(.enter, seconds: 3.5)
            case 1:
                h.frame(.padButtonDown(.south))
                h.frames(Self.frames(3.5))
                h.frame(.padButtonUp(.south))
            default:
                let c = h.scene.buttons[try #require(h.gateIndex(wrong))].rect.center
                h.frame(.pointerDown(c))
                h.frames(Self.frames(3.5))
                h.frame(.pointerUp(c))
            }
            #expect(h.app.nav.screen == .gate)
            #expect(h.askedNumber != n)
            #expect(h.app.gate.miss == .wrongNumber)
            #expect(h.scene.texts.contains { $0.hasPrefix("Not that number") })
        }
    }

    @Test("Another press while the number is held starts over (two hands at once are mashing)")
    func secondPress() throws {
        let h = try AppHarness()
        h.openGate()
        let n = try #require(h.askedNumber)
        h.focusNumber(n)
        h.frame(.keyDown(.enter, ctrl: false, isRepeat: false))
        h.frames(Self.frames(1.5))
        h.frame(.padButtonDown(.east), .padButtonUp(.east))
        #expect(h.app.nav.screen == .settings, "East is Back: it went back, and the hold is gone")
        h.frame(.keyUp(.enter))
        h.tap(.c)
        let m = try #require(h.askedNumber)
        h.focusNumber(m)
        let c = h.scene.buttons[try #require(h.gateIndex(m))].rect.center
        h.frame(.keyDown(.enter, ctrl: false, isRepeat: false))
        h.frames(Self.frames(1.5))
        h.frame(.pointerDown(c))
        #expect(h.app.gate.miss == .tooSoon && h.askedNumber != m, "the click while Enter is held starts over")
        h.frames(Self.frames(2))
        h.frame(.keyUp(.enter))
        #expect(h.app.nav.screen == .gate)
    }

    @Test("The pointer sliding off the number it holds lets go")
    func slideOff() throws {
        let h = try AppHarness()
        h.openGate()
        let n = try #require(h.askedNumber)
        let r = h.scene.buttons[try #require(h.gateIndex(n))].rect
        h.frame(.pointerDown(r.center))
        h.frame(.pointerMoved(Point(r.center.x, r.y - 40)))
        h.frames(Self.frames(3.2))
        #expect(h.app.nav.screen == .gate)
        #expect(h.app.gate.miss == .tooSoon)
    }

    @Test("Esc, the pad's B and Back go back to Settings; Class asks again each time")
    func back() throws {
        let h = try AppHarness()
        h.openGate()
        h.tap(.escape)
        #expect(h.app.nav.screen == .settings)
        h.tap(.c)
        #expect(h.app.nav.screen == .gate)
        h.padTap(.east)
        #expect(h.app.nav.screen == .settings)
        h.tap(.c)
        let back = h.scene.buttons[0].rect.center
        h.frame(.pointerDown(back), .pointerUp(back))
        #expect(h.app.nav.screen == .settings)
        // Passed once, Class; back on Settings, the gate asks again.
        h.passGate()
        #expect(h.app.nav.screen == .classroom)
        h.tap(.escape)
        #expect(h.app.nav.screen == .settings)
        h.app.perform(.classroom)
        h.frame()
        #expect(h.app.nav.screen == .gate, "Class asked for by anyone shows the gate")
    }

    @Test("The window losing the keyboard lets go of a key held")
    func focusLost() throws {
        let h = try AppHarness()
        h.openGate()
        h.focusNumber(try #require(h.askedNumber))
        h.frame(.keyDown(.enter, ctrl: false, isRepeat: false))
        h.frames(Self.frames(1))
        h.frame(.focusLost)
        h.frames(Self.frames(2.5))
        #expect(h.app.nav.screen == .gate)
        #expect(h.app.gate.hold == nil)
    }

    @Test("The number comes from the environment's chance: the same seed asks the same numbers")
    func numbersFromTheEnvironment() throws {
        func asked() throws -> [Int] {
            let h = try AppHarness()
            h.openGate()
            var out: [Int] = []
            for _ in 0..<12 {
                out.append(try #require(h.askedNumber))
                h.tap(.enter)
            }
            return out
        }
        #expect(try asked() == asked())
        var gate = GrownUpGate()
        var draws = [0, 8, 3, 100, -5].makeIterator()
        var seen: [Int] = []
        for _ in 0..<5 {
            let before = gate.asked
            gate.startOver(nil, draw: { _ in draws.next()! })
            #expect(gate.asked != before && GrownUpGate.choices.contains(gate.asked))
            seen.append(gate.asked)
        }
        #expect(seen == [1, 9, 4, 9, 1], "a draw out of range is kept within the choices")
    }
}
