import MarbleKit

/// The narrator's place in the frame: once, after the update, what changed is said.
extension App {
    /// Says what is new on screen since the last frame: a greeting for a screen entered or an
    /// overlay laid over it, then the focused button's name (waiting behind the greeting).
    ///
    /// The one place the narrator's memory changes; with the voice off it still remembers,
    /// so turning the voice on says nothing until something changes.
    func narrate() {
        // Quitting: nothing more to greet.
        guard !run.finished else { return }
        let view = narratorView
        // The narrator's frame cost: most frames change nothing it looks at (the mash test's
        // hour of random presses took twice as long while each frame built its scene twice).
        guard guide.narrator.stateChanged(.init(nav: nav, settings: preferences.settings, view: view, live: isDrawingLive)) else { return }
        let button = focusedButton
        let news = guide.narrator.look(at: view, focus: button.map { Narrator.Focus(action: $0.action, selected: $0.selected) })
        var greeting: [String] = []
        if news.screen { greeting.append(screenGreeting(view.screen)) }
        if news.overlay, let line = Greetings.overlay(view.overlay) { greeting.append(line) }
        if !greeting.isEmpty { speak(greeting.joined(separator: " ")) }
        if news.name, let button, let name = SpokenNames.name(of: button) {
            speak(name, interrupts: !news.greets)
        }
    }

    /// What shows now, as the narrator tells screens apart.
    var narratorView: Narrator.View {
        let overlay: Narrator.Overlay
        if nav.question != nil {
            overlay = .question
        } else if nav.screen == .drawing, let why = drawings.paused {
            overlay = .paused(why)
        } else if nav.screen == .drawing, nav.help {
            overlay = .help
        } else {
            overlay = .none
        }
        return Narrator.View(screen: nav.screen, overlay: overlay)
    }

    /// The button with the focus now, if any (none in a live drawing: nothing to move between).
    var focusedButton: Button? {
        // A live drawing has no focus: its scene is not built again for it.
        guard !isDrawingLive else { return nil }
        let shown = scene(in: nav.layout)
        return shown.focus.map { shown.buttons[$0] }
    }

    /// The greeting of `screen`; the End screen's tells what the children did.
    func screenGreeting(_ screen: Screen) -> String {
        let hello = Greetings.screen(screen)
        guard screen == .end, let session = drawings.drawing?.session else { return hello }
        let summary = Greetings.end(session.marbles.map(\.movement.figures), stars: drawings.traceScore?.stars)
        return hello + " " + summary
    }
}
