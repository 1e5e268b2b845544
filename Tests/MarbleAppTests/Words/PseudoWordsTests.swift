import Foundation
import MarbleKit
import MarbleTestSupport
import Testing
@testable import MarbleApp

/// Every word the window shows goes through `tr`: under the pseudo-locale each screen's,
/// each overlay's and each notice's texts and button labels come out bracketed ("[Ñéŵ ~~]"),
/// except numbers, key hints and what the children or grown-ups wrote (titles, names,
/// addresses). A literal left unwrapped shows up here as an English text in the list.
@Suite("Words: every text in the window through tr")
struct PseudoWordsTests {
    /// Texts made only of key names: the keys are printed on the keyboard in every language.
    static let keyHints: Set<String> = ["WASD · Q/E · Space", "W A S D", "Q  /  E", ",  /  .", "Z  /  Y", "Enter",
                                        "D-pad ←  /  →", "L1  /  R1", "—", "…"]

    /// The texts of `scene` that read as English: neither pseudo, nor a number, a key hint or `user` content.
    static func unwrapped(_ scene: Scene, user: Set<String>) -> [String] {
        scene.texts.filter { text in
            let t = text.trimmingCharacters(in: .whitespaces)
            if t.isEmpty || t.hasPrefix("[") || keyHints.contains(t) || user.contains(text) { return false }
            // A number, a percentage, a speed ("2×", "½×"), a duration's figures: no letters.
            if !t.contains(where: \.isLetter) { return false }
            // The command a teacher types stays as the command line says it (English).
            if t.hasPrefix("marble ") { return false }
            return true
        }
    }

    /// Walks `h` through `steps`, each named, checking the scene after each.
    final class Walk {
        let h: AppHarness
        var user: Set<String> = []
        var found: [String] = []
        var screens = 0
        init(_ h: AppHarness) { self.h = h }

        func check(_ name: String) {
            h.frame()
            screens += 1
            user.formUnion(h.store.list().drawings.flatMap { [$0.title, GalleryScreen.shortTitle($0)] })
            for text in PseudoWordsTests.unwrapped(h.scene, user: user) { found.append("\(name): \(text)") }
        }
    }

    @Test("Home, Setup, Pictures, a drawing with its help and pause, End, the question, Watch, Gallery, Settings, the gate, the phone screens")
    func everyScreen() throws {
        try Words.$scoped.withValue(.pseudo) {
            let h = try AppHarness()
            let w = Walk(h)
            w.check("home, empty store")
            h.app.perform(.gallery); w.check("gallery, empty")
            h.app.perform(.home); h.app.perform(.newDrawing); w.check("setup")
            for n in 2...4 { h.app.perform(.chooseMarbles(n)); w.check("setup, \(n) marbles") }
            h.app.perform(.chooseMarbles(1))
            h.app.perform(.chooseTrace(.star)); w.check("setup, a star to trace")
            h.app.perform(.pictures); w.check("pictures")
            h.app.perform(.back)
            h.app.perform(.start)
            // The first drawing of an empty store shows its help; F1 (the ? button) hides it.
            #expect(h.app.nav.screen == .drawing && h.app.nav.help)
            w.check("drawing, help")
            h.app.perform(.help); w.check("drawing")
            h.hold(.right, frames: 30)
            h.app.perform(.pause); w.check("drawing, paused")
            h.app.perform(.resume)
            h.app.perform(.done); w.check("end, traced")
            h.app.perform(.undo); w.check("end, after undo")
            h.app.perform(.undo); h.app.perform(.undo); w.check("end, nothing to undo")
            h.app.perform(.delete); w.check("end, delete question")
            h.app.perform(.confirmNo)
            let id = try #require(h.app.drawings.drawing?.id)
            h.app.perform(.watch(id)); w.check("watch")
            h.app.perform(.watchPause); w.check("watch, paused")
            h.app.perform(.back)
            h.app.perform(.home); w.check("home, with a drawing")
            h.app.perform(.gallery); w.check("gallery")
            h.app.perform(.deleteDrawing(id)); h.app.perform(.confirmYes); w.check("gallery, deleted")
            h.app.perform(.home)
            h.app.perform(.newDrawing); h.app.perform(.chooseMarbles(2)); h.app.perform(.start)
            if !h.app.nav.help { h.app.perform(.help) }
            #expect(h.app.nav.screen == .drawing && h.app.nav.help)
            w.check("drawing of two, help")
            h.app.perform(.home)
            h.app.perform(.settings); w.check("settings")
            h.app.perform(.toggleSound); w.check("settings, sound off")
            h.app.perform(.toggleSound)
            h.app.perform(.classroom); w.check("gate")
            h.app.gate.startOver(.tooSoon, draw: { _ in 0 }); w.check("gate, let go too soon")
            h.app.gate.startOver(.wrongNumber, draw: { _ in 0 }); w.check("gate, wrong number")
            h.app.show(.classroom); w.check("class, no folder")
            h.app.perform(.classSetup); w.check("class setup")
            h.app.show(.settings)
            h.app.perform(.phone); w.check("phone, none set")
            h.app.perform(.calibratePhone); w.check("phone, calibrate without an address")
            h.app.preferences.setPhone(DSUAddress(octets: [127, 0, 0, 1], port: 26760), at: 0)
            w.user.formUnion(["127.0.0.1:26760|", "127.0.0.1|"])
            h.app.perform(.choosePhone(0)); w.check("phone, one set")
            h.app.perform(.calibratePhone); w.check("phone, calibrating")
            h.app.perform(.back)
            h.app.perform(.phoneInBrowser); w.check("phone in the browser")
            h.app.perform(.back)
            h.app.perform(.home); h.app.perform(.newDrawing); w.check("setup, a phone set")
            #expect(w.screens >= 30)
            #expect(w.found.isEmpty, "\(w.found.joined(separator: "\n"))")
        }
    }

    @Test("The class screens: the class, Set up, Hand in's names, Open a code, a gallery with trays")
    func classScreens() throws {
        try Words.$scoped.withValue(.pseudo) {
            let h = try AppHarness(classFolder: MemoryClassFolder(), names: ["Ada", "Ben"])
            let w = Walk(h)
            // The names, and the class folder's address and names in Set up's boxes, as typed.
            w.user.formUnion(["Ada", "Ben", "Ada, Ben", "/srv/class"])
            _ = try h.smallDrawingAtEnd(); w.check("end, with a class folder")
            h.app.perform(.gallery); w.check("gallery, with trays")
            h.app.show(.classroom); w.check("class")
            h.app.perform(.classSetup); w.check("class setup, set")
            h.app.show(.handIn); w.check("hand in")
            h.app.show(.openCode); w.check("open a code")
            #expect(w.found.isEmpty, "\(w.found.joined(separator: "\n"))")
        }
    }

    @Test("The replay window of marble play: its status line and keys")
    func replay() {
        Words.$scoped.withValue(.pseudo) {
            let player = ReplayPlayer(log: MarbleLog(samples: [Sample(t: 0, tilt: Vec2(0, 0), heading: 0, penDown: true)]),
                                      configuration: SessionConfiguration(canvasWidth: 320, canvasHeight: 200), name: "circle")
            let texts = player.scene(width: 640, height: 400).texts
            #expect(texts.allSatisfy { $0.hasPrefix("circle · [") || $0.hasPrefix("[") }, "\(texts)")
        }
    }

    @Test("English stays as written: the pseudo-locale is only where a test or the switch asks for it")
    func english() throws {
        let h = try AppHarness()
        #expect(h.scene.buttons.map(\.label).contains("New"))
    }
}
