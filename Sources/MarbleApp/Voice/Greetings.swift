import MarbleKit

/// What each screen and overlay says when it shows: one short sentence that says what to do,
/// for a child who cannot read the screen.
///
/// Every sentence is a `tr` message (a string literal: `po/marble.pot` is made from them).
enum Greetings {
    /// The greeting of `screen` (the End screen's summary is added by `end(…)`).
    static func screen(_ screen: Screen) -> String {
        switch screen {
        case .home: tr("Hello! Press the big plus to start a drawing.")
        case .setup: tr("Choose your ball, then press Start to draw.")
        case .drawing: tr("Tilt to roll the ball. Turn to change the colour.")
        case .end: tr("All done! Here is your picture.")
        case .gallery: tr("Here are your drawings. Choose one to open it.")
        case .settings: tr("Settings: choose how the ball moves, and the sound and the voice.")
        case .watch: tr("Watch your drawing grow, line by line.")
        case .phone: tr("Set up a phone to tilt with.")
        case .pictures: tr("Choose a picture to draw over.")
        case .handIn: tr("Press your own name to hand in your drawing.")
        case .openCode: tr("Type the code of a drawing to open it.")
        // The number asked is not said: a child who knows the figures but cannot read the
        // word would pass the gate by ear (see GrownUpGate).
        case .gate: tr("This part is for grown-ups: hold down the number written in words for three seconds.")
        case .classroom: tr("The class folder: here a grown-up sets it up and sees the class's drawings.")
        case .classSetup: tr("Type the class folder's address, user, password and names, then check and save.")
        }
    }

    /// The greeting of an overlay laid over the screen (nil for none).
    static func overlay(_ overlay: Narrator.Overlay) -> String? {
        switch overlay {
        case .none: nil
        case .question: tr("Throw this drawing away? Press Keep it to keep it.")
        case .paused(.padRemoved): tr("The pad was unplugged. Plug it back in, or press Go on.")
        case .paused: tr("Paused. Press Go on to draw more.")
        case .help: tr("This is how to play: tilt to roll the ball, and turn to change the colour.")
        }
    }

    /// What the children did, said on the End screen: seconds moving and laps rolled (each
    /// child's, when several drew), and the stars earned when tracing a shape.
    static func end(_ figures: [MovementMeter.Figures], stars: Int?) -> String {
        var lines: [String] = []
        for (k, m) in figures.enumerated() {
            // Whole seconds and laps, as the End screen's panel shows them once filled.
            let seconds = Int(m.activeSeconds.rounded())
            let laps = Int((m.tiltDegrees / MovementPanel.degreesPerLap).rounded(.down))
            if figures.count == 1 {
                lines.append(tr(one: "You moved for {n} second.", other: "You moved for {n} seconds.", count: seconds))
                if laps > 0 { lines.append(tr(one: "You rolled {n} lap.", other: "You rolled {n} laps.", count: laps)) }
            } else {
                lines.append(tr(one: "Player {p} moved for {n} second.", other: "Player {p} moved for {n} seconds.",
                                count: seconds, ["p": k + 1]))
                if laps > 0 {
                    lines.append(tr(one: "Player {p} rolled {n} lap.", other: "Player {p} rolled {n} laps.", count: laps, ["p": k + 1]))
                }
            }
        }
        if let stars { lines.append(tr(one: "You earned {n} star.", other: "You earned {n} stars.", count: stars)) }
        return lines.joined(separator: " ")
    }
}
