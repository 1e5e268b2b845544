import MarbleKit
import Testing
@testable import MarbleApp

/// The narrator on a headless app: what it asks the voice to say (`.speak` effects) as the
/// screens, the focus and the overlays change, and that it is silent otherwise.
@Suite("Narrator")
struct NarratorTests {
    /// Every sentence asked of the voice so far, in order.
    static func speeches(_ h: AppHarness) -> [Speech] {
        h.platform.effects.compactMap { if case .speak(let s) = $0 { s } else { nil } }
    }

    @Test("entering Home greets, then names the focused button behind the greeting")
    func homeGreets() throws {
        let h = try AppHarness()
        #expect(Self.speeches(h) == [
            Speech("Hello! Press the big plus to start a drawing.", language: "en", interrupts: true),
            Speech("New drawing", language: "en", interrupts: false),
        ])
    }

    @Test("the focus moving says the button's name, cutting in; back again, the first's")
    func focusNames() throws {
        let h = try AppHarness()
        let before = Self.speeches(h).count
        h.tap(.right)
        #expect(h.app.nav.focus == 1)
        h.tap(.left)
        #expect(Array(Self.speeches(h).dropFirst(before)) == [
            Speech("Your drawings", language: "en", interrupts: true),
            Speech("New drawing", language: "en", interrupts: true),
        ])
    }

    @Test("nothing more while nothing changes: 300 frames on Home, then 300 in a drawing")
    func stillIsSilent() throws {
        let h = try AppHarness()
        let greeted = Self.speeches(h)
        h.frames(300)
        #expect(Self.speeches(h) == greeted)
        h.startDrawing()
        let drawing = Self.speeches(h)
        #expect(Array(drawing.dropFirst(greeted.count)).map(\.text) == [
            "Choose your ball, then press Start to draw.", "Start drawing", "Tilt to roll the ball. Turn to change the colour.",
        ])
        h.hold(.right, frames: 60)
        h.frames(300)
        #expect(Self.speeches(h) == drawing)
    }

    @Test("with the voice off (the setting, or --no-voice) nothing is asked; on again, only what changes after")
    func voiceOff() throws {
        var overrides = RunOverrides()
        overrides.noVoice = true
        let quiet = try AppHarness(overrides: overrides)
        quiet.tap(.right)
        quiet.startDrawing()
        quiet.frames(30)
        #expect(Self.speeches(quiet).isEmpty)

        let h = try AppHarness()
        let greeted = Self.speeches(h).count
        h.app.preferences.toggleVoice()
        h.tap(.right)
        h.tap(.n)
        h.frames(30)
        #expect(Self.speeches(h).count == greeted)
        // On again: Setup was entered while it was off, and is not greeted late.
        h.app.preferences.toggleVoice()
        h.frames(30)
        #expect(Self.speeches(h).count == greeted)
        h.tap(.right)
        #expect(Self.speeches(h).count == greeted + 1)
    }

    @Test("the End screen says the seconds moving and the laps, as the drawing counted them")
    func endSummary() throws {
        let h = try AppHarness()
        h.startDrawing()
        h.hold(.right, frames: 90)
        h.hold(.down, frames: 90)
        h.tap(.enter)
        #expect(h.app.nav.screen == .end)
        let figures = try #require(h.session).marbles[0].movement.figures
        let seconds = Int(figures.activeSeconds.rounded())
        #expect(seconds >= 2)
        let end = try #require(Self.speeches(h).first { $0.text.hasPrefix("All done!") })
        #expect(end.text.contains("You moved for \(seconds) seconds."), "\(end.text)")
        let laps = Int((figures.tiltDegrees / MovementPanel.degreesPerLap).rounded(.down))
        #expect(end.text.contains("lap") == (laps > 0), "\(end.text) \(figures)")
        #expect(!end.text.contains("star"))
        // The first focus (Save picture) is named behind it.
        #expect(Self.speeches(h).last == Speech("Save the picture", language: "en", interrupts: false))
    }

    @Test("a traced shape: the End screen says the stars earned")
    func endStars() throws {
        let h = try AppHarness()
        h.tap(.n)
        for _ in 0..<5 where h.app.nav.setup.trace != .circle { h.tap(.t) }
        h.tap(.enter)
        h.frame()
        h.hold(.up, frames: 30)
        h.tap(.enter)
        let stars = try #require(h.app.drawings.traceScore).stars
        let end = try #require(Self.speeches(h).first { $0.text.hasPrefix("All done!") })
        #expect(end.text.hasSuffix(stars == 1 ? "You earned 1 star." : "You earned \(stars) stars."), "\(end.text)")
    }

    @Test("the plurals: one second, one lap and one star, several children each")
    func plurals() {
        let one = MovementMeter.Figures(tiltDegrees: 200, turnDegrees: 0, activeSeconds: 1.2)
        let more = MovementMeter.Figures(tiltDegrees: 400, turnDegrees: 0, activeSeconds: 7.6)
        #expect(Greetings.end([one], stars: 1) == "You moved for 1 second. You rolled 1 lap. You earned 1 star.")
        #expect(Greetings.end([one, more], stars: nil)
            == "Player 1 moved for 1 second. Player 1 rolled 1 lap. Player 2 moved for 8 seconds. Player 2 rolled 2 laps.")
    }

    @Test("the delete question greets over the End screen; Keep it puts it away without greeting the End again")
    func question() throws {
        let h = try AppHarness()
        h.startDrawing()
        h.tap(.enter)
        let before = Self.speeches(h).count
        h.tap(.delete)
        #expect(h.app.nav.question != nil)
        #expect(Array(Self.speeches(h).dropFirst(before)) == [
            Speech("Throw this drawing away? Press Keep it to keep it.", language: "en", interrupts: true),
            Speech("Keep it", language: "en", interrupts: false),
        ])
        h.tap(.escape)
        #expect(h.app.nav.question == nil)
        // Back on the End screen: only the button given the focus back (Save picture) is named.
        #expect(Array(Self.speeches(h).dropFirst(before + 2)) == [Speech("Save the picture", language: "en", interrupts: true)])
    }

    @Test("the help called up over a drawing greets; put away, nothing is said")
    func help() throws {
        let h = try AppHarness()
        h.startDrawing()
        h.hold(.right, frames: 10)
        // The keyboard's tilt eases off: still, the help stays when called up.
        h.frames(60)
        #expect(!h.app.nav.help)
        let before = Self.speeches(h).count
        h.tap(.f1)
        #expect(h.app.nav.help)
        h.tap(.f1)
        h.frames(10)
        // The help starts the coach's ghost too, whose line the greeting cuts in on.
        #expect(Array(Self.speeches(h).dropFirst(before)).map(\.text)
            == [CoachWords.ghostStarts, "This is how to play: tilt to roll the ball, and turn to change the colour."])
    }

    @Test("the pause greets and names Go on behind it; going on (back under the new drawing's help) says nothing")
    func pause() throws {
        let h = try AppHarness()
        h.startDrawing()
        let before = Self.speeches(h).count
        h.tap(.escape)
        #expect(h.app.drawings.paused == .user)
        h.tap(.escape)
        h.frames(10)
        #expect(h.app.drawings.paused == nil && h.app.nav.help)
        #expect(Array(Self.speeches(h).dropFirst(before)) == [
            Speech("Paused. Press Go on to draw more.", language: "en", interrupts: true),
            Speech("Go on", language: "en", interrupts: false),
        ])
    }

    @Test("choosing the focused option says it again, chosen; a toggle says on and off")
    func chosen() throws {
        let h = try AppHarness()
        h.tap(.n)
        let easy = try #require(h.index(of: .chooseMode(.fake)))
        h.app.nav.focus(easy)
        h.frame()
        h.tap(.enter)
        let said = Self.speeches(h).map(\.text)
        #expect(said.suffix(2) == ["Easy ball", "Easy ball, chosen"], "\(said)")
        let toggle = Button(.toggleBigButtons, icon: nil, label: "Big buttons", rect: Rect(x: 0, y: 0, w: 1, h: 1), selected: false)
        #expect(SpokenNames.name(of: toggle) == "Big buttons: off")
    }

    @Test("in Spanish words, the voice says the Spanish sentence, in \"es\"")
    func spanish() throws {
        let spanish: [String: String] = [
            "Hello! Press the big plus to start a drawing.": "¡Hola! Pulsa el más grande para empezar un dibujo.",
            "New drawing": "Dibujo nuevo",
        ]
        let es = Words(language: "es", lookup: { spanish[$0] ?? $0 }, plural: { one, other, n in n == 1 ? one : other })
        try Words.$scoped.withValue(es) {
            let h = try AppHarness()
            #expect(Self.speeches(h) == [
                Speech("¡Hola! Pulsa el más grande para empezar un dibujo.", language: "es", interrupts: true),
                Speech("Dibujo nuevo", language: "es", interrupts: false),
            ])
        }
    }
}
